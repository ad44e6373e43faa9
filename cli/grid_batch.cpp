// Definitions for cli/grid_batch.hpp.
#include "cli/grid_batch.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "arcwave/grid.hpp"

namespace arcwave::cli {

namespace {

std::string path_text(const std::vector<GridCell>& path) {
  std::string text;
  for (const GridCell c : path) {
    if (!text.empty()) text += ' ';
    text += fmt::format("{}:{}", c.x, c.y);
  }
  return text;
}

/// The phases of every map's planner, summed.
struct Totals {
  double read_ms = 0;
  double context_ms = 0;
  double preprocess_ms = 0;
  double upload_ms = 0;
  double search_ms = 0;
  double kernel_ms = 0;
  double download_ms = 0;
  std::uint64_t preprocess_bytes = 0;

  void add(const GridPlanner& p) {
    const GridTimings& t = p.timings();
    context_ms += t.context_wait_ms;
    preprocess_ms += t.preprocess_ms;
    upload_ms += t.upload_ms;
    search_ms += t.search_ms;
    kernel_ms += t.kernel_ms;
    download_ms += t.download_ms;
    preprocess_bytes += p.preprocessing().bytes;
  }
};

}  // namespace

int run_grid_batch(const GridOptions& o) {
  const auto started = std::chrono::steady_clock::now();
  if (!o.scens.empty() && !o.queries.empty())
    throw InputError("--scen and --queries exclude each other");
  if (!o.from.empty() || !o.to.empty())
    throw InputError("--from/--to ask one query; a batch comes from --scen or --queries");
  if (o.check && o.scens.empty()) throw InputError("--check needs --scen (the optimal lengths)");
  if (o.paths && o.out.empty()) throw InputError("--paths writes the paths to --out FILE");
  if (o.check && (!o.terrain.empty() || o.costs))
    throw InputError(
        "--check compares with the scenario's unweighted octile lengths: drop "
        "--terrain / --costs");
  if (!o.png.empty() || !o.variant.empty() || o.stop_at_start)
    throw InputError("--png, --variant and --stop-at-start are for one query (--from, --to)");
  // (map, rows file) pairs: one map for every file when MAP is given, else each scenario's map
  // beside it (X.map for X.map.scen, as MovingAI names them).
  struct Job {
    std::string map;
    std::string scen;
  };
  std::vector<Job> jobs;
  if (!o.queries.empty()) {
    if (o.map.empty()) throw InputError("--queries needs the map");
    jobs.push_back({o.map, ""});
  }
  for (const std::string& scen : o.scens) {
    std::string map = o.map;
    if (map.empty()) {
      if (scen.size() <= 5 || scen.compare(scen.size() - 5, 5, ".scen") != 0)
        throw InputError("without a map, a scenario file must be named MAP.scen: '" + scen + "'");
      map = scen.substr(0, scen.size() - 5);
    }
    jobs.push_back({map, scen});
  }
  const bool several = jobs.size() > 1;
  if (!o.cpd.empty()) {
    for (const Job& j : jobs)
      if (j.map != jobs.front().map)
        throw InputError("--cpd holds the database of one map: give one map");
  }
  const GridMoves moves = grid_moves(o);

  std::string csv =
      "map,row,line,bucket,start_x,start_y,goal_x,goal_y,length,expanded,optimal,agrees";
  if (o.paths) csv += ",path";
  csv += '\n';
  Totals totals;
  std::string backend_line;
  std::string engine_line;
  std::uint64_t rows_total = 0;
  std::uint64_t reached = 0;
  std::uint64_t differ = 0;
  std::uint64_t expanded = 0;
  std::vector<std::string> first_differences;
  bool cpd_saved = false;
  for (const Job& job : jobs) {
    const auto map_started = std::chrono::steady_clock::now();
    const LoadedMap loaded = load_map(o, job.map);
    const GridMap& map = loaded.map;
    totals.read_ms += loaded.read_ms;
    const std::vector<GridBatchRow> rows = job.scen.empty()
                                               ? load_query_rows(o.queries, map)
                                               : load_scenario_rows(job.scen, map, job.map);
    GridPlannerOptions po = planner_options(o, moves, rows.size(), false);
    po.paths = o.paths;
    const bool save = !cpd_saved && apply_cpd(o, &po);
    GridPlanner planner(map, po);
    if (save) {
      save_cpd_file(planner, o.cpd);
      cpd_saved = true;
    }
    if (backend_line.empty()) {
      fmt::print("moves      {}{}, no corner cutting\n", describe_moves(moves),
                 map.weighted() ? ", weighted: a move costs the mean of its two cells' costs" : "");
      if (o.check && moves != GridMoves::kOctile)
        fmt::print("warning    the scenario's lengths are octile; these moves will differ\n");
    }
    if (!several) {
      fmt::print("map        {} ({}), {}x{}\n", job.map, map.format(), map.width(), map.height());
      fmt::print("queries    {} rows from {}\n", rows.size(),
                 job.scen.empty() ? o.queries : job.scen);
    }
    std::vector<GridQuery> queries;
    queries.reserve(rows.size());
    for (const GridBatchRow& r : rows) queries.push_back(r.query);
    const std::vector<GridPath> results = planner.query_batch(queries);
    totals.add(planner);
    if (backend_line.empty()) {
      backend_line = planner.backend();
      engine_line = fmt::format("{}: {}", planner.engine_reason(), planner.engine_detail());
    }
    const bool weighted = map.weighted();
    const std::string name = std::filesystem::path(job.map).filename().string();
    std::uint64_t map_differ = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const GridBatchRow& r = rows[i];
      const GridPath& res = results[i];
      if (res.found) ++reached;
      expanded += res.expanded;
      std::string agrees;
      if (o.check && r.optimal) {
        const bool ok = lengths_agree(res.length, *r.optimal, r.query.start == r.query.goal);
        agrees = ok ? "yes" : "no";
        if (!ok) {
          ++map_differ;
          if (++differ <= 10)
            first_differences.push_back(fmt::format(
                "differs    {}:{}: {},{} -> {},{}: length {}, the file says {}", job.scen, r.line,
                r.query.start.x, r.query.start.y, r.query.goal.x, r.query.goal.y,
                format_length(res.length, moves, weighted), *r.optimal));
        }
      }
      if (!o.out.empty()) {
        csv += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}", name, i, r.line,
                           r.bucket >= 0 ? std::to_string(r.bucket) : std::string(),
                           r.query.start.x, r.query.start.y, r.query.goal.x, r.query.goal.y,
                           format_length(res.length, moves, weighted), res.expanded,
                           r.optimal ? fmt::format("{}", *r.optimal) : std::string(), agrees);
        if (o.paths) csv += "," + path_text(res.cells);
        csv += '\n';
      }
    }
    rows_total += rows.size();
    if (several)
      fmt::print(
          "map        {}: {}x{}, {} rows{}, {} engine, {:.1f} ms\n", name, map.width(),
          map.height(), rows.size(),
          o.check ? fmt::format(", {} differ", map_differ) : std::string(),
          to_string(planner.engine()),
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - map_started)
              .count());
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  fmt::print("backend    {}\n", backend_line);
  fmt::print("engine     {}\n", engine_line);
  fmt::print(
      "times      read {:.1f} ms, context wait {:.1f} ms, preprocessing {:.1f} ms ({:.1f} MB), "
      "upload {:.1f} ms, search {:.1f} ms (GPU kernels {:.1f} ms, download {:.1f} ms)\n",
      totals.read_ms, totals.context_ms, totals.preprocess_ms,
      static_cast<double>(totals.preprocess_bytes) / 1e6, totals.upload_ms, totals.search_ms,
      totals.kernel_ms, totals.download_ms);
  if (!o.out.empty()) {
    std::FILE* f = std::fopen(o.out.c_str(), "wb");
    if (f == nullptr) throw InputError(SourcePosition{o.out, 0, 0}, "cannot create the file");
    const bool ok = std::fwrite(csv.data(), 1, csv.size(), f) == csv.size();
    if (std::fclose(f) != 0 || !ok) throw ResourceError("writing '" + o.out + "' failed");
  }
  fmt::print("rows       {} ({} with a path{}), {} expanded (the engine's work)\n", rows_total,
             reached, several ? fmt::format(", {} maps", jobs.size()) : std::string(), expanded);
  fmt::print("rate       {:.0f} queries per second ({} in {:.3f} s, map read to last answer)\n",
             static_cast<double>(rows_total) / std::max(seconds, 1e-9), rows_total, seconds);
  if (!o.out.empty()) fmt::print("results    {}\n", o.out);
  if (o.check) {
    for (const std::string& line : first_differences) fmt::print("{}\n", line);
    fmt::print(
        "check      {} rows equal the file's optimal length, {} differ (tolerance 1e-4 "
        "relative)\n",
        rows_total - differ, differ);
    return differ == 0 ? 0 : 1;
  }
  return 0;
}

}  // namespace arcwave::cli
