// graph/grid/gpu_tile_wave.cuh — internal: one 32x32 tile of a grid search relaxed by one CTA of
// 32x32 threads (gpu_search.hpp). The tile and a one-cell halo are loaded into shared memory
// (lengths of tiles whose stamp is not the search's count as unreached), every cell pulls the
// best length from its open moves until nothing falls (accepting only lengths whose f is below
// `bound`), fallen cells are written back, and the CTA learns which of the 8 neighbouring tiles
// a fallen border cell touches and the smallest f among those cells.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "graph/grid/metric.hpp"
#include "graph/grid/octile.hpp"

namespace arcwave::grid::tile_wave {

inline constexpr int kTile = 32;
inline constexpr int kHalo = kTile + 2;
inline constexpr int kThreads = kTile * kTile;

/// The map as the kernels see it.
struct DeviceMap {
  const std::uint8_t* moves;   // open moves per cell (bit m: move m of grid.hpp)
  const std::uint16_t* costs;  // weighted only, else nullptr
  int width;
  int height;
  std::uint32_t tiles_x;
  std::uint32_t tiles_y;
  Metric metric;
};

struct Shared {
  std::uint64_t label[kHalo][kHalo];
  std::uint16_t cost[kHalo][kHalo];
  std::uint64_t warp_min[kThreads / 32];
  std::uint32_t neighbours;  // bit (dy + 1) * 3 + (dx + 1): that neighbouring tile is touched
  std::uint64_t border_min;  // smallest f of a fallen border cell
  std::uint32_t fell;        // cells whose length fell
};

/// What one tile search needs to know.
struct TileJob {
  std::uint64_t* labels;        // the lengths of the search (whole map)
  const std::uint32_t* stamps;  // per tile: the search whose lengths it holds (nullptr: all valid)
  std::uint32_t stamp;
  std::uint32_t tile;
  int goal_x;  // heuristic target (use_goal)
  int goal_y;
  bool use_goal;
  std::uint64_t bound;  // accept only f below this (kOctileUnreached: accept every length)
  int seed;             // local index of a cell to start at length 0, or -1
};

__device__ inline std::uint64_t key_min(std::uint64_t a, std::uint64_t b) {
  return octile_less(b, a) ? b : a;
}

/// Minimum over the CTA (every thread gets it). Uses sh.warp_min.
__device__ inline std::uint64_t block_min(std::uint64_t v, Shared& sh) {
  const unsigned lane = threadIdx.x % 32U;
  const unsigned warp = (threadIdx.y * kTile + threadIdx.x) / 32U;
  for (int off = 16; off > 0; off /= 2) v = key_min(v, __shfl_down_sync(0xFFFFFFFFU, v, off));
  if (lane == 0) sh.warp_min[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = sh.warp_min[lane];
    for (int off = 16; off > 0; off /= 2) v = key_min(v, __shfl_down_sync(0xFFFFFFFFU, v, off));
    if (lane == 0) sh.warp_min[0] = v;
  }
  __syncthreads();
  v = sh.warp_min[0];
  __syncthreads();  // warp_min is reused
  return v;
}

__device__ inline bool tile_valid(const TileJob& job, std::uint32_t tile) {
  return job.stamps == nullptr || job.stamps[tile] == job.stamp;
}

/// Relaxes job.tile; called by every thread of a (32, 32) CTA. Results in sh.neighbours,
/// sh.border_min and sh.fell.
template <bool kWeighted>
__device__ void relax_tile(const DeviceMap& map, const TileJob& job, Shared& sh) {
  const int tx = static_cast<int>(threadIdx.x);
  const int ty = static_cast<int>(threadIdx.y);
  const int tid = ty * kTile + tx;
  const int x0 = static_cast<int>(job.tile % map.tiles_x) * kTile;
  const int y0 = static_cast<int>(job.tile / map.tiles_x) * kTile;
  const bool fresh = !tile_valid(job, job.tile);
  if (tid == 0) {
    sh.neighbours = 0;
    sh.fell = 0;
  }
  for (int j = tid; j < kHalo * kHalo; j += kThreads) {
    const int gx = x0 + j % kHalo - 1;
    const int gy = y0 + j / kHalo - 1;
    std::uint64_t value = kOctileUnreached;
    std::uint16_t cost = 0;
    if (gx >= 0 && gy >= 0 && gx < map.width && gy < map.height) {
      const std::uint64_t cell =
          static_cast<std::uint64_t>(gy) * static_cast<std::uint64_t>(map.width) +
          static_cast<std::uint64_t>(gx);
      const std::uint32_t owner = static_cast<std::uint32_t>(gy / kTile) * map.tiles_x +
                                  static_cast<std::uint32_t>(gx / kTile);
      // Halo cells may be written by other CTAs meanwhile (single-source): any value read is a
      // real path's length, and a later fall there activates this tile again.
      if (tile_valid(job, owner)) value = __ldcg(job.labels + cell);
      if constexpr (kWeighted) cost = map.costs[cell];
    }
    sh.label[j / kHalo][j % kHalo] = value;
    if constexpr (kWeighted) sh.cost[j / kHalo][j % kHalo] = cost;
  }
  const int gx = x0 + tx;
  const int gy = y0 + ty;
  const bool inside = gx < map.width && gy < map.height;
  const std::uint64_t cell =
      static_cast<std::uint64_t>(gy) * static_cast<std::uint64_t>(map.width) +
      static_cast<std::uint64_t>(gx);
  const std::uint8_t open = inside ? map.moves[cell] : 0;
  const std::uint64_t h =
      job.use_goal && inside ? map.metric.heuristic(gx - job.goal_x, gy - job.goal_y) : 0;
  __syncthreads();
  std::uint64_t original = sh.label[ty + 1][tx + 1];
  if (job.seed == tid) {
    sh.label[ty + 1][tx + 1] = 0;
    original = kOctileUnreached;  // the start counts as fallen: its neighbours must hear of it
  }
  std::uint32_t own_cost = 0;
  if constexpr (kWeighted) own_cost = sh.cost[ty + 1][tx + 1];
  __syncthreads();
  for (;;) {
    const std::uint64_t here = sh.label[ty + 1][tx + 1];
    std::uint64_t best = here;
#pragma unroll
    for (int m = 0; m < 8; ++m) {
      if ((open >> m & 1U) == 0) continue;
      const int ny = ty + 1 + move_dy(m);
      const int nx = tx + 1 + move_dx(m);
      const std::uint64_t there = sh.label[ny][nx];
      if (there == kOctileUnreached) continue;
      std::uint32_t their_cost = 0;
      if constexpr (kWeighted) their_cost = sh.cost[ny][nx];
      const std::uint64_t candidate = map.metric.step(there, m, their_cost, own_cost);
      if (octile_less(candidate, best)) best = candidate;
    }
    const bool accept =
        best != here && (job.bound == kOctileUnreached || octile_less(key_add(best, h), job.bound));
    __syncthreads();
    if (accept) sh.label[ty + 1][tx + 1] = best;
    if (__syncthreads_or(accept) == 0) break;
  }
  const std::uint64_t final_label = sh.label[ty + 1][tx + 1];
  const bool fell = inside && final_label != original;
  if (inside && (fell || fresh)) job.labels[cell] = final_label;
  std::uint64_t f = kOctileUnreached;
  if (fell) {
    std::uint32_t touched = 0;
    const int lx = tx == 0 ? -1 : tx == kTile - 1 ? 1 : 0;
    const int ly = ty == 0 ? -1 : ty == kTile - 1 ? 1 : 0;
    if (lx != 0) touched |= 1U << (4 + lx);                            // (0, lx)
    if (ly != 0) touched |= 1U << ((ly + 1) * 3 + 1);                  // (ly, 0)
    if (lx != 0 && ly != 0) touched |= 1U << ((ly + 1) * 3 + lx + 1);  // the corner
    if (touched != 0) {
      atomicOr(&sh.neighbours, touched);
      f = key_add(final_label, h);
    }
    atomicAdd(&sh.fell, 1U);
  }
  const std::uint64_t smallest = block_min(f, sh);
  if (tid == 0) sh.border_min = smallest;
  __syncthreads();
}

}  // namespace arcwave::grid::tile_wave
