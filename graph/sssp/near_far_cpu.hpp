// graph/sssp/near_far_cpu.hpp — the CPU reference of the near-far SSSP (non-negative weights):
// the phases the GPU kernel (near_far_kernel.cuh) runs, one after another. A phase either
// relaxes the near frontier (improved vertices below the threshold form the next frontier, once
// each; those at or above it are appended to the far pile), or, when the frontier is empty,
// splits the far pile: the threshold moves to the smallest far distance + Δ (near_far_rules.hpp),
// entries now below it become the frontier, stale entries (already relaxed as near) are dropped
// and the rest stay. The GPU adds block-local rounds inside a phase, which change the order of
// the relaxations but not the distances.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "graph/csr/csr.hpp"
#include "graph/sssp/checks.hpp"
#include "graph/sssp/distance.hpp"
#include "graph/sssp/near_far_rules.hpp"

namespace arcwave::sssp {

/// Distances from `source`; `delta` > 0 sets Δ, 0 takes near_far::automatic_delta().
/// Throws InputError on a negative weight or a bad source.
template <typename Weight>
std::vector<Distance<Weight>> near_far_cpu(const Csr<Weight>& graph, std::uint32_t source,
                                           double delta = 0, NearFarStats* stats = nullptr) {
  using D = Distance<Weight>;
  check_weights(graph);
  check_non_negative(graph, "the near-far SSSP");
  const std::uint32_t n = graph.vertex_count;
  if (source >= n) throw InputError("source " + std::to_string(source) + " is not a vertex");
  if (delta <= 0) {
    double sum = 0;
    for (const Weight w : graph.weights) sum += static_cast<double>(w);
    delta = near_far::automatic_delta(sum, graph.edge_count(), n);
  }
  const D width = near_far::to_delta<D>(delta);

  std::vector<D> dist(n, infinity<D>());
  std::vector<std::uint64_t> stamp(n, 0);  // phase + 1 when queued by that phase
  std::vector<std::uint32_t> near{source};
  std::vector<std::uint32_t> next;
  std::vector<std::uint32_t> far;
  std::vector<std::uint32_t> kept;
  dist[source] = D{0};
  D threshold = near_far::next_threshold(D{0}, width);
  D far_min = infinity<D>();
  NearFarStats s;
  s.delta = static_cast<double>(width);
  auto queue_once = [&](std::vector<std::uint32_t>& queue, std::uint32_t v) {
    if (stamp[v] == s.phases + 1) return;
    stamp[v] = s.phases + 1;
    queue.push_back(v);
  };
  for (;; ++s.phases) {
    next.clear();
    if (!near.empty()) {
      for (const std::uint32_t u : near) {
        const D du = dist[u];
        for (std::uint64_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
          const std::uint32_t v = graph.targets[e];
          const D nd = du + static_cast<D>(graph.weights[e]);
          if (!(nd < dist[v])) continue;
          dist[v] = nd;
          if (nd < threshold) {
            queue_once(next, v);
          } else {
            far.push_back(v);
            far_min = std::min(far_min, nd);
          }
        }
      }
      s.items += near.size();
    } else if (!far.empty()) {
      const D old_threshold = threshold;
      threshold = near_far::next_threshold(far_min, width);
      far_min = infinity<D>();
      kept.clear();
      for (const std::uint32_t v : far) {
        const D d = dist[v];
        if (d < old_threshold || stamp[v] == s.phases + 1) continue;  // relaxed, or a repeat
        stamp[v] = s.phases + 1;
        if (d < threshold) {
          next.push_back(v);
        } else {
          kept.push_back(v);
          far_min = std::min(far_min, d);
        }
      }
      far.swap(kept);
      ++s.splits;
    } else {
      break;
    }
    near.swap(next);
  }
  if (stats != nullptr) *stats = s;
  return dist;
}

}  // namespace arcwave::sssp
