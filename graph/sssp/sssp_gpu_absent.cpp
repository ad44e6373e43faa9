// graph/sssp/sssp_gpu.hpp in a build without CUDA: asking for the GPU is a ResourceError.
#include "arcwave/error.hpp"
#include "graph/sssp/sssp_gpu.hpp"

namespace arcwave::sssp::gpu {

namespace {
[[noreturn]] void no_cuda(const char* what) {
  throw ResourceError(std::string(what) + " requested, but arcwave was built without CUDA");
}
}  // namespace

template <typename Weight>
BellmanFordResult<Distance<Weight>> bellman_ford(const Csr<Weight>&, std::optional<std::uint32_t>,
                                                 BellmanFordVariant, GpuTimes*) {
  no_cuda("GPU Bellman-Ford");
}

template <typename Weight>
std::vector<Distance<Weight>> near_far(const Csr<Weight>&, std::uint32_t, const NearFarOptions&,
                                       GpuTimes*, NearFarStats*) {
  no_cuda("GPU near-far SSSP");
}

template <typename Weight>
void multi_source(const Csr<Weight>&, std::span<const std::uint32_t>,
                  const RowSink<Distance<Weight>>&, const MultiSourceOptions&, GpuTimes*) {
  no_cuda("GPU multi-source SSSP");
}

template <typename Weight>
JohnsonOutcome<Distance<Weight>> johnson(const Csr<Weight>&, std::span<const std::uint32_t>,
                                         const RowSink<Distance<Weight>>&,
                                         const JohnsonGpuOptions&) {
  no_cuda("GPU Johnson");
}

void* allocate_pinned(std::size_t) {
  return nullptr;
}
void free_pinned(void*) {}

template <typename Weight, typename V>
JohnsonOutcome<Distance<Weight>> johnson_streamed(const Csr<Weight>&,
                                                  std::span<const std::uint32_t>,
                                                  const RowStream<V>&, const StreamOptions&) {
  no_cuda("GPU Johnson");
}

template JohnsonOutcome<std::int64_t> johnson_streamed(const Csr<std::int64_t>&,
                                                       std::span<const std::uint32_t>,
                                                       const RowStream<std::int64_t>&,
                                                       const StreamOptions&);
template JohnsonOutcome<std::int64_t> johnson_streamed(const Csr<std::int64_t>&,
                                                       std::span<const std::uint32_t>,
                                                       const RowStream<std::int32_t>&,
                                                       const StreamOptions&);
template JohnsonOutcome<double> johnson_streamed(const Csr<double>&, std::span<const std::uint32_t>,
                                                 const RowStream<double>&, const StreamOptions&);
template JohnsonOutcome<double> johnson_streamed(const Csr<double>&, std::span<const std::uint32_t>,
                                                 const RowStream<float>&, const StreamOptions&);
template BellmanFordResult<std::int64_t> bellman_ford(const Csr<std::int64_t>&,
                                                      std::optional<std::uint32_t>,
                                                      BellmanFordVariant, GpuTimes*);
template BellmanFordResult<double> bellman_ford(const Csr<double>&, std::optional<std::uint32_t>,
                                                BellmanFordVariant, GpuTimes*);
template std::vector<std::int64_t> near_far(const Csr<std::int64_t>&, std::uint32_t,
                                            const NearFarOptions&, GpuTimes*, NearFarStats*);
template std::vector<double> near_far(const Csr<double>&, std::uint32_t, const NearFarOptions&,
                                      GpuTimes*, NearFarStats*);
template void multi_source(const Csr<std::int64_t>&, std::span<const std::uint32_t>,
                           const RowSink<std::int64_t>&, const MultiSourceOptions&, GpuTimes*);
template void multi_source(const Csr<double>&, std::span<const std::uint32_t>,
                           const RowSink<double>&, const MultiSourceOptions&, GpuTimes*);
template JohnsonOutcome<std::int64_t> johnson(const Csr<std::int64_t>&,
                                              std::span<const std::uint32_t>,
                                              const RowSink<std::int64_t>&,
                                              const JohnsonGpuOptions&);
template JohnsonOutcome<double> johnson(const Csr<double>&, std::span<const std::uint32_t>,
                                        const RowSink<double>&, const JohnsonGpuOptions&);

}  // namespace arcwave::sssp::gpu
