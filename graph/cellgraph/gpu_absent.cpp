// The GPU entry points of a build without CUDA: asking for them is a ResourceError.
#include <string>

#include "arcwave/error.hpp"
#include "graph/cellgraph/algorithms.hpp"

namespace arcwave::cellgraph::detail {

namespace {
[[noreturn]] void no_cuda(const char* algorithm) {
  throw ResourceError(std::string("cell graph (") + algorithm +
                      ") on the GPU: arcwave was built without CUDA");
}
}  // namespace

CellGraph fingerprint_gpu(const BitVectors&, const Options&, PhaseTimes*) {
  no_cuda("fingerprint");
}
CellGraph tree_gpu(const BitVectors&, const Options&, PhaseTimes*) {
  no_cuda("tree");
}
CellGraph heuristic_gpu(const BitVectors&, const Options&, PhaseTimes*) {
  no_cuda("heuristic");
}

}  // namespace arcwave::cellgraph::detail
