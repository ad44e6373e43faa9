// tests/solver/batch/lane_group.hpp — a thread group for the searcher (solver/batch/group.hpp)
// made of host threads, one per lane, in warps of 32 with real collectives (barriers for
// __syncthreads and __syncwarp, shuffles and votes through per-warp slots): the device's
// lane-parallel code paths run on the CPU, where HostGroup (one lane) never takes them.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <source_location>
#include <string>
#include <thread>
#include <vector>

#include "solver/batch/group.hpp"

namespace arcwave::test {

/// A barrier of `count` threads whose waiters sleep until the last arrival wakes them. Waiting by
/// sched_yield() starved the lanes on a loaded machine: Linux's EEVDF scheduler moves a yielding
/// thread's deadline back a slice per call, so spinning lanes (the one still working included,
/// which had yielded as often) lost the core to any busy process, and a 71-node search took
/// minutes with the barriers still advancing (measured: 6 busy processes on the lanes' core, 15
/// block barriers a second, 0.2 s of user CPU in 63 s). A woken thread is placed afresh.
class LaneBarrier {
 public:
  explicit LaneBarrier(int count) : count_(count) {}
  /// `on_last` runs in the last arrival while every other one still waits.
  template <class OnLast>
  void arrive_and_wait(OnLast on_last) {
    std::unique_lock lock(mutex_);
    const unsigned generation = generation_;
    if (++arrived_ == count_) {
      on_last();
      arrived_ = 0;
      ++generation_;
      completed_.fetch_add(1, std::memory_order_relaxed);
      lock.unlock();
      woken_.notify_all();
      return;
    }
    woken_.wait(lock, [&] { return generation_ != generation; });
  }
  /// Barriers completed so far (a watchdog's sign of progress).
  [[nodiscard]] unsigned long long completed() const {
    return completed_.load(std::memory_order_relaxed);
  }

 private:
  int count_;
  std::mutex mutex_;
  std::condition_variable woken_;
  int arrived_ = 0;
  unsigned generation_ = 0;
  std::atomic<unsigned long long> completed_{0};
};

/// What the lanes of one group share.
struct LaneBlock {
  explicit LaneBlock(int threads)
      : size(threads),
        block(threads),
        ints(static_cast<std::size_t>(threads)),
        words(static_cast<std::size_t>(threads)),
        at(static_cast<std::size_t>(threads)) {
    for (int w = 0; w < threads / 32; ++w) warps.push_back(std::make_unique<LaneBarrier>(32));
  }
  int size;
  LaneBarrier block;
  std::vector<std::unique_ptr<LaneBarrier>> warps;
  std::vector<int> ints;
  std::vector<std::uint64_t> words;
  // Per lane: the source line of the barrier it waits at (0: none), for a blocked run's report.
  std::vector<std::atomic<int>> at;

