// The weighted (octile) wave on the GPU: exact octile lengths (octile.hpp) relaxed until they
// stop falling. kGlobal sweeps every cell per launch (the global-memory scheme of the paper with
// weights); kFast keeps a list of active 32x32 tiles: a block loads a tile's lengths with a
// one-cell halo, iterates to local convergence in shared memory, writes back what fell and, if a
// border cell fell, queues the 8 neighbouring tiles for the next pass (label-correcting, like
// Bellman-Ford on tiles). Any order of these updates converges to the exact distances because
// every value written is the length of a real path and lengths only fall.
#include <algorithm>

#include "arcwave/error.hpp"
#include "graph/grid/gpu_wave_impl.cuh"
#include "graph/grid/octile.hpp"

namespace arcwave::grid {

namespace {

constexpr int kTile = 32;
constexpr int kHaloTile = kTile + 2;

__global__ void octile_sweep(const std::uint8_t* moves, std::uint64_t* dist, std::uint64_t cells,
                             MoveOffsets offsets, std::uint32_t* changed) {
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t c = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       c < cells; c += stride) {
    const std::uint8_t open = moves[c];
    if (open == 0) continue;
    const std::uint64_t old = dist[c];
    std::uint64_t best = old;
#pragma unroll
    for (int m = 0; m < 8; ++m) {
      if ((open >> m & 1U) == 0) continue;
      const std::uint64_t there =
          dist[static_cast<std::uint64_t>(static_cast<long long>(c) + offsets.at[m])];
      if (there == kOctileUnreached) continue;
      const std::uint64_t candidate = octile_step(there, m);
      if (octile_less(candidate, best)) best = candidate;
    }
    if (best != old) {
      dist[c] = best;
      *changed = 1;
    }
  }
}

struct TilePass {
  const std::uint8_t* moves;
  std::uint64_t* dist;
  int width;
  int height;
  std::uint32_t tiles_x;
  std::uint32_t tiles_y;
  const std::uint32_t* list;
  std::uint32_t count;
  std::uint32_t* next_list;
  std::uint32_t* next_count;
  std::uint32_t* enqueued;  // per tile: the pass it was last queued for
  std::uint32_t pass;
};

__device__ void queue_tile(const TilePass& p, long long tx, long long ty) {
  if (tx < 0 || ty < 0 || tx >= p.tiles_x || ty >= p.tiles_y) return;
  const auto t = static_cast<std::uint32_t>(ty * p.tiles_x + tx);
  if (atomicExch(p.enqueued + t, p.pass + 1) == p.pass + 1) return;
  p.next_list[atomicAdd(p.next_count, 1U)] = t;
}

__global__ void __launch_bounds__(kTile* kTile) octile_tiles(TilePass p) {
  __shared__ std::uint64_t dist[kHaloTile][kHaloTile];
  const int tx = static_cast<int>(threadIdx.x);
  const int ty = static_cast<int>(threadIdx.y);
  const int tid = ty * kTile + tx;
  for (std::uint32_t i = blockIdx.x; i < p.count; i += gridDim.x) {
    const std::uint32_t tile = p.list[i];
    const int x0 = static_cast<int>(tile % p.tiles_x) * kTile;
    const int y0 = static_cast<int>(tile / p.tiles_x) * kTile;
    for (int j = tid; j < kHaloTile * kHaloTile; j += kTile * kTile) {
      const int gx = x0 + j % kHaloTile - 1;
      const int gy = y0 + j / kHaloTile - 1;
      // Halo cells may be written by neighbouring tiles in this pass: any value read is a real
      // path length (64-bit stores are not torn), and a fall queues this tile again.
      dist[j / kHaloTile][j % kHaloTile] =
          (gx >= 0 && gy >= 0 && gx < p.width && gy < p.height)
              ? __ldcg(p.dist +
                       static_cast<std::uint64_t>(gy) * static_cast<std::uint64_t>(p.width) +
                       static_cast<std::uint64_t>(gx))
              : kOctileUnreached;
    }
    const int gx = x0 + tx;
    const int gy = y0 + ty;
    const bool inside = gx < p.width && gy < p.height;
    const std::uint64_t c = static_cast<std::uint64_t>(gy) * static_cast<std::uint64_t>(p.width) +
                            static_cast<std::uint64_t>(gx);
    const std::uint8_t open = inside ? p.moves[c] : 0;
    __syncthreads();
    const std::uint64_t original = dist[ty + 1][tx + 1];
    for (;;) {
      std::uint64_t best = dist[ty + 1][tx + 1];
#pragma unroll
      for (int m = 0; m < 8; ++m) {
        if ((open >> m & 1U) == 0) continue;
        const std::uint64_t there = dist[ty + 1 + move_dy(m)][tx + 1 + move_dx(m)];
        if (there == kOctileUnreached) continue;
        const std::uint64_t candidate = octile_step(there, m);
        if (octile_less(candidate, best)) best = candidate;
      }
      __syncthreads();
      const bool fell = best != dist[ty + 1][tx + 1];
      if (fell) dist[ty + 1][tx + 1] = best;
      if (__syncthreads_or(fell) == 0) break;
    }
    const bool fell = inside && dist[ty + 1][tx + 1] != original;
    if (fell) p.dist[c] = dist[ty + 1][tx + 1];
    const bool border = tx == 0 || ty == 0 || tx == kTile - 1 || ty == kTile - 1;
    if (__syncthreads_or(fell && border) != 0 && tid == 0) {
      const long long cx = tile % p.tiles_x;
      const long long cy = tile / p.tiles_x;
      for (long long dy = -1; dy <= 1; ++dy)
        for (long long dx = -1; dx <= 1; ++dx)
          if (dx != 0 || dy != 0) queue_tile(p, cx + dx, cy + dy);
    }
    __syncthreads();  // the next tile reuses `dist`
  }
}

int multiprocessors() {
  int device = 0;
  int sms = 0;
  ARCWAVE_CUDA_CHECK(cudaGetDevice(&device));
  ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  return sms;
}

}  // namespace

