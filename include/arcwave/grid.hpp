// arcwave/grid.hpp — shortest paths on grid maps: load a map, make a planner, ask for one path
// or a batch of them. The planner runs one of several engines on the CPU or the GPU; the CLI
// (`arcwave grid`) and the Python module are clients of this API and run the same engines.
//
//   arcwave::GridMap map = arcwave::GridMap::load("maze-41.map");
//   arcwave::GridPlanner planner(map, {.moves = arcwave::GridMoves::kOctile});
//   const arcwave::GridPath p = planner.query({1, 1}, {39, 39});
//   if (p.found) use(p.length, p.cells);   // cells run from the start to the goal
//
// Coordinates are image coordinates: x is the column (0 = left), y the row (0 = top).
// Every engine returns exact shortest lengths (lengths are sums of move costs kept as exact
// counts of orthogonal and diagonal moves, so every engine, backend and door agrees bit for
// bit); paths are valid shortest paths, and which of several equally short paths comes back
// depends on the engine (the wave's follows `order`).
//
// Engines (GridEngine; costs for a W x H map of N = W·H cells, Q queries):
//   kWave     one wave per distinct goal over the whole map, then each start's path walked
//             downhill (choosing by `order`): BFS or exact octile Dijkstra on the CPU (one
//             thread per goal), the Lee wave on the GPU (map uploaded once, O(N) per wave).
//             Unweighted maps. distances_to() always runs it.
//   kAStar    one exact A* per query (octile / Manhattan / Chebyshev heuristic), queries on all
//             cores; on the GPU the batched tile search, one thread block per query in flight.
//             Any map, weighted ones included.
//   kJps      Jump Point Search: A* over jump points found by scanning the map 64 cells at a
//             time. Octile moves on unweighted cell maps (MovingAI maps, maps from blocked
//             cells: every move between free neighbours open). CPU, queries on all cores.
//             No preprocessing (2 bits a cell).
//   kJpsPlus  JPS+: the jumps precomputed once per planner (O(N), 16 bytes a cell, map sides up
//             to 32767), the same search reading them. CPU.
//   kCpd      a first-move compressed path database (SRC): for every free cell, the first
//             move of a shortest path to every other cell, run-length compressed. Built once
//             per planner — one wave per free cell, O(N²) work, on the GPU (thousands of waves
//             at once) or all CPU cores — or loaded from a file (save_cpd); a query then
//             follows first moves (a binary search per move), on the CPU or, for a batch, the
//             GPU. Unweighted maps, below 2^29 cells. Memory: 4 bytes a run plus 16 a cell.
// kAuto picks, from the map, the moves, the backend and expected_queries:
//   a database file given                    -> kCpd;
//   weighted map                             -> kAStar (GPU from 2,000 expected queries);
//   octile moves on an unweighted cell map   -> kJpsPlus when under a third of the free cells
//       are jump points (game maps, rooms; maps up to 2^24 cells), else kJps (CPU) — except
//       one query (or up to 16) on a map of 2^24 cells or more with a GPU: kWave (GPU);
//   otherwise (4 or 8 unit moves, maps with single closed moves):
//       one expected query: kWave on the GPU from 65,536 cells on, else kAStar on the CPU;
//       a batch: kAStar, on the GPU from 2,000 expected queries.
// With Backend::kGpu the engine must have a GPU form (kWave, kAStar, kCpd); kAuto then takes
// kWave for one expected query and kAStar otherwise (kCpd with a file). Measured behind the
// rule (docs/design.md): on all 46,181 rows of the 28 shared MovingAI maps JPS answered
// 9.7-10.3x faster than A* per core; JPS+ took 8-53 % less time than JPS on game maps and
// rooms, 11-43 % more on random obstacles; the batched GPU search answered 2,229 queries/s
// on an H100 on the 2014 competition maps. The GPU thresholds of kWave and the GPU search are
// those measured for `arcwave grid` before; the 2^24-cell rule is not measured yet.
// Memory: O(N) per planner (bytes per cell: 2 for JPS, 18 for JPS+, the database for kCpd),
// plus each CPU thread's search workspace (16 bytes a cell).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
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
/// "4", "8" or "octile" (also "four", "eight"); InputError otherwise.
GridMoves parse_grid_moves(std::string_view text);
std::string_view to_string(GridMoves moves);

