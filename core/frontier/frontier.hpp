// core/frontier/frontier.hpp — the one loop behind AC4GPU+, the Lee wave, Bellman-Ford and BFS:
// a frontier of changed items, a relaxation along CSR out-edges that may change neighbours,
// the changed neighbours as the next frontier, until nothing changes. This file holds the
// shared statistics and the CPU driver (also the reference for the GPU driver of
// frontier.cuh, which has the same semantics).
//
// A relaxation is a callable relax(src, edge, dst, round) -> bool: it relaxes edge `edge`
// from `src` to `dst` during round `round` (0-based; seeds are round 0's frontier) and returns
// true when `dst` changed and must be processed in the next round. A vertex enters a round's
// frontier at most once however many edges activate it.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/csr_view.hpp"

namespace arcwave::frontier {

struct Stats {
  std::uint32_t rounds = 0;         // rounds run (frontiers processed)
  std::uint64_t items = 0;          // frontier items processed over all rounds
  std::uint64_t edges = 0;          // edges relaxed over all rounds
  std::uint32_t last_frontier = 0;  // size of the frontier left when max_rounds stopped it
};

/// Runs the loop on the CPU until the frontier is empty or `max_rounds` rounds ran.
template <typename Weight, typename Relax>
Stats run_cpu(const CsrView<Weight>& graph, std::span<const std::uint32_t> seeds, Relax&& relax,
              std::uint32_t max_rounds = UINT32_MAX) {
  Stats stats;
  std::vector<std::uint32_t> current(seeds.begin(), seeds.end());
  std::vector<std::uint32_t> next;
  std::vector<std::uint32_t> stamp(graph.vertex_count, 0);  // round + 1 when queued for it
  for (std::uint32_t round = 0; !current.empty() && round < max_rounds; ++round) {
    next.clear();
    for (const std::uint32_t src : current) {
      for (std::uint64_t e = graph.offsets[src]; e < graph.offsets[src + 1]; ++e) {
        const std::uint32_t dst = graph.targets[e];
        if (relax(src, e, dst, round) && stamp[dst] != round + 1) {
          stamp[dst] = round + 1;
          next.push_back(dst);
        }
      }
      stats.edges += graph.offsets[src + 1] - graph.offsets[src];
    }
    stats.items += current.size();
    ++stats.rounds;
    current.swap(next);
  }
  stats.last_frontier = static_cast<std::uint32_t>(current.size());
  return stats;
}

}  // namespace arcwave::frontier
