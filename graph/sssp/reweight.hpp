// graph/sssp/reweight.hpp — Johnson's reweighting on the host: w'(u,v) = w(u,v) + h(u) - h(v)
// is non-negative when h are shortest distances from the virtual source. Integer weights are
// exact (checks.hpp bounds them); real ones are clamped at +0.0 against rounding, which keeps
// their bit patterns ordered like integers (the GPU's atomicMin relies on it).
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>

#include "graph/csr/csr.hpp"
#include "graph/sssp/distance.hpp"

namespace arcwave::sssp {

template <typename Weight>
Csr<Weight> reweight(const Csr<Weight>& graph, std::span<const Distance<Weight>> potential) {
  Csr<Weight> out = graph;
  for (std::uint32_t u = 0; u < graph.vertex_count; ++u)
    for (std::uint64_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
      const auto w = static_cast<Distance<Weight>>(graph.weights[e]) + potential[u] -
                     potential[graph.targets[e]];
      if constexpr (std::is_integral_v<Weight>)
        out.weights[e] = static_cast<Weight>(w);
      else
        out.weights[e] = static_cast<Weight>(w > 0 ? w : 0.0);
    }
  return out;
}

/// Undoes the reweighting of one row: d(s, v) = d'(s, v) - h(s) + h(v) (infinity stays).
template <typename D>
void unreweight_row(std::span<D> row, std::uint32_t source, std::span<const D> potential) {
  const D hs = potential[source];
  for (std::size_t v = 0; v < row.size(); ++v)
    if (row[v] != infinity<D>()) row[v] = row[v] - hs + potential[v];
}

}  // namespace arcwave::sssp