/// How to read a map file.
struct GridLoadOptions {
  /// Height maps (PGM, PNG, raw): the move between two adjacent cells is open when their
  /// heights differ by less than `threshold` (required for height maps).
  std::optional<std::uint32_t> threshold;
  int raw_width = 0;  // > 0: the file is raw little-endian samples of this size
  int raw_height = 0;
  int raw_bytes = 1;  // 1 or 2 bytes per sample
  /// A weighted MovingAI map: the cost of the terrain letters, e.g. "T=4,S=2,W=8" ('.' and G
  /// cost 1, S costs 1, T and W are blocked unless given a cost).
  std::string terrain;
  /// The PGM / PNG / raw file holds cell costs (1..65535, 0 = blocked), not heights.
  bool costs = false;
  /// Start making the GPU's context on a background thread while the file is read (for a
  /// caller about to ask for the GPU; 0.1-0.3 s saved). No effect without a GPU.
  bool warm_up_gpu = false;
};

/// An immutable grid map: for every cell and each of its 4 orthogonal moves, whether the move
/// is open (diagonal moves are derived), and for weighted maps a cost per cell (a move costs
/// the mean of its two cells' costs, times sqrt 2 diagonally). Copies share the cells (cheap).
class GridMap {
 public:
  /// Reads a MovingAI .map, an arcwave passability file, or a PGM / PNG / raw height map
  /// (recognised by content; height maps need options.threshold), or with options.terrain /
  /// options.costs a weighted map. O(file size), MovingAI maps and height maps on all cores.
  /// Throws InputError (FILE:LINE:COL) on a bad file, a missing threshold, contradictory
  /// options, or a map over 2^32 - 2 cells.
  static GridMap load(const std::string& path, const GridLoadOptions& options = {});
  /// A map from a row-major W x H array: a non-zero entry is a blocked cell; moves between free
  /// 4-neighbours are open. Throws InputError on a size mismatch.
  static GridMap from_blocked(int width, int height, std::span<const std::uint8_t> blocked);
  /// A map from row-major heights: the move between 4-neighbours is open (both ways) when their
  /// heights differ by less than `threshold`.
  static GridMap from_heights(int width, int height, std::span<const std::uint16_t> heights,
                              std::uint32_t threshold);
  /// A weighted map from row-major cell costs (0 = blocked).
  static GridMap from_costs(int width, int height, std::span<const std::uint16_t> costs);

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
  /// "MovingAI map", "passability file", "PGM height map", ... or "array ..." for from_*().
  [[nodiscard]] const std::string& format() const noexcept;
  /// Whether cells have costs (terrain letters, a cost image, from_costs()).
  [[nodiscard]] bool weighted() const noexcept;
  /// A cell map: every move between two free 4-neighbours is open (what JPS needs; height maps
  /// and passability files may close single moves).
  [[nodiscard]] bool cell_based() const;

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
  std::uint64_t line = 0;  // the row's line in the file
};
/// Reads a MovingAI .scen file (an optional "version 1" line, then rows of "bucket map width
/// height start_x start_y goal_x goal_y optimal_length"). O(file size). Throws InputError
/// (FILE:LINE:COL) on a malformed row.
std::vector<GridScenario> load_scenarios(const std::string& path);

/// One row of a batch file, checked against its map.
struct GridBatchRow {
  GridQuery query;
  std::uint64_t line = 0;
  int bucket = -1;                // scenario files only
  std::optional<double> optimal;  // scenario files only: the file's optimal length
};
/// The rows of a MovingAI scenario file made for `map`, whose file is `map_path`: each row's
/// map name (file name part) and size must be the map's (InputError at FILE:LINE:COL).
std::vector<GridBatchRow> load_scenario_rows(const std::string& scen_path, const GridMap& map,
                                             const std::string& map_path);
