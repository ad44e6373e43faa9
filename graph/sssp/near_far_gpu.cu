// graph/sssp/sssp_gpu.hpp: the near-far SSSP on the GPU — the workspace that launches
// near_far_kernel.cuh's kernels (an initialising kernel, then one cooperative launch of every
// block that can be resident at once), and the one-call entry point near_far().
#include <algorithm>
#include <string>

#include "arcwave/error.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/csr/device_csr.cuh"
#include "graph/sssp/checks.hpp"
#include "graph/sssp/gpu_internal.cuh"
#include "graph/sssp/near_far_kernel.cuh"
#include "graph/sssp/near_far_workspace.cuh"

namespace arcwave::sssp::gpu {

namespace detail {

namespace {

/// Stamps are base + phase + 1; a workspace whose base passed this clears them before a run.
constexpr std::uint32_t kStampResetAbove = 0xF0000000U;

/// Blocks of the cooperative kernel that fit on the device at once (all must be resident).
template <typename Weight>
unsigned cooperative_blocks() {
  static const unsigned most = [] {
    int device = 0;
    int supported = 0;
    ARCWAVE_CUDA_CHECK(cudaGetDevice(&device));
    ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&supported, cudaDevAttrCooperativeLaunch, device));
    if (supported == 0) throw ResourceError("near-far SSSP: the device has no cooperative launch");
    int per_sm = 0;
    ARCWAVE_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, near_far_device::near_far_kernel<Weight>, near_far_device::kThreads, 0));
    if (per_sm <= 0) throw ResourceError("near-far SSSP: the kernel cannot be resident");
    const int sms = std::max(gpu_info().multiprocessors, 1);
    return static_cast<unsigned>(per_sm * sms);
  }();
  return most;
}

}  // namespace

template <typename Weight>
NearFarWorkspace<Weight>::NearFarWorkspace(std::uint32_t vertices, std::uint32_t far_capacity)
    : capacity_(vertices),
      far_capacity_(far_capacity != 0 ? far_capacity : std::max<std::uint32_t>(vertices, 1)),
      near_{cuda::DeviceBuffer<std::uint32_t>(std::max<std::uint32_t>(vertices, 1)),
            cuda::DeviceBuffer<std::uint32_t>(std::max<std::uint32_t>(vertices, 1))},
      far_{cuda::DeviceBuffer<std::uint32_t>(far_capacity_),
           cuda::DeviceBuffer<std::uint32_t>(far_capacity_)},
      stamps_(std::max<std::uint32_t>(vertices, 1)),
      control_(1) {
  stamps_.fill_bytes(0);
  ARCWAVE_CUDA_CHECK(
      cudaMallocHost(reinterpret_cast<void**>(&host_control_), sizeof(NearFarControl<D>)));
  ARCWAVE_CUDA_CHECK(cudaEventCreate(&start_));
  ARCWAVE_CUDA_CHECK(cudaEventCreate(&stop_));
  // The stamps were cleared on the legacy stream; runs may use any stream.
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(nullptr));
}

template <typename Weight>
NearFarWorkspace<Weight>::~NearFarWorkspace() {
  cudaEventDestroy(stop_);
  cudaEventDestroy(start_);
  cudaFreeHost(host_control_);
}

