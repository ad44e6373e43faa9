// graph/sssp/near_far_kernel.cuh — the near-far SSSP as one persistent cooperative kernel.
//
// Why: on a 10^6-vertex grid the shortest paths run about 2000 edges deep, so any scheme that
// pays a kernel launch or a host round trip per round (3-10 us) spends tens of milliseconds on
// rounds alone, while the bytes to move (4e6 edges x 12 B) take a few microseconds. Two things
// bring the rounds' cost down here:
//   - near-far buckets (near_far_rules.hpp) instead of Bellman-Ford: a vertex is relaxed about
//     twice instead of ~50 times (CPU schedule on the grid), at ~1.2x the rounds;
//   - one launch for the whole run; a block keeps the vertices it improved in shared memory and
//     relaxes them again itself (up to `local_rounds` rounds, a __syncthreads() each), so a
//     round costs a few dependent L2 accesses, and only the phases (a block's frontier that
//     outgrew shared memory or ran out of local rounds, and the splits of the far pile) pay a
//     grid-wide barrier.
// Any order of relaxations gives the exact distances (every value written is the length of a
// real path, and lengths only fall), so blocks may relax the same vertex twice; the near
// threshold only decides when, not whether, a vertex is relaxed.
//
// A phase relaxes the near frontier or, when it is empty, splits the far pile (see
// near_far_cpu.hpp, the CPU reference of the same phases). Phase p reads the near queue p % 2
// and appends to the other; far generation g (the entries appended since the g-th split) lives
// in pile g % 2. Counters follow NearFarControl's modulo-3 scheme. Dedup stamps
// (stamp_base + p + 1) keep a vertex once per phase in the grid-wide queue; block-local queues
// are not deduplicated (a repeat relaxes nothing new).
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "core/csr_view.hpp"
#include "graph/sssp/distance.hpp"
#include "graph/sssp/gpu_internal.cuh"
#include "graph/sssp/near_far_rules.hpp"
#include "graph/sssp/near_far_workspace.cuh"

