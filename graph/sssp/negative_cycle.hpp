// graph/sssp/negative_cycle.hpp — finds a negative cycle among the predecessor edges that
// Bellman-Ford recorded (CPU or GPU). Each vertex has at most one predecessor edge, so the
// predecessor graph's cycles are found in O(V) by walking back from every vertex; a cycle is
// returned only after its weight is summed and found negative, so a predecessor array written
// with races (the GPU's) can never produce a wrong answer, only none.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "graph/csr/csr.hpp"
#include "graph/csr/csr_ops.hpp"
#include "graph/sssp/distance.hpp"

namespace arcwave::sssp {

/// Total weight of a cycle given as vertices in edge order, over the cheapest edges between
/// consecutive vertices (parallel edges), or +inf-like max when an edge is missing.
template <typename Weight>
Distance<Weight> cycle_weight(const Csr<Weight>& graph, std::span<const std::uint32_t> cycle) {
  using D = Distance<Weight>;
  D total{0};
  for (std::size_t i = 0; i < cycle.size(); ++i) {
    const std::uint32_t u = cycle[i];
    const std::uint32_t v = cycle[(i + 1) % cycle.size()];
    D best = infinity<D>();
    for (std::uint64_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e)
      if (graph.targets[e] == v) best = std::min(best, static_cast<D>(graph.weights[e]));
    if (best == infinity<D>()) return infinity<D>();
    total += best;
  }
  return total;
}

/// A negative cycle of the predecessor graph (vertices in edge order, starting at its smallest
/// vertex), or an empty vector when the predecessor graph has none.
template <typename Weight>
std::vector<std::uint32_t> find_negative_cycle(const Csr<Weight>& graph,
                                               std::span<const std::uint64_t> predecessor_edge) {
  using D = Distance<Weight>;
  const std::uint32_t n = graph.vertex_count;
  std::vector<std::uint32_t> walk_of(n, 0);  // 0: not visited, else the walk that visited it
  std::uint32_t walk = 0;
  for (std::uint32_t start = 0; start < n; ++start) {
    if (walk_of[start] != 0) continue;
    ++walk;
    std::uint32_t x = start;
    bool ended = false;
    while (walk_of[x] == 0) {
      walk_of[x] = walk;
      const std::uint64_t e = predecessor_edge[x];
      if (e == kNoEdge || e >= graph.edge_count()) {
        ended = true;
        break;
      }
      x = edge_source(graph, e);
    }
    if (ended || walk_of[x] != walk) continue;
    // x lies on a cycle of predecessor edges: collect it backwards and add its weight.
    std::vector<std::uint32_t> cycle;
    D total{0};
    std::uint32_t y = x;
    do {
      cycle.push_back(y);
      const std::uint64_t e = predecessor_edge[y];
      total += static_cast<D>(graph.weights[e]);
      y = edge_source(graph, e);
    } while (y != x && cycle.size() <= n);
    if (!(total < D{0})) continue;
    std::reverse(cycle.begin(), cycle.end());
    std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
    return cycle;
  }
  return {};
}

}  // namespace arcwave::sssp
