// graph/csr/csr_ops.hpp — small whole-graph operations on a host Csr: changing the weight
// type, giving an unweighted graph unit weights, and the source vertex of an edge.
#pragma once

#include <algorithm>
#include <cstdint>

#include "graph/csr/csr.hpp"

namespace arcwave {

/// The same graph with weights converted to `To` (an unweighted graph stays unweighted).
template <typename To, typename From>
Csr<To> convert_weights(const Csr<From>& graph) {
  Csr<To> out;
  out.vertex_count = graph.vertex_count;
  out.offsets = graph.offsets;
  out.targets = graph.targets;
  out.weights.reserve(graph.weights.size());
  for (const From w : graph.weights) out.weights.push_back(static_cast<To>(w));
  return out;
}

/// Gives every edge weight 1 when the graph is unweighted (weighted graphs are returned as is).
template <typename Weight>
Csr<Weight> with_unit_weights(Csr<Weight> graph) {
  if (!graph.weighted()) graph.weights.assign(graph.targets.size(), Weight{1});
  return graph;
}

/// The source vertex of edge `edge` (binary search over the offsets).
template <typename Weight>
std::uint32_t edge_source(const Csr<Weight>& graph, std::uint64_t edge) {
  const auto it = std::upper_bound(graph.offsets.begin(), graph.offsets.end(), edge);
  return static_cast<std::uint32_t>(it - graph.offsets.begin() - 1);
}

}  // namespace arcwave
