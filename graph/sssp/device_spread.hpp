// graph/sssp/device_spread.hpp — APSP over several devices: one host thread per device takes
// batches of consecutive sources from a shared counter (a device that is faster simply takes
// more), computes them, and hands its rows to an ordering stage that passes them on to the
// caller's RowStream in source order, as one device would (rows and predecessors each in
// order; out.direct filled in place). Host code only, so that the CPU tests run the very
// coordination the GPUs run (with CPU Johnson as the "device").
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <thread>
#include <vector>

#include "graph/sssp/apsp.hpp"

namespace arcwave::sssp {

/// Consecutive ranges of source indices, handed out once each, in increasing order.
class SourceBatches {
 public:
  explicit SourceBatches(std::uint64_t total, std::size_t workers = 1)
      : total_(total), workers_(std::max<std::size_t>(workers, 1)) {}
  struct Range {
    std::uint64_t first = 0;
    std::uint64_t count = 0;
  };
  /// The next range of at most `count` sources (count 0: none left, or closed).
  Range take(std::uint64_t count) {
    if (closed_.load() || count == 0) return {};
    const std::uint64_t first = next_.fetch_add(count);
    if (first >= total_) return {};
    return {first, std::min(count, total_ - first)};
  }
  /// No more ranges (a device failed).
  void close() { closed_.store(true); }
  [[nodiscard]] std::uint64_t total() const { return total_; }
  /// The devices taking batches.
  [[nodiscard]] std::size_t workers() const { return workers_; }
  /// A batch of at most `most` sources that makes the same number of batches for every worker
  /// (with 8,192 sources and two GPUs, 512 MiB blocks made 7 batches: one GPU searched and
  /// copied four while the other had three).
  [[nodiscard]] std::uint64_t even_batch(std::uint64_t most) const {
    const std::uint64_t w = workers_;
    if (w <= 1 || most == 0 || total_ == 0) return most;
    const std::uint64_t rounds = (total_ + w * most - 1) / (w * most);
    return std::max<std::uint64_t>(1, (total_ + w * rounds - 1) / (w * rounds));
  }

 private:
  std::uint64_t total_;
  std::size_t workers_;
  std::atomic<std::uint64_t> next_{0};
  std::atomic<bool> closed_{false};
};

/// Takes blocks in any order from several threads and passes them to `out` in source order.
template <typename V>
class OrderedRows {
 public:
  /// `n`: row length; `buffer_bytes`: copies of blocks held back before a thread delivering a
  /// later block waits for the earlier ones (rows already in out.direct are not copied).
  OrderedRows(const RowStream<V>& out, std::uint32_t n, std::uint64_t buffer_bytes = 1ULL << 30)
      : out_(out), n_(n), limit_(buffer_bytes) {
    stream_.direct = out.direct;
    if (out.rows)
      stream_.rows = [this](std::uint64_t first, std::uint64_t count, std::span<const V> rows) {
        // Rows a device wrote into the caller's array stay valid: held back without a copy.
        const bool in_place = out_.direct != nullptr && rows.data() == out_.direct + first * n_;
        deliver(rows_, first, count, rows, out_.rows, in_place);
      };
    if (out.predecessors)
      stream_.predecessors = [this](std::uint64_t first, std::uint64_t count,
                                    std::span<const std::uint32_t> preds) {
        deliver(preds_, first, count, preds, out_.predecessors, false);
      };
  }
  OrderedRows(const OrderedRows&) = delete;
  OrderedRows& operator=(const OrderedRows&) = delete;

  /// What the devices write to (callable from any thread; blocks with their own `first`).
  [[nodiscard]] const RowStream<V>& stream() const { return stream_; }
  /// Wakes and fails every waiting thread (a device failed; its blocks will never come).
  void abort() {
    const std::lock_guard lock(mutex_);
    aborted_ = true;
    changed_.notify_all();
  }

 private:
  template <typename T>
  struct Held {
    std::uint64_t count = 0;
    std::vector<T> copy;
    std::span<const T> rows;  // into `copy`, or into out.direct
  };
  template <typename T>
  struct Lane {
    std::uint64_t expected = 0;
    std::map<std::uint64_t, Held<T>> held;
  };

  template <typename T, typename Sink>
  void deliver(Lane<T>& lane, std::uint64_t first, std::uint64_t count, std::span<const T> block,
               const Sink& sink, bool in_place) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock,
                  [&] { return aborted_ || first == lane.expected || in_place || held_ < limit_; });
    if (aborted_) throw std::runtime_error("another device failed");
    if (first != lane.expected) {
      Held<T>& h = lane.held[first];
      h.count = count;
      if (in_place) {
        h.rows = block;
      } else {
        h.copy.assign(block.begin(), block.end());
        h.rows = std::span<const T>(h.copy);
        held_ += block.size_bytes();
      }
      return;
    }
    // The caller's sink runs under the lock: blocks reach it one at a time, in order.
    sink(first, count, block);
    lane.expected += count;
    for (auto it = lane.held.begin(); it != lane.held.end() && it->first == lane.expected;
         it = lane.held.erase(it)) {
      sink(it->first, it->second.count, it->second.rows);
      lane.expected += it->second.count;
      held_ -= it->second.copy.size() * sizeof(T);
    }
    changed_.notify_all();
  }

  const RowStream<V>& out_;
  std::uint32_t n_;
  std::uint64_t limit_;
  RowStream<V> stream_;
  std::mutex mutex_;
  std::condition_variable changed_;
  Lane<V> rows_;
  Lane<std::uint32_t> preds_;
  std::uint64_t held_ = 0;
  bool aborted_ = false;
};

/// Runs work(worker, batches, ordered) on `workers` host threads (worker 0 on the calling
/// thread) and rethrows the first failure after all have stopped. Each takes ranges from
/// `batches` and delivers their rows (with their own `first`) to `ordered`.
template <typename V>
void spread_sources(
    std::size_t workers, std::uint64_t sources, std::uint32_t n, const RowStream<V>& out,
    const std::function<void(std::size_t, SourceBatches&, const RowStream<V>&)>& work) {
  SourceBatches batches(sources, workers);
  std::optional<OrderedRows<V>> ordered;  // none when the sinks take any order
  if (!out.any_order) ordered.emplace(out, n);
  const RowStream<V>& stream = ordered ? ordered->stream() : out;
  std::mutex failure_lock;
  std::exception_ptr failure;
  auto run = [&](std::size_t w) {
    try {
      work(w, batches, stream);
    } catch (...) {
      {
        const std::lock_guard lock(failure_lock);
        if (!failure) failure = std::current_exception();
      }
      batches.close();
      if (ordered) ordered->abort();
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t w = 1; w < workers; ++w) threads.emplace_back(run, w);
  run(0);
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace arcwave::sssp
