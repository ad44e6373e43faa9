// cli/grid_input.hpp — the options of `arcwave grid` and what they turn into through the public
// API: the map (GridMap::load with its options), the moves, the planner's options, and the
// texts the command prints about them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arcwave/grid.hpp"

namespace arcwave::cli {

struct GridOptions {
  std::string map;
  std::string from;
  std::string to;
  std::optional<std::uint32_t> threshold;
  std::string raw;
  std::string variant;  // "" : fast
  std::string backend = "auto";
  std::string engine = "auto";
  std::string priority = "LURD";
  bool moore = false;
  bool unit_diagonals = false;
  std::string moves;  // "", "4", "8" (unit diagonals) or "octile"
  bool stop_at_start = false;
  std::string png;
  std::string path_out;
  std::string cpd;  // a first-move database file: loaded, or built and written when missing
  // Weighted grids.
  std::string terrain;  // MovingAI letters: "T=4,S=2,W=8"
  bool costs = false;   // the image / raw map holds cell costs, not heights
  // Batches.
  std::vector<std::string> scens;
  std::string queries;
  std::string out;
  bool check = false;
  bool paths = false;
  unsigned threads = 0;
};

struct LoadedMap {
  GridMap map;
  double read_ms = 0;
};

/// Reads `path` with the options' --threshold, --raw, --terrain and --costs (the GPU's context
/// started meanwhile unless --backend cpu).
LoadedMap load_map(const GridOptions& o, const std::string& path);
/// --moves, else --moore / --unit-diagonals, else octile for a scenario batch and 4 moves
/// otherwise.
GridMoves grid_moves(const GridOptions& o);
/// The planner's options for `expected` queries; --png, --variant and --stop-at-start belong to
/// the wave and make it the engine when --engine is auto (InputError with another engine).
GridPlannerOptions planner_options(const GridOptions& o, GridMoves moves, std::uint64_t expected,
                                   bool wave_options);
/// --cpd FILE: an existing file is loaded (the engine is then cpd); a missing one means: build
/// the database (engine cpd) and write it there once the planner is made (returns true).
bool apply_cpd(const GridOptions& o, GridPlannerOptions* p);
/// After a planner was made with apply_cpd() true: writes its database, prints where.
void save_cpd_file(const GridPlanner& planner, const std::string& path);
/// "Moore, octile costs (1, sqrt 2)" and the like.
std::string describe_moves(GridMoves moves);
/// A length as the command prints it: exact octile or weighted lengths with 8 decimals, unit
/// lengths as integers, "inf" without a path.
std::string format_length(double length, GridMoves moves, bool weighted);
/// x,y as a cell; InputError naming the option otherwise.
GridCell parse_cell(const std::string& text, const char* option);

}  // namespace arcwave::cli
