// The paper's heuristic on the GPU: sys/heuristic.hpp compiled for CUDA.
#include "graph/cellgraph/algorithms.hpp"
#include "graph/cellgraph/gpu_guard.cuh"
#include "graph/cellgraph/sys/heuristic.hpp"

namespace arcwave::cellgraph::detail {

CellGraph heuristic_gpu(const BitVectors& input, const Options& options, PhaseTimes* times) {
  // rows and cells; sort keys, permutations, pivot distances (h x 2 x 4 bytes)
  return run_on_gpu("heuristic", device_bytes_needed(input, 2, 40 + 8ULL * options.pivots),
                    [&] { return cuda_sys::heuristic_graph(input, options, times); });
}

}  // namespace arcwave::cellgraph::detail
