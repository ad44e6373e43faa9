// core/frontier/kernels.cuh — the device side of the frontier loop: one round body (two ways of
// spreading a frontier over warps), the end-of-round bookkeeping done by the last block to
// finish (control.hpp), and the two kernels every driver launches: one round per launch, or a
// persistent loop of rounds (a cooperative grid with grid.sync(), or a single block).
//
// Dedup: a vertex is appended to the next queue by the first relaxation of the round that
// returns true for it (atomicExch of the round's stamp); appends are aggregated per warp step
// (one atomicAdd per ballot). The relaxation may run concurrently for the same dst.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "core/csr_view.hpp"
#include "core/frontier/control.hpp"
#include "core/frontier/frontier.hpp"

namespace arcwave::frontier::detail {

constexpr int kWarp = 32;
constexpr int kBlock = 256;                // threads per block of the multi-block launches
constexpr int kSingleBlockThreads = 1024;  // threads of the single-block driver
constexpr unsigned kFullMask = 0xFFFFFFFFU;
constexpr std::uint64_t kLongList = kWarp;  // kScan: edge lists at least this long take a warp

/// Everything a round reads; passed by value to every kernel (and the key of a cached graph).
template <typename Weight, typename Relax>
struct RoundArgs {
  CsrView<Weight> graph;
  Relax relax;
  Control* control;
  std::uint32_t* queue[2];
  std::uint32_t* stamps;
};

/// Queue `index` (0 or 1) of `a`, without indexing the kernel-parameter array (which would copy
/// the parameters to local memory).
template <typename Weight, typename Relax>
__device__ inline std::uint32_t* queue_of(const RoundArgs<Weight, Relax>& a, std::uint32_t index) {
  return index == 0 ? a.queue[0] : a.queue[1];
}

/// Appends `dst` to `next` for the lanes with `enqueue` set: one atomicAdd per warp. All 32 lanes
/// of the warp must call it together.
__device__ inline void append(bool enqueue, std::uint32_t dst, std::uint32_t* next,
                              std::uint32_t* next_count) {
  const unsigned lane = threadIdx.x % kWarp;
  const unsigned ballot = __ballot_sync(kFullMask, enqueue);
  if (ballot == 0) return;
  const int leader = __ffs(static_cast<int>(ballot)) - 1;
  std::uint32_t slot = 0;
  if (static_cast<int>(lane) == leader)
    slot = atomicAdd(next_count, static_cast<std::uint32_t>(__popc(ballot)));
  slot = __shfl_sync(kFullMask, slot, leader);
  if (enqueue) next[slot + static_cast<std::uint32_t>(__popc(ballot & ((1U << lane) - 1U)))] = dst;
}

/// Relaxes edge `e` of `src`; true when its target is to be appended (first time this round).
template <typename Weight, typename Relax>
__device__ inline bool relax_edge(const RoundArgs<Weight, Relax>& a, const RoundPlan& p,
                                  std::uint32_t src, std::uint64_t e, std::uint32_t& dst) {
  dst = a.graph.targets[e];
  return a.relax(src, e, dst, p.round) && atomicExch(&a.stamps[dst], p.stamp) != p.stamp;
}

/// The whole warp walks the edges [begin, end) of `src`, 32 at a time.
template <typename Weight, typename Relax>
__device__ inline void walk_list(const RoundArgs<Weight, Relax>& a, const RoundPlan& p,
                                 std::uint32_t src, std::uint64_t begin, std::uint64_t end,
                                 std::uint32_t* next, std::uint32_t* next_count) {
  const unsigned lane = threadIdx.x % kWarp;
  // Every lane iterates the same number of times, so the ballot in append() is warp-wide.
  for (std::uint64_t base = begin; base < end; base += kWarp) {
    const std::uint64_t e = base + lane;
    std::uint32_t dst = 0;
    const bool enqueue = e < end && relax_edge(a, p, src, e, dst);
    append(enqueue, dst, next, next_count);
  }
}

/// Gather::kWarpPerItem: warp `warp` of `warps` takes items warp, warp + warps, ...
template <typename Weight, typename Relax>
__device__ void gather_warp_per_item(const RoundArgs<Weight, Relax>& a, const RoundPlan& p,
                                     std::uint64_t warp, std::uint64_t warps) {
  const std::uint32_t* frontier = queue_of(a, p.in_queue);
  std::uint32_t* next = queue_of(a, p.out_queue);
  std::uint32_t* next_count = &a.control->count[p.next_slot];
  for (std::uint64_t item = warp; item < p.size; item += warps) {
    const std::uint32_t src = frontier[item];
    walk_list(a, p, src, a.graph.offsets[src], a.graph.offsets[src + 1], next, next_count);
  }
}

/// Gather::kScan: a warp takes 32 items at a time, one per lane. Lists of kLongList edges or
/// more are walked by the whole warp, one after another; the short ones are laid end to end
/// (an exclusive scan of their lengths across the warp) and relaxed 32 edges per step, each
/// lane finding the item its edge belongs to by a binary search over the scan.
template <typename Weight, typename Relax>
__device__ void gather_scan(const RoundArgs<Weight, Relax>& a, const RoundPlan& p,
                            std::uint64_t warp, std::uint64_t warps) {
  const unsigned lane = threadIdx.x % kWarp;
  const std::uint32_t* frontier = queue_of(a, p.in_queue);
  std::uint32_t* next = queue_of(a, p.out_queue);
  std::uint32_t* next_count = &a.control->count[p.next_slot];
  for (std::uint64_t first = warp * kWarp; first < p.size; first += warps * kWarp) {
    const std::uint64_t item = first + lane;
    const bool valid = item < p.size;
    const std::uint32_t src = valid ? frontier[item] : 0U;
    const std::uint64_t begin = valid ? a.graph.offsets[src] : 0;
    const std::uint64_t end = valid ? a.graph.offsets[src + 1] : 0;
    const bool long_list = end - begin >= kLongList;
    for (unsigned longs = __ballot_sync(kFullMask, long_list); longs != 0; longs &= longs - 1) {
      const int owner = __ffs(static_cast<int>(longs)) - 1;
      walk_list(a, p, __shfl_sync(kFullMask, src, owner), __shfl_sync(kFullMask, begin, owner),
                __shfl_sync(kFullMask, end, owner), next, next_count);
    }
    const auto degree = long_list ? 0U : static_cast<std::uint32_t>(end - begin);
    std::uint32_t inclusive = degree;
#pragma unroll
    for (int d = 1; d < kWarp; d <<= 1) {
      const std::uint32_t below = __shfl_up_sync(kFullMask, inclusive, d);
      if (static_cast<int>(lane) >= d) inclusive += below;
    }
    const std::uint32_t exclusive = inclusive - degree;
    const std::uint32_t total = __shfl_sync(kFullMask, inclusive, kWarp - 1);
    for (std::uint32_t done = 0; done < total; done += kWarp) {
      const std::uint32_t k = done + lane;  // this lane's edge among the warp's short lists
      // The owner is the last lane whose list starts at or before k (exclusive is monotone,
      // and lanes with empty lists are skipped because the next lane starts at the same place).
      int owner = 0;
#pragma unroll
      for (int step = kWarp / 2; step > 0; step >>= 1)
        if (__shfl_sync(kFullMask, exclusive, owner + step) <= k) owner += step;
      const std::uint32_t owner_start = __shfl_sync(kFullMask, exclusive, owner);
      const std::uint64_t owner_begin = __shfl_sync(kFullMask, begin, owner);
      const std::uint32_t owner_src = __shfl_sync(kFullMask, src, owner);
      std::uint32_t dst = 0;
      const bool enqueue =
          k < total && relax_edge(a, p, owner_src, owner_begin + (k - owner_start), dst);
      append(enqueue, dst, next, next_count);
    }
  }
}

template <Gather kGather, typename Weight, typename Relax>
__device__ inline void gather(const RoundArgs<Weight, Relax>& a, const RoundPlan& p,
                              std::uint64_t warp, std::uint64_t warps) {
  if constexpr (kGather == Gather::kScan)
    gather_scan(a, p, warp, warps);
  else
    gather_warp_per_item(a, p, warp, warps);
}

/// Every thread of every block calls this after its share of round `p`; the last block to get
/// here closes the round (close_round()). The fences make this block's appends and relaxation
/// writes (the stop flag among them) visible before its arrival is counted.
__device__ inline void finish_round(Control* control, const RoundPlan& p) {
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) {
    const unsigned ticket = atomicAdd(&control->blocks_done, 1U);
    if (ticket == gridDim.x - 1) {
      __threadfence();
      volatile Control& c = *control;
      close_round(c, p);
      __threadfence();
    }
  }
}

