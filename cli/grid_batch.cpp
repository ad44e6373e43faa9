// Definitions for cli/grid_batch.hpp.
#include "cli/grid_batch.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <thread>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/backend.hpp"
#include "core/timer.hpp"
#include "graph/grid/gpu_search.hpp"
#include "graph/grid/query_batch.hpp"

namespace arcwave::cli {

namespace {

/// Below this many queries the CPU answers before a GPU context is up (about 0.2-0.4 s).
constexpr double kGpuRows = 2000;

std::string semantics(const grid::SearchMap& map) {
  std::string text = grid::to_string(map.metric().n);
  if (map.weighted()) text += ", weighted: a move costs the mean of its two cells' costs";
  return text + ", no corner cutting";
}

std::string format_length(double length, grid::Neighbourhood n, bool weighted) {
  if (std::isinf(length)) return "inf";
  if (n == grid::Neighbourhood::kOctile || weighted) return fmt::format("{:.8f}", length);
  return fmt::format("{}", static_cast<std::uint64_t>(length));
}

/// The backend of a run, and what it did (times summed over the maps of a run).
class Solver {
 public:
  Solver(const GridOptions& o, std::uint64_t rows, const grid::SearchMap& first_map)
      : threads_(o.threads > 0 ? o.threads : std::max(1U, std::thread::hardware_concurrency())) {
    const BackendChoice choice =
        choose_backend(parse_backend(o.backend), static_cast<double>(rows), kGpuRows,
                       grid::GpuGridSearch::slot_bytes(first_map) + first_map.cell_count() * 3);
    gpu_ = choice.backend == Backend::kGpu;
    reason_ = choice.reason;
  }

  std::vector<grid::SearchResult> solve(const grid::SearchMap& map,
                                        const std::vector<grid::Query>& queries, bool want_paths) {
    const Stopwatch clock;
    std::vector<grid::SearchResult> results;
    if (gpu_) {
      grid::GpuGridSearch search(map);
      results = search.queries(queries, want_paths);
      const grid::GpuSearchTimes& t = search.times();
      upload_ms_ += t.upload_ms;
      kernel_ms_ += t.kernel_ms;
      download_ms_ += t.download_ms;
      slots_ = std::max(slots_, t.slots);
    } else {
      results = grid::solve_queries_cpu(map, queries, want_paths, threads_);
    }
    search_ms_ += clock.seconds() * 1e3;
    return results;
  }

  [[nodiscard]] bool gpu() const { return gpu_; }
  [[nodiscard]] std::string backend_line() const {
    return gpu_ ? fmt::format(
                      "{}: one CTA per query in flight ({} at once), best-first over 32x32 tiles",
                      reason_, slots_)
                : fmt::format("{}: exact A* per query on {} threads", reason_, threads_);
  }
  [[nodiscard]] std::string times_line() const {
    return gpu_ ? fmt::format(
                      "search {:.1f} ms (GPU upload {:.1f} ms, kernels {:.1f} ms, "
                      "download {:.1f} ms; the rest is CUDA start-up)",
                      search_ms_, upload_ms_, kernel_ms_, download_ms_)
                : fmt::format("search {:.1f} ms (CPU)", search_ms_);
  }

