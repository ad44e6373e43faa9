// graph/csr/build_gpu.hpp in a build without CUDA: asking for the GPU is a ResourceError.
#include <cstdint>

#include "arcwave/error.hpp"
#include "graph/csr/build_gpu.hpp"

namespace arcwave {

template <typename Weight>
Csr<Weight> build_csr_gpu(const EdgeList<Weight>&, const BuildOptions&, GpuBuildTimes*) {
  throw ResourceError("GPU CSR build requested, but arcwave was built without CUDA");
}

template Csr<std::int32_t> build_csr_gpu(const EdgeList<std::int32_t>&, const BuildOptions&,
                                         GpuBuildTimes*);
template Csr<std::int64_t> build_csr_gpu(const EdgeList<std::int64_t>&, const BuildOptions&,
                                         GpuBuildTimes*);
template Csr<float> build_csr_gpu(const EdgeList<float>&, const BuildOptions&, GpuBuildTimes*);
template Csr<double> build_csr_gpu(const EdgeList<double>&, const BuildOptions&, GpuBuildTimes*);

}  // namespace arcwave
