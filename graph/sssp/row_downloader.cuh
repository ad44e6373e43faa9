// graph/sssp/row_downloader.cuh — internal: hands blocks of APSP rows from the device to a
// RowStream while the GPU computes the next batch. A host thread of its own waits for each
// block's "ready" event (recorded on the compute stream), copies it on a second stream, into
// the stream's page-locked destination or through two page-locked staging buffers of 64 MiB,
// and calls the sinks; predecessor rows follow (with the rows the GPU left open recomputed on
// the host by a callback). Callers keep at most two blocks in flight (wait(1) before reusing
// a device block).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

#include "core/cuda/check.cuh"
#include "core/timer.hpp"
#include "graph/sssp/apsp.hpp"

namespace arcwave::sssp::gpu::detail {

inline constexpr std::uint64_t kStagingBytes = 64ULL << 20;

/// See the file comment. V: the row value type.
template <typename V>
class RowDownloader {
 public:
  struct Block {
    const V* rows;  // device
    const std::uint32_t* preds;
    const std::uint32_t* unresolved;
    std::uint64_t first;
    std::uint64_t count;
    cudaEvent_t ready;  // recorded on the compute stream after the kernel
  };
  /// `fix` recomputes the predecessor row of source index i (first + r) on the host.
  using FixRow = std::function<void(std::uint64_t index, std::span<std::uint32_t> row)>;

  RowDownloader(std::uint32_t n, std::uint64_t block_rows, const RowStream<V>& out, FixRow fix)
      : n_(n), out_(out), fix_(std::move(fix)) {
    ARCWAVE_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    if (out.direct == nullptr) {
      chunk_rows_ = std::clamp<std::uint64_t>(
          kStagingBytes / (std::max<std::uint32_t>(n, 1) * sizeof(V)), 1, block_rows);
      for (int i = 0; i < 2; ++i) {
        ARCWAVE_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&staging_[i]),
                                          chunk_rows_ * std::max<std::uint32_t>(n, 1) * sizeof(V)));
        ARCWAVE_CUDA_CHECK(cudaEventCreateWithFlags(&copied_[i], cudaEventDisableTiming));
      }
    }
    worker_ = std::thread([this] { work(); });
  }
  RowDownloader(const RowDownloader&) = delete;
  RowDownloader& operator=(const RowDownloader&) = delete;
  /// Callers wait(0) first; after an error the blocks still queued are dropped.
  ~RowDownloader() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
      queue_.clear();
    }
    changed_.notify_all();
    if (worker_.joinable()) worker_.join();
    for (int i = 0; i < 2; ++i) {
      if (staging_[i] != nullptr) cudaFreeHost(staging_[i]);
      if (copied_[i] != nullptr) cudaEventDestroy(copied_[i]);
    }
    cudaStreamDestroy(stream_);
  }

  void submit(const Block& b) {
    const std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(b);
    changed_.notify_all();
  }
  /// Waits until at most `pending` submitted blocks are not yet handed over; rethrows a failure
  /// of the worker.
  void wait(std::size_t pending) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return failure_ || queue_.size() + busy_ <= pending; });
    if (failure_) std::rethrow_exception(failure_);
  }
  [[nodiscard]] double milliseconds() const { return copy_ms_; }

 private:
  void work() {
    for (;;) {
      Block b{};
      {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] { return stop_ || !queue_.empty(); });
        if (queue_.empty()) return;
        b = queue_.front();
        queue_.pop_front();
        busy_ = 1;
      }
      try {
        hand_over(b);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(mutex_);
        failure_ = std::current_exception();
      }
      {
        const std::lock_guard<std::mutex> lock(mutex_);
        busy_ = 0;
      }
      changed_.notify_all();
    }
  }

  void hand_over(const Block& b) {
    ARCWAVE_CUDA_CHECK(cudaStreamWaitEvent(stream_, b.ready, 0));
    const Stopwatch clock;
    const std::uint64_t n = n_;
    if (out_.direct != nullptr) {
      V* host = out_.direct + b.first * n;
      ARCWAVE_CUDA_CHECK(
          cudaMemcpyAsync(host, b.rows, b.count * n * sizeof(V), cudaMemcpyDeviceToHost, stream_));
      ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream_));
      copy_ms_ += clock.seconds() * 1e3;
      if (out_.rows) out_.rows(b.first, b.count, std::span<const V>(host, b.count * n));
    } else {
      const std::uint64_t chunks = (b.count + chunk_rows_ - 1) / chunk_rows_;
      const auto issue = [&](std::uint64_t c) {
        const std::uint64_t r0 = c * chunk_rows_;
        const std::uint64_t r = std::min(chunk_rows_, b.count - r0);
        ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(staging_[c % 2], b.rows + r0 * n, r * n * sizeof(V),
                                           cudaMemcpyDeviceToHost, stream_));
        ARCWAVE_CUDA_CHECK(cudaEventRecord(copied_[c % 2], stream_));
      };
      issue(0);
      for (std::uint64_t c = 0; c < chunks; ++c) {
        if (c + 1 < chunks) issue(c + 1);
        ARCWAVE_CUDA_CHECK(cudaEventSynchronize(copied_[c % 2]));
        const std::uint64_t r0 = c * chunk_rows_;
        const std::uint64_t r = std::min(chunk_rows_, b.count - r0);
        if (out_.rows) out_.rows(b.first + r0, r, std::span<const V>(staging_[c % 2], r * n));
      }
      copy_ms_ += clock.seconds() * 1e3;
    }
    if (!out_.predecessors) return;
    std::vector<std::uint32_t> preds(b.count * n);
    std::vector<std::uint32_t> unresolved(b.count);
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(preds.data(), b.preds, preds.size() * sizeof(std::uint32_t),
                                       cudaMemcpyDeviceToHost, stream_));
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(unresolved.data(), b.unresolved,
                                       unresolved.size() * sizeof(std::uint32_t),
                                       cudaMemcpyDeviceToHost, stream_));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream_));
    for (std::uint64_t r = 0; r < b.count; ++r)
      if (unresolved[r] != 0) fix_(b.first + r, std::span<std::uint32_t>(preds.data() + r * n, n));
    out_.predecessors(b.first, b.count, std::span<const std::uint32_t>(preds));
  }

  std::uint32_t n_;
  const RowStream<V>& out_;
  FixRow fix_;
  cudaStream_t stream_ = nullptr;
  std::uint64_t chunk_rows_ = 0;
  V* staging_[2] = {nullptr, nullptr};
  cudaEvent_t copied_[2] = {nullptr, nullptr};
  std::thread worker_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Block> queue_;
  std::size_t busy_ = 0;
  bool stop_ = false;
  std::exception_ptr failure_;
  double copy_ms_ = 0;
};

}  // namespace arcwave::sssp::gpu::detail