namespace arcwave::sssp::gpu::detail::near_far_device {

namespace cg = cooperative_groups;

constexpr int kThreads = 512;
constexpr std::uint32_t kLocalCapacity = 2048;  // vertices per block-local queue
constexpr std::uint64_t kLongList = kWarp;      // edge lists this long are walked by a warp
constexpr int kEdgeBatch = 4;  // a thread loads this many edges, then issues their atomics

template <typename Weight>
struct Args {
  using D = Distance<Weight>;
  CsrView<Weight> graph;
  D* dist;
  std::uint32_t* near[2];
  std::uint32_t* far[2];
  std::uint32_t far_capacity;
  std::uint32_t* stamps;
  std::uint32_t stamp_base;
  std::uint32_t max_phases;
  std::uint32_t local_rounds;
  D delta;  // 0: automatic
  double delta_scale;
  NearFarControl<D>* control;
};

struct Shared {
  std::uint32_t queue[2][kLocalCapacity];
  std::uint32_t count[3];  // local round j reads count[j % 3] (modulo-3 scheme again)
  long long min_bits;      // block minimum of non-negative distances, as their int64 bits
};

/// Element `index` (0 or 1) of a kernel-parameter pair, without indexing the parameter array
/// (which would copy the parameters to local memory).
__device__ inline std::uint32_t* pick(std::uint32_t* const (&pair)[2], std::uint32_t index) {
  return index == 0 ? pair[0] : pair[1];
}

// Loads that bypass L1 for data other blocks write during the run (distances, queues, counts).
__device__ inline std::int64_t load_cg(const std::int64_t* p) {
  return __ldcg(reinterpret_cast<const long long*>(p));
}
__device__ inline double load_cg(const double* p) {
  return __ldcg(p);
}
__device__ inline std::uint32_t load_cg(const std::uint32_t* p) {
  return __ldcg(p);
}
// Read-only graph data through the read-only path.
__device__ inline std::int64_t load_ro(const std::int64_t* p) {
  return __ldg(reinterpret_cast<const long long*>(p));
}
__device__ inline double load_ro(const double* p) {
  return __ldg(p);
}
__device__ inline std::uint64_t load_ro(const std::uint64_t* p) {
  return __ldg(reinterpret_cast<const unsigned long long*>(p));
}

// Non-negative distances order like their bits read as int64 (+0.0 .. +inf for doubles).
__device__ inline long long to_bits(std::int64_t d) {
  return d;
}
__device__ inline long long to_bits(double d) {
  return __double_as_longlong(d);
}
template <typename D>
__device__ inline D from_bits(long long bits) {
  if constexpr (std::is_integral_v<D>)
    return bits;
  else
    return __longlong_as_double(bits);
}

/// A slot in a grid-wide queue: one atomicAdd per group of threads that append together.
__device__ inline std::uint32_t reserve_slot(std::uint32_t* count) {
  cg::coalesced_group group = cg::coalesced_threads();
  const auto rank = static_cast<std::uint32_t>(group.thread_rank());
  std::uint32_t first = 0;
  if (rank == 0) first = atomicAdd(count, static_cast<std::uint32_t>(group.size()));
  return group.shfl(first, 0) + rank;
}

/// Where the improved vertices of one local round go.
template <typename D>
struct Outputs {
  D threshold;
  bool keep_local;             // another local round follows
  std::uint32_t* local_queue;  // shared memory
  std::uint32_t* local_count;  // shared memory
  std::uint32_t* near_queue;   // the grid-wide queue of the next phase
  std::uint32_t* near_count;
  std::uint32_t* stamps;
  std::uint32_t tag;
  std::uint32_t* far_pile;
  std::uint32_t* far_count;
  std::uint32_t* far_overflow;
  std::uint32_t far_capacity;
};

/// `v` fell to `nd`: near vertices go to the block's next local round while there is room and a
/// round, else (once per phase) to the grid-wide queue; far ones to the far pile.
template <typename D>
__device__ inline void emit(const Outputs<D>& out, std::uint32_t v, D nd, D& far_min) {
  if (nd < out.threshold) {
    if (out.keep_local) {
      const std::uint32_t slot = atomicAdd(out.local_count, 1U);
      if (slot < kLocalCapacity) {
        out.local_queue[slot] = v;
        return;
      }
    }
    if (atomicExch(out.stamps + v, out.tag) != out.tag)
      out.near_queue[reserve_slot(out.near_count)] = v;
    return;
  }
  far_min = nd < far_min ? nd : far_min;
  const std::uint32_t slot = reserve_slot(out.far_count);
  if (slot < out.far_capacity)
    out.far_pile[slot] = v;
  else
    *out.far_overflow = 1;
}

/// Relaxes the edges [begin, end) of a vertex at distance `d`, all by this thread: kEdgeBatch
/// targets and weights are loaded, then their atomics issued together (one dependent L2 round
/// trip per batch rather than per edge).
template <typename Weight>
__device__ inline void relax_list(const Args<Weight>& a, Distance<Weight> d, std::uint64_t begin,
                                  std::uint64_t end, const Outputs<Distance<Weight>>& out,
                                  Distance<Weight>& far_min) {
  using D = Distance<Weight>;
  for (std::uint64_t first = begin; first < end; first += kEdgeBatch) {
    std::uint32_t target[kEdgeBatch] = {};
    D nd[kEdgeBatch] = {};
    D before[kEdgeBatch] = {};
#pragma unroll
    for (int k = 0; k < kEdgeBatch; ++k)
      if (first + k < end) {
        target[k] = __ldg(a.graph.targets + first + k);
        nd[k] = d + static_cast<D>(load_ro(a.graph.weights + first + k));
      }
#pragma unroll
    for (int k = 0; k < kEdgeBatch; ++k)
      if (first + k < end) before[k] = atomic_min_non_negative(a.dist + target[k], nd[k]);
#pragma unroll
    for (int k = 0; k < kEdgeBatch; ++k)
      if (first + k < end && nd[k] < before[k]) emit(out, target[k], nd[k], far_min);
  }
}

/// One local round over `count` vertices at `items` (shared memory, or the block's part of the
/// grid-wide queue). A thread takes a vertex; lists of kLongList edges or more are walked by the
/// whole warp. Whole warps iterate together so that the ballot sees every lane.
template <bool kShared, typename Weight>
__device__ void relax_items(const Args<Weight>& a, const std::uint32_t* items, std::uint32_t count,
                            const Outputs<Distance<Weight>>& out, Distance<Weight>& far_min,
                            unsigned long long& relaxed) {
  using D = Distance<Weight>;
  const unsigned lane = threadIdx.x % kWarp;
  for (std::uint32_t base = threadIdx.x - lane; base < count; base += kThreads) {
    const std::uint32_t i = base + lane;
    const bool valid = i < count;
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    D d = D{0};
    if (valid) {
      const std::uint32_t v = kShared ? items[i] : load_cg(items + i);
      d = load_cg(a.dist + v);
      begin = load_ro(a.graph.offsets + v);
      end = load_ro(a.graph.offsets + v + 1);
      ++relaxed;
    }
    const bool long_list = end - begin >= kLongList;
    for (unsigned longs = __ballot_sync(kFullMask, long_list); longs != 0; longs &= longs - 1) {
      const int owner = __ffs(static_cast<int>(longs)) - 1;
      const D owner_d = __shfl_sync(kFullMask, d, owner);
      const std::uint64_t owner_begin = __shfl_sync(kFullMask, begin, owner);
      const std::uint64_t owner_end = __shfl_sync(kFullMask, end, owner);
      for (std::uint64_t e = owner_begin + lane; e < owner_end; e += kWarp)
        relax_list(a, owner_d, e, e + 1, out, far_min);
    }
    if (!long_list) relax_list(a, d, begin, end, out, far_min);
  }
}

/// Adds this block's minimum of `value` (over all its threads) into `*target`. Every thread of
/// the block calls it.
template <typename D>
__device__ void block_min_into(D value, D* target, Shared& sh) {
  long long bits = to_bits(value);
#pragma unroll
  for (int offset = kWarp / 2; offset > 0; offset >>= 1) {
    const long long other = __shfl_down_sync(kFullMask, bits, offset);
    bits = other < bits ? other : bits;
  }
  const long long none = to_bits(infinity<D>());
  if (threadIdx.x % kWarp == 0 && bits != none) atomicMin(&sh.min_bits, bits);
  __syncthreads();
  if (threadIdx.x == 0) {
    if (sh.min_bits != none) atomic_min_non_negative(target, from_bits<D>(sh.min_bits));
    sh.min_bits = none;
  }
}

/// What every thread knows about the phase it runs.
template <typename D>
struct Phase {
  std::uint32_t index;
  std::uint32_t generation;  // splits so far: far appends go to this generation
  std::uint32_t tag;         // dedup stamp of this phase
  D threshold;
};

/// A relaxation phase: the block takes its share of the grid-wide near queue, then runs local
/// rounds on what it improved until nothing is left or local_rounds rounds ran.
/// Returns the local rounds the block ran.
template <typename Weight>
__device__ std::uint32_t relax_phase(const Args<Weight>& a, Shared& sh,
                                     const Phase<Distance<Weight>>& ph, std::uint32_t size,
                                     unsigned long long& relaxed) {
  using D = Distance<Weight>;
  NearFarControl<D>& c = *a.control;
  const std::uint32_t g = ph.generation;
  const auto lo = static_cast<std::uint32_t>(std::uint64_t{size} * blockIdx.x / gridDim.x);
  const auto hi = static_cast<std::uint32_t>(std::uint64_t{size} * (blockIdx.x + 1) / gridDim.x);
  Outputs<D> out{ph.threshold,
                 false,
                 nullptr,
                 nullptr,
                 pick(a.near, (ph.index + 1) & 1U),
                 &c.near_count[(ph.index + 1) % 3],
                 a.stamps,
                 ph.tag,
                 pick(a.far, g & 1U),
                 &c.far_count[g % 3],
                 &c.far_overflow[g % 3],
                 a.far_capacity};
  D far_min = infinity<D>();
  std::uint32_t j = 0;
  for (;; ++j) {
    out.keep_local = j + 1 < a.local_rounds;
    out.local_queue = sh.queue[(j + 1) & 1U];
    out.local_count = &sh.count[(j + 1) % 3];
    if (j == 0) {
      relax_items<false>(a, pick(a.near, ph.index & 1U) + lo, hi - lo, out, far_min, relaxed);
    } else {
      const std::uint32_t count = min(sh.count[j % 3], kLocalCapacity);
      if (count == 0) break;
      relax_items<true>(a, sh.queue[j & 1U], count, out, far_min, relaxed);
    }
    if (threadIdx.x == 0) sh.count[(j + 2) % 3] = 0;
    __syncthreads();
  }
  __syncthreads();
  if (threadIdx.x == 0) sh.count[0] = sh.count[1] = sh.count[2] = 0;
  block_min_into(far_min, &c.far_min[g % 3], sh);
  return j;
}

/// A split of far generation g: the threshold moves to its smallest distance + Δ; entries below
/// it become the next phase's near queue, stale ones (relaxed as near since) are dropped, the
/// rest go to generation g + 1. After an overflow every vertex is examined instead: those at or
/// above the old threshold with a finite distance are exactly the ones never relaxed at it.
/// Returns the new threshold.
template <typename Weight>
__device__ Distance<Weight> split_phase(const Args<Weight>& a, Shared& sh,
                                        const Phase<Distance<Weight>>& ph, Distance<Weight> delta) {
  using D = Distance<Weight>;
  NearFarControl<D>& c = *a.control;
  const std::uint32_t g = ph.generation;
  const D threshold = near_far::next_threshold(load_cg(&c.far_min[g % 3]), delta);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    c.far_count[(g + 2) % 3] = 0;
    c.far_overflow[(g + 2) % 3] = 0;
    c.far_min[(g + 2) % 3] = infinity<D>();
  }
  const bool overflow = load_cg(&c.far_overflow[g % 3]) != 0;
  const std::uint32_t entries =
      overflow ? a.graph.vertex_count : min(load_cg(&c.far_count[g % 3]), a.far_capacity);
  const std::uint32_t* pile = pick(a.far, g & 1U);
  std::uint32_t* near_queue = pick(a.near, (ph.index + 1) & 1U);
  std::uint32_t* near_count = &c.near_count[(ph.index + 1) % 3];
  std::uint32_t* kept = pick(a.far, (g + 1) & 1U);
  D kept_min = infinity<D>();
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < entries; i += stride) {
    const std::uint32_t v = overflow ? static_cast<std::uint32_t>(i) : load_cg(pile + i);
    const D d = load_cg(a.dist + v);
    if (!(d >= ph.threshold) || d == infinity<D>()) continue;
    if (atomicExch(a.stamps + v, ph.tag) == ph.tag) continue;
    if (d < threshold) {
      near_queue[reserve_slot(near_count)] = v;
    } else {
      kept_min = d < kept_min ? d : kept_min;
      const std::uint32_t slot = reserve_slot(&c.far_count[(g + 1) % 3]);
      if (slot < a.far_capacity)
        kept[slot] = v;
      else
        c.far_overflow[(g + 1) % 3] = 1;
    }
  }
  block_min_into(kept_min, &c.far_min[(g + 1) % 3], sh);
  return threshold;
}

