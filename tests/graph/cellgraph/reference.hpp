// tests/graph/cellgraph/reference.hpp — an independent brute-force cell graph on strings of
// '0'/'1' (O(n²·ℓ)), and random vector sets for the tests: random walks on the hypercube (so
// that there are edges), with duplicates.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "graph/cellgraph/cell_graph.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

struct ReferenceGraph {
  std::vector<std::string> cells;                     // first-occurrence order
  std::vector<std::vector<std::uint32_t>> adjacency;  // by increasing differing position
  std::vector<std::uint32_t> vertex_of_input;
};

inline ReferenceGraph reference_cell_graph(const std::vector<std::string>& vectors) {
  ReferenceGraph ref;
  std::map<std::string, std::uint32_t> seen;
  for (const std::string& s : vectors) {
    auto [it, fresh] = seen.emplace(s, static_cast<std::uint32_t>(ref.cells.size()));
    if (fresh) ref.cells.push_back(s);
    ref.vertex_of_input.push_back(it->second);
  }
  const std::size_t m = ref.cells.size();
  ref.adjacency.resize(m);
  for (std::size_t a = 0; a < m; ++a) {
    std::vector<std::pair<std::size_t, std::uint32_t>> by_position;
    for (std::size_t b = 0; b < m; ++b) {
      std::size_t differ = 0;
      std::size_t where = 0;
      for (std::size_t k = 0; k < ref.cells[a].size() && differ <= 1; ++k) {
        if (ref.cells[a][k] != ref.cells[b][k]) {
          ++differ;
          where = k;
        }
      }
      if (differ == 1) by_position.emplace_back(where, static_cast<std::uint32_t>(b));
    }
    std::sort(by_position.begin(), by_position.end());
    for (const auto& [k, b] : by_position) ref.adjacency[a].push_back(b);
  }
  return ref;
}

inline BitVectors to_bit_vectors(const std::vector<std::string>& vectors, std::uint32_t bits) {
  BitVectors out(vectors.size(), bits);
  for (std::size_t i = 0; i < vectors.size(); ++i)
    for (std::uint32_t k = 0; k < bits; ++k) out.set(i, k, vectors[i][k] == '1');
  return out;
}

/// n vectors of ℓ bits: a few random roots, then each vector is an earlier one with one bit
/// flipped (sometimes two), or (with probability `duplicates`) a copy of an earlier one.
inline std::vector<std::string> random_walk_vectors(std::size_t n, std::uint32_t bits,
                                                    double duplicates, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < n; ++i) {
    if (out.empty() || unit(rng) < 0.05) {
      std::string s(bits, '0');
      for (char& c : s) c = (rng() & 1) != 0 ? '1' : '0';
      out.push_back(s);
      continue;
    }
    std::string s = out[rng() % out.size()];
    if (unit(rng) >= duplicates) {
      const int flips = unit(rng) < 0.8 ? 1 : 2;
      for (int f = 0; f < flips; ++f) {
        char& c = s[rng() % bits];
        c = c == '1' ? '0' : '1';
      }
    }
    out.push_back(s);
  }
  return out;
}

/// Checks a cell graph against the reference exactly.
inline void check_against_reference(const cellgraph::CellGraph& g, const ReferenceGraph& ref) {
  REQUIRE(g.cells.count == ref.cells.size());
  REQUIRE(g.graph.vertex_count == ref.cells.size());
  REQUIRE(g.graph.offsets.size() == ref.cells.size() + 1);
  CHECK(g.vertex_of_input == ref.vertex_of_input);
  CHECK(g.graph.offsets.front() == 0);
  CHECK(g.graph.offsets.back() == g.graph.targets.size());
  CHECK(!g.graph.weighted());
  for (std::uint32_t v = 0; v < ref.cells.size(); ++v) {
    INFO("vertex " << v);
    CHECK(g.cells.to_string(v) == ref.cells[v]);
    const auto row = g.graph.neighbours(v);
    CHECK(std::vector<std::uint32_t>(row.begin(), row.end()) == ref.adjacency[v]);
  }
}

}  // namespace arcwave::test
