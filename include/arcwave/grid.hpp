// arcwave/grid.hpp — shortest paths on grid maps (the Lee wave): load a map, then ask for one
// path or a batch of them, on the CPU or the GPU.
//
//   arcwave::GridMap map = arcwave::GridMap::load("maze-41.map");
//   arcwave::GridPlanner planner(map, {.moves = arcwave::GridMoves::kFour});
//   const arcwave::GridPath p = planner.query({1, 1}, {39, 39});
//   if (p.found) use(p.length, p.cells);   // cells run from the start to the goal
//
// Coordinates are image coordinates: x is the column (0 = left), y the row (0 = top).
// A query's wave starts at the goal and labels every cell with its distance to it; the path is
// then walked from the start downhill, choosing among equally near neighbours by `order`. CPU
// and GPU give the same lengths and, for a given order, the same paths.
//
// Costs (W x H cells): a wave is O(W·H) work. On the CPU one query runs one breadth-first
// search (4 or 8 unit moves) or one exact Dijkstra (octile costs, O(W·H log(W·H))) on one
// thread; a batch runs its waves on all cores, one wave per distinct goal. On the GPU the map is
// uploaded once per planner (O(W·H) bytes, a few per cell) and each distinct goal costs one
// wave on the device (the bit-parallel "fast" wave for unit moves, the tiled octile wave
// otherwise) and each query one path walk. Memory: O(W·H) per planner, plus the labels of one
// wave per CPU thread.
//
// Weighted maps (a cost per cell, from terrain letters or a cost image) and batched GPU waves
// (many queries in flight at once) are being added to the grid engine. They will arrive here as
// further GridMap constructors and GridPlannerOptions fields, without changing query() or
// query_batch(): GridPath::length is already a real number (a sum of move costs), and a batch
// already returns one GridPath per query in query order.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "arcwave/backend.hpp"

namespace arcwave {

struct GridCell {
  int x = 0;
  int y = 0;
  friend bool operator==(const GridCell&, const GridCell&) = default;
};

/// The moves a path may take.
enum class GridMoves : std::uint8_t {
  kFour,    // left, up, right, down; each costs 1 (the paper's Lee wave)
  kEight,   // the 8 neighbours, each move costs 1; a diagonal needs both orthogonal detours open
  kOctile,  // the 8 neighbours, orthogonal moves cost 1 and diagonal ones sqrt(2), no corner
            // cutting (the MovingAI benchmark's rules)
};

/// How to read a height map (PGM, PNG or raw samples): the move between two adjacent cells is
/// open when their heights differ by less than `threshold`.
struct GridLoadOptions {
  std::optional<std::uint32_t> threshold;  // required for height maps
  int raw_width = 0;                       // > 0: the file is raw little-endian samples
  int raw_height = 0;
  int raw_bytes = 1;  // 1 or 2 bytes per sample
};

/// An immutable grid map: for every cell and each of its 4 orthogonal moves, whether the move
/// is open (diagonal moves are derived). Copies share the cells (cheap).
class GridMap {
 public:
  /// Reads a MovingAI .map, an arcwave passability file, or a PGM / PNG / raw height map
  /// (recognised by content; height maps need options.threshold). O(file size). Throws
  /// InputError (FILE:LINE:COL) on a bad file, a missing threshold, or a map over 2^32 - 2
  /// cells.
  static GridMap load(const std::string& path, const GridLoadOptions& options = {});
  /// A map from a row-major W x H array: a non-zero entry is a blocked cell; moves between free
  /// 4-neighbours are open. Throws InputError on a size mismatch.
  static GridMap from_blocked(int width, int height, std::span<const std::uint8_t> blocked);
  /// A map from row-major heights: the move between 4-neighbours is open (both ways) when their
  /// heights differ by less than `threshold`.
  static GridMap from_heights(int width, int height, std::span<const std::uint16_t> heights,
                              std::uint32_t threshold);

