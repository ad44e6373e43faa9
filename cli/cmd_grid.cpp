// `arcwave grid MAP --from x,y --to x,y`: the Lee wave on a grid (a MovingAI map, a passability
// file, or a PGM / PNG / raw height map with a threshold), on the GPU or the CPU; prints the
// path length and the path (or writes it to a file), optionally draws the map, the wave and the
// path as a PNG. "No path found" exits with 1. Weighted grids (--terrain, --costs) and batches
// of queries (--scen, --queries) are in cli/grid_batch.cpp.
#include <charconv>
#include <cmath>
#include <fstream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "cli/grid_batch.hpp"
#include "cli/grid_input.hpp"
#include "cli/registry.hpp"
#include "core/backend.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/gpu_wave.hpp"
#include "graph/grid/octile.hpp"
#include "graph/grid/path.hpp"
#include "graph/grid/render.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/image/image.hpp"

namespace arcwave::cli {

namespace {

grid::Point parse_point(const std::string& text, const char* option) {
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

void check_inside(const grid::GridPlanes& g, grid::Point p, const char* option) {
  if (!g.contains(p))
    throw InputError(
        fmt::format("{} {},{} is outside the {}x{} grid", option, p.x, p.y, g.width, g.height));
}

HeightMapOptions height_options(const GridOptions& o) {
  HeightMapOptions h;
  h.threshold = o.threshold;
  if (o.raw.empty()) return h;
  // WxH or WxH:BYTES
  int w = 0, hh = 0, bytes = 1;
  const char* p = o.raw.data();
  const char* end = p + o.raw.size();
  auto r = std::from_chars(p, end, w);
  bool ok = r.ec == std::errc() && r.ptr < end && *r.ptr == 'x';
  if (ok) {
    r = std::from_chars(r.ptr + 1, end, hh);
    ok = r.ec == std::errc();
  }
  if (ok && r.ptr < end) {
    ok = *r.ptr == ':';
    if (ok) {
      r = std::from_chars(r.ptr + 1, end, bytes);
      ok = r.ec == std::errc() && r.ptr == end;
    }
  }
  if (!ok || w <= 0 || hh <= 0)
    throw InputError("--raw expects WxH or WxH:BYTES (1 or 2 bytes per sample), not '" + o.raw +
                     "'");
  h.raw_width = w;
  h.raw_height = hh;
  h.raw_bytes = bytes;
  return h;
}

void print_path(const std::vector<grid::Point>& path, const std::string& out_file) {
  if (!out_file.empty()) {
    std::ofstream out(out_file);
    if (!out) throw InputError(SourcePosition{out_file, 0, 0}, "cannot create the file");
    for (const grid::Point p : path) out << p.x << ' ' << p.y << '\n';
    if (!out) throw InputError(SourcePosition{out_file, 0, 0}, "write error");
    fmt::print("path       {} cells written to {}\n", path.size(), out_file);
    return;
  }
  std::string line = "path      ";
  for (const grid::Point p : path) line += fmt::format(" {},{}", p.x, p.y);
  fmt::print("{}\n", line);
}

/// Labels as distances for the drawing (infinity where the wave never came).
std::vector<float> label_distances(const grid::GpuLeeWave& wave, grid::Neighbourhood n) {
  std::vector<float> distance;
  if (n == grid::Neighbourhood::kOctile) {
    for (const std::uint64_t l : wave.octile_labels())
      distance.push_back(static_cast<float>(grid::octile_value(l)));
  } else {
    for (const std::uint32_t l : wave.labels())
      distance.push_back(l == grid::kUnreached ? INFINITY : static_cast<float>(l));
  }
  return distance;
}

int run_grid(const GridOptions& o) {
  const Stopwatch total;
  // The device's context is created while the map is read.
  if (parse_backend(o.backend) != Backend::kCpu) warm_up_gpu_in_background();
  // The map is read into packed planes: the GPU wave uploads them as they are; the CPU wave
  // (and a drawing) unpack them into a Grid.
  Stopwatch read_clock;
  const LoadedPlanes loaded = load_grid_planes(o.map, height_options(o));
  const grid::GridPlanes& planes = loaded.planes;
  const double read_s = read_clock.seconds();
  const grid::Point start = parse_point(o.from, "--from");
  const grid::Point finish = parse_point(o.to, "--to");
  check_inside(planes, start, "--from");
  check_inside(planes, finish, "--to");
  const grid::Priority priority = grid::parse_priority(o.priority);
  const grid::Neighbourhood n = grid_moves(o);
  const grid::GpuVariant variant = grid::parse_gpu_variant(o.variant);
  const Stopwatch context_clock;  // waits for the warm-up thread when it has not finished
  const BackendChoice backend =
      choose_backend(parse_backend(o.backend), static_cast<double>(planes.cell_count()), 65536.0,
                     grid::GpuLeeWave::device_bytes(planes.width, planes.height, n,
                                                    grid::default_tile_shape(planes.cell_count())));
  const double context_s = context_clock.seconds();

  fmt::print("map        {} ({}), {}x{}, beta {:.4f}\n", o.map, loaded.format, planes.width,
             planes.height, grid::impassability(planes));
  fmt::print("moves      {}\n", grid::to_string(n));
  fmt::print("backend    {}\n", backend.reason);

  std::vector<grid::Point> path;
  std::vector<float> distance;  // for the drawing
  const bool draw = !o.png.empty();
  const std::optional<grid::Point> stop = o.stop_at_start ? std::optional(start) : std::nullopt;
  std::optional<grid::Grid> grid;  // unpacked for the CPU wave and for drawings
  if (backend.backend == Backend::kGpu) {
    grid::GpuLeeWave wave(planes, n);
    const grid::WaveStats stats = wave.run(variant, finish, stop);
    path = wave.path(start, priority, grid::PathMethod::kDeviceCodes);
    const grid::GpuTimings& t = wave.timings();
    fmt::print("variant    {} ({} steps{})\n", grid::to_string(variant), stats.steps,
               stats.stopped_at_start ? ", stopped at the start" : "");
    fmt::print(
        "times      read {:.1f} ms, context wait {:.1f} ms, host build {:.1f} ms, upload {:.1f} "
        "ms, device build {:.3f} ms, wave {:.3f} ms, path {:.3f} ms, total {:.1f} ms\n",
        read_s * 1e3, context_s * 1e3, t.build_ms, t.upload_ms, t.device_build_ms, t.wave_ms,
        t.path_ms, total.seconds() * 1e3);
    if (draw) distance = label_distances(wave, n);
  } else {
    Stopwatch build;
    grid.emplace(grid::grid_from_planes(planes));
    const double build_s = build.seconds();
    const grid::Grid& g = *grid;
    Stopwatch clock;
    if (n == grid::Neighbourhood::kOctile) {
      const auto labels = grid::octile_labels(g, finish);
      path = grid::recover_octile_path(g, labels, start, priority);
      if (draw)
        for (const std::uint64_t l : labels)
          distance.push_back(static_cast<float>(grid::octile_value(l)));
    } else {
      const auto labels = grid::bfs_labels(g, finish, n);
      path = grid::recover_path(g, labels, start, n, priority);
      if (draw)
        for (const std::uint32_t l : labels)
          distance.push_back(l == grid::kUnreached ? INFINITY : static_cast<float>(l));
    }
    fmt::print(
        "times      read {:.1f} ms, build {:.1f} ms, wave and path {:.3f} ms (CPU, one thread), "
        "total {:.1f} ms\n",
        read_s * 1e3, build_s * 1e3, clock.seconds() * 1e3, total.seconds() * 1e3);
  }
  if (draw) {
    if (!grid) grid.emplace(grid::grid_from_planes(planes));
    const grid::Rendering picture = grid::render_wave(*grid, distance, path, start, finish);
    write_png_rgb(o.png, picture.width, picture.height, picture.rgb);
    fmt::print("picture    {} ({}x{} pixels)\n", o.png, picture.width, picture.height);
  }
  if (path.empty()) {
    fmt::print("No path found\n");
    return 1;
  }
  const double length = grid::path_length(path, n);
  if (n == grid::Neighbourhood::kOctile)
    fmt::print("length     {:.8f} ({} cells)\n", length, path.size());
  else
    fmt::print("length     {} moves ({} cells)\n", static_cast<std::uint64_t>(length), path.size());
  print_path(path, o.path_out);
  return 0;
}

void add_grid_command(CLI::App& app, CliContext& ctx) {
  auto* cmd = app.add_subcommand(
      "grid", "Lee wave path planning on a grid (MovingAI map, passability file, height map)");
  auto o = std::make_shared<GridOptions>();
  cmd->add_option("map", o->map,
                  "MovingAI .map, passability file, or PGM / PNG / raw height map (optional "
                  "with --scen: each X.map.scen then names its map X.map)");
  cmd->add_option("--from", o->from, "start cell x,y (the robot)");
  cmd->add_option("--to", o->to, "finish cell x,y (the wave starts here)");
  cmd->add_option("--threshold", o->threshold,
                  "height maps: a move is open when the height difference is below T");
  cmd->add_option("--raw", o->raw, "raw little-endian height map of WxH (or WxH:2 for 16-bit)");
  cmd->add_option("--variant", o->variant,
                  "GPU variant: global, shared, texture, frontier, bitwave or fast (default)");
  cmd->add_option("--backend", o->backend, "auto (default), cpu or gpu");
  cmd->add_flag("--moore", o->moore, "8 moves with octile costs 1 and sqrt(2), no corner cutting");
  cmd->add_flag("--unit-diagonals", o->unit_diagonals, "with --moore: every move costs 1");
  cmd->add_option("--moves", o->moves,
                  "4, 8 (unit diagonals) or octile (1 and sqrt 2, no corner cutting); default 4, "
                  "octile with --scen");
  cmd->add_option("--terrain", o->terrain,
                  "weighted MovingAI map: costs of terrain letters, e.g. T=4,S=2,W=8 ('.' and G "
                  "cost 1; S costs 1, T and W are blocked unless given)");
  cmd->add_flag("--costs", o->costs,
                "the PGM / PNG / raw map holds cell costs (0 = blocked), not heights");
  cmd->add_option("--scen", o->scens,
                  "answer every row of these MovingAI scenario files (one process, one GPU "
                  "context)");
  cmd->add_option("--queries", o->queries, "answer every 'sx sy gx gy' line of this file");
  cmd->add_option("--out", o->out, "batch: write one csv row per query to this file");
  cmd->add_flag("--check", o->check,
                "batch: compare with the scenario's optimal lengths (exit 1 if any differs)");
  cmd->add_flag("--paths", o->paths, "batch: add each path to the --out csv");
  cmd->add_option("--threads", o->threads, "CPU threads of a batch (0: all cores)");
  cmd->add_option("--priority", o->priority, "path recovery order: LURD (default) or ULDR");
  cmd->add_flag("--stop-at-start", o->stop_at_start,
                "stop the wave once the start is labelled (frontier, bitwave, fast)");
  cmd->add_option("--png", o->png, "draw the map, the wave and the path into this PNG");
  cmd->add_option("--path-out", o->path_out, "write the path (x y per line) to this file");
  cmd->callback([o, &ctx] {
    if (!o->scens.empty() || !o->queries.empty()) {
      ctx.exit_code = run_grid_batch(*o);
      return;
    }
    if (o->from.empty() || o->to.empty() || o->map.empty())
      throw InputError(
          "give the map and --from and --to (one query), or --scen / --queries (a "
          "batch)");
    ctx.exit_code = (!o->terrain.empty() || o->costs) ? run_grid_weighted_query(*o) : run_grid(*o);
  });
}

const CommandRegistration registration(40, add_grid_command);

}  // namespace

}  // namespace arcwave::cli
