// graph/grid/bitwave.hpp — the fast Lee wave (see bitwave_core.hpp for the algorithm): bit planes
// built from a grid, the initial state, and the CPU driver, which runs exactly the kernels'
// per-word logic tile by tile (OpenMP over the active tiles of a step). The CPU driver is what
// the CPU tests check against BFS (so the GPU code is tested wherever the tests run) and a
// multi-core competitor in the benchmark.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "graph/grid/bitwave_core.hpp"
#include "graph/grid/grid.hpp"

namespace arcwave::grid {

/// Tile shapes of the fast variant (interior words x rows, K = 32 rounds per step).
enum class TileShape : std::uint8_t {
  k64,    // 64 x 64 cells, 256 threads: more tiles, for small grids
  k128,   // 128 x 128 cells, 384 threads
  k192,   // 192 x 192 cells, 512 threads: least halo overhead
  kTest,  // 32 x 4 cells, K = 3: many tiles on small grids (CPU tests only)
};
std::string to_string(TileShape shape);
/// Interior words and rows of a shape.
int tile_words(TileShape shape);
int tile_rows(TileShape shape);
/// The shape the `fast` variant uses for a grid (chosen by size, see the benchmark).
TileShape default_tile_shape(std::uint64_t cell_count);
TileShape default_tile_shape(const Grid& grid);

/// Passability as bit planes padded to whole tiles (Moore adds the two diagonal planes).
struct BitPlanes {
  int words = 0;
  int rows = 0;
  std::uint32_t tiles_x = 0;
  std::uint32_t tiles_y = 0;
  std::vector<std::uint32_t> right;
  std::vector<std::uint32_t> down;
  std::vector<std::uint32_t> down_right;
  std::vector<std::uint32_t> down_left;
};
BitPlanes build_bit_planes(const Grid& grid, bool moore, TileShape shape);
/// The sizes of those planes for a width x height grid (the vectors left empty).
BitPlanes bit_plane_shape(int width, int height, TileShape shape);

/// The host copy of the state a wave starts from (the GPU driver uploads it).
struct BitwaveStart {
  std::vector<std::uint32_t> visited;    // words * rows, the finish bit set
  std::vector<std::uint32_t> frontier0;  // the same, as the step-0 frontier
  std::vector<std::uint32_t> stamp0;     // per tile: 0 for the finish's tile, else ~0
  std::vector<std::uint32_t> enqueued;   // per tile: 0 for the queued tiles, else ~0
  std::vector<std::uint32_t> list0;      // the 3 x 3 tiles around the finish's tile
};
BitwaveStart bitwave_start(const BitPlanes& planes, TileShape shape, Point finish);

struct WaveStats {
  std::uint32_t steps = 0;        // global steps (or launches / rounds, per variant)
  std::uint64_t tile_steps = 0;   // tiles processed over all steps (bitwave, shared)
  bool stopped_at_start = false;  // the wave stopped once the start was labelled
};

/// The fast wave on the CPU: BFS labels from `finish` (kVonNeumann or kMoore), equal to
/// bfs_labels(). With `stop_at` the wave stops after the step that labels that cell (labels
/// up to that step are exact, the rest stay kUnreached).
std::vector<std::uint32_t> bitwave_labels_cpu(const Grid& grid, Point finish, Neighbourhood n,
                                              TileShape shape, int threads = 0,
                                              std::optional<Point> stop_at = std::nullopt,
                                              WaveStats* stats = nullptr);

}  // namespace arcwave::grid
