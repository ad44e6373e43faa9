// Batch files and names of include/arcwave/grid.hpp: scenario and query rows checked against
// their map, MovingAI's tolerance, and the text forms of the grid enums.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "arcwave/grid.hpp"
#include "graph/grid/gpu_wave.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/grid/text_lines.hpp"

namespace arcwave {

namespace {

[[noreturn]] void fail_at(const std::string& file, std::uint64_t line, std::uint64_t column,
                          const std::string& message) {
  throw InputError(SourcePosition{file, line, column}, message);
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::vector<GridScenario> load_scenarios(const std::string& path) {
  std::vector<GridScenario> out;
  for (const ScenarioEntry& e : read_movingai_scen(path))
    out.push_back({{{e.start.x, e.start.y}, {e.goal.x, e.goal.y}},
                   e.optimal_length,
                   e.bucket,
                   e.map,
                   e.map_width,
                   e.map_height,
                   e.line});
  return out;
}

std::vector<GridBatchRow> load_scenario_rows(const std::string& scen_path, const GridMap& map,
                                             const std::string& map_path) {
  std::vector<GridBatchRow> rows;
  const std::string map_name = std::filesystem::path(map_path).filename().string();
  for (const ScenarioEntry& e : read_movingai_scen(scen_path)) {
    const std::string row_map = std::filesystem::path(e.map).filename().string();
    if (row_map != map_name)
      fail_at(scen_path, e.line, e.map_column,
              fmt::format("the row is for map '{}', not '{}'", e.map, map_name));
    if (e.map_width != map.width() || e.map_height != map.height())
      fail_at(scen_path, e.line, e.size_column,
              fmt::format("the row is for a {}x{} map, '{}' is {}x{}", e.map_width, e.map_height,
                          map_name, map.width(), map.height()));
    rows.push_back(
        {{{e.start.x, e.start.y}, {e.goal.x, e.goal.y}}, e.line, e.bucket, e.optimal_length});
  }
  return rows;
}

std::vector<GridBatchRow> load_query_rows(const std::string& path, const GridMap& map) {
  std::vector<GridBatchRow> rows;
  const std::string text = grid_text::read_text(path);
  for (const grid_text::Line& line : grid_text::split_lines(text)) {
    const std::vector<grid_text::Token> t = grid_text::tokens(line.text);
    if (t.empty() || t[0].text.front() == '#') continue;
    if (t.size() != 4)
      fail_at(path, line.number, t[0].column,
              fmt::format("expected 4 numbers (start_x start_y goal_x goal_y), found {} fields",
                          t.size()));
    int v[4] = {};
    for (std::size_t k = 0; k < 4; ++k) {
      long long x = 0;
      const long long hi = (k % 2 == 0 ? map.width() : map.height()) - 1;
      if (!grid_text::parse_int(t[k].text, 0, hi, &x))
        fail_at(path, line.number, t[k].column,
                fmt::format("expected {} in 0..{} (the map is {}x{})", k % 2 == 0 ? "an x" : "a y",
                            hi, map.width(), map.height()));
      v[k] = static_cast<int>(x);
    }
    rows.push_back({{{v[0], v[1]}, {v[2], v[3]}}, line.number, -1, std::nullopt});
  }
  return rows;
}

bool lengths_agree(double ours, double file, bool same_cell) {
  if (file == 0 && !same_cell) return std::isinf(ours);  // the file says: no path
  if (std::isinf(ours)) return false;
  return std::abs(ours - file) <= 1e-4 * std::max(1.0, std::abs(file));
}

GridMoves parse_grid_moves(std::string_view text) {
  if (text == "4" || text == "four") return GridMoves::kFour;
  if (text == "8" || text == "eight") return GridMoves::kEight;
  if (text == "octile") return GridMoves::kOctile;
  throw InputError("moves '" + std::string(text) +
                   "': expected 4, 8 (unit diagonals) or octile (1 and sqrt 2)");
}

std::string_view to_string(GridMoves moves) {
  switch (moves) {
    case GridMoves::kFour:
      return "4";
    case GridMoves::kEight:
      return "8";
    case GridMoves::kOctile:
      return "octile";
  }
  return "?";
}

GridPathOrder parse_grid_path_order(std::string_view text) {
  const std::string t = lower(text);
  if (t == "lurd") return GridPathOrder::kLURD;
  if (t == "uldr") return GridPathOrder::kULDR;
  throw InputError("path order '" + std::string(text) + "': expected LURD or ULDR");
}

GridEngine parse_grid_engine(std::string_view text) {
  for (const GridEngine e : {GridEngine::kAuto, GridEngine::kWave, GridEngine::kAStar,
                             GridEngine::kJps, GridEngine::kJpsPlus, GridEngine::kCpd})
    if (text == to_string(e)) return e;
  throw InputError("engine '" + std::string(text) +
                   "': expected auto, wave, astar, jps, jps+ or cpd");
}

std::string_view to_string(GridEngine engine) {
  switch (engine) {
    case GridEngine::kAuto:
      return "auto";
    case GridEngine::kWave:
      return "wave";
    case GridEngine::kAStar:
      return "astar";
    case GridEngine::kJps:
      return "jps";
    case GridEngine::kJpsPlus:
      return "jps+";
    case GridEngine::kCpd:
      return "cpd";
  }
  return "?";
}

GridWaveVariant parse_grid_wave_variant(std::string_view text) {
  // The same names (any case) and order as the engine's variants.
  return static_cast<GridWaveVariant>(grid::parse_gpu_variant(text));
}

std::string_view to_string(GridWaveVariant variant) {
  return grid::to_string(static_cast<grid::GpuVariant>(variant));
}

}  // namespace arcwave
