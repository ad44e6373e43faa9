// graph/sssp/bellman_ford_cpu.hpp — the CPU reference Bellman-Ford, frontier-based (only
// vertices whose distance fell relax their out-edges in the next round), from one source or
// from a virtual source joined to every vertex by a 0-weight edge (Johnson's potentials).
// A frontier still non-empty after n rounds proves a negative cycle; one is then read off the
// predecessor edges (negative_cycle.hpp), which are also checked at rounds 2^k so that a
// cycle is usually reported long before round n.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "graph/csr/csr.hpp"
#include "graph/sssp/checks.hpp"
#include "graph/sssp/distance.hpp"
#include "graph/sssp/negative_cycle.hpp"

namespace arcwave::sssp {

/// `source` empty: every vertex starts at distance 0 (the virtual source).
template <typename Weight>
BellmanFordResult<Distance<Weight>> bellman_ford_cpu(const Csr<Weight>& graph,
                                                     std::optional<std::uint32_t> source) {
  using D = Distance<Weight>;
  check_weights(graph);
  const std::uint32_t n = graph.vertex_count;
  if (source && *source >= n)
    throw InputError("source " + std::to_string(*source) + " is not a vertex");
  BellmanFordResult<D> result;
  result.distance.assign(n, source ? infinity<D>() : D{0});
  result.predecessor_edge.assign(n, kNoEdge);
  std::vector<std::uint32_t> frontier;
  if (source) {
    result.distance[*source] = D{0};
    frontier.push_back(*source);
  } else {
    frontier.resize(n);
    for (std::uint32_t v = 0; v < n; ++v) frontier[v] = v;
  }
  std::vector<std::uint32_t> next;
  std::vector<std::uint64_t> queued(n, 0);  // round + 1 when queued for round + 1
  const std::uint64_t limit = 64ULL * n + 64;
  std::uint64_t round = 0;
  for (; !frontier.empty(); ++round) {
    // Rounds 2^k (from 32 on) and every multiple of n: look for a cycle.
    if ((round >= 32 && (round & (round - 1)) == 0) || (round >= n && round % n == 0)) {
      result.negative_cycle = find_negative_cycle(graph, result.predecessor_edge);
      if (!result.negative_cycle.empty()) break;
      if (round >= limit)
        throw InternalError("Bellman-Ford: no negative cycle found after " + std::to_string(round) +
                            " rounds that prove one");
    }
    next.clear();
    for (const std::uint32_t u : frontier) {
      const D du = result.distance[u];
      for (std::uint64_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
        const std::uint32_t v = graph.targets[e];
        const D nd = du + static_cast<D>(graph.weights[e]);
        if (nd < result.distance[v]) {
          result.distance[v] = nd;
          result.predecessor_edge[v] = e;
          if (queued[v] != round + 1) {
            queued[v] = round + 1;
            next.push_back(v);
          }
        }
      }
    }
    frontier.swap(next);
  }
  result.rounds = static_cast<std::uint32_t>(round);
  return result;
}

}  // namespace arcwave::sssp
