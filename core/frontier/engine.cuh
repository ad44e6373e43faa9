// core/frontier/engine.cuh — the CUDA engine behind schedule.hpp's driver loops: launch sizes,
// the launches of kernels.cuh, the capture and replay of the kGraph driver's CUDA graph, and the
// cooperative launch. One engine serves one run.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "arcwave/error.hpp"
#include "core/cuda/check.cuh"
#include "core/frontier/control.hpp"
#include "core/frontier/kernels.cuh"
#include "core/frontier/workspace.cuh"

namespace arcwave::frontier::detail {

template <typename T>
void append_bytes(std::vector<unsigned char>& key, const T& value) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(&value);
  key.insert(key.end(), bytes, bytes + sizeof(T));
}

inline unsigned multiprocessors() {
  static const unsigned count = [] {
    int device = 0;
    int sms = 0;
    ARCWAVE_CUDA_CHECK(cudaGetDevice(&device));
    ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    return static_cast<unsigned>(std::max(sms, 1));
  }();
  return count;
}

/// Blocks of `threads` threads of `kernel` that fit on one multiprocessor at once.
inline unsigned blocks_per_sm(const void* kernel, int threads) {
  int per_sm = 0;
  ARCWAVE_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0));
  return static_cast<unsigned>(per_sm);
}

template <typename Weight, typename Relax>
class CudaEngine {
 public:
  /// `device_seeds` and `device_seed_count`: the seeds of a run whose seed count is in device
  /// memory (null otherwise).
  CudaEngine(const RoundArgs<Weight, Relax>& args, Workspace& ws, cudaStream_t stream,
             const Options& options, const std::uint32_t* device_seeds = nullptr,
             const std::uint32_t* device_seed_count = nullptr)
      : args_(args),
        ws_(ws),
        stream_(stream),
        options_(options),
        device_seeds_(device_seeds),
        device_seed_count_(device_seed_count) {}

