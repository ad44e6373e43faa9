// batch_search_device in builds without CUDA (solver/batch/batch_search.hpp).
#include "arcwave/error.hpp"
#include "solver/batch/batch_search.hpp"

namespace arcwave::batch {

BatchResult batch_search_device(const BatchNetwork& /*net*/,
                                const std::vector<Subproblem>& /*items*/,
                                const BatchOptions& /*options*/) {
  throw ResourceError("the batched GPU search is not part of this build (no CUDA)");
}

}  // namespace arcwave::batch
