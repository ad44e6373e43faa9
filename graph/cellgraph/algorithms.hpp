// graph/cellgraph/algorithms.hpp — the implementations behind build_cell_graph(), one per
// algorithm and device, callable directly by tests and benchmarks. Inputs are already
// validated (ℓ >= 1, n >= 1, n < 2^32).
//
// *_gpu: the Thrust/CUB code on the GPU (in a build without CUDA they throw ResourceError).
// *_host_thrust: the same Thrust code compiled for Thrust's OpenMP system, so that machines
// without a GPU run the GPU code paths (tests); absent when the build found no Thrust headers
// (ARCWAVE_CELLGRAPH_HOST_THRUST is then 0).
#pragma once

#include "graph/cellgraph/cell_graph.hpp"

namespace arcwave::cellgraph::detail {

CellGraph fingerprint_cpu(const BitVectors& input, const Options& options, PhaseTimes* times);
CellGraph tree_cpu(const BitVectors& input, const Options& options, PhaseTimes* times);
CellGraph heuristic_cpu(const BitVectors& input, const Options& options, PhaseTimes* times);

CellGraph fingerprint_gpu(const BitVectors& input, const Options& options, PhaseTimes* times);
CellGraph tree_gpu(const BitVectors& input, const Options& options, PhaseTimes* times);
CellGraph heuristic_gpu(const BitVectors& input, const Options& options, PhaseTimes* times);

CellGraph fingerprint_host_thrust(const BitVectors& input, const Options& options,
                                  PhaseTimes* times);
CellGraph tree_host_thrust(const BitVectors& input, const Options& options, PhaseTimes* times);
CellGraph heuristic_host_thrust(const BitVectors& input, const Options& options, PhaseTimes* times);

/// The pivots of the heuristic: h = min(pivots, m) vertices spread over the vertex range.
std::uint32_t pivot_count(std::uint32_t requested, std::uint32_t vertices);
inline std::uint32_t pivot_vertex(std::uint32_t i, std::uint32_t h, std::uint32_t vertices) {
  return static_cast<std::uint32_t>((2 * std::uint64_t{i} + 1) * vertices / (2 * std::uint64_t{h}));
}

}  // namespace arcwave::cellgraph::detail