  void upload(const Control& c) {
    *ws_.host_control() = c;
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(ws_.control(), ws_.host_control(), sizeof(Control),
                                       cudaMemcpyHostToDevice, stream_));
  }
  void seed_from_device() {
    if (device_seed_count_ == nullptr)
      throw InternalError("frontier: seeds counted on the device, but no count was given");
    seed_kernel<><<<round_blocks(), kBlock, 0, stream_>>>(ws_.control(), device_seeds_,
                                                          device_seed_count_, ws_.current_queue());
    ARCWAVE_CUDA_CHECK_LAUNCH("frontier::seed_kernel");
  }
  Control download() {
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(ws_.host_control(), ws_.control(), sizeof(Control),
                                       cudaMemcpyDeviceToHost, stream_));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream_));
    return *ws_.host_control();
  }

  /// kHost: enough blocks for `size` items (a warp takes 32 of them with kScan, one otherwise).
  std::uint32_t blocks_for(std::uint32_t size) const {
    const std::uint64_t per_block =
        options_.gather == Gather::kScan ? kBlock : static_cast<std::uint64_t>(kBlock / kWarp);
    const std::uint64_t wanted = (std::uint64_t{size} + per_block - 1) / per_block;
    return static_cast<std::uint32_t>(
        std::clamp<std::uint64_t>(wanted, 1, 2ULL * resident_round_blocks()));
  }
  std::uint32_t round_blocks() const {
    return options_.blocks != 0 ? options_.blocks : resident_round_blocks();
  }

  void rounds(std::uint32_t count, std::uint32_t blocks) { launch_rounds(count, blocks, stream_); }

  Control replay(std::uint32_t count) {
    if (exec_ == nullptr) {
      std::vector<unsigned char> key = graph_key(count);
      exec_ = ws_.cached_graph(key);
      if (exec_ == nullptr) {
        exec_ = capture(count);
        ws_.cache_graph(std::move(key), exec_);
      }
    }
    ARCWAVE_CUDA_CHECK(cudaGraphLaunch(exec_, stream_));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream_));
    return *ws_.host_control();
  }

  void persistent_grid() {
    if (options_.gather == Gather::kScan)
      launch_cooperative<Gather::kScan>();
    else
      launch_cooperative<Gather::kWarpPerItem>();
  }

  void persistent_block(std::uint32_t limit) {
    if (options_.gather == Gather::kScan)
      persistent_kernel<Gather::kScan, false, kSingleBlockThreads>
          <<<1, kSingleBlockThreads, 0, stream_>>>(args_, limit);
    else
      persistent_kernel<Gather::kWarpPerItem, false, kSingleBlockThreads>
          <<<1, kSingleBlockThreads, 0, stream_>>>(args_, limit);
    ARCWAVE_CUDA_CHECK_LAUNCH("frontier::persistent_kernel (single block)");
  }

 private:
  template <Gather kGather>
  static const void* round_kernel_address() {
    return reinterpret_cast<const void*>(&round_kernel<kGather, Weight, Relax>);
  }
  const void* round_kernel_address() const {
    return options_.gather == Gather::kScan ? round_kernel_address<Gather::kScan>()
                                            : round_kernel_address<Gather::kWarpPerItem>();
  }

  /// All blocks of the round kernel that can be resident at once (the default launch size when
  /// the frontier size is not known: a grid-stride loop covers any size).
  std::uint32_t resident_round_blocks() const {
    static const unsigned scan =
        std::max(blocks_per_sm(round_kernel_address<Gather::kScan>(), kBlock), 1U);
    static const unsigned warp =
        std::max(blocks_per_sm(round_kernel_address<Gather::kWarpPerItem>(), kBlock), 1U);
    return (options_.gather == Gather::kScan ? scan : warp) * multiprocessors();
  }

  void launch_rounds(std::uint32_t count, std::uint32_t blocks, cudaStream_t stream) {
    for (std::uint32_t i = 0; i < count; ++i) {
      if (options_.gather == Gather::kScan)
        round_kernel<Gather::kScan><<<blocks, kBlock, 0, stream>>>(args_);
      else
        round_kernel<Gather::kWarpPerItem><<<blocks, kBlock, 0, stream>>>(args_);
    }
    ARCWAVE_CUDA_CHECK_LAUNCH("frontier::round_kernel");
  }

  template <Gather kGather>
  void launch_cooperative() {
    auto* kernel = &persistent_kernel<kGather, true, kBlock, Weight, Relax>;
    int device = 0;
    int supported = 0;
    ARCWAVE_CUDA_CHECK(cudaGetDevice(&device));
    ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&supported, cudaDevAttrCooperativeLaunch, device));
    if (supported == 0) throw ResourceError("frontier: the device has no cooperative launch");
    static const unsigned per_sm = blocks_per_sm(reinterpret_cast<const void*>(kernel), kBlock);
    if (per_sm == 0)
      throw ResourceError("frontier: the cooperative round kernel cannot be resident");
    const unsigned most = per_sm * multiprocessors();
    unsigned blocks = options_.blocks != 0 ? std::min(options_.blocks, most) : most;
    std::uint32_t limit = UINT32_MAX;
    void* params[] = {&args_, &limit};
    ARCWAVE_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(kernel), blocks,
                                                   kBlock, params, 0, stream_));
    ARCWAVE_CUDA_CHECK_LAUNCH("frontier::persistent_kernel (cooperative)");
  }

  /// What makes a captured graph reusable: the kernel, its launch size, rounds per replay and
  /// every argument byte (a relaxation with padding may differ there and cost a new capture).
  /// Empty (never reused) when the relaxation cannot be compared bytewise.
  std::vector<unsigned char> graph_key(std::uint32_t count) const {
    std::vector<unsigned char> key;
    if constexpr (std::is_trivially_copyable_v<Relax>) {
      append_bytes(key, round_kernel_address());
      append_bytes(key, count);
      append_bytes(key, round_blocks());
      append_bytes(key, args_.graph.vertex_count);
      append_bytes(key, args_.graph.edge_count);
      append_bytes(key, args_.graph.offsets);
      append_bytes(key, args_.graph.targets);
      append_bytes(key, args_.graph.weights);
      if constexpr (!std::is_empty_v<Relax>) append_bytes(key, args_.relax);
      append_bytes(key, args_.control);
      append_bytes(key, args_.queue[0]);
      append_bytes(key, args_.queue[1]);
      append_bytes(key, args_.stamps);
    }
    return key;
  }

  /// `count` rounds and the read-back of the Control into the pinned mirror, as one graph.
  cudaGraphExec_t capture(std::uint32_t count) {
    const cudaStream_t cs = ws_.capture_stream();
    ARCWAVE_CUDA_CHECK(cudaStreamBeginCapture(cs, cudaStreamCaptureModeRelaxed));
    cudaGraph_t graph = nullptr;
    try {
      launch_rounds(count, round_blocks(), cs);
      ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(ws_.host_control(), ws_.control(), sizeof(Control),
                                         cudaMemcpyDeviceToHost, cs));
    } catch (...) {
      if (cudaStreamEndCapture(cs, &graph) == cudaSuccess && graph != nullptr)
        cudaGraphDestroy(graph);
      throw;
    }
    ARCWAVE_CUDA_CHECK(cudaStreamEndCapture(cs, &graph));
    cudaGraphExec_t exec = nullptr;
    const cudaError_t status = cudaGraphInstantiate(&exec, graph, 0);
    cudaGraphDestroy(graph);
    ARCWAVE_CUDA_CHECK(status);
    return exec;
  }

  RoundArgs<Weight, Relax> args_;
  Workspace& ws_;
  cudaStream_t stream_;
  Options options_;
  const std::uint32_t* device_seeds_;
  const std::uint32_t* device_seed_count_;
  cudaGraphExec_t exec_ = nullptr;  // owned by the workspace's cache
};

}  // namespace arcwave::frontier::detail
