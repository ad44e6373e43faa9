// graph/sssp/johnson_cpu.hpp — Johnson's all-pairs shortest paths on the CPU: Bellman-Ford
// potentials, reweighting, then one binary-heap Dijkstra per source spread over threads (the
// fair CPU competitor of the GPU version; threads = 1 is the one-core row). Weights: int64_t
// or double.
#pragma once

#include <cstdint>
#include <span>

#include "graph/csr/csr.hpp"
#include "graph/sssp/apsp.hpp"
#include "graph/sssp/distance.hpp"

namespace arcwave::sssp {

struct CpuJohnsonOptions {
  unsigned threads = 0;                     // 0: every hardware thread
  std::uint64_t block_bytes = 64ULL << 20;  // rows handed to the sink at a time (about)
};

/// Throws InputError for a bad source or weights that could overflow. A negative cycle is
/// returned in the outcome (and no row is delivered).
template <typename Weight>
JohnsonOutcome<Distance<Weight>> johnson_cpu(const Csr<Weight>& graph,
                                             std::span<const std::uint32_t> sources,
                                             const RowSink<Distance<Weight>>& sink,
                                             const CpuJohnsonOptions& options = {});

/// The same with rows in the output type V (the distance type, or int32_t / float for int64_t
/// / double weights), cut at options.max_distance, predecessors when out.predecessors is set,
/// straight into out.direct when given. Blocks of options.batch sources (0: about 64 MiB).
template <typename Weight, typename V>
JohnsonOutcome<Distance<Weight>> johnson_cpu_stream(const Csr<Weight>& graph,
                                                    std::span<const std::uint32_t> sources,
                                                    const RowStream<V>& out,
                                                    const StreamOptions& options = {});

}  // namespace arcwave::sssp
