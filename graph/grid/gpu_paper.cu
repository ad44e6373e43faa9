// The paper's three memory variants of the Lee wave (Kurochkin & Kryshtapovich 2018) for unit
// moves: labels relaxed in place in global memory, tiles with a one-cell halo iterated to
// local convergence in shared memory, and the global variant with the passability flags read
// through the texture path. The host relaunches each until a launch changes nothing.
#include <algorithm>

#include "arcwave/error.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/gpu_wave_impl.cuh"

namespace arcwave::grid {

namespace {

constexpr int kTile = 32;             // shared variant: 32 x 32 cells per block
constexpr int kHaloTile = kTile + 2;  // with a one-cell halo
constexpr std::uint32_t kNone = 0xFFFFFFFFU;

/// One relaxation sweep: every cell takes min(label of an open neighbour) + 1.
template <bool kMoore, bool kTexture>
__global__ void relax_global(const std::uint8_t* moves, cudaTextureObject_t moves_texture,
                             std::uint32_t* labels, std::uint64_t cells, MoveOffsets offsets,
                             std::uint32_t* changed) {
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t c = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       c < cells; c += stride) {
    std::uint8_t open = 0;
    if constexpr (kTexture)
      open = tex1Dfetch<unsigned char>(moves_texture, static_cast<int>(c));
    else
      open = moves[c];
    if (open == 0) continue;
    const std::uint32_t old = labels[c];
    std::uint32_t best = old;
#pragma unroll
    for (int m = 0; m < (kMoore ? 8 : 4); ++m) {
      if ((open >> m & 1U) == 0) continue;
      const std::uint32_t there =
          labels[static_cast<std::uint64_t>(static_cast<long long>(c) + offsets.at[m])];
      if (there != kNone && there + 1 < best) best = there + 1;
    }
    if (best < old) {
      labels[c] = best;
      *changed = 1;
    }
  }
}

/// One launch of the shared variant: each block takes 32 x 32 tiles (grid-stride), loads the
/// labels with a one-cell halo, relaxes them to local convergence and writes back what fell.
template <bool kMoore>
__global__ void __launch_bounds__(kTile* kTile)
    relax_shared(const std::uint8_t* moves, std::uint32_t* labels, int width, int height,
                 std::uint32_t tiles_x, std::uint32_t tiles, std::uint32_t* changed) {
  __shared__ std::uint32_t label[kHaloTile][kHaloTile];
  const int tx = static_cast<int>(threadIdx.x);
  const int ty = static_cast<int>(threadIdx.y);
  const int tid = ty * kTile + tx;
  for (std::uint32_t tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int x0 = static_cast<int>(tile % tiles_x) * kTile;
    const int y0 = static_cast<int>(tile / tiles_x) * kTile;
    for (int i = tid; i < kHaloTile * kHaloTile; i += kTile * kTile) {
      const int gx = x0 + i % kHaloTile - 1;
      const int gy = y0 + i / kHaloTile - 1;
      label[i / kHaloTile][i % kHaloTile] =
          (gx >= 0 && gy >= 0 && gx < width && gy < height)
              ? labels[static_cast<std::uint64_t>(gy) * static_cast<std::uint64_t>(width) +
                       static_cast<std::uint64_t>(gx)]
              : kNone;
    }
    const int gx = x0 + tx;
    const int gy = y0 + ty;
    const bool inside = gx < width && gy < height;
    const std::uint64_t c = static_cast<std::uint64_t>(gy) * static_cast<std::uint64_t>(width) +
                            static_cast<std::uint64_t>(gx);
    const std::uint8_t open = inside ? moves[c] : 0;
    __syncthreads();
    const std::uint32_t original = label[ty + 1][tx + 1];
    for (;;) {
      std::uint32_t best = label[ty + 1][tx + 1];
#pragma unroll
      for (int m = 0; m < (kMoore ? 8 : 4); ++m) {
        if ((open >> m & 1U) == 0) continue;
        const std::uint32_t there = label[ty + 1 + move_dy(m)][tx + 1 + move_dx(m)];
        if (there != kNone && there + 1 < best) best = there + 1;
      }
      __syncthreads();  // everyone has read before anyone writes
      const bool fell = best < label[ty + 1][tx + 1];
      if (fell) label[ty + 1][tx + 1] = best;
      if (__syncthreads_or(fell) == 0) break;
    }
    if (inside && label[ty + 1][tx + 1] < original) {
      labels[c] = label[ty + 1][tx + 1];
      *changed = 1;
    }
    __syncthreads();  // the next tile reuses `label`
  }
}

void start_labels(GpuLeeWave::Impl& im, Point finish) {
  im.labels.fill_bytes(0xFF, im.stream.get());
  const std::uint32_t zero = 0;
  const std::uint64_t at =
      static_cast<std::uint64_t>(finish.y) * static_cast<std::uint64_t>(im.width) +
      static_cast<std::uint64_t>(finish.x);
  ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(im.labels.data() + at, &zero, sizeof zero,
                                     cudaMemcpyHostToDevice, im.stream.get()));
}

