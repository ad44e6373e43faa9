// graph/grid/gpu_wave_impl.cuh — internal: the device state of GpuLeeWave and the launchers of
// each variant, defined in the gpu_*.cu files of this folder.
#pragma once

#include <cuda_runtime.h>

#include <memory>
#include <optional>
#include <vector>

#include "core/cuda/device_buffer.cuh"
#include "core/frontier/frontier.cuh"
#include "graph/grid/bitwave_core.hpp"
#include "graph/grid/gpu_wave.hpp"

namespace arcwave::grid {

inline constexpr int kCellBlock = 256;  // threads per block of the per-cell kernels

/// Index offsets of the 8 moves (grid.hpp order) for a row of `width` cells.
struct MoveOffsets {
  long long at[8];
};
MoveOffsets move_offsets(int width);

struct GpuLeeWave::Impl {
  int width = 0;
  int height = 0;
  std::uint64_t cells = 0;
  Neighbourhood n = Neighbourhood::kVonNeumann;
  TileShape shape = TileShape::k64;
  cuda::Stream stream;

  // The blocked plane (grid_planes.hpp): a blocked start has no path.
  std::vector<std::uint32_t> blocked_words;
  int plane_words = 0;  // words per row of blocked_words
  [[nodiscard]] bool is_blocked(std::uint32_t cell) const {
    const std::uint32_t x = cell % static_cast<std::uint32_t>(width);
    const std::uint32_t y = cell / static_cast<std::uint32_t>(width);
    return (blocked_words[static_cast<std::size_t>(y) * static_cast<std::size_t>(plane_words) +
                          x / 32] >>
                (x % 32) &
            1U) != 0;
  }

  // Open moves of each cell (bit m: move m of grid.hpp; diagonals only for Moore / octile).
  cuda::DeviceBuffer<std::uint8_t> moves;
  cudaTextureObject_t moves_texture = 0;  // over `moves`, made on first use

  // Bit planes of the fast variants (unit moves only).
  BitPlanes host_planes_shape;  // sizes only (vectors emptied after upload)
  cuda::DeviceBuffer<std::uint32_t> right, down, down_right, down_left;
  cuda::DeviceBuffer<std::uint32_t> visited, frontier_a, frontier_b;
  cuda::DeviceBuffer<std::uint32_t> stamp_a, stamp_b, enqueued, list_a, list_b;
  cuda::DeviceBuffer<std::uint32_t> counters;  // count[3], found, changed
  std::uint32_t* host_counters = nullptr;      // pinned copy of `counters`

  // Labels of the last run.
  cuda::DeviceBuffer<std::uint32_t> labels;
  cuda::DeviceBuffer<std::uint64_t> octile;
  bool have_labels = false;
  Point finish;

  // Queues of the frontier variant (made on first use).
  std::unique_ptr<frontier::Workspace> workspace;

  ~Impl();
  /// Copies the counters to the host (pinned) and waits.
  void fetch_counters();
  bitwave::Buffers bitwave_buffers(std::optional<Point> stop_at);
};

// The layouts built on the device from the uploaded right / down planes (`pitch` words per row,
// gpu_build.cu): the move bytes of every cell, and for Moore the two diagonal planes.
void build_move_bytes(GpuLeeWave::Impl& impl, int pitch, bool diagonals);
void build_diagonal_planes(GpuLeeWave::Impl& impl, int pitch, int rows);

// Launchers (each returns the statistics of the run; device work is on impl.stream).
WaveStats run_paper_variant(GpuLeeWave::Impl& impl, GpuVariant variant, Point finish);
WaveStats run_frontier_variant(GpuLeeWave::Impl& impl, Point finish, std::optional<Point> stop_at);
WaveStats run_bitwave_variant(GpuLeeWave::Impl& impl, bool persistent, Point finish,
                              std::optional<Point> stop_at);
WaveStats run_octile_variant(GpuLeeWave::Impl& impl, GpuVariant variant, Point finish);
std::vector<std::uint32_t> recover_path_cells(GpuLeeWave::Impl& impl, Point start,
                                              Priority priority, PathMethod method);

// Indices of the counters buffer.
inline constexpr int kCount0 = 0;   // count[0..2] of the bitwave steps / octile passes
inline constexpr int kFound = 3;    // bitwave: step + 1 in which the target was labelled
inline constexpr int kChanged = 4;  // relaxation variants: something changed
inline constexpr int kCounterWords = 8;

}  // namespace arcwave::grid
