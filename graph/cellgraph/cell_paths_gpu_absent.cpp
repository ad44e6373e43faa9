// The GPU route search of a build without CUDA: asking for it is a ResourceError.
#include "arcwave/error.hpp"
#include "graph/cellgraph/cell_paths.hpp"

namespace arcwave::cellgraph::detail {

std::vector<std::uint32_t> bfs_parents_gpu(const Csr<>&, std::uint32_t) {
  throw ResourceError("cell route on the GPU: arcwave was built without CUDA");
}

}  // namespace arcwave::cellgraph::detail
