// MovingAI .map and .scen files (parsers/grid/grid_files.hpp).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <optional>

#include "arcwave/error.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/grid/map_header.hpp"
#include "parsers/grid/text_lines.hpp"

namespace arcwave {

namespace {

using grid_text::Line;
using grid_text::Token;

[[noreturn]] void fail(const std::string& name, std::uint64_t line, std::uint64_t column,
                       const std::string& message) {
  throw InputError(SourcePosition{name, line, column}, message);
}

/// 1: blocked, 0: free, -1: not a map character.
int terrain(char c) {
  switch (c) {
    case '.':
    case 'G':
    case 'S':
      return 0;
    case '@':
    case 'O':
    case 'T':
    case 'W':
      return 1;
    default:
      return -1;
  }
}

}  // namespace

namespace {

/// The map's cells as their letters (row-major), checked against the letters MovingAI uses.
struct MapLetters {
  int width = 0;
  int height = 0;
  std::string letters;
};

MapLetters parse_letters(const std::string& name, const std::string& text) {
  const MapHeader header = parse_map_header(name, text);
  const std::vector<Line> lines =
      grid_text::split_lines(std::string_view(text).substr(header.body), header.body_line);
  const long long width = header.width;
  const long long height = header.height;
  // The line after the last one: where missing rows are reported.
  const std::uint64_t past_end = lines.empty() ? header.body_line : lines.back().number + 1;
  MapLetters map{static_cast<int>(width), static_cast<int>(height), {}};
  map.letters.resize(static_cast<std::size_t>(width * height));
  for (long long y = 0; y < height; ++y) {
    const auto at = static_cast<std::size_t>(y);
    if (at >= lines.size())
      fail(name, past_end, 1,
           "the map has " + std::to_string(y) + " rows, the header says " + std::to_string(height));
    const std::string_view row = lines[at].text;
    if (static_cast<long long>(row.size()) != width)
      fail(name, lines[at].number,
           std::min<std::uint64_t>(row.size(), static_cast<std::uint64_t>(width)) + 1,
           "a map row has " + std::to_string(row.size()) + " characters, the header says " +
               std::to_string(width));
    for (long long x = 0; x < width; ++x) {
      if (terrain(row[static_cast<std::size_t>(x)]) < 0)
        fail(name, lines[at].number, static_cast<std::uint64_t>(x) + 1,
             std::string("unknown map character '") + row[static_cast<std::size_t>(x)] + "'");
      map.letters[static_cast<std::size_t>(y * width + x)] = row[static_cast<std::size_t>(x)];
    }
  }
  for (auto extra = static_cast<std::size_t>(height); extra < lines.size(); ++extra)
    if (!grid_text::tokens(lines[extra].text).empty())
      fail(name, lines[extra].number, 1, "text after the last map row");
  return map;
}

}  // namespace

grid::Grid parse_movingai_map(const std::string& name, const std::string& text) {
  return grid::grid_from_planes(parse_movingai_planes(name, text));
}

grid::Grid parse_movingai_map_by_letters(const std::string& name, const std::string& text) {
  const MapLetters map = parse_letters(name, text);
  std::vector<std::uint8_t> blocked(map.letters.size());
  for (std::size_t i = 0; i < blocked.size(); ++i)
    blocked[i] = static_cast<std::uint8_t>(terrain(map.letters[i]));
  return grid::grid_from_blocked(map.width, map.height, blocked);
}

grid::CellCosts parse_movingai_costs(const std::string& name, const std::string& text,
                                     const TerrainCosts& terrain_costs) {
  const MapLetters map = parse_letters(name, text);
  grid::CellCosts costs{map.width, map.height, std::vector<std::uint16_t>(map.letters.size())};
  for (std::size_t i = 0; i < map.letters.size(); ++i)
    costs.cost[i] = terrain_costs.cost(map.letters[i]);
  return costs;
}

grid::CellCosts read_movingai_costs(const std::string& path, const TerrainCosts& terrain_costs) {
  return parse_movingai_costs(path, grid_text::read_text(path), terrain_costs);
}

std::uint16_t TerrainCosts::cost(char letter) const {
  switch (letter) {
    case '.':
    case 'G':
      return 1;
    case 'S':
      return swamp.value_or(1);
    case 'T':
      return trees.value_or(0);
    case 'W':
      return water.value_or(0);
    default:
      return 0;  // '@', 'O': out of bounds
  }
}

namespace {

[[noreturn]] void bad_terrain(const std::string& text, std::size_t at, const std::string& why) {
  throw InputError("--terrain '" + text + "' at character " + std::to_string(at + 1) + ": " + why +
                   " (expected LETTER=COST,... with letters T, S, W and costs 1..65535)");
}

}  // namespace

TerrainCosts parse_terrain_costs(const std::string& text) {
  TerrainCosts t;
  if (text.empty()) bad_terrain(text, 0, "empty");
  std::size_t at = 0;
  while (at < text.size()) {
    const char letter = text[at];
    std::optional<std::uint16_t>* slot = letter == 'T'   ? &t.trees
                                         : letter == 'S' ? &t.swamp
                                         : letter == 'W' ? &t.water
                                                         : nullptr;
    if (slot == nullptr) bad_terrain(text, at, "unknown terrain letter");
    if (at + 1 >= text.size() || text[at + 1] != '=')
      bad_terrain(text, at + 1, "expected '=' after the letter");
    const std::size_t end = std::min(text.find(',', at), text.size());
    long long v = 0;
    if (!grid_text::parse_int(std::string_view(text).substr(at + 2, end - at - 2), 1, 65535, &v))
      bad_terrain(text, at + 2, "expected a cost in 1..65535");
    *slot = static_cast<std::uint16_t>(v);
    if (end + 1 == text.size()) bad_terrain(text, end, "a comma ends the list");
    at = end < text.size() ? end + 1 : end;
  }
  return t;
}

grid::Grid read_movingai_map(const std::string& path) {
  return grid::grid_from_planes(read_movingai_planes(path));
}

void write_movingai_map(const std::string& path, const grid::Grid& g) {
  std::vector<std::uint8_t> blocked(g.cell_count());
  for (std::uint64_t c = 0; c < g.cell_count(); ++c)
    blocked[c] = (g.cells()[c] & grid::kBlocked) != 0 ? 1 : 0;
  if (!std::ranges::equal(g.cells(),
                          grid::grid_from_blocked(g.width(), g.height(), blocked).cells()))
    throw InputError(SourcePosition{path, 0, 0},
                     "the grid closes moves between free cells: a MovingAI map cannot say so");
  std::string text = "type octile\nheight " + std::to_string(g.height()) + "\nwidth " +
                     std::to_string(g.width()) + "\nmap\n";
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) text += g.blocked({x, y}) ? '@' : '.';
    text += '\n';
  }
  std::ofstream out(path, std::ios::binary);
  if (!out) throw InputError(SourcePosition{path, 0, 0}, "cannot create the file");
  out << text;
  if (!out) throw InputError(SourcePosition{path, 0, 0}, "write error");
}

