// The N-E algorithms on the CUDA device: ne_model.inl for Thrust's CUDA system, plus AC4GPU+
// on the shared frontier driver (core/frontier/frontier.cuh).
#include <thrust/system/cuda/execution_policy.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/cuda/caching_allocator.cuh"
#include "core/cuda/check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/frontier/frontier.cuh"
#include "propagation/gpu/ac_gpu_systems.hpp"
#include "propagation/gpu/ne_model_includes.hpp"

namespace arcwave::ne_cuda {
#include "propagation/gpu/ne_model.inl"
// (after the model, which it uses)
#include "propagation/gpu/ne_arrays.inl"

namespace {

// Seeds the frontier with the values that have no support in some constraint.
__global__ void seed_unsupported(const int* counter, const std::uint32_t* counter_node,
                                 std::uint64_t counters, std::uint32_t* exists,
                                 const std::uint32_t* node_var, int* live_size,
                                 std::uint32_t* queue, std::uint32_t* queue_size,
                                 std::uint32_t* wiped) {
  for (std::uint64_t k = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x;
       k < counters; k += static_cast<std::uint64_t>(gridDim.x) * blockDim.x) {
    if (counter[k] != 0) continue;
    const std::uint32_t node = counter_node[k];
    if (atomicExch(&exists[node], 0U) == 1U) {
      queue[atomicAdd(queue_size, 1U)] = node;
      if (atomicSub(&live_size[node_var[node]], 1) == 1) atomicExch(wiped, 1U);
    }
  }
}

// AC4GPU+'s relaxation: deleting (y,b) takes one support from each (x,a) it supported; a value
// whose counter reaches zero is deleted (once: the existence flag is exchanged) and queued.
struct SupportLoss {
  int* counter;
  std::uint32_t* exists;
  const std::uint32_t* node_var;
  int* live_size;
  std::uint32_t* wiped;
  const std::uint32_t* feeds;  // counter fed by each CSR entry
  __device__ bool operator()(std::uint32_t, std::uint64_t edge, std::uint32_t dst,
                             std::uint32_t) const {
    if (*reinterpret_cast<volatile std::uint32_t*>(wiped) != 0U) return false;  // stop early
    if (exists[dst] == 0U) return false;
    if (atomicSub(&counter[feeds[edge]], 1) != 1) return false;
    if (atomicExch(&exists[dst], 0U) != 1U) return false;
    if (atomicSub(&live_size[node_var[dst]], 1) == 1) atomicExch(wiped, 1U);
    return true;
  }
};

std::uint32_t ac4gpu_frontier(NeDevice& ne, frontier::Workspace& ws, cudaStream_t stream,
                              bool& wiped_out) {
  // A domain emptied by unary constraints is a wipe-out before any propagation.
  wiped_out = thrust::any_of(thrust::cuda::par.on(stream), ne.live_size.begin(), ne.live_size.end(),
                             IsZero{});
  if (wiped_out) return 0;
  cuda::DeviceBuffer<std::uint32_t> flags(2);  // [0] wiped, [1] seed count
  flags.fill_bytes(0, stream);
  const unsigned blocks =
      static_cast<unsigned>(std::min<std::uint64_t>((ne.counters + 255) / 256, 4096));
  seed_unsupported<<<std::max(blocks, 1U), 256, 0, stream>>>(
      raw(ne.counter), raw(ne.counter_node), ne.counters, raw(ne.exists), raw(ne.node_var),
      raw(ne.live_size), ws.seed_queue(), flags.data() + 1, flags.data());
  ARCWAVE_CUDA_CHECK_LAUNCH("seed_unsupported");
  std::uint32_t host_flags[2] = {0, 0};
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(host_flags, flags.data(), sizeof host_flags, cudaMemcpyDeviceToHost, stream));
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  CsrView<std::uint32_t> graph{static_cast<std::uint32_t>(ne.nodes), ne.supports,
                               raw(ne.csr_offset), raw(ne.csr_target), raw(ne.csr_counter)};
  const frontier::Stats stats =
      frontier::run(graph, ws.seed_queue(), host_flags[1],
                    SupportLoss{raw(ne.counter), raw(ne.exists), raw(ne.node_var),
                                raw(ne.live_size), flags.data(), raw(ne.csr_counter)},
                    ws, stream);
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(host_flags, flags.data(), sizeof host_flags, cudaMemcpyDeviceToHost, stream));
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  wiped_out = host_flags[0] != 0U;
  return stats.rounds;
}

// Events recorded on a stream as each BuildNE phase starts; durations read at the end.
class PhaseEvents {
 public:
  explicit PhaseEvents(cudaStream_t stream) : stream_(stream) {}
  PhaseEvents(const PhaseEvents&) = delete;
  PhaseEvents& operator=(const PhaseEvents&) = delete;
  ~PhaseEvents() {
    for (auto& m : marks_) cudaEventDestroy(m.second);
  }
  void mark(const char* name) {
    cudaEvent_t event{};
    ARCWAVE_CUDA_CHECK(cudaEventCreate(&event));
    marks_.emplace_back(name, event);
    ARCWAVE_CUDA_CHECK(cudaEventRecord(event, stream_));
  }
  std::vector<std::pair<std::string, double>> durations() {
    mark("end");
    ARCWAVE_CUDA_CHECK(cudaEventSynchronize(marks_.back().second));
    std::vector<std::pair<std::string, double>> out;
    for (std::size_t i = 0; i + 1 < marks_.size(); ++i) {
      float ms = 0;
      ARCWAVE_CUDA_CHECK(cudaEventElapsedTime(&ms, marks_[i].second, marks_[i + 1].second));
      out.emplace_back(marks_[i].first, ms);
    }
    return out;
  }