void make_texture(GpuLeeWave::Impl& im) {
  if (im.moves_texture != 0) return;
  int device = 0;
  int max_linear = 0;
  ARCWAVE_CUDA_CHECK(cudaGetDevice(&device));
  ARCWAVE_CUDA_CHECK(
      cudaDeviceGetAttribute(&max_linear, cudaDevAttrMaxTexture1DLinearWidth, device));
  if (im.cells > static_cast<std::uint64_t>(max_linear))
    throw ResourceError("the texture variant reads at most " + std::to_string(max_linear) +
                        " cells through a linear texture; the grid has " +
                        std::to_string(im.cells));
  int alignment = 0;
  ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&alignment, cudaDevAttrTextureAlignment, device));
  if (alignment > 0 &&
      reinterpret_cast<std::uintptr_t>(im.moves.data()) % static_cast<std::uintptr_t>(alignment) !=
          0)
    throw ResourceError("the passability array is not aligned for a texture (" +
                        std::to_string(alignment) + " bytes)");
  cudaResourceDesc resource{};
  resource.resType = cudaResourceTypeLinear;
  resource.res.linear.devPtr = im.moves.data();
  resource.res.linear.desc = cudaCreateChannelDesc<unsigned char>();
  resource.res.linear.sizeInBytes = im.cells;
  cudaTextureDesc texture{};
  texture.readMode = cudaReadModeElementType;
  ARCWAVE_CUDA_CHECK(cudaCreateTextureObject(&im.moves_texture, &resource, &texture, nullptr));
}

unsigned sweep_blocks(std::uint64_t cells) {
  int device = 0;
  int sms = 0;
  ARCWAVE_CUDA_CHECK(cudaGetDevice(&device));
  ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  return static_cast<unsigned>(std::min<std::uint64_t>((cells + kCellBlock - 1) / kCellBlock,
                                                       static_cast<std::uint64_t>(sms) * 32));
}

}  // namespace

WaveStats run_paper_variant(GpuLeeWave::Impl& im, GpuVariant variant, Point finish) {
  start_labels(im, finish);
  if (variant == GpuVariant::kTexture) make_texture(im);
  const bool moore = im.n == Neighbourhood::kMoore;
  const MoveOffsets offsets = move_offsets(im.width);
  const unsigned blocks = sweep_blocks(im.cells);
  const auto tiles_x = static_cast<std::uint32_t>((im.width + kTile - 1) / kTile);
  const auto tiles = tiles_x * static_cast<std::uint32_t>((im.height + kTile - 1) / kTile);
  const unsigned tile_blocks = std::min<std::uint32_t>(tiles, 65535U);
  std::uint32_t* changed = im.counters.data() + kChanged;
  WaveStats stats;
  for (;;) {
    ARCWAVE_CUDA_CHECK(cudaMemsetAsync(changed, 0, sizeof(std::uint32_t), im.stream.get()));
    cudaStream_t s = im.stream.get();
    switch (variant) {
      case GpuVariant::kGlobal:
        if (moore)
          relax_global<true, false><<<blocks, kCellBlock, 0, s>>>(
              im.moves.data(), 0, im.labels.data(), im.cells, offsets, changed);
        else
          relax_global<false, false><<<blocks, kCellBlock, 0, s>>>(
              im.moves.data(), 0, im.labels.data(), im.cells, offsets, changed);
        ARCWAVE_CUDA_CHECK_LAUNCH("relax_global");
        break;
      case GpuVariant::kTexture:
        if (moore)
          relax_global<true, true><<<blocks, kCellBlock, 0, s>>>(
              nullptr, im.moves_texture, im.labels.data(), im.cells, offsets, changed);
        else
          relax_global<false, true><<<blocks, kCellBlock, 0, s>>>(
              nullptr, im.moves_texture, im.labels.data(), im.cells, offsets, changed);
        ARCWAVE_CUDA_CHECK_LAUNCH("relax_global (texture)");
        break;
      default:
        if (moore)
          relax_shared<true><<<tile_blocks, dim3(kTile, kTile), 0, s>>>(
              im.moves.data(), im.labels.data(), im.width, im.height, tiles_x, tiles, changed);
        else
          relax_shared<false><<<tile_blocks, dim3(kTile, kTile), 0, s>>>(
              im.moves.data(), im.labels.data(), im.width, im.height, tiles_x, tiles, changed);
        ARCWAVE_CUDA_CHECK_LAUNCH("relax_shared");
        break;
    }
    ++stats.steps;
    im.fetch_counters();
    if (im.host_counters[kChanged] == 0) break;
  }
  return stats;
}

}  // namespace arcwave::grid
