// batch_search_device and make_cuda_device in builds without CUDA (solver/batch/batch_search.hpp,
// solver/batch/search_device.hpp).
#include "arcwave/error.hpp"
#include "solver/batch/batch_search.hpp"
#include "solver/batch/search_device.hpp"

namespace arcwave::batch {

BatchResult batch_search_device(const BatchNetwork& /*net*/,
                                const std::vector<Subproblem>& /*items*/,
                                const BatchOptions& /*options*/) {
  throw ResourceError("the batched GPU search is not part of this build (no CUDA)");
}

std::unique_ptr<SearchDevice> make_cuda_device(const BatchNetwork& /*net*/,
                                               const BatchOptions& /*options*/, int /*device*/,
                                               bool /*shared*/) {
  throw ResourceError("the batched GPU search is not part of this build (no CUDA)");
}

}  // namespace arcwave::batch
