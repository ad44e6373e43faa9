// The paper's tree-based algorithm on the GPU: sys/tree.hpp compiled for CUDA (CUB radix sort).
#include "graph/cellgraph/algorithms.hpp"
#include "graph/cellgraph/gpu_guard.cuh"
#include "graph/cellgraph/sys/tree.hpp"

namespace arcwave::cellgraph::detail {

CellGraph tree_gpu(const BitVectors& input, const Options& options, PhaseTimes* times) {
  // rows, sorted rows, cells and marks; sort keys (2 x 8 bytes), permutations (~6 x 4 bytes)
  return run_on_gpu("tree", device_bytes_needed(input, 4, 40),
                    [&] { return cuda_sys::tree_graph(input, options, times); });
}

}  // namespace arcwave::cellgraph::detail
