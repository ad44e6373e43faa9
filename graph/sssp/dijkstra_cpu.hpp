// graph/sssp/dijkstra_cpu.hpp — the CPU reference for single-source shortest paths with
// non-negative weights: Dijkstra with a binary heap (lazy deletion). Also the per-source
// kernel of the multi-threaded CPU Johnson, so it reuses caller-provided scratch space.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "arcwave/error.hpp"
#include "graph/csr/csr.hpp"
#include "graph/sssp/checks.hpp"
#include "graph/sssp/distance.hpp"

namespace arcwave::sssp {

/// Reusable heap storage for dijkstra_into().
template <typename D>
struct DijkstraScratch {
  std::vector<std::pair<D, std::uint32_t>> heap;
};

/// Distances from `source` into `distance` (size n); weights are assumed non-negative and
/// checked by the caller. `predecessor_edge` may be empty (not recorded) or of size n.
template <typename Weight>
void dijkstra_into(const Csr<Weight>& graph, std::uint32_t source,
                   std::span<Distance<Weight>> distance, std::span<std::uint64_t> predecessor_edge,
                   DijkstraScratch<Distance<Weight>>& scratch) {
  using D = Distance<Weight>;
  std::fill(distance.begin(), distance.end(), infinity<D>());
  std::fill(predecessor_edge.begin(), predecessor_edge.end(), kNoEdge);
  const bool record = !predecessor_edge.empty();
  auto& heap = scratch.heap;
  heap.clear();
  // std heap is a max-heap: order by greater distance to pop the smallest.
  const auto later = [](const std::pair<D, std::uint32_t>& a,
                        const std::pair<D, std::uint32_t>& b) { return a.first > b.first; };
  distance[source] = D{0};
  heap.emplace_back(D{0}, source);
  const std::uint64_t* offsets = graph.offsets.data();
  const std::uint32_t* targets = graph.targets.data();
  const Weight* weights = graph.weights.data();
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), later);
    const auto [d, u] = heap.back();
    heap.pop_back();
    if (d > distance[u]) continue;  // a stale entry
    for (std::uint64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const std::uint32_t v = targets[e];
      const D nd = d + static_cast<D>(weights[e]);
      if (nd < distance[v]) {
        distance[v] = nd;
        if (record) predecessor_edge[v] = e;
        heap.emplace_back(nd, v);
        std::push_heap(heap.begin(), heap.end(), later);
      }
    }
  }
}

/// Dijkstra from `source`; throws InputError on a negative weight or a bad source.
template <typename Weight>
SsspResult<Distance<Weight>> dijkstra_cpu(const Csr<Weight>& graph, std::uint32_t source,
                                          bool with_predecessors = false) {
  check_weights(graph);
  check_non_negative(graph, "Dijkstra");
  if (source >= graph.vertex_count)
    throw InputError("source " + std::to_string(source) + " is not a vertex");
  SsspResult<Distance<Weight>> result;
  result.distance.resize(graph.vertex_count);
  if (with_predecessors) result.predecessor_edge.resize(graph.vertex_count);
  DijkstraScratch<Distance<Weight>> scratch;
  dijkstra_into(graph, source, std::span<Distance<Weight>>(result.distance),
                std::span<std::uint64_t>(result.predecessor_edge), scratch);
  return result;
}

}  // namespace arcwave::sssp
