// graph/grid/gpu_wave.hpp — the Lee wave on the GPU. Plain C++ (no CUDA types): in a build
// without CUDA every entry point throws ResourceError("built without CUDA").
//
// Variants (unit moves, kVonNeumann or kMoore):
//   kGlobal    the paper's global-memory variant: one thread per cell relaxes its label from
//              its neighbours' (in place); the host relaunches until nothing changes.
//   kShared    the paper's shared-memory variant: 32x32 tiles with a one-cell halo iterate to
//              local convergence in shared memory; relaunched until no tile changes.
//   kTexture   kGlobal with the passability flags read through the texture path.
//   kFrontier  a level-synchronous queue of the cells labelled last (one launch per level),
//              on the buffers of the shared frontier driver (core/frontier) but with grid
//              neighbours computed from coordinates instead of a CSR.
//   kBitwave   the bit-parallel ghost-zone wave (bitwave_core.hpp), one launch per step of K
//              levels.
//   kFast      the same in one persistent cooperative kernel (a grid-wide barrier per step).
// With kOctile (costs 1 and sqrt 2) the wave is a label-correcting relaxation of exact
// octile lengths: kGlobal (whole-grid sweeps) or kFast (32x32 tiles iterated to local
// convergence in shared memory, only tiles whose halo changed are revisited).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph/grid/bitwave.hpp"
#include "graph/grid/grid.hpp"
#include "graph/grid/grid_planes.hpp"
#include "graph/grid/path.hpp"

namespace arcwave::grid {

enum class GpuVariant : std::uint8_t { kGlobal, kShared, kTexture, kFrontier, kBitwave, kFast };
GpuVariant parse_gpu_variant(std::string_view text);
std::string_view to_string(GpuVariant v);

/// How the path is recovered after a GPU wave.
enum class PathMethod : std::uint8_t {
  kDeviceWalk,   // one GPU thread walks from the start over the device labels
  kHostMoves,    // a kernel computes every cell's next move (4 bits), the host walks them
  kDeviceCodes,  // the same kernel, then one GPU thread walks the moves (no 4-bit map download)
};

/// Times of the phases, milliseconds (CUDA events for device work, a host clock for the rest).
struct GpuTimings {
  double build_ms = 0;         // host: a Grid packed into planes, the blocked cells kept
  double upload_ms = 0;        // device allocations and the planes host to device
  double device_build_ms = 0;  // device: the variant's layout (move bytes, diagonal planes)
  double wave_ms = 0;          // the wave, initialisation included
  double path_ms = 0;          // path recovery (device work, transfers and host walk)
};

/// A grid resident on the GPU, ready for waves from any finish.
class GpuLeeWave {
 public:
  /// Builds and uploads what the variants need for neighbourhood `n`; `shape` is the tile
  /// shape of kBitwave / kFast. The grid is packed into planes on the host first.
  GpuLeeWave(const Grid& grid, Neighbourhood n, TileShape shape);
  GpuLeeWave(const Grid& grid, Neighbourhood n);
  /// From packed planes (what the fast readers produce): they are uploaded as they are and
  /// every other layout is built on the device.
  GpuLeeWave(const GridPlanes& planes, Neighbourhood n, TileShape shape);
  GpuLeeWave(const GridPlanes& planes, Neighbourhood n);
  ~GpuLeeWave();
  GpuLeeWave(const GpuLeeWave&) = delete;
  GpuLeeWave& operator=(const GpuLeeWave&) = delete;

  /// Runs the wave from `finish`. With `stop_at` the wave may stop once that cell is labelled
  /// (kBitwave, kFast and kFrontier do; the others run to the end). Labels stay on the device.
  WaveStats run(GpuVariant variant, Point finish, std::optional<Point> stop_at = std::nullopt);

  /// Labels of the last run (unit moves): distances to the finish, kUnreached elsewhere.
  [[nodiscard]] std::vector<std::uint32_t> labels() const;
  /// Exact octile lengths of the last run (kOctile).
  [[nodiscard]] std::vector<std::uint64_t> octile_labels() const;
  /// The path from `start` to the finish of the last run (empty: no path).
  [[nodiscard]] std::vector<Point> path(Point start, Priority priority, PathMethod method);

  [[nodiscard]] const GpuTimings& timings() const noexcept { return timings_; }
  [[nodiscard]] Neighbourhood neighbourhood() const noexcept { return neighbourhood_; }
  [[nodiscard]] TileShape shape() const noexcept { return shape_; }
  /// Device memory the wave needs for this grid (checked before anything is allocated).
  static std::size_t device_bytes(const Grid& grid, Neighbourhood n, TileShape shape);
  static std::size_t device_bytes(int width, int height, Neighbourhood n, TileShape shape);

  struct Impl;

 private:
  void upload(const GridPlanes& planes);

  std::unique_ptr<Impl> impl_;
  GpuTimings timings_;
  Neighbourhood neighbourhood_;
  TileShape shape_;
};

}  // namespace arcwave::grid
