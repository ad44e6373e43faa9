// Definitions for cli/grid_input.hpp.
#include "cli/grid_input.hpp"

#include <charconv>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/backend.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "parsers/grid/text_lines.hpp"
#include "parsers/image/image.hpp"

namespace arcwave::cli {

namespace {

struct RawSize {
  int width = 0;
  int height = 0;
  int bytes = 1;
};

/// --raw WxH or WxH:BYTES.
RawSize parse_raw(const std::string& text) {
  RawSize r;
  const char* p = text.data();
  const char* end = p + text.size();
  auto res = std::from_chars(p, end, r.width);
  bool ok = res.ec == std::errc() && res.ptr < end && *res.ptr == 'x';
  if (ok) {
    res = std::from_chars(res.ptr + 1, end, r.height);
    ok = res.ec == std::errc();
  }
  if (ok && res.ptr < end) {
    ok = *res.ptr == ':';
    if (ok) {
      res = std::from_chars(res.ptr + 1, end, r.bytes);
      ok = res.ec == std::errc() && res.ptr == end;
    }
  }
  if (!ok || r.width <= 0 || r.height <= 0)
    throw InputError("--raw expects WxH or WxH:BYTES (1 or 2 bytes per sample), not '" + text +
                     "'");
  return r;
}

bool starts_with_type(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourcePosition{path, 0, 0}, "cannot open the file");
  char head[5] = {};
  in.read(head, 5);
  return in.gcount() == 5 && std::string_view(head, 5) == "type ";
}

[[noreturn]] void fail_at(const std::string& file, std::uint64_t line, std::uint64_t column,
                          const std::string& message) {
  throw InputError(SourcePosition{file, line, column}, message);
}

}  // namespace

GridInput load_grid_input(const GridOptions& o) {
  // The device's context is created while the map is read.
  if (parse_backend(o.backend) != Backend::kCpu) warm_up_gpu_in_background();
  const Stopwatch clock;
  GridInput in;
  if (!o.terrain.empty() && o.costs)
    throw InputError("--terrain (MovingAI letters) and --costs (a cost image) exclude each other");
  if (!o.terrain.empty()) {
    if (!starts_with_type(o.map))
      throw InputError(SourcePosition{o.map, 1, 1}, "--terrain needs a MovingAI map");
    in.costs = read_movingai_costs(o.map, parse_terrain_costs(o.terrain));
    in.grid = grid::grid_from_costs(*in.costs);
    in.format = "MovingAI map, terrain costs " + o.terrain;
  } else if (o.costs) {
    GrayImage image;
    if (!o.raw.empty()) {
      const RawSize r = parse_raw(o.raw);
      image = read_raw(o.map, r.width, r.height, r.bytes);
      in.format = fmt::format("raw cost array ({}-bit)", r.bytes * 8);
    } else {
      image = read_image(o.map);
      in.format = fmt::format("cost image ({}-bit)", image.max_value > 255 ? 16 : 8);
    }
    in.costs = costs_from_image(image);
    in.grid = grid::grid_from_costs(*in.costs);
  } else {
    HeightMapOptions h;
    h.threshold = o.threshold;
    if (!o.raw.empty()) {
      const RawSize r = parse_raw(o.raw);
      h.raw_width = r.width;
      h.raw_height = r.height;
      h.raw_bytes = r.bytes;
    }
    LoadedGrid loaded = load_grid(o.map, h);
    in.grid = std::move(loaded.grid);
    in.format = std::move(loaded.format);
  }
  in.read_seconds = clock.seconds();
  return in;
}

grid::Neighbourhood grid_moves(const GridOptions& o) {
  if (!o.moves.empty()) {
    if (o.moore || o.unit_diagonals)
      throw InputError("--moves replaces --moore and --unit-diagonals: give one of them");
    if (o.moves == "4") return grid::Neighbourhood::kVonNeumann;
    if (o.moves == "8") return grid::Neighbourhood::kMoore;
    if (o.moves == "octile") return grid::Neighbourhood::kOctile;
    throw InputError("--moves expects 4, 8 (unit diagonals) or octile, not '" + o.moves + "'");
  }
  if (o.unit_diagonals && !o.moore) throw InputError("--unit-diagonals needs --moore");
  if (o.moore) return o.unit_diagonals ? grid::Neighbourhood::kMoore : grid::Neighbourhood::kOctile;
  return o.scens.empty() ? grid::Neighbourhood::kVonNeumann : grid::Neighbourhood::kOctile;
}

std::vector<BatchRow> read_batch_rows(const std::string& map, const std::string& scen,
                                      const std::string& queries, const grid::Grid& g) {
  std::vector<BatchRow> rows;
  const std::string map_name = std::filesystem::path(map).filename().string();
  if (!scen.empty()) {
    for (const ScenarioEntry& e : read_movingai_scen(scen)) {
      const std::string row_map = std::filesystem::path(e.map).filename().string();
      if (row_map != map_name)
        fail_at(scen, e.line, e.map_column,
                fmt::format("the row is for map '{}', not '{}'", e.map, map_name));
      if (e.map_width != g.width() || e.map_height != g.height())
        fail_at(scen, e.line, e.size_column,
                fmt::format("the row is for a {}x{} map, '{}' is {}x{}", e.map_width, e.map_height,
                            map_name, g.width(), g.height()));
      rows.push_back({{e.start, e.goal}, e.line, e.bucket, e.optimal_length});
    }
    return rows;
  }
  const std::string text = grid_text::read_text(queries);
  for (const grid_text::Line& line : grid_text::split_lines(text)) {
    const std::vector<grid_text::Token> t = grid_text::tokens(line.text);
    if (t.empty() || t[0].text.front() == '#') continue;
    if (t.size() != 4)
      fail_at(queries, line.number, t[0].column,
              fmt::format("expected 4 numbers (start_x start_y goal_x goal_y), found {} fields",
                          t.size()));
    int v[4] = {};
    for (int k = 0; k < 4; ++k) {
      long long x = 0;
      const long long hi = (k % 2 == 0 ? g.width() : g.height()) - 1;
      if (!grid_text::parse_int(t[static_cast<std::size_t>(k)].text, 0, hi, &x))
        fail_at(queries, line.number, t[static_cast<std::size_t>(k)].column,
                fmt::format("expected {} in 0..{} (the map is {}x{})", k % 2 == 0 ? "an x" : "a y",
                            hi, g.width(), g.height()));
      v[k] = static_cast<int>(x);
    }
    rows.push_back({{{v[0], v[1]}, {v[2], v[3]}}, line.number, -1, std::nullopt});
  }
  return rows;
}

}  // namespace arcwave::cli
