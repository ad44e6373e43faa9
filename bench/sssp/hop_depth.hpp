// bench/sssp/hop_depth.hpp — the depth in edges of a shortest-path tree: the most edges on the
// tree path from the source to any vertex. A level-synchronous SSSP needs at least this many
// dependent relaxations one after another, so depth x (latency of one relaxation) is the
// latency floor that the benchmark summary states next to the bandwidth floor.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include "graph/csr/csr.hpp"
#include "graph/csr/csr_ops.hpp"
#include "graph/sssp/distance.hpp"

namespace arcwave::bench {

/// `distance` and `predecessor_edge` from dijkstra_cpu(graph, source, true).
template <typename Weight, typename D>
std::uint32_t hop_depth(const Csr<Weight>& graph, std::span<const D> distance,
                        std::span<const std::uint64_t> predecessor_edge) {
  const std::uint32_t n = graph.vertex_count;
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0U);
  // A predecessor is never farther than its successor (weights are non-negative); among equal
  // distances the tree edge order is resolved by walking up on demand below.
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t a, std::uint32_t b) { return distance[a] < distance[b]; });
  std::vector<std::uint32_t> hops(n, 0);
  std::vector<bool> done(n, false);
  std::uint32_t deepest = 0;
  std::vector<std::uint32_t> chain;
  for (const std::uint32_t v : order) {
    if (distance[v] == sssp::infinity<D>()) break;
    // Walk up to a vertex already done (or the source), then fill the chain downwards.
    chain.clear();
    std::uint32_t x = v;
    while (!done[x] && predecessor_edge[x] != sssp::kNoEdge) {
      chain.push_back(x);
      x = edge_source(graph, predecessor_edge[x]);
    }
    done[x] = true;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const std::uint32_t parent = edge_source(graph, predecessor_edge[*it]);
      hops[*it] = hops[parent] + 1;
      done[*it] = true;
      deepest = std::max(deepest, hops[*it]);
    }
  }
  return deepest;
}

}  // namespace arcwave::bench
