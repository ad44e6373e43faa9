// The fingerprint method on the GPU: sys/fingerprint.hpp compiled for CUDA.
#include "graph/cellgraph/algorithms.hpp"
#include "graph/cellgraph/gpu_guard.cuh"
#include "graph/cellgraph/sys/fingerprint.hpp"

namespace arcwave::cellgraph::detail {

CellGraph fingerprint_gpu(const BitVectors& input, const Options& options, PhaseTimes* times) {
  // rows, cells and marks; fingerprints (3), permutation and run arrays (~6 x 4 bytes)
  return run_on_gpu("fingerprint", device_bytes_needed(input, 3, 56),
                    [&] { return cuda_sys::fingerprint_graph(input, options, times); });
}

}  // namespace arcwave::cellgraph::detail