 private:
  cudaStream_t stream_;
  std::vector<std::pair<std::string, cudaEvent_t>> marks_;
};

}  // namespace
}  // namespace arcwave::ne_cuda

namespace arcwave::detail {

namespace {

// Upload (upload(ne) fills the input arrays), BuildNE with its phases, then the fixpoint.
template <typename Upload>
GpuAcResult run_with(Upload&& upload, const NeSizes& sizes, GpuAcAlgorithm algorithm) {
  using namespace ne_cuda;
  cuda::Stream main_stream;
  cuda::Stream second_stream;
  const cudaStream_t s1 = main_stream.get();
  const cudaStream_t s2 = second_stream.get();
  // Thrust's scratch on the main stream comes from a cache (freed blocks are reused in stream
  // order); the second stream's calls keep their own, so the two never share a block.
  cuda::CachingAllocator scratch(s1);
  auto exec = [s1, &scratch] { return thrust::cuda::par(scratch).on(s1); };
  auto exec_second = [s2] { return thrust::cuda::par_nosync.on(s2); };
  auto sync = [s1, s2] {
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s2));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s1));
  };
  GpuAcResult result;
  result.sizes = sizes;
  cuda::EventTimer timer;
  NeDevice ne;
  timer.start(s1);
  upload(ne);  // synchronous copies (legacy stream)
  ARCWAVE_CUDA_CHECK(cudaDeviceSynchronize());
  timer.stop(s1);
  result.transfer_ms = timer.milliseconds();
  PhaseEvents phases(s1);
  timer.start(s1);
  build_ne(ne, exec, algorithm != GpuAcAlgorithm::kAc4Gpu,
           [&phases](const char* name) { phases.mark(name); });
  timer.stop(s1);
  result.build_ms = timer.milliseconds();
  result.build_phases = phases.durations();
  // Queues for the frontier variant are allocated before the timed region (as BuildNE's arrays).
  std::unique_ptr<frontier::Workspace> ws;
  if (algorithm == GpuAcAlgorithm::kAc4GpuFrontier)
    ws = std::make_unique<frontier::Workspace>(static_cast<std::uint32_t>(ne.nodes));
  timer.start(s1);
  bool wiped = false;
  switch (algorithm) {
    case GpuAcAlgorithm::kAc4Gpu:
      result.iterations = ac4gpu(ne, exec, exec_second, sync, wiped);
      break;
    case GpuAcAlgorithm::kAc4GpuPlus:
      result.iterations = ac4gpu_plus(ne, exec, wiped);
      break;
    case GpuAcAlgorithm::kAc4GpuFrontier:
      result.iterations = ac4gpu_frontier(ne, *ws, s1, wiped);
      break;
  }
  timer.stop(s1);
  result.propagate_ms = timer.milliseconds();
  result.wiped_out = wiped;
  std::vector<std::uint32_t> exists(ne.nodes);
  thrust::copy(ne.exists.begin(), ne.exists.end(), exists.begin());
  result.alive.assign(exists.begin(), exists.end());
  for (std::uint8_t a : result.alive) result.deletions += a == 0 ? 1 : 0;
  return result;
}

template <typename Upload>
NeArrays arrays_with(Upload&& upload, bool with_csr) {
  using namespace ne_cuda;
  cuda::Stream stream;
  const cudaStream_t s = stream.get();
  cuda::CachingAllocator scratch(s);
  NeDevice ne;
  upload(ne);
  NeArrays a = copy_back(
      ne, [s, &scratch] { return thrust::cuda::par(scratch).on(s); }, with_csr);
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));
  return a;
}

}  // namespace

GpuAcResult run_ne_cuda(const TableNetwork& network, const std::vector<std::uint8_t>& initial_alive,
                        GpuAcAlgorithm algorithm) {
  return run_with(
      [&](ne_cuda::NeDevice& ne) { ne_cuda::upload_network(network, initial_alive, ne); },
      ne_sizes(network), algorithm);
}

GpuAcResult run_ne_cuda(const CompactNetwork& network, GpuAcAlgorithm algorithm) {
  return run_with(
      [&](ne_cuda::NeDevice& ne) { ne_cuda::upload_network(network, network.alive, ne); },
      ne_sizes(network), algorithm);
}

NeArrays ne_arrays_cuda(const TableNetwork& network, const std::vector<std::uint8_t>& initial_alive,
                        bool with_csr) {
  return arrays_with(
      [&](ne_cuda::NeDevice& ne) { ne_cuda::upload_network(network, initial_alive, ne); },
      with_csr);
}

NeArrays ne_arrays_cuda(const CompactNetwork& network, bool with_csr) {
  return arrays_with(
      [&](ne_cuda::NeDevice& ne) { ne_cuda::upload_network(network, network.alive, ne); },
      with_csr);
}

}  // namespace arcwave::detail