std::vector<ScenarioEntry> parse_movingai_scen(const std::string& name, const std::string& text) {
  std::vector<ScenarioEntry> entries;
  bool first = true;
  for (const Line& line : grid_text::split_lines(text)) {
    const std::vector<Token> t = grid_text::tokens(line.text);
    if (t.empty()) continue;
    if (first && t[0].text == "version") {
      first = false;
      if (t.size() != 2 || (t[1].text != "1" && t[1].text != "1.0"))
        throw Unsupported(SourcePosition{name, line.number, t[0].column},
                          "scenario version (only version 1)");
      continue;
    }
    first = false;
    if (t.size() != 9)
      fail(name, line.number, t[0].column,
           "expected 9 fields (bucket map width height start_x start_y goal_x goal_y length), "
           "found " +
               std::to_string(t.size()));
    const auto int_field = [&](std::size_t k, const char* what) {
      long long v = 0;
      if (!grid_text::parse_int(t[k].text, 0, 1 << 20, &v))
        fail(name, line.number, t[k].column, std::string("expected ") + what);
      return static_cast<int>(v);
    };
    ScenarioEntry e;
    e.line = line.number;
    e.bucket = int_field(0, "a bucket number");
    e.map = std::string(t[1].text);
    e.map_column = t[1].column;
    e.size_column = t[2].column;
    e.map_width = int_field(2, "a map width");
    e.map_height = int_field(3, "a map height");
    e.start = {int_field(4, "a start x"), int_field(5, "a start y")};
    e.goal = {int_field(6, "a goal x"), int_field(7, "a goal y")};
    const std::string_view len = t[8].text;
    double length = 0.0;
    const auto [ptr, ec] = std::from_chars(len.data(), len.data() + len.size(), length);
    if (ec != std::errc() || ptr != len.data() + len.size() || !std::isfinite(length) || length < 0)
      fail(name, line.number, t[8].column, "expected an optimal length (a non-negative number)");
    e.optimal_length = length;
    for (const auto& [p, column] :
         {std::pair{e.start, t[4].column}, std::pair{e.goal, t[6].column}})
      if (p.x >= e.map_width || p.y >= e.map_height)
        fail(name, line.number, column,
             "a point outside the " + std::to_string(e.map_width) + "x" +
                 std::to_string(e.map_height) + " map");
    entries.push_back(std::move(e));
  }
  return entries;
}

std::vector<ScenarioEntry> read_movingai_scen(const std::string& path) {
  return parse_movingai_scen(path, grid_text::read_text(path));
}

}  // namespace arcwave