/// The rows of a query file: "sx sy gx gy" per line ('#' starts a comment line), every point
/// inside the map (InputError at FILE:LINE:COL).
std::vector<GridBatchRow> load_query_rows(const std::string& path, const GridMap& map);
/// MovingAI's tolerance: lengths agree within 1e-4 relative (absolute below 1). A file length
/// of 0 between two different cells means "no path" (ours must be infinite).
bool lengths_agree(double ours, double file, bool same_cell);

/// Among neighbours equally near the goal, the first in this order is taken: L(eft), U(p),
/// R(ight), D(own), then the diagonals between consecutive ones. The wave's paths only.
enum class GridPathOrder : std::uint8_t { kLURD, kULDR };
/// "LURD" or "ULDR" (any case); InputError otherwise.
GridPathOrder parse_grid_path_order(std::string_view text);

enum class GridEngine : std::uint8_t { kAuto, kWave, kAStar, kJps, kJpsPlus, kCpd };
/// "auto", "wave", "astar", "jps", "jps+" or "cpd"; InputError otherwise.
GridEngine parse_grid_engine(std::string_view text);
std::string_view to_string(GridEngine engine);

/// The GPU wave's variants (kWave on the GPU): kFast (the default) is the bit-parallel wave in
/// one persistent kernel (unit moves) or the tiled octile wave; the others are the paper's
/// global / shared / texture variants, a frontier queue and the bit-parallel wave with one
/// launch per step (docs/design.md).
enum class GridWaveVariant : std::uint8_t {
  kGlobal,
  kShared,
  kTexture,
  kFrontier,
  kBitwave,
  kFast
};
/// "global", "shared", "texture", "frontier", "bitwave" or "fast"; InputError otherwise.
GridWaveVariant parse_grid_wave_variant(std::string_view text);
std::string_view to_string(GridWaveVariant variant);

struct GridPlannerOptions {
  GridMoves moves = GridMoves::kFour;
  /// kAuto: see the engine rule above.
  Backend backend = Backend::kAuto;
  GridEngine engine = GridEngine::kAuto;
  /// How many queries the planner will answer (0: unknown, many): kAuto's rule uses it.
  std::uint64_t expected_queries = 0;
  /// A first-move database file (save_cpd()) for this map and moves: the engine is then kCpd
  /// and nothing is built.
  std::string cpd_file;
  GridPathOrder order = GridPathOrder::kLURD;
  /// false: lengths only (GridPath::cells stays empty; saves the paths' memory).
  bool paths = true;
  /// CPU work (batches, preprocessing): threads (0: all cores). One query runs on one thread.
  int threads = 0;
  /// kWave on the GPU: the variant, and whether a single start may stop the wave once it is
  /// labelled (kFrontier, kBitwave, kFast).
  GridWaveVariant variant = GridWaveVariant::kFast;
  bool stop_at_start = false;
};

struct GridPath {
  bool found = false;  // false: the goal cannot be reached from the start (or one is blocked)
  /// The path's cost: moves for kFour / kEight, orthogonal + sqrt(2) x diagonal moves for
  /// kOctile, times the cells' mean costs when weighted. +infinity when not found.
  double length = 0;
  std::vector<GridCell> cells;  // start first, goal last (empty when not found or !paths)
  /// The engine's work for this query: cells expanded (A*), jump points expanded (JPS, JPS+),
  /// cells whose length fell (the GPU search), moves followed (kCpd), 0 for the wave.
  std::uint64_t expanded = 0;
};

