// GpuLeeWave in a build without CUDA: construction reports that the GPU code was not built.
#include "arcwave/error.hpp"
#include "graph/grid/gpu_wave.hpp"

namespace arcwave::grid {

struct GpuLeeWave::Impl {};

GpuLeeWave::GpuLeeWave(const Grid& grid, Neighbourhood n)
    : GpuLeeWave(grid, n, default_tile_shape(grid)) {}

GpuLeeWave::GpuLeeWave(const GridPlanes& planes, Neighbourhood n)
    : GpuLeeWave(planes, n, default_tile_shape(planes.cell_count())) {}

GpuLeeWave::GpuLeeWave(const Grid&, Neighbourhood n, TileShape shape)
    : neighbourhood_(n), shape_(shape) {
  throw ResourceError("the GPU Lee wave needs a GPU: arcwave was built without CUDA");
}

GpuLeeWave::GpuLeeWave(const GridPlanes&, Neighbourhood n, TileShape shape)
    : neighbourhood_(n), shape_(shape) {
  throw ResourceError("the GPU Lee wave needs a GPU: arcwave was built without CUDA");
}

GpuLeeWave::~GpuLeeWave() = default;

WaveStats GpuLeeWave::run(GpuVariant, Point, std::optional<Point>) {
  throw ResourceError("built without CUDA");
}
std::vector<std::uint32_t> GpuLeeWave::labels() const {
  throw ResourceError("built without CUDA");
}
std::vector<std::uint64_t> GpuLeeWave::octile_labels() const {
  throw ResourceError("built without CUDA");
}
std::vector<Point> GpuLeeWave::path(Point, Priority, PathMethod) {
  throw ResourceError("built without CUDA");
}
std::size_t GpuLeeWave::device_bytes(const Grid& grid, Neighbourhood, TileShape) {
  return grid.cell_count();
}
std::size_t GpuLeeWave::device_bytes(int width, int height, Neighbourhood, TileShape) {
  return static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
}

}  // namespace arcwave::grid
