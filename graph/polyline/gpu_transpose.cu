// Tiled transpose of a level table through shared memory, optionally adding a second table
// (the window step's range maxima plus the link scores). Both global sides are coalesced.
#include "core/cuda/check.cuh"
#include "graph/polyline/gpu_kernels.cuh"

namespace arcwave::polyline::gpu {

namespace {

constexpr int kTile = 32;
constexpr int kRows = 8;  // threads per tile column: each thread moves kTile / kRows values

// dst[y * cols + x] = src[x * rows + y] (+ add[y * cols + x]).
__global__ void __launch_bounds__(kTile* kRows)
    transpose_kernel(const std::int32_t* src, int rows, int cols, std::int32_t* dst,
                     const std::int32_t* add) {
  __shared__ std::int32_t tile[kTile][kTile + 1];
  const int y0 = blockIdx.x * kTile;  // along src rows (contiguous in src)
  const int x0 = blockIdx.y * kTile;
  for (int r = threadIdx.y; r < kTile; r += kRows) {
    const int x = x0 + r;
    const int y = y0 + threadIdx.x;
    if (x < cols && y < rows) tile[r][threadIdx.x] = src[static_cast<std::size_t>(x) * rows + y];
  }
  __syncthreads();
  for (int r = threadIdx.y; r < kTile; r += kRows) {
    const int y = y0 + r;
    const int x = x0 + threadIdx.x;
    if (x < cols && y < rows) {
      const std::size_t e = static_cast<std::size_t>(y) * cols + x;
      const std::int32_t v = tile[threadIdx.x][r];
      dst[e] = add != nullptr ? v + add[e] : v;
    }
  }
}

}  // namespace

void transpose(const std::int32_t* src, int rows, int cols, std::int32_t* dst,
               const std::int32_t* add, cudaStream_t stream) {
  const dim3 grid(static_cast<unsigned>((rows + kTile - 1) / kTile),
                  static_cast<unsigned>((cols + kTile - 1) / kTile));
  transpose_kernel<<<grid, dim3(kTile, kRows), 0, stream>>>(src, rows, cols, dst, add);
  ARCWAVE_CUDA_CHECK_LAUNCH("polyline transpose_kernel");
}

}  // namespace arcwave::polyline::gpu
