// GpuLeeWave (graph/grid/gpu_wave.hpp): building and uploading the device layouts, dispatching
// the variants, timing the phases, and reading labels and paths back.
#include <algorithm>
#include <string>

#include "arcwave/error.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/gpu_wave_impl.cuh"
#include "graph/grid/octile.hpp"

namespace arcwave::grid {

MoveOffsets move_offsets(int width) {
  MoveOffsets o{};
  for (int m = 0; m < 8; ++m) o.at[m] = static_cast<long long>(kDy[m]) * width + kDx[m];
  return o;
}

GpuLeeWave::Impl::~Impl() {
  if (moves_texture != 0) cudaDestroyTextureObject(moves_texture);
  if (host_counters != nullptr) cudaFreeHost(host_counters);
}

void GpuLeeWave::Impl::fetch_counters() {
  ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(host_counters, counters.data(),
                                     kCounterWords * sizeof(std::uint32_t), cudaMemcpyDeviceToHost,
                                     stream.get()));
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
}

bitwave::Buffers GpuLeeWave::Impl::bitwave_buffers(std::optional<Point> stop_at) {
  bitwave::Buffers b;
  b.width = width;
  b.height = height;
  b.words = host_planes_shape.words;
  b.rows = host_planes_shape.rows;
  b.tiles_x = host_planes_shape.tiles_x;
  b.tiles_y = host_planes_shape.tiles_y;
  b.right = right.data();
  b.down = down.data();
  b.down_right = down_right.empty() ? nullptr : down_right.data();
  b.down_left = down_left.empty() ? nullptr : down_left.data();
  b.visited = visited.data();
  b.frontier[0] = frontier_a.data();
  b.frontier[1] = frontier_b.data();
  b.stamp[0] = stamp_a.data();
  b.stamp[1] = stamp_b.data();
  b.enqueued = enqueued.data();
  b.list[0] = list_a.data();
  b.list[1] = list_b.data();
  b.count = counters.data() + kCount0;
  b.found = counters.data() + kFound;
  b.labels = labels.data();
  b.target = stop_at ? static_cast<std::uint32_t>(stop_at->y) * static_cast<std::uint32_t>(width) +
                           static_cast<std::uint32_t>(stop_at->x)
                     : 0xFFFFFFFFU;
  return b;
}

namespace {

std::size_t plane_bytes(int width, int height, TileShape shape) {
  const BitPlanes p = bit_plane_shape(width, height, shape);
  return static_cast<std::size_t>(p.words) * static_cast<std::size_t>(p.rows) *
         sizeof(std::uint32_t);
}

/// Host planes (`words` per row) into a device plane of `pitch` words per row, zero padded.
void upload_plane(const std::vector<std::uint32_t>& host, int words, int height,
                  cuda::DeviceBuffer<std::uint32_t>& device, int pitch, cudaStream_t stream) {
  // Padding words and rows (tiles past the grid) must read as closed moves.
  if (device.size() != static_cast<std::size_t>(words) * static_cast<std::size_t>(height))
    device.fill_bytes(0, stream);
  ARCWAVE_CUDA_CHECK(
      cudaMemcpy2DAsync(device.data(), static_cast<std::size_t>(pitch) * sizeof(std::uint32_t),
                        host.data(), static_cast<std::size_t>(words) * sizeof(std::uint32_t),
                        static_cast<std::size_t>(words) * sizeof(std::uint32_t),
                        static_cast<std::size_t>(height), cudaMemcpyHostToDevice, stream));
}

}  // namespace

std::size_t GpuLeeWave::device_bytes(int width, int height, Neighbourhood n, TileShape shape) {
  const std::size_t cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  std::size_t bytes = cells;  // moves
  if (n == Neighbourhood::kOctile)
    return bytes + cells * sizeof(std::uint64_t) + 2 * plane_bytes(width, height, shape);
  bytes += cells * sizeof(std::uint32_t);                                             // labels
  bytes += plane_bytes(width, height, shape) * (n == Neighbourhood::kMoore ? 7 : 5);  // planes
  return bytes;
}

std::size_t GpuLeeWave::device_bytes(const Grid& grid, Neighbourhood n, TileShape shape) {
  return device_bytes(grid.width(), grid.height(), n, shape);
}

GpuLeeWave::GpuLeeWave(const Grid& grid, Neighbourhood n)
    : GpuLeeWave(grid, n, default_tile_shape(grid)) {}

GpuLeeWave::GpuLeeWave(const GridPlanes& planes, Neighbourhood n)
    : GpuLeeWave(planes, n, default_tile_shape(planes.cell_count())) {}

GpuLeeWave::GpuLeeWave(const Grid& grid, Neighbourhood n, TileShape shape)
    : neighbourhood_(n), shape_(shape) {
  Stopwatch pack;
  const GridPlanes planes = planes_of(grid);
  const double pack_ms = pack.seconds() * 1e3;
  upload(planes);
  timings_.build_ms += pack_ms;
}

GpuLeeWave::GpuLeeWave(const GridPlanes& planes, Neighbourhood n, TileShape shape)
    : neighbourhood_(n), shape_(shape) {
  upload(planes);
}

