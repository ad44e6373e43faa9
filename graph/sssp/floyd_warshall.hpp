// graph/sssp/floyd_warshall.hpp — the O(n^3) all-pairs reference for small graphs (tests):
// row-major n x n distances, or a negative-cycle flag (stops at the first negative diagonal).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "graph/csr/csr.hpp"
#include "graph/sssp/checks.hpp"
#include "graph/sssp/distance.hpp"

namespace arcwave::sssp {

template <typename D>
struct FloydWarshallResult {
  std::vector<D> distance;  // distance[s * n + t]
  bool negative_cycle = false;
};

template <typename Weight>
FloydWarshallResult<Distance<Weight>> floyd_warshall(const Csr<Weight>& graph) {
  using D = Distance<Weight>;
  check_weights(graph);
  const std::size_t n = graph.vertex_count;
  const D inf = infinity<D>();
  FloydWarshallResult<D> result;
  std::vector<D>& d = result.distance;
  d.assign(n * n, inf);
  for (std::size_t v = 0; v < n; ++v) d[v * n + v] = D{0};
  for (std::size_t u = 0; u < n; ++u)
    for (std::uint64_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
      D& slot = d[u * n + graph.targets[e]];
      slot = std::min(slot, static_cast<D>(graph.weights[e]));
    }
  for (std::size_t k = 0; k < n; ++k) {
    for (std::size_t i = 0; i < n; ++i) {
      const D ik = d[i * n + k];
      if (ik == inf) continue;
      for (std::size_t j = 0; j < n; ++j) {
        const D kj = d[k * n + j];
        if (kj != inf && ik + kj < d[i * n + j]) d[i * n + j] = ik + kj;
      }
    }
    for (std::size_t v = 0; v < n; ++v)
      if (d[v * n + v] < D{0}) {
        result.negative_cycle = true;
        return result;
      }
  }
  return result;
}

}  // namespace arcwave::sssp
