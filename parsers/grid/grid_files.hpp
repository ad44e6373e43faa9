// parsers/grid/grid_files.hpp — grid inputs of the Lee wave: MovingAI benchmark maps (.map) and
// scenarios (.scen), arcwave's explicit passability files, and a front door that loads any
// grid input (those two, or a PGM / PNG / raw height map with a threshold).
//
// MovingAI maps: "type octile", "height H", "width W", "map", then H rows of W characters;
// '.', 'G' and 'S' are passable, '@', 'O', 'T' and 'W' are not (the usual reading of the
// benchmark sets). Scenarios: an optional "version 1" line, then rows of
// "bucket map width height start_x start_y goal_x goal_y optimal_length".
//
// Passability files (the paper's per-cell flags, written out):
//   passability W H
//   H rows of W hex digits, the open moves of each cell: 1 left, 2 up, 4 right, 8 down;
//   'x' marks a blocked cell. '#' starts a comment line.
// Moves must agree on both sides and never leave the grid.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "graph/grid/grid.hpp"

namespace arcwave {

grid::Grid read_movingai_map(const std::string& path);
grid::Grid parse_movingai_map(const std::string& name, const std::string& text);
/// Writes a cell map (blocked cells as '@', others '.'); edge-only closures are not expressible
/// and throw InputError.
void write_movingai_map(const std::string& path, const grid::Grid& grid);

struct ScenarioEntry {
  int bucket = 0;
  std::string map;
  int map_width = 0;
  int map_height = 0;
  grid::Point start;
  grid::Point goal;
  double optimal_length = 0.0;
  std::uint64_t line = 0;  // for messages
};
std::vector<ScenarioEntry> read_movingai_scen(const std::string& path);
std::vector<ScenarioEntry> parse_movingai_scen(const std::string& name, const std::string& text);

grid::Grid read_passability(const std::string& path);
grid::Grid parse_passability(const std::string& name, const std::string& text);
void write_passability(const std::string& path, const grid::Grid& grid);

/// How to read a height map: the threshold (moves are open when |dh| < threshold) and, for
/// raw files, the size and sample width.
struct HeightMapOptions {
  std::optional<std::uint32_t> threshold;
  int raw_width = 0;  // > 0: the file is raw little-endian samples of this size
  int raw_height = 0;
  int raw_bytes = 1;
};

struct LoadedGrid {
  grid::Grid grid;
  std::string format;  // "MovingAI map", "passability", "PGM height map", ...
};
/// Loads a MovingAI map, a passability file or a height map (recognised by content; raw files
/// by the options). Height maps need a threshold.
LoadedGrid load_grid(const std::string& path, const HeightMapOptions& options);

}  // namespace arcwave