  [[nodiscard]] int width() const noexcept;
  [[nodiscard]] int height() const noexcept;
  [[nodiscard]] std::uint64_t cell_count() const noexcept;
  /// Whether the cell can never be entered. Throws InputError outside the map.
  [[nodiscard]] bool blocked(GridCell cell) const;
  /// Whether the orthogonal move from `cell` towards (dx, dy) (one of (-1,0), (0,-1), (1,0),
  /// (0,1)) is open. Throws InputError outside the map or for another (dx, dy).
  [[nodiscard]] bool open(GridCell cell, int dx, int dy) const;
  /// Closed directed moves between in-grid 4-neighbours over all of them (the paper's beta).
  [[nodiscard]] double impassability() const;
  /// "MovingAI map", "passability", "PGM height map", ... or "array" for from_*().
  [[nodiscard]] const std::string& format() const noexcept;

  /// The engine's representation, for arcwave's own wrappers (its definition is internal).
  struct Impl;
  [[nodiscard]] const Impl& impl() const noexcept { return *impl_; }

 private:
  explicit GridMap(std::shared_ptr<const Impl> impl);
  std::shared_ptr<const Impl> impl_;
};

struct GridQuery {
  GridCell start;
  GridCell goal;
};

/// One row of a MovingAI scenario file: a query, the benchmark's optimal octile length and the
/// map it was made for.
struct GridScenario {
  GridQuery query;
  double optimal_length = 0;
  int bucket = 0;
  std::string map;  // the map's file name as the scenario names it
  int map_width = 0;
  int map_height = 0;
};
/// Reads a MovingAI .scen file (an optional "version 1" line, then rows of "bucket map width
/// height start_x start_y goal_x goal_y optimal_length"). O(file size). Throws InputError
/// (FILE:LINE:COL) on a malformed row.
std::vector<GridScenario> load_scenarios(const std::string& path);

/// Among neighbours equally near the goal, the first in this order is taken: L(eft), U(p),
/// R(ight), D(own), then the diagonals between consecutive ones.
enum class GridPathOrder : std::uint8_t { kLURD, kULDR };

struct GridPlannerOptions {
  GridMoves moves = GridMoves::kFour;
  /// kAuto takes the GPU from 65,536 cells on (where the wave was measured faster, transfers
  /// included) when a GPU is present and the map fits its free memory.
  Backend backend = Backend::kAuto;
  GridPathOrder order = GridPathOrder::kLURD;
  /// false: lengths only (GridPath::cells stays empty; saves the path walk and its memory).
  bool paths = true;
  /// CPU batches: threads (0: all cores). One query always runs on one thread.
  int threads = 0;
};

struct GridPath {
  bool found = false;  // false: the goal cannot be reached from the start (or one is blocked)
  /// The path's cost: moves for kFour / kEight, orthogonal + sqrt(2) x diagonal moves for
  /// kOctile. +infinity when not found.
  double length = 0;
  std::vector<GridCell> cells;  // start first, goal last (empty when not found or !paths)
};

/// Answers queries on one map. Construction chooses the backend and, on the GPU, uploads the
/// map. Not thread-safe: use one planner per thread (query_batch parallelises by itself).
class GridPlanner {
 public:
  /// Throws ResourceError for Backend::kGpu without a usable GPU (or a build without CUDA) or
  /// without enough device memory for the map.
  explicit GridPlanner(GridMap map, GridPlannerOptions options = {});
  ~GridPlanner();
  GridPlanner(GridPlanner&&) noexcept;
  GridPlanner& operator=(GridPlanner&&) noexcept;

  /// One query: one wave from the goal. Throws InputError when a cell is outside the map.
  GridPath query(GridCell start, GridCell goal);
  /// Every query, answers in query order. Queries that share a goal share its wave. Throws
  /// InputError (naming the query's index) when a cell is outside the map.
  std::vector<GridPath> query_batch(std::span<const GridQuery> queries);
  /// Distances of every cell to `goal` (row-major, +infinity where unreachable): one wave.
  std::vector<double> distances_to(GridCell goal);

  [[nodiscard]] const GridMap& map() const noexcept;
  [[nodiscard]] const GridPlannerOptions& options() const noexcept;
  /// "cpu" or "gpu", and why (one line), e.g. "cpu (auto: no GPU: ...)".
  [[nodiscard]] const std::string& backend() const noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arcwave
