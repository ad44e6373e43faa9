// The GPU wave's layouts built on the device from the uploaded planes (gpu_wave_impl.cuh): the
// host uploads only the right / down planes (2 bits per cell) and these kernels make the move
// bytes every variant and the path recovery read, and the Moore wave's diagonal planes, with
// the same functions as the host (plane_moves, diagonal_words of grid_planes.hpp).
#include <algorithm>

#include "graph/grid/gpu_wave_impl.cuh"
#include "graph/grid/grid_planes.hpp"

namespace arcwave::grid {

namespace {

constexpr int kBuildBlock = 256;
constexpr unsigned kMaxRowBlocks = 65535;  // gridDim.y limit: rows are strided beyond it

/// One thread per cell of a row (blockIdx.x over the row, blockIdx.y over rows).
__global__ void move_bytes_kernel(const std::uint32_t* right, const std::uint32_t* down, int pitch,
                                  int width, int height, bool diagonals, std::uint8_t* moves) {
  const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (x >= width) return;
  for (int y = static_cast<int>(blockIdx.y); y < height; y += static_cast<int>(gridDim.y))
    moves[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
          static_cast<std::size_t>(x)] = plane_moves(right, down, pitch, height, x, y, diagonals);
}

/// One thread per word of a row.
__global__ void diagonal_kernel(const std::uint32_t* right, const std::uint32_t* down, int pitch,
                                int rows, std::uint32_t* down_right, std::uint32_t* down_left) {
  const int w = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (w >= pitch) return;
  for (int y = static_cast<int>(blockIdx.y); y < rows; y += static_cast<int>(gridDim.y)) {
    const std::size_t at =
        static_cast<std::size_t>(y) * static_cast<std::size_t>(pitch) + static_cast<std::size_t>(w);
    diagonal_words(right, down, pitch, rows, y, w, down_right + at, down_left + at);
  }
}

dim3 row_grid(int per_row, int rows) {
  return dim3(static_cast<unsigned>((per_row + kBuildBlock - 1) / kBuildBlock),
              std::min(static_cast<unsigned>(rows), kMaxRowBlocks));
}

}  // namespace

void build_move_bytes(GpuLeeWave::Impl& im, int pitch, bool diagonals) {
  move_bytes_kernel<<<row_grid(im.width, im.height), kBuildBlock, 0, im.stream.get()>>>(
      im.right.data(), im.down.data(), pitch, im.width, im.height, diagonals, im.moves.data());
  ARCWAVE_CUDA_CHECK_LAUNCH("move_bytes_kernel");
}

void build_diagonal_planes(GpuLeeWave::Impl& im, int pitch, int rows) {
  diagonal_kernel<<<row_grid(pitch, rows), kBuildBlock, 0, im.stream.get()>>>(
      im.right.data(), im.down.data(), pitch, rows, im.down_right.data(), im.down_left.data());
  ARCWAVE_CUDA_CHECK_LAUNCH("diagonal_kernel");
}

}  // namespace arcwave::grid
