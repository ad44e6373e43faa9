// The paper's heuristic on one CPU thread: distances to h pivots; flipping one bit changes
// every pivot distance by exactly 1, so a vertex at first-pivot distance d is compared only
// with the vertices at distance d + 1 whose other pivot distances all differ by 1.
#include <algorithm>

#include "core/timer.hpp"
#include "graph/cellgraph/algorithms.hpp"
#include "graph/cellgraph/bits.hpp"
#include "graph/cellgraph/cpu_common.hpp"

namespace arcwave::cellgraph::detail {

std::uint32_t pivot_count(std::uint32_t requested, std::uint32_t vertices) {
  return std::max<std::uint32_t>(1, std::min(requested, vertices));
}

CellGraph heuristic_cpu(const BitVectors& input, const Options& options, PhaseTimes* times) {
  Stopwatch clock;
  PhaseTimes local;
  const std::uint32_t words = input.words;
  const std::uint32_t bits = input.bits;
  const std::vector<std::uint32_t> perm = sort_rows_serial(input);
  Numbering numbering = number_by_first_occurrence(perm, run_heads(input, perm));
  const std::uint32_t m = numbering.distinct;
  CellGraph out;
  out.cells = gather_rows(input, numbering.origin);
  const BitVectors& cells = out.cells;
  local.sort_ms = clock.seconds() * 1e3;
  clock.restart();

  // Pivot distances, vertices counting-sorted by the first one, the others in that order.
  const std::uint32_t h = pivot_count(options.pivots, m);
  std::vector<std::uint32_t> dist(std::uint64_t{h} * m);
  for (std::uint32_t i = 0; i < h; ++i) {
    const std::uint64_t* pivot = cells.row(pivot_vertex(i, h, m)).data();
    for (std::uint32_t v = 0; v < m; ++v) {
      const std::uint64_t* row = cells.row(v).data();
      std::uint32_t d = 0;
      for (std::uint32_t w = 0; w < words; ++w)
        d += static_cast<std::uint32_t>(popcount64(row[w] ^ pivot[w]));
      dist[std::uint64_t{i} * m + v] = d;
    }
  }
  std::vector<std::uint32_t> group_start(std::size_t{bits} + 3, 0);
  for (std::uint32_t v = 0; v < m; ++v) ++group_start[dist[v] + 1];
  for (std::size_t d = 1; d < group_start.size(); ++d) group_start[d] += group_start[d - 1];
  std::vector<std::uint32_t> order(m);
  {
    std::vector<std::uint32_t> fill(group_start.begin(), group_start.end() - 1);
    for (std::uint32_t v = 0; v < m; ++v) order[fill[dist[v]]++] = v;
  }
  std::vector<std::uint32_t> sorted_dist(std::uint64_t{h} * m);
  for (std::uint32_t i = 0; i < h; ++i)
    for (std::uint32_t s = 0; s < m; ++s)
      sorted_dist[std::uint64_t{i} * m + s] = dist[std::uint64_t{i} * m + order[s]];
  local.build_ms = clock.seconds() * 1e3;
  clock.restart();

  std::vector<CellEdge> edges;
  for (std::uint32_t s = 0; s < m; ++s) {
    const std::uint32_t d = sorted_dist[s];
    const std::uint64_t* row = cells.row(order[s]).data();
    for (std::uint32_t t = group_start[d + 1]; t < group_start[d + 2]; ++t) {
      bool candidate = true;
      for (std::uint32_t i = 1; i < h && candidate; ++i) {
        const std::uint32_t du = sorted_dist[std::uint64_t{i} * m + s];
        const std::uint32_t dv = sorted_dist[std::uint64_t{i} * m + t];
        candidate = du + 1 == dv || dv + 1 == du;
      }
      if (!candidate) continue;
      const std::uint64_t* other = cells.row(order[t]).data();
      std::uint32_t differing = 0;
      std::uint32_t bit = 0;
      for (std::uint32_t w = 0; w < words && differing <= 1; ++w) {
        const std::uint64_t x = row[w] ^ other[w];
        if (x == 0) continue;
        differing += static_cast<std::uint32_t>(popcount64(x));
        bit = w * 64 + static_cast<std::uint32_t>(lowest_bit(x));
      }
      if (differing == 1) edges.push_back({order[s], order[t], bit});
    }
  }
  out.graph = csr_from_edges(m, edges);
  out.vertex_of_input = std::move(numbering.vertex_of_input);
  local.search_ms = clock.seconds() * 1e3;
  if (times != nullptr) *times = local;
  return out;
}

}  // namespace arcwave::cellgraph::detail
