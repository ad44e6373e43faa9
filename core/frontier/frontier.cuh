// core/frontier/frontier.cuh — the GPU driver of the frontier loop (see frontier.hpp for the
// semantics, which run_cpu() implements as the reference).
//
// One warp per frontier item walks its out-edges (32 lanes apart, so high-degree items are
// shared by a warp); activated neighbours are deduplicated by a per-vertex round stamp and
// appended to the next queue with one atomic per warp. The host launches one kernel per
// round and reads back the next frontier's size (the host-driven variant). Stats::edges is
// counted by the CPU driver only.
//
// The relaxation is a device functor: __device__ bool operator()(std::uint32_t src,
// std::uint64_t edge, std::uint32_t dst, std::uint32_t round) const. It may be called
// concurrently for the same dst, so it must update shared state with atomics.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "core/csr_view.hpp"
#include "core/cuda/check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/frontier/frontier.hpp"

namespace arcwave::frontier {

/// Device queues and stamps for frontiers over vertices [0, capacity).
class Workspace {
 public:
  explicit Workspace(std::uint32_t capacity)
      : queue_a_(std::max<std::uint32_t>(capacity, 1)),
        queue_b_(std::max<std::uint32_t>(capacity, 1)),
        stamp_(std::max<std::uint32_t>(capacity, 1)),
        count_(1),
        capacity_(capacity) {
    reset_stamps();
    ARCWAVE_CUDA_CHECK(
        cudaMallocHost(reinterpret_cast<void**>(&host_count_), sizeof(std::uint32_t)));
  }
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;
  ~Workspace() { cudaFreeHost(host_count_); }

  /// Clears the dedup stamps (needed before reusing the workspace for a new run).
  void reset_stamps(cudaStream_t stream = nullptr) {
    stamp_.fill_bytes(0, stream);
    stamp_base_ = 0;
  }
  [[nodiscard]] std::uint32_t capacity() const noexcept { return capacity_; }
  /// The queue a run reads its seeds from: callers may fill it directly and pass it as seeds.
  [[nodiscard]] std::uint32_t* seed_queue() noexcept { return current_queue(); }

  // Used by run(); public so that specialised drivers can share the buffers.
  std::uint32_t* current_queue() noexcept { return flip_ ? queue_b_.data() : queue_a_.data(); }
  std::uint32_t* next_queue() noexcept { return flip_ ? queue_a_.data() : queue_b_.data(); }
  void swap_queues() noexcept { flip_ = !flip_; }
  std::uint32_t* stamps() noexcept { return stamp_.data(); }
  std::uint32_t* device_count() noexcept { return count_.data(); }
  std::uint32_t* host_count() noexcept { return host_count_; }
  /// Stamps of earlier runs are below this base, so a new run needs no clearing.
  std::uint32_t& stamp_base() noexcept { return stamp_base_; }

 private:
  cuda::DeviceBuffer<std::uint32_t> queue_a_;
  cuda::DeviceBuffer<std::uint32_t> queue_b_;
  cuda::DeviceBuffer<std::uint32_t> stamp_;
  cuda::DeviceBuffer<std::uint32_t> count_;
  std::uint32_t* host_count_ = nullptr;
  std::uint32_t capacity_ = 0;
  std::uint32_t stamp_base_ = 0;
  bool flip_ = false;
};

namespace detail {

constexpr int kWarp = 32;
constexpr int kBlock = 256;

template <typename Weight, typename Relax>
__global__ void relax_round(CsrView<Weight> graph, const std::uint32_t* frontier,
                            std::uint32_t frontier_size, std::uint32_t* next,
                            std::uint32_t* next_count, std::uint32_t* stamps, std::uint32_t stamp,
                            std::uint32_t round, Relax relax) {
  const unsigned lane = threadIdx.x % kWarp;
  const std::uint64_t warp =
      (static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / kWarp;
  const std::uint64_t warps = static_cast<std::uint64_t>(gridDim.x) * blockDim.x / kWarp;
  for (std::uint64_t item = warp; item < frontier_size; item += warps) {
    const std::uint32_t src = frontier[item];
    const std::uint64_t begin = graph.offsets[src];
    const std::uint64_t end = graph.offsets[src + 1];
    // All lanes iterate the same number of times so that the ballot below is warp-wide.
    for (std::uint64_t base = begin; base < end; base += kWarp) {
      const std::uint64_t e = base + lane;
      bool enqueue = false;
      std::uint32_t dst = 0;
      if (e < end) {
        dst = graph.targets[e];
        enqueue = relax(src, e, dst, round) && atomicExch(&stamps[dst], stamp) != stamp;
      }
      const unsigned ballot = __ballot_sync(0xFFFFFFFFU, enqueue);
      if (ballot != 0) {
        const int leader = __ffs(ballot) - 1;
        std::uint32_t slot = 0;
        if (static_cast<int>(lane) == leader) slot = atomicAdd(next_count, __popc(ballot));
        slot = __shfl_sync(0xFFFFFFFFU, slot, leader);
        if (enqueue) next[slot + __popc(ballot & ((1U << lane) - 1U))] = dst;
      }
    }
  }
}

}  // namespace detail

/// Runs the loop on the GPU from `seed_count` seeds at `seeds` (device memory; may be
/// ws.seed_queue()). Returns when the frontier is empty or after `max_rounds` rounds.
template <typename Weight, typename Relax>
Stats run(const CsrView<Weight>& graph, const std::uint32_t* seeds, std::uint32_t seed_count,
          Relax relax, Workspace& ws, cudaStream_t stream = nullptr,
          std::uint32_t max_rounds = UINT32_MAX) {
  Stats stats;
  if (seeds != ws.current_queue() && seed_count > 0)
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(ws.current_queue(), seeds,
                                       seed_count * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice,
                                       stream));
  if (ws.stamp_base() > UINT32_MAX - max_rounds - 2 || ws.stamp_base() > 0xF0000000U)
    ws.reset_stamps(stream);
  int device = 0;
  int sms = 0;
  ARCWAVE_CUDA_CHECK(cudaGetDevice(&device));
  ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const std::uint64_t max_blocks = static_cast<std::uint64_t>(sms) * 16;
  std::uint32_t size = seed_count;
  std::uint32_t round = 0;
  for (; size > 0 && round < max_rounds; ++round) {
    ARCWAVE_CUDA_CHECK(cudaMemsetAsync(ws.device_count(), 0, sizeof(std::uint32_t), stream));
    const std::uint64_t warps_per_block = detail::kBlock / detail::kWarp;
    const auto blocks = static_cast<unsigned>(
        std::min<std::uint64_t>((size + warps_per_block - 1) / warps_per_block, max_blocks));
    const std::uint32_t stamp = ws.stamp_base() + round + 1;
    detail::relax_round<<<blocks, detail::kBlock, 0, stream>>>(graph, ws.current_queue(), size,
                                                               ws.next_queue(), ws.device_count(),
                                                               ws.stamps(), stamp, round, relax);
    ARCWAVE_CUDA_CHECK_LAUNCH("frontier::relax_round");
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(ws.host_count(), ws.device_count(), sizeof(std::uint32_t),
                                       cudaMemcpyDeviceToHost, stream));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
    stats.items += size;
    size = *ws.host_count();
    ws.swap_queues();
  }
  ws.stamp_base() += round + 1;
  stats.rounds = round;
  stats.last_frontier = size;
  return stats;
}

}  // namespace arcwave::frontier