template <typename Weight>
NearFarStats NearFarWorkspace<Weight>::run(const CsrView<Weight>& view, std::uint32_t source,
                                           D* dist, const NearFarOptions& options,
                                           cudaStream_t stream) {
  namespace dev = near_far_device;
  const std::uint32_t n = view.vertex_count;
  if (n > capacity_)
    throw InternalError("near-far SSSP: a graph of " + std::to_string(n) +
                        " vertices on a workspace for " + std::to_string(capacity_));
  if (source >= n) throw InputError("source " + std::to_string(source) + " is not a vertex");
  if (stamp_base_ > kStampResetAbove) {
    stamps_.fill_bytes(0, stream);
    stamp_base_ = 0;
  }
  dev::Args<Weight> args{view,
                         dist,
                         {near_[0].data(), near_[1].data()},
                         {far_[0].data(), far_[1].data()},
                         far_capacity_,
                         stamps_.data(),
                         stamp_base_,
                         UINT32_MAX - 1 - stamp_base_,
                         options.local_rounds != 0 ? options.local_rounds : kDefaultLocalRounds,
                         options.delta > 0 ? near_far::to_delta<D>(options.delta) : D{0},
                         options.delta_scale > 0 ? options.delta_scale : 1.0,
                         control_.data()};
  const unsigned most = cooperative_blocks<Weight>();
  const unsigned blocks = options.blocks != 0 ? std::min(options.blocks, most) : most;

  ARCWAVE_CUDA_CHECK(cudaEventRecord(start_, stream));
  dev::near_far_init<<<blocks_for(n), kBlock, 0, stream>>>(dist, n, source, near_[0].data(),
                                                           control_.data());
  ARCWAVE_CUDA_CHECK_LAUNCH("near_far_init");
  void* params[] = {&args};
  ARCWAVE_CUDA_CHECK(
      cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(&dev::near_far_kernel<Weight>),
                                  blocks, dev::kThreads, params, 0, stream));
  ARCWAVE_CUDA_CHECK_LAUNCH("near_far_kernel (cooperative)");
  ARCWAVE_CUDA_CHECK(cudaEventRecord(stop_, stream));
  ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(host_control_, control_.data(), sizeof(NearFarControl<D>),
                                     cudaMemcpyDeviceToHost, stream));
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  const NearFarControl<D>& c = *host_control_;
  if (c.out_of_phases != 0)
    throw InternalError("near-far SSSP: more than " + std::to_string(args.max_phases) + " phases");
  float kernel_ms = 0;
  ARCWAVE_CUDA_CHECK(cudaEventElapsedTime(&kernel_ms, start_, stop_));
  stamp_base_ += c.phases + 1;
  NearFarStats stats;
  stats.phases = c.phases;
  stats.splits = c.splits;
  stats.items = c.items;
  stats.delta = static_cast<double>(c.delta);
  stats.kernel_ms = kernel_ms;
  stats.block_rounds = c.block_rounds;
  return stats;
}

template class NearFarWorkspace<std::int64_t>;
template class NearFarWorkspace<double>;

}  // namespace detail

template <typename Weight>
std::vector<Distance<Weight>> near_far(const Csr<Weight>& graph, std::uint32_t source,
                                       const NearFarOptions& options, GpuTimes* times,
                                       NearFarStats* stats) {
  using D = Distance<Weight>;
  static_assert(std::is_same_v<Weight, std::int64_t> || std::is_same_v<Weight, double>);
  check_weights(graph);
  check_non_negative(graph, "the near-far SSSP");
  if (source >= graph.vertex_count)
    throw InputError("source " + std::to_string(source) + " is not a vertex");
  cudaStream_t stream = nullptr;
  Stopwatch clock;
  const DeviceCsr<Weight> device(graph, stream);
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  const double upload_ms = clock.seconds() * 1e3;
  clock.restart();
  cuda::DeviceBuffer<D> dist(graph.vertex_count);
  detail::NearFarWorkspace<Weight> workspace(graph.vertex_count, options.far_capacity);
  const NearFarStats s = workspace.run(device.view(), source, dist.data(), options, stream);
  const double compute_ms = clock.seconds() * 1e3;
  clock.restart();
  std::vector<D> result(graph.vertex_count);
  dist.copy_to(std::span<D>(result), stream);
  if (times != nullptr) *times = {upload_ms, compute_ms, clock.seconds() * 1e3, s.phases};
  if (stats != nullptr) *stats = s;
  return result;
}

template std::vector<std::int64_t> near_far(const Csr<std::int64_t>&, std::uint32_t,
                                            const NearFarOptions&, GpuTimes*, NearFarStats*);
template std::vector<double> near_far(const Csr<double>&, std::uint32_t, const NearFarOptions&,
                                      GpuTimes*, NearFarStats*);

}  // namespace arcwave::sssp::gpu
