// Definitions for cli/grid_input.hpp.
#include "cli/grid_input.hpp"

#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::cli {

namespace {

/// --raw WxH or WxH:BYTES into the load options.
void parse_raw(const std::string& text, GridLoadOptions* o) {
  int w = 0;
  int h = 0;
  int bytes = 1;
  const char* p = text.data();
  const char* end = p + text.size();
  auto r = std::from_chars(p, end, w);
  bool ok = r.ec == std::errc() && r.ptr < end && *r.ptr == 'x';
  if (ok) {
    r = std::from_chars(r.ptr + 1, end, h);
    ok = r.ec == std::errc();
  }
  if (ok && r.ptr < end) {
    ok = *r.ptr == ':';
    if (ok) {
      r = std::from_chars(r.ptr + 1, end, bytes);
      ok = r.ec == std::errc() && r.ptr == end;
    }
  }
  if (!ok || w <= 0 || h <= 0)
    throw InputError("--raw expects WxH or WxH:BYTES (1 or 2 bytes per sample), not '" + text +
                     "'");
  o->raw_width = w;
  o->raw_height = h;
  o->raw_bytes = bytes;
}

}  // namespace

LoadedMap load_map(const GridOptions& o, const std::string& path) {
  GridLoadOptions load;
  load.threshold = o.threshold;
  if (!o.raw.empty()) parse_raw(o.raw, &load);
  load.terrain = o.terrain;
  load.costs = o.costs;
  load.warm_up_gpu = parse_backend(o.backend) != Backend::kCpu;
  const auto start = std::chrono::steady_clock::now();
  GridMap map = GridMap::load(path, load);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return {std::move(map), ms};
}

GridMoves grid_moves(const GridOptions& o) {
  if (!o.moves.empty()) {
    if (o.moore || o.unit_diagonals)
      throw InputError("--moves replaces --moore and --unit-diagonals: give one of them");
    if (o.moves == "4") return GridMoves::kFour;
    if (o.moves == "8") return GridMoves::kEight;
    if (o.moves == "octile") return GridMoves::kOctile;
    throw InputError("--moves expects 4, 8 (unit diagonals) or octile, not '" + o.moves + "'");
  }
  if (o.unit_diagonals && !o.moore) throw InputError("--unit-diagonals needs --moore");
  if (o.moore) return o.unit_diagonals ? GridMoves::kEight : GridMoves::kOctile;
  return o.scens.empty() ? GridMoves::kFour : GridMoves::kOctile;
}

GridPlannerOptions planner_options(const GridOptions& o, GridMoves moves, std::uint64_t expected,
                                   bool wave_options) {
  GridPlannerOptions p;
  p.moves = moves;
  p.backend = parse_backend(o.backend);
  p.engine = parse_grid_engine(o.engine);
  p.expected_queries = expected;
  p.order = parse_grid_path_order(o.priority);
  p.threads = static_cast<int>(o.threads);
  if (!o.variant.empty()) p.variant = parse_grid_wave_variant(o.variant);
  p.stop_at_start = o.stop_at_start;
  if (wave_options) {
    if (p.engine == GridEngine::kAuto)
      p.engine = GridEngine::kWave;
    else if (p.engine != GridEngine::kWave)
      throw InputError(fmt::format(
          "--png, --variant and --stop-at-start belong to the wave: drop them or --engine {}",
          to_string(p.engine)));
  }
  return p;
}

bool apply_cpd(const GridOptions& o, GridPlannerOptions* p) {
  if (o.cpd.empty()) return false;
  if (p->engine != GridEngine::kAuto && p->engine != GridEngine::kCpd)
    throw InputError(fmt::format("--cpd runs the cpd engine, not {}", to_string(p->engine)));
  if (std::filesystem::exists(o.cpd)) {
    p->cpd_file = o.cpd;
    return false;
  }
  p->engine = GridEngine::kCpd;
  return true;
}

void save_cpd_file(const GridPlanner& planner, const std::string& path) {
  const auto start = std::chrono::steady_clock::now();
  planner.save_cpd(path);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  fmt::print("cpd        {} written ({:.1f} MB, {:.1f} ms)\n", path,
             static_cast<double>(planner.preprocessing().bytes) / 1e6, ms);
}

std::string describe_moves(GridMoves moves) {
  switch (moves) {
    case GridMoves::kFour:
      return "von Neumann (4 unit moves)";
    case GridMoves::kEight:
      return "Moore (8 unit moves)";
    case GridMoves::kOctile:
      return "Moore, octile costs (1, sqrt 2)";
  }
  return "?";
}

std::string format_length(double length, GridMoves moves, bool weighted) {
  if (std::isinf(length)) return "inf";
  if (moves == GridMoves::kOctile || weighted) return fmt::format("{:.8f}", length);
  return fmt::format("{}", static_cast<std::uint64_t>(length));
}

GridCell parse_cell(const std::string& text, const char* option) {
  const std::size_t comma = text.find(',');
  int v[2] = {0, 0};
  bool ok = comma != std::string::npos;
  for (int i = 0; ok && i < 2; ++i) {
    const char* begin = text.data() + (i == 0 ? 0 : comma + 1);
    const char* end = text.data() + (i == 0 ? comma : text.size());
    const auto [ptr, ec] = std::from_chars(begin, end, v[i]);
    ok = ec == std::errc() && ptr == end && begin != end;
  }
  if (!ok) throw InputError(fmt::format("{} expects x,y (two integers), not '{}'", option, text));
  return {v[0], v[1]};
}

}  // namespace arcwave::cli
