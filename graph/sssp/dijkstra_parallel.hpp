// graph/sssp/dijkstra_parallel.hpp — the two Dijkstra parallelisations of Pogorilyy & Slynko
// (2016), written with Thrust so that the same code runs on the GPU (namespace gpu, CUDA
// builds) and on CPU cores through Thrust's OpenMP system (namespace omp, every build):
//  - kOuter: each iteration settles every unsettled vertex whose distance is at most the
//    current minimum + delta, delta the smallest edge weight (Crauser et al.'s criterion);
//    Thrust min_element over the distances masked by a settled array finds the minimum, and
//    the newly settled vertices relax their out-edges in parallel (atomicMin).
//  - kInner: the sequential Dijkstra loop (min_element picks one vertex per iteration) with
//    one thread per out-edge of the selected vertex (atomicMin).
// Non-negative weights only (int64_t or double). These are comparison rows: the batched
// multi-source SSSP of sssp_gpu.hpp is the fast path.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "graph/csr/csr.hpp"
#include "graph/sssp/distance.hpp"

namespace arcwave::sssp {

enum class DijkstraParallel : std::uint8_t { kOuter, kInner };

/// Called with (index into sources, distances from sources[index]).
template <typename D>
using DistanceRowFn = std::function<void(std::size_t, std::span<const D>)>;

namespace gpu {
/// The graph is uploaded once; throws InputError on a negative weight or a bad source, and
/// ResourceError in a build without CUDA.
template <typename Weight>
void dijkstra_rows(const Csr<Weight>& graph, std::span<const std::uint32_t> sources,
                   DijkstraParallel variant, const DistanceRowFn<Distance<Weight>>& row);
}  // namespace gpu

namespace omp {
template <typename Weight>
void dijkstra_rows(const Csr<Weight>& graph, std::span<const std::uint32_t> sources,
                   DijkstraParallel variant, const DistanceRowFn<Distance<Weight>>& row);
}  // namespace omp

}  // namespace arcwave::sssp
