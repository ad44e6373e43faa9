// cli/grid_input.hpp — the options of `arcwave grid` and what they load: the map (MovingAI map,
// passability file, height map, or cell costs from terrain letters, a cost image or a raw cost
// array), the moves, and the queries of a batch (a MovingAI scenario or `sx sy gx gy` lines).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "graph/grid/costs.hpp"
#include "graph/grid/grid.hpp"
#include "graph/grid/query_batch.hpp"
#include "parsers/grid/grid_files.hpp"

namespace arcwave::cli {

struct GridOptions {
  std::string map;
  std::string from;
  std::string to;
  std::optional<std::uint32_t> threshold;
  std::string raw;
  std::string variant = "fast";
  std::string backend = "auto";
  std::string priority = "LURD";
  bool moore = false;
  bool unit_diagonals = false;
  std::string moves;  // "", "4", "8" (unit diagonals) or "octile"
  bool stop_at_start = false;
  std::string png;
  std::string path_out;
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

struct GridInput {
  grid::Grid grid;
  std::optional<grid::CellCosts> costs;
  std::string format;
  double read_seconds = 0;
};

/// Reads the map named by the options (weighted when --terrain or --costs is given).
GridInput load_grid_input(const GridOptions& o);
/// The moves: --moves, else --moore / --unit-diagonals, else octile for a scenario batch and
/// 4 moves otherwise.
grid::Neighbourhood grid_moves(const GridOptions& o);

/// One row of a batch: the query and, for scenarios, the file's bucket and optimal length.
struct BatchRow {
  grid::Query query;
  std::uint64_t line = 0;
  int bucket = -1;
  std::optional<double> optimal;
};
/// The rows of a scenario file (checked against the map's name and size: InputError at
/// FILE:LINE:COL), or when `scen` is empty of a queries file (`sx sy gx gy` per line, '#'
/// comments; points checked against the map).
std::vector<BatchRow> read_batch_rows(const std::string& map, const std::string& scen,
                                      const std::string& queries, const grid::Grid& grid);

}  // namespace arcwave::cli
