// The O(N^2) DP step (gpu_solver.hpp, kWindow): range maxima over the allowed predecessors.
//
// One block per middle point i. Its column prev(., i) is cut into 32-blocks; warp shuffles give
// the prefix and suffix maxima inside each 32-block, and a sparse table over the 32-block
// maxima (log levels) lives in shared memory. A query [lo, hi] spanning several 32-blocks is
// max(suffix[lo], prefix[hi], two sparse-table entries); one inside a 32-block reads the
// column (at most 32 values, cached). Results go out row-major (coalesced), and a tiled
// transpose adds the link scores into the next-major level table.
#include <algorithm>
#include <climits>

#include "core/cuda/check.cuh"
#include "graph/polyline/gpu_kernels.cuh"

namespace arcwave::polyline::gpu {

namespace {

constexpr int kThreads = 256;
constexpr int kWarp = 32;

__host__ __device__ int block_count(int n) {
  return (n + kWarp - 1) / kWarp;
}
__host__ __device__ int sparse_levels(int blocks) {
  int levels = 1;
  while ((1 << levels) <= blocks) ++levels;
  return levels;
}

__global__ void __launch_bounds__(kThreads) step_window_kernel(StepPair step, DeviceAngle angle) {
  const StepHalf& s = step.half[blockIdx.y];
  const StepShape& shape = s.shape;
  const int i = blockIdx.x;
  if (i >= shape.n_cur) return;  // whole block
  extern __shared__ std::int32_t shared[];
  const int n = shape.n_prev;
  const int blocks = block_count(n);
  std::int32_t* prefix = shared;                   // blocks * 32
  std::int32_t* suffix = prefix + blocks * kWarp;  // blocks * 32
  std::int32_t* sparse = suffix + blocks * kWarp;  // levels * blocks
  const std::int32_t* column = s.prev + static_cast<std::size_t>(i) * n;
  const int lane = threadIdx.x % kWarp;

  for (int base = (threadIdx.x / kWarp) * kWarp; base < blocks * kWarp; base += kThreads) {
    const int h = base + lane;
    const std::int32_t v = h < n ? column[h] : kUnreachable;
    std::int32_t up = v;
    std::int32_t down = v;
#pragma unroll
    for (int d = 1; d < kWarp; d *= 2) {
      const std::int32_t from_below = __shfl_up_sync(0xFFFFFFFFU, up, d);
      const std::int32_t from_above = __shfl_down_sync(0xFFFFFFFFU, down, d);
      if (lane >= d) up = max(up, from_below);
      if (lane + d < kWarp) down = max(down, from_above);
    }
    prefix[h] = up;
    suffix[h] = down;
    if (lane == kWarp - 1) sparse[base / kWarp] = up;
  }
  __syncthreads();
  const int levels = sparse_levels(blocks);
  for (int level = 1; level < levels; ++level) {
    const int width = 1 << level;
    std::int32_t* row = sparse + level * blocks;
    const std::int32_t* below = row - blocks;
    for (int b = threadIdx.x; b + width <= blocks; b += kThreads)
      row[b] = max(below[b], below[b + width / 2]);
    __syncthreads();
  }

  std::int32_t* out = s.scratch + static_cast<std::size_t>(i) * shape.n_next;
  for (int j = threadIdx.x; j < shape.n_next; j += kThreads) {
    const IndexRange r = allowed_prev_range(shape, angle.intervals, angle.q_max, i, j);
    std::int32_t best = kUnreachable;
    if (r.lo <= r.hi) {
      const int bl = r.lo / kWarp;
      const int bh = r.hi / kWarp;
      if (bl == bh) {
        for (int h = r.lo; h <= r.hi; ++h) best = max(best, column[h]);
      } else {
        best = max(suffix[r.lo], prefix[r.hi]);
        if (bh - bl > 1) {
          const int span = bh - bl - 1;
          const int level = 31 - __clz(span);
          const std::int32_t* row = sparse + level * blocks;
          best = __vimax3_s32(best, row[bl + 1], row[bh - (1 << level)]);
        }
      }
    }
    out[j] = best;
  }
}

}  // namespace

std::size_t window_shared_bytes(int n_prev) {
  const int blocks = block_count(n_prev);
  return sizeof(std::int32_t) *
         (static_cast<std::size_t>(2 * kWarp + sparse_levels(blocks)) * blocks);
}

void step_window(const StepPair& step, const DeviceAngle& angle, cudaStream_t stream) {
  int n_cur = 0;
  int n_prev = 0;
  for (int h = 0; h < step.halves; ++h) {
    n_cur = std::max(n_cur, step.half[h].shape.n_cur);
    n_prev = std::max(n_prev, step.half[h].shape.n_prev);
  }
  const std::size_t shared = window_shared_bytes(n_prev);
  if (shared > 48 * 1024)
    ARCWAVE_CUDA_CHECK(cudaFuncSetAttribute(
        step_window_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared)));
  const dim3 grid(static_cast<unsigned>(n_cur), static_cast<unsigned>(step.halves));
  step_window_kernel<<<grid, kThreads, shared, stream>>>(step, angle);
  ARCWAVE_CUDA_CHECK_LAUNCH("polyline step_window_kernel");
  for (int h = 0; h < step.halves; ++h) {
    const StepHalf& s = step.half[h];
    transpose(s.scratch, s.shape.n_next, s.shape.n_cur, s.out, s.link, stream);
  }
}

}  // namespace arcwave::polyline::gpu