  /// Barriers completed by the block and all warps together.
  [[nodiscard]] unsigned long long completed() const {
    unsigned long long c = block.completed();
    for (const auto& w : warps) c += w->completed();
    return c;
  }
};

class LaneGroup {
 public:
  LaneGroup(LaneBlock& b, int rank) : b_(b), rank_(rank) {}
  [[nodiscard]] int rank() const { return rank_; }
  [[nodiscard]] int size() const { return b_.size; }
  [[nodiscard]] int lane() const { return rank_ & 31; }
  [[nodiscard]] int warp() const { return rank_ >> 5; }
  [[nodiscard]] int warps() const { return b_.size >> 5; }
  [[nodiscard]] int warp_size() const { return 32; }
  [[nodiscard]] static long long clock() { return 0; }
  void sync(std::source_location where = std::source_location::current()) const {
    mark(where, 1);
    b_.block.arrive_and_wait([&] { same_line(0, b_.size); });
    mark(where, 0);
  }
  void warp_sync(std::source_location where = std::source_location::current()) const {
    mark(where, 2);
    b_.warps[static_cast<std::size_t>(warp())]->arrive_and_wait([&] { same_line(base(), 32); });
    mark(where, 0);
  }
  [[nodiscard]] bool warp_any(bool v,
                              std::source_location where = std::source_location::current()) const {
    b_.ints[static_cast<std::size_t>(rank_)] = v ? 1 : 0;
    warp_sync(where);
    bool any = false;
    for (int l = 0; l < 32; ++l) any = any || b_.ints[static_cast<std::size_t>(base() + l)] != 0;
    warp_sync(where);
    return any;
  }
  [[nodiscard]] std::uint64_t warp_broadcast(
      std::uint64_t v, std::source_location where = std::source_location::current()) const {
    b_.words[static_cast<std::size_t>(rank_)] = v;
    warp_sync(where);
    const std::uint64_t r = b_.words[static_cast<std::size_t>(base())];
    warp_sync(where);
    return r;
  }
  [[nodiscard]] int shfl(int v, int src,
                         std::source_location where = std::source_location::current()) const {
    b_.ints[static_cast<std::size_t>(rank_)] = v;
    warp_sync(where);
    const int r = b_.ints[static_cast<std::size_t>(base() + src)];
    warp_sync(where);
    return r;
  }
  [[nodiscard]] int warp_inclusive_sum(
      int v, std::source_location where = std::source_location::current()) const {
    b_.ints[static_cast<std::size_t>(rank_)] = v;
    warp_sync(where);
    int sum = 0;
    for (int l = 0; l <= lane(); ++l) sum += b_.ints[static_cast<std::size_t>(base() + l)];
    warp_sync(where);
    return sum;
  }
  void fence_release() const { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
  void fence_acquire() const { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
  void fence_system() const { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
  void pause(unsigned /*nanoseconds*/ = 0) const { std::this_thread::yield(); }
  void publish_int(int* p, int v) const { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }
  void publish_ll(long long* p, long long v) const { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }

  [[nodiscard]] std::uint64_t load(const std::uint64_t* p) const {
    return __atomic_load_n(p, __ATOMIC_SEQ_CST);
  }
  void store64(std::uint64_t* p, std::uint64_t v) const {
    __atomic_store_n(p, v, __ATOMIC_SEQ_CST);
  }
  void and64(std::uint64_t* p, std::uint64_t v) const {
    __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST);
  }
  void or32(unsigned* p, unsigned v) const { __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }
  void add_u32(unsigned* p, unsigned v) const { __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
  [[nodiscard]] unsigned load_u32(const unsigned* p) const {
    return __atomic_load_n(p, __ATOMIC_SEQ_CST);
  }
  [[nodiscard]] unsigned load_hint_u32(const unsigned* p) const {
    return __atomic_load_n(p, __ATOMIC_RELAXED);
  }
  [[nodiscard]] int load_hint(const int* p) const { return __atomic_load_n(p, __ATOMIC_RELAXED); }
  void store_hint(int* p, int v) const { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
  [[nodiscard]] int load_int(const int* p) const { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }
  void store_int(int* p, int v) const { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }
  [[nodiscard]] long long load_ll(const long long* p) const {
    return __atomic_load_n(p, __ATOMIC_SEQ_CST);
  }
  void store_ll(long long* p, long long v) const { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }
  [[nodiscard]] unsigned long long load_ull(const unsigned long long* p) const {
    return __atomic_load_n(p, __ATOMIC_SEQ_CST);
  }
  unsigned long long add_ull(unsigned long long* p, unsigned long long v) const {
    return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
  }
  long long add_ll(long long* p, long long v) const {
    return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST);
  }
  int min_int(int* p, int v) const {
    int old = __atomic_load_n(p, __ATOMIC_SEQ_CST);
    while (v < old &&
           !__atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    }
    return old;
  }
  int max_int(int* p, int v) const {
    int old = __atomic_load_n(p, __ATOMIC_SEQ_CST);
    while (v > old &&
           !__atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    }
    return old;
  }
  long long min_ll(long long* p, long long v) const {
    long long old = __atomic_load_n(p, __ATOMIC_SEQ_CST);
    while (v < old &&
           !__atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    }
    return old;
  }
  long long max_ll(long long* p, long long v) const {
    long long old = __atomic_load_n(p, __ATOMIC_SEQ_CST);
    while (v > old &&
           !__atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    }
    return old;
  }
  int cas_int(int* p, int expected, int v) const {
    __atomic_compare_exchange_n(p, &expected, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return expected;
  }
  unsigned long long cas_ull(unsigned long long* p, unsigned long long expected,
                             unsigned long long v) const {
    __atomic_compare_exchange_n(p, &expected, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return expected;
  }
  static int popcount(std::uint64_t v) { return __builtin_popcountll(v); }
  static int ctz(std::uint64_t v) { return __builtin_ctzll(v); }

 private:
  [[nodiscard]] int base() const { return rank_ & ~31; }
  // The last arrival at a barrier of lanes [from, from + count): every one of them must wait at
  // the same line. Lanes that reached different barriers (a condition they read differently)
  // would be released together here and block or miscount later; on the device that is
  // undefined behaviour (__syncthreads in divergent code). Ends the run at the first such
  // barrier, with the line of every lane.
  void same_line(int from, int count) const {
    const int line = b_.at[static_cast<std::size_t>(from)].load(std::memory_order_relaxed);
    bool same = true;
    for (int r = from; r < from + count; ++r)
      same = same && b_.at[static_cast<std::size_t>(r)].load(std::memory_order_relaxed) == line;
    if (same) return;
    std::string lines;
    for (int r = from; r < from + count; ++r)
      lines += " " + std::to_string(b_.at[static_cast<std::size_t>(r)].load());
    std::fprintf(stderr, "lanes released at different barriers; line per lane:%s\n", lines.c_str());
    std::fflush(stderr);
    std::abort();
  }
  // Block barriers as +line, warp barriers as -line; 0 while the lane runs.
  void mark(const std::source_location& where, int kind) const {
    const int line = static_cast<int>(where.line());
    b_.at[static_cast<std::size_t>(rank_)].store(kind == 0   ? 0
                                                 : kind == 1 ? line
                                                             : -line,
                                                 std::memory_order_relaxed);
  }
  LaneBlock& b_;
  int rank_;
};

}  // namespace arcwave::test
