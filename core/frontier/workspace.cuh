// core/frontier/workspace.cuh — the device memory of the frontier loop, reusable run after run:
// two queues, the dedup stamps, the Control block (control.hpp) with its pinned host mirror,
// and the CUDA graph of the kGraph driver (captured once, replayed while the run's kernel
// arguments stay the same).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/cuda/check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/frontier/control.hpp"

namespace arcwave::frontier {

/// Device queues and stamps for frontiers over vertices [0, capacity).
class Workspace {
 public:
  explicit Workspace(std::uint32_t capacity)
      : queue_a_(std::max<std::uint32_t>(capacity, 1)),
        queue_b_(std::max<std::uint32_t>(capacity, 1)),
        stamp_(std::max<std::uint32_t>(capacity, 1)),
        count_(1),
        control_(1),
        capacity_(capacity) {
    reset_stamps();
    ARCWAVE_CUDA_CHECK(
        cudaMallocHost(reinterpret_cast<void**>(&host_count_), sizeof(std::uint32_t)));
    ARCWAVE_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&host_control_), sizeof(Control)));
    *host_control_ = Control{};
    // The stamps are cleared on the legacy stream; runs may use non-blocking streams.
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(nullptr));
  }
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;
  ~Workspace() {
    drop_graph();
    if (capture_stream_ != nullptr) cudaStreamDestroy(capture_stream_);
    cudaFreeHost(host_control_);
    cudaFreeHost(host_count_);
  }

  /// Clears the dedup stamps (runs do this themselves when the stamp counter nears its limit).
  void reset_stamps(cudaStream_t stream = nullptr) {
    stamp_.fill_bytes(0, stream);
    stamp_base_ = 0;
  }
  [[nodiscard]] std::uint32_t capacity() const noexcept { return capacity_; }
  /// The queue a run reads its seeds from: callers may fill it directly and pass it as seeds.
  /// After a run it holds the frontier the run left (Stats::last_frontier items).
  [[nodiscard]] std::uint32_t* seed_queue() noexcept { return current_queue(); }
  /// The early-termination flag (device memory): a relaxation that writes a non-zero value here
  /// (atomicExch(flag, 1U) or a plain store) ends the run at the end of the current round.
  /// Cleared when a run starts.
  [[nodiscard]] std::uint32_t* stop_flag() noexcept {
    return reinterpret_cast<std::uint32_t*>(reinterpret_cast<char*>(control_.data()) +
                                            offsetof(Control, stop));
  }

  // Used by the drivers; public so that specialised loops (the Lee wave's) can share buffers.
  std::uint32_t* current_queue() noexcept { return queue(flip_); }
  std::uint32_t* next_queue() noexcept { return queue(flip_ ^ 1U); }
  void swap_queues() noexcept { flip_ ^= 1U; }
  std::uint32_t* queue(std::uint32_t index) noexcept {
    return index == 0 ? queue_a_.data() : queue_b_.data();
  }
  /// Index of current_queue() (0 or 1).
  [[nodiscard]] std::uint32_t flip() const noexcept { return flip_; }
  void set_flip(std::uint32_t flip) noexcept { flip_ = flip & 1U; }
  std::uint32_t* stamps() noexcept { return stamp_.data(); }
  std::uint32_t* device_count() noexcept { return count_.data(); }
  std::uint32_t* host_count() noexcept { return host_count_; }
  Control* control() noexcept { return control_.data(); }
  Control* host_control() noexcept { return host_control_; }
  /// Stamps of earlier runs are below this base, so a new run needs no clearing.
  std::uint32_t& stamp_base() noexcept { return stamp_base_; }

  /// A stream for capturing graphs (capture never runs work, so any stream would do, but the
  /// legacy stream cannot be captured).
  cudaStream_t capture_stream() {
    if (capture_stream_ == nullptr)
      ARCWAVE_CUDA_CHECK(cudaStreamCreateWithFlags(&capture_stream_, cudaStreamNonBlocking));
    return capture_stream_;
  }
  /// The cached graph when it was captured under `key` (launch configuration and kernel
  /// arguments, byte for byte), else null.
  cudaGraphExec_t cached_graph(const std::vector<unsigned char>& key) const {
    return graph_exec_ != nullptr && !key.empty() && key == graph_key_ ? graph_exec_ : nullptr;
  }
  void cache_graph(std::vector<unsigned char> key, cudaGraphExec_t exec) {
    drop_graph();
    graph_key_ = std::move(key);
    graph_exec_ = exec;
  }

 private:
  void drop_graph() noexcept {
    if (graph_exec_ != nullptr) cudaGraphExecDestroy(graph_exec_);
    graph_exec_ = nullptr;
    graph_key_.clear();
  }

  cuda::DeviceBuffer<std::uint32_t> queue_a_;
  cuda::DeviceBuffer<std::uint32_t> queue_b_;
  cuda::DeviceBuffer<std::uint32_t> stamp_;
  cuda::DeviceBuffer<std::uint32_t> count_;
  cuda::DeviceBuffer<Control> control_;
  std::uint32_t* host_count_ = nullptr;
  Control* host_control_ = nullptr;
  cudaStream_t capture_stream_ = nullptr;
  cudaGraphExec_t graph_exec_ = nullptr;
  std::vector<unsigned char> graph_key_;
  std::uint32_t capacity_ = 0;
  std::uint32_t stamp_base_ = 0;
  std::uint32_t flip_ = 0;
};

}  // namespace arcwave::frontier