/// Seeds counted on the device: copies the `*seed_count` seeds into round 0's queue (unless they
/// are there already) and makes the count round 0's size (control.hpp's seed_from_device()).
/// A template so that every translation unit including this header may instantiate it (a plain
/// __global__ function here would be defined once per .cu file and collide at link time).
template <int kUnused = 0>
__global__ void __launch_bounds__(kBlock)
    seed_kernel(Control* control, const std::uint32_t* seeds, const std::uint32_t* seed_count,
                std::uint32_t* queue) {
  const std::uint32_t count = *seed_count;
  if (seeds != queue)
    for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
         i < count; i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x)
      queue[i] = seeds[i];
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    volatile Control& c = *control;
    seed_from_device(c, count);
  }
}

/// One round per launch (kHost, kDevice, kGraph). A launch after the loop halted does nothing.
template <Gather kGather, typename Weight, typename Relax>
__global__ void __launch_bounds__(kBlock) round_kernel(RoundArgs<Weight, Relax> a) {
  const volatile Control& c = *a.control;
  const RoundPlan p = plan_round(c);
  if (!p.active) return;
  const std::uint64_t thread = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  gather<kGather>(a, p, thread / kWarp, static_cast<std::uint64_t>(gridDim.x) * blockDim.x / kWarp);
  finish_round(a.control, p);
}

/// Rounds in one launch until the loop halts or a frontier has more than `limit` items (the
/// single block then hands over). kGrid: a cooperative grid, rounds separated by grid.sync();
/// otherwise one block and __syncthreads(). The plan every thread reads was written before the
/// barrier by the last block of the previous round, and is rewritten only after every block has
/// finished the next one, so all threads agree on it and leave the loop together.
template <Gather kGather, bool kGrid, int kThreads, typename Weight, typename Relax>
__global__ void __launch_bounds__(kThreads)
    persistent_kernel(RoundArgs<Weight, Relax> a, std::uint32_t limit) {
  const volatile Control& c = *a.control;
  const std::uint64_t thread = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::uint64_t warps = static_cast<std::uint64_t>(gridDim.x) * blockDim.x / kWarp;
  for (;;) {
    const RoundPlan p = plan_round(c);
    if (!p.active || p.size > limit) break;
    gather<kGather>(a, p, thread / kWarp, warps);
    finish_round(a.control, p);
    if constexpr (kGrid)
      cooperative_groups::this_grid().sync();
    else
      __syncthreads();
  }
}

}  // namespace arcwave::frontier::detail
