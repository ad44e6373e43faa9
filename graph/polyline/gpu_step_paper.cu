// Seredin's GPU scheme for one DP step (gpu_solver.hpp, kPaper): one block per state (i, j),
// threads over the predecessors h with the angle tested per triple, and a shared-memory
// reduction of (best sum, argmax) pairs. Larger sums win; equal sums keep the smaller h.
#include <algorithm>
#include <climits>

#include "core/cuda/check.cuh"
#include "graph/polyline/gpu_kernels.cuh"

namespace arcwave::polyline::gpu {

namespace {

constexpr int kThreads = 128;

__device__ bool better(std::int32_t v1, std::int32_t a1, std::int32_t v2, std::int32_t a2) {
  return v1 > v2 || (v1 == v2 && a1 < a2);
}

__global__ void __launch_bounds__(kThreads) step_paper_kernel(StepPair step, DeviceAngle angle) {
  const StepHalf& s = step.half[blockIdx.y];
  const StepShape& shape = s.shape;
  const long long state = blockIdx.x;
  if (state >= static_cast<long long>(shape.n_cur) * shape.n_next) return;  // whole block
  const int i = static_cast<int>(state % shape.n_cur);
  const int j = static_cast<int>(state / shape.n_cur);
  const int off_i = guide_offset(shape.end_cur, shape.points, i);
  const int q2 = guide_offset(shape.end_next, shape.points, j) - off_i;
  const double alpha2 = angle.directions[q2 + angle.q_max];
  const std::int32_t* column = s.prev + static_cast<std::size_t>(i) * shape.n_prev;

  std::int32_t best = INT_MIN;
  std::int32_t arg = -1;
  for (int h = threadIdx.x; h < shape.n_prev; h += kThreads) {
    const int q1 = off_i - guide_offset(shape.end_prev, shape.points, h);
    if (!angle.unconstrained &&
        fabs(alpha2 - angle.directions[q1 + angle.q_max]) > angle.max_angle_rad)
      continue;
    const std::int32_t v = column[h];
    if (v > best) {  // h grows: the first maximum of this thread is its smallest
      best = v;
      arg = h;
    }
  }
  __shared__ std::int32_t values[kThreads];
  __shared__ std::int32_t args[kThreads];
  values[threadIdx.x] = best;
  args[threadIdx.x] = arg;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) {
      const int other = threadIdx.x + stride;
      if (better(values[other], args[other], values[threadIdx.x], args[threadIdx.x])) {
        values[threadIdx.x] = values[other];
        args[threadIdx.x] = args[other];
      }
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    const std::size_t e = static_cast<std::size_t>(state);
    const std::int32_t top = values[0] == INT_MIN ? kUnreachable : values[0];
    s.out[e] = top + s.link[e];
    s.argmax[e] = args[0];
  }
}

}  // namespace

void step_paper(const StepPair& step, const DeviceAngle& angle, cudaStream_t stream) {
  long long states = 0;
  for (int h = 0; h < step.halves; ++h)
    states = std::max(states,
                      static_cast<long long>(step.half[h].shape.n_cur) * step.half[h].shape.n_next);
  const dim3 grid(static_cast<unsigned>(states), static_cast<unsigned>(step.halves));
  step_paper_kernel<<<grid, kThreads, 0, stream>>>(step, angle);
  ARCWAVE_CUDA_CHECK_LAUNCH("polyline step_paper_kernel");
}

}  // namespace arcwave::polyline::gpu