WaveStats run_octile_variant(GpuLeeWave::Impl& im, GpuVariant variant, Point finish) {
  if (variant != GpuVariant::kGlobal && variant != GpuVariant::kFast)
    throw InputError("octile costs run with the global or the fast variant, not " +
                     std::string(to_string(variant)));
  cudaStream_t s = im.stream.get();
  im.octile.fill_bytes(0xFF, s);
  const std::uint64_t cell =
      static_cast<std::uint64_t>(finish.y) * static_cast<std::uint64_t>(im.width) +
      static_cast<std::uint64_t>(finish.x);
  std::uint32_t* h = im.host_counters;
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));
  WaveStats stats;
  if (variant == GpuVariant::kGlobal) {
    const std::uint64_t zero = 0;
    ARCWAVE_CUDA_CHECK(
        cudaMemcpyAsync(im.octile.data() + cell, &zero, sizeof zero, cudaMemcpyHostToDevice, s));
    const MoveOffsets offsets = move_offsets(im.width);
    const auto blocks = static_cast<unsigned>(
        std::min<std::uint64_t>((im.cells + kCellBlock - 1) / kCellBlock,
                                static_cast<std::uint64_t>(multiprocessors()) * 32));
    std::uint32_t* changed = im.counters.data() + kChanged;
    for (;;) {
      ARCWAVE_CUDA_CHECK(cudaMemsetAsync(changed, 0, sizeof(std::uint32_t), s));
      octile_sweep<<<blocks, kCellBlock, 0, s>>>(im.moves.data(), im.octile.data(), im.cells,
                                                 offsets, changed);
      ARCWAVE_CUDA_CHECK_LAUNCH("octile_sweep");
      ++stats.steps;
      im.fetch_counters();
      if (h[kChanged] == 0) return stats;
    }
  }
  // Tile lists: two lists and an enqueued stamp per tile (allocated on first use).
  const auto tiles_x = static_cast<std::uint32_t>((im.width + kTile - 1) / kTile);
  const auto tiles_y = static_cast<std::uint32_t>((im.height + kTile - 1) / kTile);
  const std::uint32_t tiles = tiles_x * tiles_y;
  if (im.list_a.size() < tiles) {
    im.list_a.allocate(tiles);
    im.list_b.allocate(tiles);
    im.enqueued.allocate(tiles);
  }
  im.enqueued.fill_bytes(0xFF, s);
  const std::uint32_t first = static_cast<std::uint32_t>(finish.y / kTile) * tiles_x +
                              static_cast<std::uint32_t>(finish.x / kTile);
  const std::uint64_t zero = 0;
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(im.octile.data() + cell, &zero, sizeof zero, cudaMemcpyHostToDevice, s));
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(im.list_a.data(), &first, sizeof first, cudaMemcpyHostToDevice, s));
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));
  std::uint32_t* lists[2] = {im.list_a.data(), im.list_b.data()};
  std::uint32_t count = 1;
  const auto max_blocks = static_cast<std::uint32_t>(multiprocessors() * 2);
  for (std::uint32_t pass = 0; count > 0; ++pass) {
    std::uint32_t* next_count = im.counters.data() + kCount0;
    ARCWAVE_CUDA_CHECK(cudaMemsetAsync(next_count, 0, sizeof(std::uint32_t), s));
    TilePass p{im.moves.data(),
               im.octile.data(),
               im.width,
               im.height,
               tiles_x,
               tiles_y,
               lists[pass & 1U],
               count,
               lists[(pass + 1) & 1U],
               next_count,
               im.enqueued.data(),
               pass};
    octile_tiles<<<std::min(count, max_blocks), dim3(kTile, kTile), 0, s>>>(p);
    ARCWAVE_CUDA_CHECK_LAUNCH("octile_tiles");
    im.fetch_counters();
    count = h[kCount0];
    stats.tile_steps += p.count;
    ++stats.steps;
  }
  return stats;
}

}  // namespace arcwave::grid