/// The automatic Δ: every block adds its share of the weights, then all read the sum.
template <typename Weight>
__device__ Distance<Weight> automatic_delta(const Args<Weight>& a, cg::grid_group& grid) {
  using D = Distance<Weight>;
  double sum = 0;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t e = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       e < a.graph.edge_count; e += stride)
    sum += static_cast<double>(load_ro(a.graph.weights + e));
#pragma unroll
  for (int offset = kWarp / 2; offset > 0; offset >>= 1)
    sum += __shfl_down_sync(kFullMask, sum, offset);
  if (threadIdx.x % kWarp == 0 && sum != 0) atomicAdd(&a.control->weight_sum, sum);
  grid.sync();
  const double width = near_far::automatic_delta(__ldcg(&a.control->weight_sum), a.graph.edge_count,
                                                 a.graph.vertex_count);
  return near_far::to_delta<D>(width * a.delta_scale);
}

/// The whole run. Every thread takes the same decisions from the same counters (read after a
/// grid barrier, and not written again before the next one), so all leave the loop together.
template <typename Weight>
__global__ void __launch_bounds__(kThreads, 1) near_far_kernel(Args<Weight> a) {
  using D = Distance<Weight>;
  __shared__ Shared sh;
  cg::grid_group grid = cg::this_grid();
  NearFarControl<D>& c = *a.control;
  if (threadIdx.x == 0) {
    sh.count[0] = sh.count[1] = sh.count[2] = 0;
    sh.min_bits = to_bits(infinity<D>());
  }
  __syncthreads();
  const D delta = a.delta != D{0} ? a.delta : automatic_delta(a, grid);
  Phase<D> ph{0, 0, 0, near_far::next_threshold(D{0}, delta)};
  unsigned long long relaxed = 0;
  std::uint32_t rounds = 0;  // local rounds this block ran
  for (;; ++ph.index) {
    if (ph.index >= a.max_phases) {
      if (blockIdx.x == 0 && threadIdx.x == 0) c.out_of_phases = 1;
      break;
    }
    ph.tag = a.stamp_base + ph.index + 1;
    const std::uint32_t size = load_cg(&c.near_count[ph.index % 3]);
    if (blockIdx.x == 0 && threadIdx.x == 0) c.near_count[(ph.index + 2) % 3] = 0;
    if (size > 0) {
      rounds += relax_phase(a, sh, ph, size, relaxed);
    } else {
      if (load_cg(&c.far_count[ph.generation % 3]) == 0 &&
          load_cg(&c.far_overflow[ph.generation % 3]) == 0)
        break;
      ph.threshold = split_phase(a, sh, ph, delta);
      ++ph.generation;
    }
    grid.sync();
  }
#pragma unroll
  for (int offset = kWarp / 2; offset > 0; offset >>= 1)
    relaxed += __shfl_down_sync(kFullMask, relaxed, offset);
  if (threadIdx.x % kWarp == 0 && relaxed != 0) atomicAdd(&c.items, relaxed);
  if (threadIdx.x == 0) atomicMax(&c.block_rounds, rounds);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    c.phases = ph.index;
    c.splits = ph.generation;
    c.delta = delta;
  }
}

/// Before a run: distances infinite but the source's 0, the source as the near queue of phase
/// 0, counters cleared.
template <typename D>
__global__ void near_far_init(D* dist, std::uint32_t n, std::uint32_t source, std::uint32_t* near0,
                              NearFarControl<D>* control) {
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t v = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; v < n;
       v += stride)
    dist[v] = v == source ? D{0} : infinity<D>();
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    near0[0] = source;
    NearFarControl<D>& c = *control;
    for (int i = 0; i < 3; ++i) {
      c.near_count[i] = i == 0 ? 1 : 0;
      c.far_count[i] = 0;
      c.far_overflow[i] = 0;
      c.far_min[i] = infinity<D>();
    }
    c.phases = c.splits = c.out_of_phases = c.block_rounds = 0;
    c.delta = D{0};
    c.weight_sum = 0;
    c.items = 0;
  }
}

}  // namespace arcwave::sssp::gpu::detail::near_far_device
