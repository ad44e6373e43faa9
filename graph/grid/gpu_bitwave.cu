// The fast Lee wave on the GPU (algorithm: bitwave_core.hpp). A block processes one active tile
// at a time: each thread owns kWordsPerThread region words (their passability, visited bits
// and level planes in registers), the frontier words live in two shared buffers swapped each
// round, and __syncthreads_or both separates the rounds and stops them when nothing moves.
// kBitwave launches one kernel per step; kFast runs all steps in one cooperative kernel with
// a grid-wide barrier between steps.
#include <cooperative_groups.h>

#include <algorithm>

#include "arcwave/error.hpp"
#include "graph/grid/bitwave_shapes.hpp"
#include "graph/grid/gpu_wave_impl.cuh"

namespace cg = cooperative_groups;

namespace arcwave::grid {

namespace {

using bitwave::Buffers;
using bitwave::Geometry;
using bitwave::WordState;

/// Shared memory of one block.
template <typename S>
struct TileShared {
  std::uint32_t frontier[2][S::kPaddedSize];
  std::uint32_t fresh[S::kInteriorSize];
  std::uint32_t level[S::kLevelBits * S::kInteriorSize];
};

template <typename S>
__device__ void clear_shared(TileShared<S>& sh) {
  for (int i = static_cast<int>(threadIdx.x); i < S::kPaddedSize; i += S::kThreads) {
    sh.frontier[0][i] = 0;
    sh.frontier[1][i] = 0;
  }
  __syncthreads();
}

/// The 3 x 3 tiles around `tile` go into step `next`'s list (each tile once per step).
__device__ void enqueue_neighbours(const Buffers& b, std::uint32_t tile, std::uint32_t next) {
  const auto tx = static_cast<long long>(tile % b.tiles_x);
  const auto ty = static_cast<long long>(tile / b.tiles_x);
  for (long long dy = -1; dy <= 1; ++dy) {
    for (long long dx = -1; dx <= 1; ++dx) {
      if (tx + dx < 0 || ty + dy < 0 || tx + dx >= b.tiles_x || ty + dy >= b.tiles_y) continue;
      const auto t = static_cast<std::uint32_t>((ty + dy) * b.tiles_x + (tx + dx));
      if (atomicExch(b.enqueued + t, next) == next) continue;
      const std::uint32_t slot = atomicAdd(b.count + next % 3, 1U);
      b.list[next & 1U][slot] = t;
    }
  }
}

template <typename S, bool kMoore>
__device__ void process_tile(const Buffers& b, TileShared<S>& sh, std::uint32_t tile,
                             std::uint32_t step) {
  using G = Geometry<S>;
  constexpr int kW = S::kWordsPerThread;
  const G g{tile % b.tiles_x, tile / b.tiles_x};
  WordState<kMoore> w[kW];
  std::uint32_t* current = sh.frontier[0];
  std::uint32_t* next = sh.frontier[1];
#pragma unroll
  for (int i = 0; i < kW; ++i) {
    const int idx = static_cast<int>(threadIdx.x) + i * S::kThreads;
    current[G::padded(idx / S::kRegionWords, idx % S::kRegionWords)] =
        bitwave::load_word<S, kMoore>(b, g, idx, step, w[i]);
  }
  __syncthreads();
  for (int round = 0; round < S::kRounds; ++round) {
    bool any = false;
#pragma unroll
    for (int i = 0; i < kW; ++i) {
      const int idx = static_cast<int>(threadIdx.x) + i * S::kThreads;
      const std::uint32_t fresh = bitwave::advance_word<S, kMoore>(current, idx, round, w[i]);
      next[G::padded(idx / S::kRegionWords, idx % S::kRegionWords)] = fresh;
      any = any || fresh != 0;
    }
    std::uint32_t* const swap = current;
    current = next;
    next = swap;
    if (__syncthreads_or(any) == 0) break;  // `current` is all zero
  }
  // Interior words: visited, the next step's frontier (all words, so that the stamp below
  // vouches for the whole tile), and the level planes gathered for the label writers.
  const std::uint32_t next_step = step + 1;
  bool has_next = false;
#pragma unroll
  for (int i = 0; i < kW; ++i) {
    const int idx = static_cast<int>(threadIdx.x) + i * S::kThreads;
    const int r = idx / S::kRegionWords;
    const int c = idx % S::kRegionWords;
    if (!G::interior(r, c)) continue;
    const std::size_t at = bitwave::global_offset<S>(b, g, idx);
    const int ii = bitwave::interior_index<S>(idx);
    b.visited[at] = w[i].visited;
    const std::uint32_t f = current[G::padded(r, c)];
    b.frontier[next_step & 1U][at] = f;
    has_next = has_next || f != 0;
    sh.fresh[ii] = w[i].fresh_all;
#pragma unroll
    for (int k = 0; k < S::kLevelBits; ++k) sh.level[k * S::kInteriorSize + ii] = w[i].level[k];
  }
  has_next = __syncthreads_or(has_next) != 0;  // also publishes sh.fresh / sh.level
  bool found = false;
  for (int cell = static_cast<int>(threadIdx.x); cell < S::kInteriorSize * 32; cell += S::kThreads)
    found = bitwave::write_label<S>(b, g, cell, sh.fresh, sh.level, step) || found;
  if (found) atomicExch(b.found, next_step);
  if (has_next && threadIdx.x == 0) {
    // The stamp is written after this block's frontier words (same thread order does not
    // matter: readers run after the step's barrier).
    b.stamp[next_step & 1U][tile] = next_step;
    enqueue_neighbours(b, tile, next_step);
  }
  __syncthreads();  // the next tile reuses the shared buffers
}

template <typename S, bool kMoore>
__global__ void __launch_bounds__(S::kThreads) bitwave_step(Buffers b, std::uint32_t step) {
  __shared__ TileShared<S> sh;
  clear_shared<S>(sh);
  const std::uint32_t count = bitwave::load_shared_state(b.count + step % 3);
  for (std::uint32_t i = blockIdx.x; i < count; i += gridDim.x)
    process_tile<S, kMoore>(b, sh, bitwave::load_shared_state(b.list[step & 1U] + i), step);
}

template <typename S, bool kMoore>
__global__ void __launch_bounds__(S::kThreads)
    bitwave_persistent(Buffers b, bool stop_at_target, std::uint32_t* steps_out) {
  __shared__ TileShared<S> sh;
  clear_shared<S>(sh);
  cg::grid_group grid = cg::this_grid();
  for (std::uint32_t step = 0;; ++step) {
    // Both values were final at the last barrier: every block takes the same decision.
    const std::uint32_t count = bitwave::load_shared_state(b.count + step % 3);
    const bool reached = stop_at_target && bitwave::load_shared_state(b.found) <= step;
    if (count == 0 || reached) {
      if (blockIdx.x == 0 && threadIdx.x == 0) {
        steps_out[0] = step;
        steps_out[1] = reached ? 1U : 0U;
      }
      return;
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) b.count[(step + 2) % 3] = 0;
    for (std::uint32_t i = blockIdx.x; i < count; i += gridDim.x)
      process_tile<S, kMoore>(b, sh, bitwave::load_shared_state(b.list[step & 1U] + i), step);
    grid.sync();
  }
}

/// Uploads the start state: labels, visited, the step-0 frontier, stamps, lists, counters.
void start_state(GpuLeeWave::Impl& im, Point finish, std::optional<Point> stop_at) {
  cudaStream_t s = im.stream.get();
  const BitPlanes& p = im.host_planes_shape;
  im.labels.fill_bytes(0xFF, s);
  im.visited.fill_bytes(0, s);
  im.frontier_a.fill_bytes(0, s);
  im.stamp_a.fill_bytes(0xFF, s);
  im.stamp_b.fill_bytes(0xFF, s);
  im.enqueued.fill_bytes(0xFF, s);
  const std::size_t word = static_cast<std::size_t>(finish.y) * static_cast<std::size_t>(p.words) +
                           static_cast<std::size_t>(finish.x / 32);
  const std::uint32_t bit = 1U << (finish.x % 32);
  const std::uint32_t zero = 0;
  const std::uint64_t cell =
      static_cast<std::uint64_t>(finish.y) * static_cast<std::uint64_t>(im.width) +
      static_cast<std::uint64_t>(finish.x);
  const auto tx = static_cast<long long>(finish.x / 32 / tile_words(im.shape));
  const auto ty = static_cast<long long>(finish.y / tile_rows(im.shape));
  const auto finish_tile = static_cast<std::uint32_t>(ty * p.tiles_x + tx);
  std::vector<std::uint32_t> list;
  for (long long dy = -1; dy <= 1; ++dy)
    for (long long dx = -1; dx <= 1; ++dx)
      if (tx + dx >= 0 && ty + dy >= 0 && tx + dx < p.tiles_x && ty + dy < p.tiles_y)
        list.push_back(static_cast<std::uint32_t>((ty + dy) * p.tiles_x + (tx + dx)));
  // Small host values go through pinned memory so that the copies stay asynchronous-safe.
  std::uint32_t* h = im.host_counters;
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));  // the pinned words may still be in use
  h[kCount0] = static_cast<std::uint32_t>(list.size());
  h[kCount0 + 1] = 0;
  h[kCount0 + 2] = 0;
  h[kFound] = stop_at && *stop_at == finish ? 0U : 0xFFFFFFFFU;
  ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(im.counters.data(), h, kCounterWords * sizeof(std::uint32_t),
                                     cudaMemcpyHostToDevice, s));
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(im.labels.data() + cell, &zero, sizeof zero, cudaMemcpyHostToDevice, s));
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(im.visited.data() + word, &bit, sizeof bit, cudaMemcpyHostToDevice, s));
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(im.frontier_a.data() + word, &bit, sizeof bit, cudaMemcpyHostToDevice, s));
  ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(im.stamp_a.data() + finish_tile, &zero, sizeof zero,
                                     cudaMemcpyHostToDevice, s));
  for (const std::uint32_t t : list)
    ARCWAVE_CUDA_CHECK(
        cudaMemcpyAsync(im.enqueued.data() + t, &zero, sizeof zero, cudaMemcpyHostToDevice, s));
  ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(im.list_a.data(), list.data(),
                                     list.size() * sizeof(std::uint32_t), cudaMemcpyHostToDevice,
                                     s));
  // The pageable sources above (zero, bit, list) must not go out of scope before the copies.
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));
}