/// Phase times in milliseconds. Construction: context wait (waiting for the GPU's context),
/// preprocessing (the jump table, the database built or loaded, the wave's host layout),
/// upload (the map or the database to the GPU), device build (the wave's device layouts).
/// Each query call: search (host clock, the whole call), and within it the GPU's kernels
/// (CUDA events), download, and the wave's path walk.
struct GridTimings {
  double context_wait_ms = 0;
  double preprocess_ms = 0;
  double upload_ms = 0;
  double device_build_ms = 0;
  double search_ms = 0;
  double kernel_ms = 0;
  double download_ms = 0;
  double path_ms = 0;
};

/// What the planner prepared before its first query.
struct GridPreprocessing {
  std::string what;         // "none", "jump table", "first-move database (built on gpu)", ...
  double seconds = 0;       // its time (building or loading)
  std::uint64_t bytes = 0;  // host memory it holds
  std::uint64_t runs = 0;   // kCpd: compressed runs
};

/// The last GPU wave (kWave on the GPU): its variant, steps and whether it stopped at the start.
struct GridWaveStats {
  std::string variant;
  std::uint64_t steps = 0;
  bool stopped_at_start = false;
};

/// Answers queries on one map. Construction chooses the engine and backend, prepares the
/// engine (uploads the map, builds the jump table or the database). Not thread-safe: use one
/// planner per thread (query_batch parallelises by itself).
class GridPlanner {
 public:
  /// Throws InputError for an engine the map, the moves or the backend cannot take (see
  /// GridEngine; JPS and JPS+ with Backend::kGpu), or a bad database file; ResourceError for
  /// Backend::kGpu without a usable GPU (or a build without CUDA) or without enough device
  /// memory.
  explicit GridPlanner(GridMap map, GridPlannerOptions options = {});
  ~GridPlanner();
  GridPlanner(GridPlanner&&) noexcept;
  GridPlanner& operator=(GridPlanner&&) noexcept;

  /// One query. Throws InputError when a cell is outside the map.
  GridPath query(GridCell start, GridCell goal);
  /// Every query, answers in query order (on all cores, or many at once on the GPU). Throws
  /// InputError (naming the query's index) when a cell is outside the map.
  std::vector<GridPath> query_batch(std::span<const GridQuery> queries);
  /// Distances of every cell to `goal` (row-major, +infinity where unreachable): one wave
  /// (exact Dijkstra on weighted maps), whatever the engine.
  std::vector<double> distances_to(GridCell goal);

  [[nodiscard]] const GridMap& map() const noexcept;
  [[nodiscard]] const GridPlannerOptions& options() const noexcept;
  /// The engine answering queries (never kAuto).
  [[nodiscard]] GridEngine engine() const noexcept;
  /// "cpu" or "gpu" and why, and the engine and why, e.g.
  /// "cpu (auto: no GPU: ...)", "jps+ (auto: octile moves on a cell map of 262144 cells)".
  [[nodiscard]] const std::string& backend() const noexcept;
  [[nodiscard]] const std::string& engine_reason() const noexcept;
  /// How the engine runs (threads, or GPU queries in flight), for a report line.
  [[nodiscard]] std::string engine_detail() const;
  [[nodiscard]] const GridTimings& timings() const noexcept;
  [[nodiscard]] const GridPreprocessing& preprocessing() const noexcept;
  /// The last GPU wave (empty variant when none ran).
  [[nodiscard]] const GridWaveStats& wave_stats() const noexcept;
  /// Saves the first-move database (kCpd) for GridPlannerOptions::cpd_file; InputError for
  /// another engine.
  void save_cpd(const std::string& path) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Draws the map, distances (as from distances_to(), +infinity: unreached) and a path into an
/// RGB PNG (blocked cells black, the wave coloured by distance, the path red, the start green,
/// the goal blue; small maps scaled up, large ones sampled down to about 1024 pixels a side).
/// Returns the picture's width and height. InputError when the file cannot be written.
std::pair<int, int> write_grid_png(const GridMap& map, std::span<const double> distances,
                                   std::span<const GridCell> path, GridCell start, GridCell goal,
                                   const std::string& file);

}  // namespace arcwave
