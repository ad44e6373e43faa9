// tests/solver/batch/lane_group.hpp — a thread group for the searcher (solver/batch/group.hpp)
// made of host threads, one per lane, in warps of 32 with real collectives (barriers for
// __syncthreads and __syncwarp, shuffles and votes through per-warp slots): the device's
// lane-parallel code paths run on the CPU, where HostGroup (one lane) never takes them.
#pragma once

#include <barrier>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "solver/batch/group.hpp"

namespace arcwave::test {

/// What the lanes of one group share.
struct LaneBlock {
  explicit LaneBlock(int threads)
      : size(threads),
        block(threads),
        ints(static_cast<std::size_t>(threads)),
        words(static_cast<std::size_t>(threads)) {
    for (int w = 0; w < threads / 32; ++w) warps.push_back(std::make_unique<std::barrier<>>(32));
  }
  int size;
  std::barrier<> block;
  std::vector<std::unique_ptr<std::barrier<>>> warps;
  std::vector<int> ints;
  std::vector<std::uint64_t> words;
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
  void sync() const { b_.block.arrive_and_wait(); }
  void warp_sync() const { b_.warps[static_cast<std::size_t>(warp())]->arrive_and_wait(); }
  [[nodiscard]] bool warp_any(bool v) const {
    b_.ints[static_cast<std::size_t>(rank_)] = v ? 1 : 0;
    warp_sync();
    bool any = false;
    for (int l = 0; l < 32; ++l) any = any || b_.ints[static_cast<std::size_t>(base() + l)] != 0;
    warp_sync();
    return any;
  }
  [[nodiscard]] std::uint64_t warp_broadcast(std::uint64_t v) const {
    b_.words[static_cast<std::size_t>(rank_)] = v;
    warp_sync();
    const std::uint64_t r = b_.words[static_cast<std::size_t>(base())];
    warp_sync();
    return r;
  }
  [[nodiscard]] int shfl(int v, int src) const {
    b_.ints[static_cast<std::size_t>(rank_)] = v;
    warp_sync();
    const int r = b_.ints[static_cast<std::size_t>(base() + src)];
    warp_sync();
    return r;
  }
  [[nodiscard]] int warp_inclusive_sum(int v) const {
    b_.ints[static_cast<std::size_t>(rank_)] = v;
    warp_sync();
    int sum = 0;
    for (int l = 0; l <= lane(); ++l) sum += b_.ints[static_cast<std::size_t>(base() + l)];
    warp_sync();
    return sum;
  }
  void fence_release() const { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
  void fence_acquire() const { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
  void fence_system() const { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
  void pause() const { std::this_thread::yield(); }
  void publish_int(int* p, int v) const { __atomic_store_n(p, v, __ATOMIC_SEQ_CST); }

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
  int cas_int(int* p, int expected, int v) const {
    __atomic_compare_exchange_n(p, &expected, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return expected;
  }
  static int popcount(std::uint64_t v) { return __builtin_popcountll(v); }
  static int ctz(std::uint64_t v) { return __builtin_ctzll(v); }

 private:
  [[nodiscard]] int base() const { return rank_ & ~31; }
  LaneBlock& b_;
  int rank_;
};

}  // namespace arcwave::test
