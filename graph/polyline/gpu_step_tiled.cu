// The angle-restricted (max,+) step tiled through shared memory (gpu_solver.hpp, kTiled).
//
// Block: 32 i (one per lane) x 64 j (8 warps x 8 consecutive j per thread). The predecessor
// columns prev(., i) of the tile's 32 i stream through shared memory in chunks of kChunk h.
// Each thread holds the allowed h ranges of its 8 outputs (layout.hpp), their intersection
// (the "core", shared by all 8: its maximum is taken once per h, not 8 times) and reads only
// the rest of each range; chunks outside the union of the tile's ranges are not loaded. The
// shared tile has an odd row pitch so that 32 lanes reading 32 rows at nearby h hit distinct
// banks.
#include <algorithm>
#include <climits>

#include "core/cuda/check.cuh"
#include "graph/polyline/gpu_kernels.cuh"

namespace arcwave::polyline::gpu {

namespace {

constexpr int kTileI = 32;
constexpr int kWarps = 8;
constexpr int kStrip = 8;
constexpr int kTileJ = kWarps * kStrip;
constexpr int kChunk = 128;
constexpr int kThreads = kTileI * kWarps;

// Maximum of acc and row[lo..hi] (nothing when lo > hi). Keep this the plain one-at-a-time
// loop: a two-at-a-time version (pairs through __vimax3_s32 or max, then an odd tail) gave
// maxima over h beyond hi on the H100 with nvcc 13.0 -O3 — we found no undefined behaviour in
// it — while this form was right on every shape; test_step_gpu checks it state by state.
__device__ __forceinline__ std::int32_t max_over(const std::int32_t* row, int lo, int hi,
                                                 std::int32_t acc) {
  for (int h = lo; h <= hi; ++h) acc = max(acc, row[h]);
  return acc;
}

__global__ void __launch_bounds__(kThreads) step_tiled_kernel(StepPair step, DeviceAngle angle) {
  const StepHalf& s = step.half[blockIdx.z];
  const StepShape& shape = s.shape;
  const int i0 = blockIdx.x * kTileI;
  const int j0 = blockIdx.y * kTileJ;
  if (i0 >= shape.n_cur || j0 >= shape.n_next) return;  // whole block
  const int lane = threadIdx.x % kTileI;
  const int warp = threadIdx.x / kTileI;
  const int i = i0 + lane;
  const int js = j0 + warp * kStrip;

  __shared__ std::int32_t tile[kTileI][kChunk + 1];
  __shared__ int union_lo;
  __shared__ int union_hi;
  if (threadIdx.x == 0) {
    union_lo = INT_MAX;
    union_hi = INT_MIN;
  }
  __syncthreads();

  IndexRange range[kStrip];
  int core_lo = INT_MIN;
  int core_hi = INT_MAX;
  bool all_nonempty = true;
  int my_lo = INT_MAX;
  int my_hi = INT_MIN;
#pragma unroll
  for (int t = 0; t < kStrip; ++t) {
    const int j = js + t;
    range[t] = (i < shape.n_cur && j < shape.n_next)
                   ? allowed_prev_range(shape, angle.intervals, angle.q_max, i, j)
                   : IndexRange{0, -1};
    if (range[t].lo > range[t].hi) {
      all_nonempty = false;
    } else {
      my_lo = min(my_lo, range[t].lo);
      my_hi = max(my_hi, range[t].hi);
    }
    core_lo = max(core_lo, range[t].lo);
    core_hi = min(core_hi, range[t].hi);
  }
  if (!all_nonempty || core_lo > core_hi) {  // no common part: each range is read whole
    core_lo = INT_MAX / 2;
    core_hi = core_lo - 1;
  }
  if (my_lo <= my_hi) {
    atomicMin(&union_lo, my_lo);
    atomicMax(&union_hi, my_hi);
  }
  __syncthreads();
  const int first = union_lo;
  const int last = union_hi;

  std::int32_t acc[kStrip];
#pragma unroll
  for (int t = 0; t < kStrip; ++t) acc[t] = kUnreachable;
  std::int32_t core = kUnreachable;

  for (int c0 = first <= last ? (first / kChunk) * kChunk : 1; c0 <= last; c0 += kChunk) {
    __syncthreads();  // the previous chunk is no longer read
    for (int e = threadIdx.x; e < kTileI * kChunk; e += kThreads) {
      const int ti = e / kChunk;
      const int h = c0 + e % kChunk;
      const int ii = i0 + ti;
      tile[ti][e % kChunk] = (ii < shape.n_cur && h < shape.n_prev)
                                 ? s.prev[static_cast<std::size_t>(ii) * shape.n_prev + h]
                                 : kUnreachable;
    }
    __syncthreads();
    const std::int32_t* row = tile[lane];  // h at row[h - c0]
    const int c1 = c0 + kChunk - 1;
    core = max_over(row, max(core_lo, c0) - c0, min(core_hi, c1) - c0, core);
#pragma unroll
    for (int t = 0; t < kStrip; ++t) {
      const IndexRange r = range[t];
      acc[t] = max_over(row, max(r.lo, c0) - c0, min(min(r.hi, core_lo - 1), c1) - c0, acc[t]);
      acc[t] = max_over(row, max(max(r.lo, core_hi + 1), c0) - c0, min(r.hi, c1) - c0, acc[t]);
    }
  }
  if (i >= shape.n_cur) return;
#pragma unroll
  for (int t = 0; t < kStrip; ++t) {
    const int j = js + t;
    if (j >= shape.n_next) break;
    const std::size_t e = static_cast<std::size_t>(j) * shape.n_cur + i;
    s.out[e] = max(acc[t], core) + s.link[e];
  }
}

}  // namespace

void step_tiled(const StepPair& step, const DeviceAngle& angle, cudaStream_t stream) {
  int n_cur = 0;
  int n_next = 0;
  for (int h = 0; h < step.halves; ++h) {
    n_cur = std::max(n_cur, step.half[h].shape.n_cur);
    n_next = std::max(n_next, step.half[h].shape.n_next);
  }
  const dim3 grid(static_cast<unsigned>((n_cur + kTileI - 1) / kTileI),
                  static_cast<unsigned>((n_next + kTileJ - 1) / kTileJ),
                  static_cast<unsigned>(step.halves));
  step_tiled_kernel<<<grid, kThreads, 0, stream>>>(step, angle);
  ARCWAVE_CUDA_CHECK_LAUNCH("polyline step_tiled_kernel");
}

}  // namespace arcwave::polyline::gpu