void GpuLeeWave::upload(const GridPlanes& planes) {
  const Neighbourhood n = neighbourhood_;
  if (!gpu_available()) throw ResourceError("no usable GPU: " + gpu_info().reason);
  const std::size_t need = device_bytes(planes.width, planes.height, n, shape_);
  const std::size_t free_bytes = gpu_free_memory();
  if (need > free_bytes)
    throw ResourceError("the GPU wave needs " + std::to_string(need) + " bytes of device memory, " +
                        std::to_string(free_bytes) + " are free");
  impl_ = std::make_unique<Impl>();
  Impl& im = *impl_;
  im.width = planes.width;
  im.height = planes.height;
  im.cells = planes.cell_count();
  im.n = n;
  im.shape = shape_;
  cudaStream_t s = im.stream.get();

  // The host keeps the blocked cells (a blocked start has no path).
  Stopwatch build;
  im.blocked_words = planes.blocked;
  im.plane_words = planes.words;
  timings_.build_ms = build.seconds() * 1e3;

  Stopwatch upload_clock;
  ARCWAVE_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&im.host_counters),
                                    kCounterWords * sizeof(std::uint32_t)));
  im.counters.allocate(kCounterWords);
  im.moves.allocate(im.cells);
  const bool diagonals = n != Neighbourhood::kVonNeumann;
  BitPlanes shape = bit_plane_shape(planes.width, planes.height, shape_);
  // The octile wave needs only the move bytes: its planes are unpadded and dropped after.
  const int pitch = n == Neighbourhood::kOctile ? planes.words : shape.words;
  const std::size_t plane_words =
      static_cast<std::size_t>(pitch) *
      static_cast<std::size_t>(n == Neighbourhood::kOctile ? planes.height : shape.rows);
  im.right.allocate(plane_words);
  im.down.allocate(plane_words);
  upload_plane(planes.right, planes.words, planes.height, im.right, pitch, s);
  upload_plane(planes.down, planes.words, planes.height, im.down, pitch, s);
  im.stream.synchronize();
  timings_.upload_ms = upload_clock.seconds() * 1e3;

  Stopwatch device_build;
  const int plane_rows = n == Neighbourhood::kOctile ? planes.height : shape.rows;
  build_move_bytes(im, pitch, diagonals);
  if (n == Neighbourhood::kOctile) {
    im.right.release();
    im.down.release();
    im.octile.allocate(im.cells);
  } else {
    if (diagonals) {
      im.down_right.allocate(plane_words);
      im.down_left.allocate(plane_words);
      build_diagonal_planes(im, pitch, plane_rows);
    }
    const std::size_t tiles = static_cast<std::size_t>(shape.tiles_x) * shape.tiles_y;
    im.labels.allocate(im.cells);
    im.visited.allocate(plane_words);
    im.frontier_a.allocate(plane_words);
    im.frontier_b.allocate(plane_words);
    im.stamp_a.allocate(tiles);
    im.stamp_b.allocate(tiles);
    im.enqueued.allocate(tiles);
    im.list_a.allocate(tiles);
    im.list_b.allocate(tiles);
    im.host_planes_shape = std::move(shape);
  }
  im.stream.synchronize();
  timings_.device_build_ms = device_build.seconds() * 1e3;
}

GpuLeeWave::~GpuLeeWave() = default;

WaveStats GpuLeeWave::run(GpuVariant variant, Point finish, std::optional<Point> stop_at) {
  Impl& im = *impl_;
  if (finish.x < 0 || finish.y < 0 || finish.x >= im.width || finish.y >= im.height)
    throw InputError("finish (" + std::to_string(finish.x) + "," + std::to_string(finish.y) +
                     ") is outside the grid");
  if (stop_at &&
      (stop_at->x < 0 || stop_at->y < 0 || stop_at->x >= im.width || stop_at->y >= im.height))
    throw InputError("start is outside the grid");
  cuda::EventTimer timer;
  timer.start(im.stream.get());
  WaveStats stats;
  if (im.n == Neighbourhood::kOctile) {
    stats = run_octile_variant(im, variant, finish);
  } else {
    switch (variant) {
      case GpuVariant::kGlobal:
      case GpuVariant::kShared:
      case GpuVariant::kTexture:
        stats = run_paper_variant(im, variant, finish);
        break;
      case GpuVariant::kFrontier:
        stats = run_frontier_variant(im, finish, stop_at);
        break;
      case GpuVariant::kBitwave:
      case GpuVariant::kFast:
        stats = run_bitwave_variant(im, variant == GpuVariant::kFast, finish, stop_at);
        break;
    }
  }
  timer.stop(im.stream.get());
  timings_.wave_ms = timer.milliseconds();
  im.have_labels = true;
  im.finish = finish;
  return stats;
}

std::vector<std::uint32_t> GpuLeeWave::labels() const {
  if (!impl_->have_labels || impl_->n == Neighbourhood::kOctile)
    throw InternalError("GpuLeeWave::labels: no unit-move wave has run");
  return impl_->labels.to_host(impl_->stream.get());
}

std::vector<std::uint64_t> GpuLeeWave::octile_labels() const {
  if (!impl_->have_labels || impl_->n != Neighbourhood::kOctile)
    throw InternalError("GpuLeeWave::octile_labels: no octile wave has run");
  return impl_->octile.to_host(impl_->stream.get());
}

std::vector<Point> GpuLeeWave::path(Point start, Priority priority, PathMethod method) {
  Impl& im = *impl_;
  if (!im.have_labels) throw InternalError("GpuLeeWave::path: no wave has run");
  if (start.x < 0 || start.y < 0 || start.x >= im.width || start.y >= im.height)
    throw InputError("start (" + std::to_string(start.x) + "," + std::to_string(start.y) +
                     ") is outside the grid");
  Stopwatch clock;
  const std::vector<std::uint32_t> cells = recover_path_cells(im, start, priority, method);
  std::vector<Point> path;
  path.reserve(cells.size());
  for (const std::uint32_t c : cells)
    path.push_back({static_cast<int>(c % static_cast<std::uint32_t>(im.width)),
                    static_cast<int>(c / static_cast<std::uint32_t>(im.width))});
  timings_.path_ms = clock.seconds() * 1e3;
  return path;
}

}  // namespace arcwave::grid