 private:
  unsigned threads_;
  bool gpu_ = false;
  std::string reason_;
  std::uint32_t slots_ = 0;
  double search_ms_ = 0;
  double upload_ms_ = 0;
  double kernel_ms_ = 0;
  double download_ms_ = 0;
};

std::string path_text(const std::vector<grid::Point>& path) {
  std::string text;
  for (const grid::Point p : path) {
    if (!text.empty()) text += ' ';
    text += fmt::format("{}:{}", p.x, p.y);
  }
  return text;
}

}  // namespace

bool lengths_agree(double ours, double file, bool same_cell) {
  if (file == 0 && !same_cell) return std::isinf(ours);  // the file says: no path
  if (std::isinf(ours)) return false;
  return std::abs(ours - file) <= 1e-4 * std::max(1.0, std::abs(file));
}

int run_grid_batch(const GridOptions& o) {
  const Stopwatch total;
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
  const grid::Neighbourhood n = grid_moves(o);
  const bool several = jobs.size() > 1;

  std::string csv =
      "map,row,line,bucket,start_x,start_y,goal_x,goal_y,length,expanded,optimal,agrees";
  if (o.paths) csv += ",path";
  csv += '\n';
  std::unique_ptr<Solver> solver;
  std::uint64_t rows_total = 0;
  std::uint64_t reached = 0;
  std::uint64_t differ = 0;
  std::uint64_t expanded = 0;
  double read_ms = 0;
  std::vector<std::string> first_differences;
  for (const Job& job : jobs) {
    const Stopwatch map_clock;
    GridOptions one = o;
    one.map = job.map;
    const GridInput in = load_grid_input(one);
    read_ms += in.read_seconds * 1e3;
    const std::vector<BatchRow> rows = read_batch_rows(job.map, job.scen, o.queries, in.grid);
    const grid::SearchMap map(in.grid, n, in.costs ? &*in.costs : nullptr);
    std::vector<grid::Query> queries;
    queries.reserve(rows.size());
    for (const BatchRow& r : rows) queries.push_back(r.query);
    if (!solver) {
      // The backend is chosen once, on the rows of the first file times the number of files.
      solver = std::make_unique<Solver>(o, rows.size() * jobs.size(), map);
      fmt::print("moves      {}\n", semantics(map));
      if (o.check && n != grid::Neighbourhood::kOctile)
        fmt::print("warning    the scenario's lengths are octile; these moves will differ\n");
    }
    if (!several) {
      fmt::print("map        {} ({}), {}x{}\n", job.map, in.format, in.grid.width(),
                 in.grid.height());
      fmt::print("queries    {} rows from {}\n", rows.size(),
                 job.scen.empty() ? o.queries : job.scen);
    }
    const std::vector<grid::SearchResult> results = solver->solve(map, queries, o.paths);
    const bool weighted = map.weighted();
    const std::string name = std::filesystem::path(job.map).filename().string();
    std::uint64_t map_differ = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const BatchRow& r = rows[i];
      const grid::SearchResult& res = results[i];
      const double length = map.length(res.key);
      if (!std::isinf(length)) ++reached;
      expanded += res.expanded;
      std::string agrees;
      if (o.check && r.optimal) {
        const bool ok = lengths_agree(length, *r.optimal, r.query.start == r.query.goal);
        agrees = ok ? "yes" : "no";
        if (!ok) {
          ++map_differ;
          if (++differ <= 10)
            first_differences.push_back(
                fmt::format("differs    {}:{}: {},{} -> {},{}: length {}, the file says {}",
                            job.scen, r.line, r.query.start.x, r.query.start.y, r.query.goal.x,
                            r.query.goal.y, format_length(length, n, weighted), *r.optimal));
        }
      }
      if (!o.out.empty()) {
        csv += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}", name, i, r.line,
                           r.bucket >= 0 ? std::to_string(r.bucket) : std::string(),
                           r.query.start.x, r.query.start.y, r.query.goal.x, r.query.goal.y,
                           format_length(length, n, weighted), res.expanded,
                           r.optimal ? fmt::format("{}", *r.optimal) : std::string(), agrees);
        if (o.paths) csv += "," + path_text(res.path);
        csv += '\n';
      }
    }
    rows_total += rows.size();
    if (several)
      fmt::print("map        {}: {}x{}, {} rows{}, {:.1f} ms\n", name, in.grid.width(),
                 in.grid.height(), rows.size(),
                 o.check ? fmt::format(", {} differ", map_differ) : std::string(),
                 map_clock.seconds() * 1e3);
  }
  const double seconds = total.seconds();
  fmt::print("backend    {}\n", solver->backend_line());
  fmt::print("times      read {:.1f} ms, {}\n", read_ms, solver->times_line());
  if (!o.out.empty()) {
    std::FILE* f = std::fopen(o.out.c_str(), "wb");
    if (f == nullptr) throw InputError(SourcePosition{o.out, 0, 0}, "cannot create the file");
    const bool ok = std::fwrite(csv.data(), 1, csv.size(), f) == csv.size();
    if (std::fclose(f) != 0 || !ok) throw ResourceError("writing '" + o.out + "' failed");
  }
  fmt::print("rows       {} ({} with a path{}), {} cells {}\n", rows_total, reached,
             several ? fmt::format(", {} maps", jobs.size()) : std::string(), expanded,
             solver->gpu() ? "lowered (GPU)" : "expanded (A*)");
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

int run_grid_weighted_query(const GridOptions& o) {
  const GridInput in = load_grid_input(o);
  const grid::Neighbourhood n = grid_moves(o);
  const grid::SearchMap map(in.grid, n, in.costs ? &*in.costs : nullptr);
  const auto point = [&](const std::string& text, const char* option) {
    const std::size_t comma = text.find(',');
    int v[2] = {0, 0};
    bool ok = comma != std::string::npos;
    for (int i = 0; ok && i < 2; ++i) {
      const char* b = text.data() + (i == 0 ? 0 : comma + 1);
      const char* e = text.data() + (i == 0 ? comma : text.size());
      const auto [ptr, ec] = std::from_chars(b, e, v[i]);
      ok = ec == std::errc() && ptr == e && b != e;
    }
    if (!ok) throw InputError(fmt::format("{} expects x,y (two integers), not '{}'", option, text));
    const grid::Point p{v[0], v[1]};
    if (!map.contains(p))
      throw InputError(fmt::format("{} {},{} is outside the {}x{} grid", option, p.x, p.y,
                                   map.width(), map.height()));
    return p;
  };
  const std::vector<grid::Query> one{{point(o.from, "--from"), point(o.to, "--to")}};
  fmt::print("map        {} ({}), {}x{}\n", o.map, in.format, map.width(), map.height());
  fmt::print("moves      {}\n", semantics(map));
  Solver solver(o, 1, map);
  const std::vector<grid::SearchResult> results = solver.solve(map, one, true);
  fmt::print("backend    {}\n", solver.backend_line());
  fmt::print("times      read {:.1f} ms, {}\n", in.read_seconds * 1e3, solver.times_line());
  const grid::SearchResult& r = results.front();
  if (r.key == grid::kOctileUnreached) {
    fmt::print("No path found\n");
    return 1;
  }
  fmt::print("length     {:.8f} ({} cells)\n", map.length(r.key), r.path.size());
  if (!o.path_out.empty()) {
    std::string text;
    for (const grid::Point p : r.path) text += fmt::format("{} {}\n", p.x, p.y);
    std::FILE* f = std::fopen(o.path_out.c_str(), "wb");
    if (f == nullptr) throw InputError(SourcePosition{o.path_out, 0, 0}, "cannot create the file");
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (std::fclose(f) != 0 || !ok) throw ResourceError("writing '" + o.path_out + "' failed");
    fmt::print("path       {} cells written to {}\n", r.path.size(), o.path_out);
    return 0;
  }
  std::string line = "path      ";
  for (const grid::Point p : r.path) line += fmt::format(" {},{}", p.x, p.y);
  fmt::print("{}\n", line);
  return 0;
}

}  // namespace arcwave::cli
