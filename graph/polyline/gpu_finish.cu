// The end of a GPU solve: the meet of the two chains at level m (a grid-wide (max, argmin
// index) reduction) and the backtrack from the middle pair outwards, one block, taking at each
// step the smallest predecessor that reaches the optimum (or the stored argmax for kPaper,
// which was reduced with the same rule) — the tie-break rule of solution.hpp.
#include <climits>

#include "core/cuda/check.cuh"
#include "graph/polyline/gpu_kernels.cuh"

namespace arcwave::polyline::gpu {

namespace {

constexpr int kThreads = 256;

__device__ bool better(long long v1, long long i1, long long v2, long long i2) {
  return v1 > v2 || (v1 == v2 && i1 < i2);
}

// Reduces (value, index) pairs of the block into slot 0 of the shared arrays.
__device__ void reduce_best(long long* values, long long* indices) {
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) {
      const int other = threadIdx.x + stride;
      if (better(values[other], indices[other], values[threadIdx.x], indices[threadIdx.x])) {
        values[threadIdx.x] = values[other];
        indices[threadIdx.x] = indices[other];
      }
    }
    __syncthreads();
  }
}

__global__ void __launch_bounds__(kThreads)
    meet_kernel(MeetArgs a, long long* partial_value, long long* partial_index) {
  __shared__ long long values[kThreads];
  __shared__ long long indices[kThreads];
  const long long total = static_cast<long long>(a.n_m) * a.n_m1;
  long long best = LLONG_MIN;
  long long best_index = LLONG_MAX;
  // Thread t visits flat indices i * n_m1 + j in increasing order: its first maximum is its
  // smallest index.
  for (long long flat = blockIdx.x * static_cast<long long>(kThreads) + threadIdx.x; flat < total;
       flat += static_cast<long long>(gridDim.x) * kThreads) {
    const long long i = flat / a.n_m1;
    const long long j = flat % a.n_m1;
    const long long e = j * a.n_m + i;
    const long long through = static_cast<long long>(a.forward[e]) + a.reversed[flat] - a.link[e];
    if (through > best) {
      best = through;
      best_index = flat;
    }
  }
  values[threadIdx.x] = best;
  indices[threadIdx.x] = best_index;
  __syncthreads();
  reduce_best(values, indices);
  if (threadIdx.x == 0) {
    partial_value[blockIdx.x] = values[0];
    partial_index[blockIdx.x] = indices[0];
  }
}

// Smallest h in [lo, hi] with column[h] == target (INT_MAX when none), over the whole block.
__device__ int first_match(const std::int32_t* column, int lo, int hi, std::int32_t target,
                           int* scratch) {
  int found = INT_MAX;
  for (int h = lo + threadIdx.x; h <= hi; h += kThreads) {
    if (column[h] == target) {
      found = h;
      break;
    }
  }
  scratch[threadIdx.x] = found;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      scratch[threadIdx.x] = min(scratch[threadIdx.x], scratch[threadIdx.x + stride]);
    __syncthreads();
  }
  const int h = scratch[0];
  __syncthreads();
  return h;
}

// Walks one chain from its last level down to level 1; writes original-guide indices.
__device__ bool walk(const ChainTables& t, const DeviceAngle& angle, int x, int y, bool use_argmax,
                     std::int32_t* guide_index, int* scratch) {
  for (int k = t.chain.levels; k >= 1; --k) {
    const StepShape s = t.chain.step(k);
    const std::size_t e = static_cast<std::size_t>(y) * s.n_cur + x;
    int h;
    if (use_argmax) {
      h = t.argmax[k][e];
      if (h < 0) h = INT_MAX;
    } else {
      const std::int32_t target = t.dp[k][e] - t.link[k][e];
      const IndexRange r = allowed_prev_range(s, angle.intervals, angle.q_max, x, y);
      h = first_match(t.dp[k - 1] + static_cast<std::size_t>(x) * s.n_prev, r.lo, r.hi, target,
                      scratch);
    }
    if (h == INT_MAX) return false;
    if (threadIdx.x == 0) guide_index[t.chain.original_guide(k - 1)] = h;
    y = x;
    x = h;
  }
  return true;
}

__global__ void __launch_bounds__(kThreads)
    backtrack_kernel(ChainTables forward, ChainTables reversed, DeviceAngle angle,
                     const long long* partial_value, const long long* partial_index,
                     bool use_argmax, std::int32_t* result) {
  __shared__ long long values[kThreads];
  __shared__ long long indices[kThreads];
  __shared__ int scratch[kThreads];
  long long best = LLONG_MIN;
  long long best_index = LLONG_MAX;
  for (int b = threadIdx.x; b < kMeetBlocks; b += kThreads) {
    if (better(partial_value[b], partial_index[b], best, best_index)) {
      best = partial_value[b];
      best_index = partial_index[b];
    }
  }
  values[threadIdx.x] = best;
  indices[threadIdx.x] = best_index;
  __syncthreads();
  reduce_best(values, indices);
  best = values[0];
  best_index = indices[0];
  std::int32_t* guide_index = result + kResultHeader;
  if (best < 0) {  // unreachable everywhere: no polyline respects the angle limit
    if (threadIdx.x == 0) result[0] = 0;
    return;
  }
  const int m = forward.chain.levels;
  const int n_m1 = forward.chain.size(m + 1);
  const int i = static_cast<int>(best_index / n_m1);
  const int j = static_cast<int>(best_index % n_m1);
  if (threadIdx.x == 0) {
    guide_index[m] = i;
    guide_index[m + 1] = j;
  }
  const bool ok = walk(forward, angle, i, j, use_argmax, guide_index, scratch) &&
                  walk(reversed, angle, j, i, use_argmax, guide_index, scratch);
  if (threadIdx.x == 0) {
    result[0] = ok ? 1 : -1;  // -1: a bug (the backtrack lost the optimum)
    result[1] = static_cast<std::int32_t>(best & 0xFFFFFFFF);
    result[2] = static_cast<std::int32_t>(best >> 32);
  }
}

}  // namespace

void meet(const MeetArgs& args, long long* partial_value, long long* partial_index,
          cudaStream_t stream) {
  meet_kernel<<<kMeetBlocks, kThreads, 0, stream>>>(args, partial_value, partial_index);
  ARCWAVE_CUDA_CHECK_LAUNCH("polyline meet_kernel");
}

void backtrack(const ChainTables& forward, const ChainTables& reversed, const DeviceAngle& angle,
               const long long* partial_value, const long long* partial_index, bool use_argmax,
               std::int32_t* result, cudaStream_t stream) {
  backtrack_kernel<<<1, kThreads, 0, stream>>>(forward, reversed, angle, partial_value,
                                               partial_index, use_argmax, result);
  ARCWAVE_CUDA_CHECK_LAUNCH("polyline backtrack_kernel");
}

}  // namespace arcwave::polyline::gpu
