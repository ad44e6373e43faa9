// Link integrals on the device: one thread per link (i on guide k, j on guide k+1), every level
// in one launch, with the same code as the CPU scorer (link_integral.hpp) so that the integer
// scores are bit-identical. Threads of a warp take consecutive i: coalesced writes, and nearby
// links read nearby pixels.
#include <algorithm>

#include "core/cuda/check.cuh"
#include "graph/polyline/gpu_kernels.cuh"

namespace arcwave::polyline::gpu {

namespace {

constexpr int kThreads = 256;

__device__ std::size_t point_index(int guide, int idx, int points) {
  if (guide == 0) return 0;
  return 1 + static_cast<std::size_t>(guide - 1) * points + idx;
}

__global__ void __launch_bounds__(kThreads) link_scores_kernel(ScoreArgs a, std::int32_t* scores) {
  const int k = blockIdx.y;
  const int rows = guide_size(k, a.nodes, a.points_per_guide);
  const int cols = guide_size(k + 1, a.nodes, a.points_per_guide);
  const long long entries = static_cast<long long>(rows) * cols;
  std::int32_t* table = scores + level_start(k, a.nodes, a.points_per_guide);
  for (long long e = blockIdx.x * static_cast<long long>(kThreads) + threadIdx.x; e < entries;
       e += static_cast<long long>(gridDim.x) * kThreads) {
    const int i = static_cast<int>(e % rows);
    const int j = static_cast<int>(e / rows);
    const std::size_t p = point_index(k, i, a.points_per_guide);
    const std::size_t q = point_index(k + 1, j, a.points_per_guide);
    const double raw =
        link_integral(a.gradient, a.width, a.height, a.points[2 * p], a.points[2 * p + 1],
                      a.points[2 * q], a.points[2 * q + 1], a.mode);
    table[e] = quantise(raw, a.scale);
  }
}

}  // namespace

void link_scores(const ScoreArgs& args, std::int32_t* scores, cudaStream_t stream) {
  const long long most = static_cast<long long>(args.points_per_guide) * args.points_per_guide;
  const long long blocks = std::min<long long>((most + kThreads - 1) / kThreads, 1 << 16);
  const dim3 grid(static_cast<unsigned>(blocks), static_cast<unsigned>(args.nodes + 1));
  link_scores_kernel<<<grid, kThreads, 0, stream>>>(args, scores);
  ARCWAVE_CUDA_CHECK_LAUNCH("polyline link_scores_kernel");
}

}  // namespace arcwave::polyline::gpu
