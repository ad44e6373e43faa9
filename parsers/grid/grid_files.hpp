// parsers/grid/grid_files.hpp — grid inputs of the Lee wave: MovingAI benchmark maps (.map) and
// scenarios (.scen), arcwave's explicit passability files, and a front door that loads any
// grid input (those two, or a PGM / PNG / raw height map with a threshold).
//
// MovingAI maps: "type octile", "height H", "width W", "map", then H rows of W characters;
// '.', 'G' and 'S' are passable, '@', 'O', 'T' and 'W' are not (the usual reading of the
// benchmark sets); read with TerrainCosts they become a weighted grid. Scenarios: an optional
// "version 1" line, then rows of "bucket map width height start_x start_y goal_x goal_y
// optimal_length".
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
#include <string_view>
#include <vector>

#include "graph/grid/costs.hpp"
#include "graph/grid/grid.hpp"
#include "graph/grid/grid_planes.hpp"
#include "parsers/image/image.hpp"

namespace arcwave {

/// MovingAI maps straight into the packed planes the GPU wave uploads: memory-mapped, rows
/// packed on `threads` threads (0: all cores for files of 1 MB or more, else one). Errors at
/// FILE:LINE:COL are those of the letter reader below, the first in file order.
grid::GridPlanes read_movingai_planes(const std::string& path, int threads = 0);
grid::GridPlanes parse_movingai_planes(const std::string& name, std::string_view text,
                                       int threads = 0);
/// The same as a Grid (the planes unpacked).
grid::Grid read_movingai_map(const std::string& path);
grid::Grid parse_movingai_map(const std::string& name, const std::string& text);
/// The sequential letter-by-letter reader (line splitting, then each letter): what the packed
/// reader is held to by the tests.
grid::Grid parse_movingai_map_by_letters(const std::string& name, const std::string& text);
/// Writes a cell map (blocked cells as '@', others '.'); edge-only closures are not expressible
/// and throw InputError.
void write_movingai_map(const std::string& path, const grid::Grid& grid);

/// Weighted MovingAI maps: the cost of each terrain letter. '.' and 'G' cost 1, '@' and 'O'
/// are out of bounds; swamp 'S' costs 1 and trees 'T' and water 'W' are blocked unless given a
/// cost (the unweighted reading of the benchmark sets, where T and W are not passable).
struct TerrainCosts {
  std::optional<std::uint16_t> trees;
  std::optional<std::uint16_t> swamp;
  std::optional<std::uint16_t> water;
  [[nodiscard]] std::uint16_t cost(char letter) const;  // 0: blocked
};
/// Parses "T=4,S=2,W=8" (any subset, any order); throws InputError.
TerrainCosts parse_terrain_costs(const std::string& text);
grid::CellCosts read_movingai_costs(const std::string& path, const TerrainCosts& costs);
grid::CellCosts parse_movingai_costs(const std::string& name, const std::string& text,
                                     const TerrainCosts& costs);

/// Cell costs from a grey image (PGM, PNG or raw): each pixel's value is its cell's cost, 0 a
/// blocked cell.
grid::CellCosts costs_from_image(const GrayImage& image);

struct ScenarioEntry {
  int bucket = 0;
  std::string map;
  int map_width = 0;
  int map_height = 0;
  grid::Point start;
  grid::Point goal;
  double optimal_length = 0.0;
  std::uint64_t line = 0;         // for messages
  std::uint64_t map_column = 0;   // column of the map name
  std::uint64_t size_column = 0;  // column of the width
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

/// The same input as packed planes (for the GPU wave: MovingAI maps and height maps are packed
/// as they are read, with no byte-per-cell grid in between).
struct LoadedPlanes {
  grid::GridPlanes planes;
  std::string format;
};
LoadedPlanes load_grid_planes(const std::string& path, const HeightMapOptions& options);

}  // namespace arcwave