int device_multiprocessors() {
  int device = 0;
  int sms = 0;
  ARCWAVE_CUDA_CHECK(cudaGetDevice(&device));
  ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  return sms;
}

template <typename S, bool kMoore>
WaveStats run_shape(GpuLeeWave::Impl& im, bool persistent, Point finish,
                    std::optional<Point> stop_at) {
  start_state(im, finish, stop_at);
  Buffers b = im.bitwave_buffers(stop_at);
  cudaStream_t s = im.stream.get();
  const std::uint32_t tiles = b.tiles_x * b.tiles_y;
  WaveStats stats;
  if (persistent) {
    int supported = 0;
    int device = 0;
    ARCWAVE_CUDA_CHECK(cudaGetDevice(&device));
    ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&supported, cudaDevAttrCooperativeLaunch, device));
    if (supported == 0) throw ResourceError("the GPU does not support cooperative launches");
    int per_sm = 0;
    ARCWAVE_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, bitwave_persistent<S, kMoore>, S::kThreads, 0));
    if (per_sm < 1) throw ResourceError("the fast wave kernel does not fit a multiprocessor");
    const auto blocks = static_cast<unsigned>(std::max<std::uint32_t>(
        1, std::min<std::uint32_t>(tiles,
                                   static_cast<std::uint32_t>(per_sm * device_multiprocessors()))));
    bool stop = stop_at.has_value();
    std::uint32_t* steps_out = im.counters.data() + kChanged;
    void* args[] = {&b, &stop, &steps_out};
    ARCWAVE_CUDA_CHECK(
        cudaLaunchCooperativeKernel(reinterpret_cast<void*>(bitwave_persistent<S, kMoore>),
                                    dim3(blocks), dim3(S::kThreads), args, 0, s));
    ARCWAVE_CUDA_CHECK_LAUNCH("bitwave_persistent");
    im.fetch_counters();
    stats.steps = im.host_counters[kChanged];
    stats.stopped_at_start = im.host_counters[kChanged + 1] != 0;
    return stats;
  }
  const auto max_blocks = static_cast<std::uint32_t>(device_multiprocessors() * 4);
  std::uint32_t count = im.host_counters[kCount0];
  for (std::uint32_t step = 0;; ++step) {
    const bool reached = stop_at.has_value() && im.host_counters[kFound] <= step;
    if (count == 0 || reached) {
      stats.steps = step;
      stats.stopped_at_start = reached;
      return stats;
    }
    stats.tile_steps += count;
    ARCWAVE_CUDA_CHECK(cudaMemsetAsync(b.count + (step + 2) % 3, 0, sizeof(std::uint32_t), s));
    bitwave_step<S, kMoore><<<std::min(count, max_blocks), S::kThreads, 0, s>>>(b, step);
    ARCWAVE_CUDA_CHECK_LAUNCH("bitwave_step");
    im.fetch_counters();
    count = im.host_counters[kCount0 + (step + 1) % 3];
  }
}

}  // namespace

WaveStats run_bitwave_variant(GpuLeeWave::Impl& im, bool persistent, Point finish,
                              std::optional<Point> stop_at) {
  const bool moore = im.n == Neighbourhood::kMoore;
  return bitwave::with_shape(im.shape, [&](auto shape) {
    using S = decltype(shape);
    return moore ? run_shape<S, true>(im, persistent, finish, stop_at)
                 : run_shape<S, false>(im, persistent, finish, stop_at);
  });
}

}  // namespace arcwave::grid
