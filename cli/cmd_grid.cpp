// `arcwave grid MAP --from x,y --to x,y`: one shortest path on a grid (a MovingAI map, a
// passability file, a PGM / PNG / raw height map with a threshold, or a weighted map with
// --terrain / --costs), through the public GridPlanner: the engine and backend it chooses (or
// --engine / --backend), the path length and the path (or a file of it), optionally a PNG of
// the map, the wave and the path (the wave then runs). "No path found" exits with 1. Batches of
// queries (--scen, --queries) are in cli/grid_batch.cpp.
#include <chrono>
#include <fstream>
#include <memory>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "arcwave/grid.hpp"
#include "cli/grid_batch.hpp"
#include "cli/grid_input.hpp"
#include "cli/registry.hpp"

namespace arcwave::cli {

namespace {

void print_path(const std::vector<GridCell>& path, const std::string& out_file) {
  if (!out_file.empty()) {
    std::ofstream out(out_file);
    if (!out) throw InputError(SourcePosition{out_file, 0, 0}, "cannot create the file");
    for (const GridCell c : path) out << c.x << ' ' << c.y << '\n';
    if (!out) throw InputError(SourcePosition{out_file, 0, 0}, "write error");
    fmt::print("path       {} cells written to {}\n", path.size(), out_file);
    return;
  }
  std::string line = "path      ";
  for (const GridCell c : path) line += fmt::format(" {},{}", c.x, c.y);
  fmt::print("{}\n", line);
}

void check_inside(const GridMap& map, GridCell c, const char* option) {
  if (c.x < 0 || c.y < 0 || c.x >= map.width() || c.y >= map.height())
    throw InputError(fmt::format("{} {},{} is outside the {}x{} grid", option, c.x, c.y,
                                 map.width(), map.height()));
}

int run_grid(const GridOptions& o) {
  const auto started = std::chrono::steady_clock::now();
  const LoadedMap loaded = load_map(o, o.map);
  const GridMap& map = loaded.map;
  const GridCell start = parse_cell(o.from, "--from");
  const GridCell goal = parse_cell(o.to, "--to");
  check_inside(map, start, "--from");
  check_inside(map, goal, "--to");
  const GridMoves moves = grid_moves(o);
  const bool draw = !o.png.empty();
  GridPlannerOptions po =
      planner_options(o, moves, 1, draw || !o.variant.empty() || o.stop_at_start);
  const bool save = apply_cpd(o, &po);
  GridPlanner planner(map, po);
  if (save) save_cpd_file(planner, o.cpd);

  fmt::print("map        {} ({}), {}x{}, beta {:.4f}\n", o.map, map.format(), map.width(),
             map.height(), map.impassability());
  fmt::print("moves      {}{}\n", describe_moves(moves),
             map.weighted() ? ", weighted: a move costs the mean of its two cells' costs" : "");
  fmt::print("backend    {}\n", planner.backend());
  fmt::print("engine     {}: {}\n", planner.engine_reason(), planner.engine_detail());
  // With a picture, the distances first: the query then walks the same wave.
  std::vector<double> distance;
  if (draw) distance = planner.distances_to(goal);
  const GridPath path = planner.query(start, goal);
  const GridWaveStats& wave = planner.wave_stats();
  if (!wave.variant.empty())
    fmt::print("variant    {} ({} steps{})\n", wave.variant, wave.steps,
               wave.stopped_at_start ? ", stopped at the start" : "");
  const GridTimings& t = planner.timings();
  const double total =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  fmt::print(
      "times      read {:.1f} ms, context wait {:.1f} ms, preprocessing {:.1f} ms, upload {:.1f} "
      "ms, device build {:.3f} ms, search {:.3f} ms (kernels {:.3f} ms, path {:.3f} ms), total "
      "{:.1f} ms\n",
      loaded.read_ms, t.context_wait_ms, t.preprocess_ms, t.upload_ms, t.device_build_ms,
      t.search_ms, t.kernel_ms, t.path_ms, total);
  if (draw) {
    const auto [w, h] = write_grid_png(map, distance, path.cells, start, goal, o.png);
    fmt::print("picture    {} ({}x{} pixels)\n", o.png, w, h);
  }
  if (!path.found) {
    fmt::print("No path found\n");
    return 1;
  }
  if (moves == GridMoves::kOctile || map.weighted())
    fmt::print("length     {:.8f} ({} cells)\n", path.length, path.cells.size());
  else
    fmt::print("length     {} moves ({} cells)\n", static_cast<std::uint64_t>(path.length),
               path.cells.size());
  print_path(path.cells, o.path_out);
  return 0;
}

void add_grid_command(CLI::App& app, CliContext& ctx) {
  auto* cmd = app.add_subcommand(
      "grid",
      "shortest paths on a grid (MovingAI map, passability file, height map, weighted map): one "
      "query or batches");
  auto o = std::make_shared<GridOptions>();
  cmd->add_option("map", o->map,
                  "MovingAI .map, passability file, or PGM / PNG / raw height map (optional "
                  "with --scen: each X.map.scen then names its map X.map)");
  cmd->add_option("--from", o->from, "start cell x,y (the robot)");
  cmd->add_option("--to", o->to, "goal cell x,y (the wave starts here)");
  cmd->add_option("--threshold", o->threshold,
                  "height maps: a move is open when the height difference is below T");
  cmd->add_option("--raw", o->raw, "raw little-endian height map of WxH (or WxH:2 for 16-bit)");
  cmd->add_option("--engine", o->engine,
                  "auto (default), wave, astar, jps, jps+ or cpd (see `arcwave grid` in "
                  "README.md: what each costs and when auto takes it)");
  cmd->add_option("--cpd", o->cpd,
                  "first-move database file: loaded when it exists, else built (on the GPU when "
                  "there is one) and written there; the engine is then cpd");
  cmd->add_option("--variant", o->variant,
                  "GPU wave variant: global, shared, texture, frontier, bitwave or fast "
                  "(default; runs the wave)");
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
  cmd->add_option("--threads", o->threads, "CPU threads (0: all cores)");
  cmd->add_option("--priority", o->priority,
                  "the wave's path order among equally near cells: LURD (default) or ULDR");
  cmd->add_flag("--stop-at-start", o->stop_at_start,
                "stop the GPU wave once the start is labelled (frontier, bitwave, fast; runs "
                "the wave)");
  cmd->add_option("--png", o->png,
                  "draw the map, the wave and the path into this PNG (runs the wave)");
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
    ctx.exit_code = run_grid(*o);
  });
}

const CommandRegistration registration(40, add_grid_command);

}  // namespace

}  // namespace arcwave::cli
