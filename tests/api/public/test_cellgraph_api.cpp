// CellGraph against brute force (all pairs at Hamming distance 1) on random vectors, for each
// algorithm; packed input; routes; errors; files, times and the written edge list and cells.
#include <algorithm>
#include <bit>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "arcwave/cellgraph.hpp"
#include "arcwave/error.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/paths.hpp"

TEST_CASE("CellGraph: the edges of every algorithm equal brute force", "[api][cellgraph]") {
  std::mt19937_64 rng(20261123);
  for (int trial = 0; trial < 60; ++trial) {
    const auto bits = static_cast<std::size_t>(rng() % 70 + 1);
    std::vector<std::string> vectors(rng() % 50 + 1);
    for (auto& v : vectors) {
      v.assign(bits, '0');
      // Few set bits, so that many pairs are at distance 1.
      for (int k = 0; k < 3; ++k) v[rng() % bits] = '1';
    }
    std::vector<std::string> distinct;
    for (const auto& v : vectors)
      if (std::find(distinct.begin(), distinct.end(), v) == distinct.end()) distinct.push_back(v);
    std::set<std::pair<std::uint32_t, std::uint32_t>> expected;
    for (std::uint32_t a = 0; a < distinct.size(); ++a)
      for (std::uint32_t b = a + 1; b < distinct.size(); ++b) {
        int differ = 0;
        for (std::size_t k = 0; k < bits; ++k) differ += distinct[a][k] != distinct[b][k] ? 1 : 0;
        if (differ == 1) expected.insert({a, b});
      }
    for (const auto algorithm :
         {arcwave::CellGraphAlgorithm::kFingerprint, arcwave::CellGraphAlgorithm::kTree,
          arcwave::CellGraphAlgorithm::kHeuristic}) {
      arcwave::CellGraphOptions o;
      o.algorithm = algorithm;
      o.backend = arcwave::Backend::kCpu;
      const arcwave::CellGraph g = arcwave::CellGraph::build(vectors, o);
      REQUIRE(g.vertex_count() == distinct.size());
      for (std::uint32_t v = 0; v < g.vertex_count(); ++v) CHECK(g.cell(v) == distinct[v]);
      const auto edges = g.edges();
      CHECK(std::set(edges.begin(), edges.end()) == expected);
      CHECK(g.edge_count() == expected.size());
      for (const auto& [u, v] : edges)
        CHECK(distinct[u][g.crossed_bit(u, v)] != distinct[v][g.crossed_bit(u, v)]);
      for (std::uint64_t i = 0; i < vectors.size(); ++i)
        CHECK(g.cell(g.vertex_of_input(i)) == vectors[i]);
    }
  }
}

TEST_CASE("CellGraph: packed input, find and routes", "[api][cellgraph]") {
  // 0000, 1000, 1100, 1110 (bit k is character k) along a path, and 0001 next to 0000.
  const std::vector<std::uint64_t> words{0b0000, 0b0001, 0b0011, 0b0111, 0b1000};
  const arcwave::CellGraph g = arcwave::CellGraph::build(4, 5, words);
  CHECK(g.cell(3) == "1110");
  CHECK(g.edge_count() == 4);
  const auto route = g.route(*g.find("0001"), *g.find("1110"));
  CHECK(route == std::vector<std::uint32_t>{4, 0, 1, 2, 3});
  CHECK_FALSE(g.find("0101").has_value());
  CHECK_THROWS_AS(g.find("01x1"), arcwave::InputError);
  CHECK_THROWS_AS(g.crossed_bit(0, 2), arcwave::InputError);
  const std::vector<std::uint64_t> padded{0b10000};
  CHECK_THROWS_AS(arcwave::CellGraph::build(4, 1, padded), arcwave::InputError);
  const std::vector<std::string> ragged{"01", "011"};
  CHECK_THROWS_AS(arcwave::CellGraph::build(ragged), arcwave::InputError);
}

TEST_CASE("CellGraph: a file, its times, the edge list and cells written back",
          "[api][cellgraph]") {
  const std::string file = (arcwave::test::instances_dir() / "cells" / "plane-12.txt").string();
  arcwave::CellGraphOptions o;
  o.backend = arcwave::Backend::kCpu;
  o.algorithm = arcwave::parse_cellgraph_algorithm("tree");
  CHECK(arcwave::to_string(o.algorithm) == "tree");
  CHECK_THROWS_AS(arcwave::parse_cellgraph_algorithm("fastest"), arcwave::InputError);
  const arcwave::CellGraph g = arcwave::CellGraph::load(file, o);
  CHECK(g.times().read_seconds > 0);
  CHECK_FALSE(g.built_on_gpu());
  CHECK(g.built_with() == "tree on cpu (requested)");
  const std::filesystem::path dir = arcwave::test::scratch_dir("arcwave_cellgraph_api");
  g.write_cells((dir / "cells.txt").string(), "the cells");
  const arcwave::CellGraph again = arcwave::CellGraph::load((dir / "cells.txt").string(), o);
  REQUIRE(again.vertex_count() == g.vertex_count());
  CHECK(again.edges() == g.edges());
  g.write_edges((dir / "edges.txt").string());
  std::ifstream edges(dir / "edges.txt");
  std::size_t lines = 0;
  for (std::string line; std::getline(edges, line);) lines += line.starts_with('#') ? 0 : 1;
  CHECK(lines == g.edge_count());
  try {
    (void)g.find("01", "--from");
    FAIL("a short vector was accepted");
  } catch (const arcwave::InputError& e) {
    CHECK(e.where().file == "--from");
  }
}
