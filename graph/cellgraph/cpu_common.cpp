// Definitions for graph/cellgraph/cpu_common.hpp.
#include "graph/cellgraph/cpu_common.hpp"

#include <algorithm>
#include <numeric>

#include "graph/cellgraph/bits.hpp"

namespace arcwave::cellgraph::detail {

Numbering number_by_first_occurrence(std::span<const std::uint32_t> perm,
                                     std::span<const std::uint32_t> rep) {
  const std::size_t n = perm.size();
  Numbering out;
  std::vector<std::uint8_t> first(n, 0);
  for (std::size_t j = 0; j < n; ++j)
    if (rep[j] == j) first[perm[j]] = 1;
  // Vertices in input order of their first occurrences.
  std::vector<std::uint32_t> vertex_of_first(n, kNoVertex);
  for (std::size_t i = 0; i < n; ++i) {
    if (first[i] != 0) {
      vertex_of_first[i] = out.distinct++;
      out.origin.push_back(static_cast<std::uint32_t>(i));
    }
  }
  out.vertex_of_input.assign(n, kNoVertex);
  for (std::size_t j = 0; j < n; ++j) out.vertex_of_input[perm[j]] = vertex_of_first[perm[rep[j]]];
  return out;
}

BitVectors gather_rows(const BitVectors& input, std::span<const std::uint32_t> origin) {
  BitVectors out(origin.size(), input.bits);
  for (std::size_t v = 0; v < origin.size(); ++v) {
    const auto src = input.row(origin[v]);
    std::copy(src.begin(), src.end(), out.row(v).begin());
  }
  return out;
}

std::vector<std::uint32_t> sort_rows_serial(const BitVectors& input) {
  std::vector<std::uint32_t> perm(input.count);
  std::iota(perm.begin(), perm.end(), 0U);
  const std::uint64_t* data = input.data.data();
  const std::uint32_t words = input.words;
  std::stable_sort(perm.begin(), perm.end(), [&](std::uint32_t a, std::uint32_t b) {
    return row_less(data + std::uint64_t{a} * words, data + std::uint64_t{b} * words, words);
  });
  return perm;
}

std::vector<std::uint32_t> run_heads(const BitVectors& input, std::span<const std::uint32_t> perm) {
  std::vector<std::uint32_t> rep(perm.size());
  std::uint32_t head = 0;
  for (std::size_t j = 0; j < perm.size(); ++j) {
    if (j == 0 ||
        !rows_equal(input.row(perm[j]).data(), input.row(perm[j - 1]).data(), input.words))
      head = static_cast<std::uint32_t>(j);
    rep[j] = head;
  }
  return rep;
}

Csr<> csr_from_edges(std::uint32_t vertex_count, std::span<const CellEdge> edges) {
  Csr<> g;
  g.vertex_count = vertex_count;
  g.offsets.assign(std::size_t{vertex_count} + 1, 0);
  for (const CellEdge& e : edges) {
    ++g.offsets[e.a + 1];
    ++g.offsets[e.b + 1];
  }
  for (std::uint32_t v = 0; v < vertex_count; ++v) g.offsets[v + 1] += g.offsets[v];
  // Arcs as (bit, target) per source row, then each row sorted by bit.
  std::vector<std::uint64_t> fill(g.offsets.begin(), g.offsets.end() - 1);
  std::vector<std::uint64_t> keyed(g.offsets.back());
  for (const CellEdge& e : edges) {
    keyed[fill[e.a]++] = std::uint64_t{e.bit} << 32 | e.b;
    keyed[fill[e.b]++] = std::uint64_t{e.bit} << 32 | e.a;
  }
  g.targets.resize(keyed.size());
  for (std::uint32_t v = 0; v < vertex_count; ++v) {
    const auto begin = keyed.begin() + static_cast<std::ptrdiff_t>(g.offsets[v]);
    const auto end = keyed.begin() + static_cast<std::ptrdiff_t>(g.offsets[v + 1]);
    std::sort(begin, end);
    for (auto it = begin; it != end; ++it)
      g.targets[static_cast<std::size_t>(it - keyed.begin())] = static_cast<std::uint32_t>(*it);
  }
  return g;
}

}  // namespace arcwave::cellgraph::detail
