// solver/batch/group.hpp — the threads that run one searcher (solver/batch/searcher.hpp):
// DeviceGroup is a CUDA thread block (warps of 32 lanes, __syncthreads, device atomics, volatile
// loads for what other blocks write); HostGroup is one host thread, where every collective is
// trivial. The searcher is written against this small interface only, so that the host runs the
// very code the device runs.
#pragma once

#include <cstdint>

// The searcher's functions: device code in CUDA translation units (which instantiate it for
// DeviceGroup only), host code elsewhere (HostGroup).
#if defined(__CUDACC__)
#define ARCWAVE_HD __device__
#else
#define ARCWAVE_HD
#endif

namespace arcwave::batch {

/// One thread: the reference execution on the host.
struct HostGroup {
  [[nodiscard]] int rank() const { return 0; }
  [[nodiscard]] int size() const { return 1; }
  [[nodiscard]] int lane() const { return 0; }
  [[nodiscard]] int warp() const { return 0; }
  [[nodiscard]] int warps() const { return 1; }
  [[nodiscard]] int warp_size() const { return 1; }
  void sync() const {}
  [[nodiscard]] bool warp_any(bool v) const { return v; }
  [[nodiscard]] std::uint64_t warp_broadcast(std::uint64_t v) const { return v; }
  [[nodiscard]] int shfl(int v, int /*src*/) const { return v; }
  [[nodiscard]] static long long clock() { return 0; }  // no cycle counts on the host
  [[nodiscard]] int warp_inclusive_sum(int v) const { return v; }
  void warp_sync() const {}
  void fence_release() const {}
  void fence_acquire() const {}
  void pause(unsigned /*nanoseconds*/ = 0) const {}
  // Memory another "device" (host thread) or the coordinator reads: release / acquire order.
  void fence_system() const { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
  void publish_int(int* p, int v) const { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
  void publish_ll(long long* p, long long v) const { __atomic_store_n(p, v, __ATOMIC_RELEASE); }

  [[nodiscard]] std::uint64_t load(const std::uint64_t* p) const { return *p; }
  void store64(std::uint64_t* p, std::uint64_t v) const { *p = v; }
  void and64(std::uint64_t* p, std::uint64_t v) const { *p &= v; }
  void or32(unsigned* p, unsigned v) const { *p |= v; }
  void add_u32(unsigned* p, unsigned v) const { *p += v; }
  [[nodiscard]] unsigned load_u32(const unsigned* p) const { return *p; }
  // Hints and heuristics other searchers update (weights, residues): any recent value will do.
  [[nodiscard]] unsigned load_hint_u32(const unsigned* p) const { return *p; }
  [[nodiscard]] int load_hint(const int* p) const { return *p; }
  void store_hint(int* p, int v) const { *p = v; }
  // Atomics: the coordinator's threads raise the external stop flag, relay the incumbent and
  // ask for work (acquire / release: the outbox's items are handed over by these flags).
  [[nodiscard]] int load_int(const int* p) const { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
  void store_int(int* p, int v) const { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
  [[nodiscard]] long long load_ll(const long long* p) const {
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
  }
  void store_ll(long long* p, long long v) const { *p = v; }
  [[nodiscard]] unsigned long long load_ull(const unsigned long long* p) const { return *p; }
  unsigned long long add_ull(unsigned long long* p, unsigned long long v) const {
    const unsigned long long old = *p;
    *p += v;
    return old;
  }
  long long add_ll(long long* p, long long v) const {
    const long long old = *p;
    *p += v;
    return old;
  }
  int min_int(int* p, int v) const {
    const int old = *p;
    if (v < old) *p = v;
    return old;
  }
  int max_int(int* p, int v) const {
    const int old = *p;
    if (v > old) *p = v;
    return old;
  }
  int cas_int(int* p, int expected, int v) const {
    const int old = *p;
    if (old == expected) *p = v;
    return old;
  }
  long long min_ll(long long* p, long long v) const {
    const long long old = *p;
    if (v < old) *p = v;
    return old;
  }
  long long max_ll(long long* p, long long v) const {
    const long long old = *p;
    if (v > old) *p = v;
    return old;
  }
  unsigned long long cas_ull(unsigned long long* p, unsigned long long expected,
                             unsigned long long v) const {
    const unsigned long long old = *p;
    if (old == expected) *p = v;
    return old;
  }
  static int popcount(std::uint64_t v) { return __builtin_popcountll(v); }
  static int ctz(std::uint64_t v) { return __builtin_ctzll(v); }
};

#if defined(__CUDACC__)
/// A thread block; blockDim.x a multiple of 32.
struct DeviceGroup {
  __device__ int rank() const { return static_cast<int>(threadIdx.x); }
  __device__ int size() const { return static_cast<int>(blockDim.x); }
  __device__ int lane() const { return static_cast<int>(threadIdx.x & 31U); }
  __device__ int warp() const { return static_cast<int>(threadIdx.x >> 5); }
  __device__ int warps() const { return static_cast<int>(blockDim.x >> 5); }
  __device__ int warp_size() const { return 32; }
  __device__ void sync() const { __syncthreads(); }
  __device__ bool warp_any(bool v) const { return __any_sync(0xffffffffU, v) != 0; }
  __device__ std::uint64_t warp_broadcast(std::uint64_t v) const {
    return __shfl_sync(0xffffffffU, static_cast<unsigned long long>(v), 0);
  }
  __device__ int shfl(int v, int src) const { return __shfl_sync(0xffffffffU, v, src); }
  __device__ static long long clock() { return clock64(); }
  __device__ int warp_inclusive_sum(int v) const {
    const int lane = static_cast<int>(threadIdx.x & 31U);
    for (int d = 1; d < 32; d <<= 1) {
      const int t = __shfl_up_sync(0xffffffffU, v, static_cast<unsigned>(d));
      if (lane >= d) v += t;
    }
    return v;
  }
  __device__ void warp_sync() const { __syncwarp(); }
  __device__ void fence_release() const { __threadfence(); }
  __device__ void fence_acquire() const { __threadfence(); }
  __device__ void pause(unsigned nanoseconds = 200) const { __nanosleep(nanoseconds); }
  // Mapped host memory the coordinator reads: plain volatile stores after a system-wide fence
  // (device atomics on host memory are not atomic over PCIe, and none is needed: one writer).
  __device__ void fence_system() const { __threadfence_system(); }
  __device__ void publish_int(int* p, int v) const {
    __threadfence_system();
    *static_cast<volatile int*>(p) = v;
  }
  __device__ void publish_ll(long long* p, long long v) const {
    __threadfence_system();
    *static_cast<volatile long long*>(p) = v;
  }

  // Volatile loads: other warps change domains under atomics, other blocks write the queue.
  __device__ std::uint64_t load(const std::uint64_t* p) const {
    return *static_cast<const volatile std::uint64_t*>(p);
  }
  __device__ void store64(std::uint64_t* p, std::uint64_t v) const {
    *static_cast<volatile std::uint64_t*>(p) = v;
  }
  __device__ void and64(std::uint64_t* p, std::uint64_t v) const {
    atomicAnd(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
  }
  __device__ void or32(unsigned* p, unsigned v) const { atomicOr(p, v); }
  __device__ void add_u32(unsigned* p, unsigned v) const { atomicAdd(p, v); }
  __device__ unsigned load_u32(const unsigned* p) const {
    return *static_cast<const volatile unsigned*>(p);
  }
  // Hints and heuristics (weights, residues): read from L2 where other blocks' updates land,
  // without the ordering of volatile accesses, so that the compiler overlaps the loads; a stale
  // value only costs a check or a worse choice, never an answer.
  __device__ unsigned load_hint_u32(const unsigned* p) const { return __ldcg(p); }
  __device__ int load_hint(const int* p) const { return __ldcg(p); }
  __device__ void store_hint(int* p, int v) const { __stcg(p, v); }
  __device__ int load_int(const int* p) const { return *static_cast<const volatile int*>(p); }
  // An atomic exchange: several threads may write at once (flags, blame, hints).
  __device__ void store_int(int* p, int v) const { atomicExch(p, v); }
  __device__ long long load_ll(const long long* p) const {
    return *static_cast<const volatile long long*>(p);
  }
  __device__ void store_ll(long long* p, long long v) const {
    atomicExch(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
  }
  __device__ unsigned long long load_ull(const unsigned long long* p) const {
    return *static_cast<const volatile unsigned long long*>(p);
  }
  __device__ unsigned long long add_ull(unsigned long long* p, unsigned long long v) const {
    return atomicAdd(p, v);
  }
  __device__ long long add_ll(long long* p, long long v) const {
    return static_cast<long long>(
        atomicAdd(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v)));
  }
  __device__ int min_int(int* p, int v) const { return atomicMin(p, v); }
  __device__ int max_int(int* p, int v) const { return atomicMax(p, v); }
  __device__ int cas_int(int* p, int expected, int v) const { return atomicCAS(p, expected, v); }
  __device__ long long min_ll(long long* p, long long v) const { return atomicMin(p, v); }
  __device__ long long max_ll(long long* p, long long v) const { return atomicMax(p, v); }
  __device__ unsigned long long cas_ull(unsigned long long* p, unsigned long long expected,
                                        unsigned long long v) const {
    return atomicCAS(p, expected, v);
  }
  __device__ static int popcount(std::uint64_t v) { return __popcll(v); }
  __device__ static int ctz(std::uint64_t v) { return __ffsll(static_cast<long long>(v)) - 1; }
};
#endif

}  // namespace arcwave::batch
