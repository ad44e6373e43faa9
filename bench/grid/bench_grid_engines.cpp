// bench_grid_engines: the grid engines of issue 29 side by side through the public GridPlanner
// (what the CLI and Python run), end to end: map read, engine prepared (jump table, database
// built on the GPU or the CPU, map uploaded), every query answered; then the lengths checked.
//   shared/<engine>/<threads>   every row of the 28 shared MovingAI maps' scenarios (46,181),
//                               one planner per map; counters qps (rows over the whole time),
//                               prep_s and prep_mb (preprocessing summed over the maps), differ
//                               (rows whose length is not the file's). A* on one core answers
//                               every ARCWAVE_BENCH_ASTAR_STRIDE-th row (default 8): the rate
//                               is of the rows it answered.
//                               The database engines then answer random queries on the same
//                               planner: qps_built counts those (ARCWAVE_BENCH_BULK per map,
//                               default 200,000, lengths only), what a database answers once
//                               built.
//   bulk/jps+/<threads>         the same random queries after the jump table is built
//                               (ARCWAVE_BENCH_BULK_CPU per map, default 20,000).
//   large/<engine>/<threads>    ARCWAVE_BENCH_LARGE_MAPS (comma-separated .map files, e.g. made by
//                               `arcwave-gen map`): ARCWAVE_BENCH_LARGE_QUERIES (default 500)
//                               random queries between free cells each, lengths checked against
//                               JPS's.
// Engines: astar, jps, jps+ (CPU; threads 1 and every core), gpu_search (the batched GPU
// A*), gpu_cpd (database built and queried on the GPU), cpu_cpd (built on every core; maps of
// at most ARCWAVE_BENCH_CPU_CPD_CELLS cells, default 5000). gpu_cpd skips maps of more than
// ARCWAVE_BENCH_CPD_CELLS cells (default 600,000: every shared map, no large one). A* on one
// core answers every ARCWAVE_BENCH_ASTAR_STRIDE-th query of the large maps too.
// ARCWAVE_BENCH_MAPS keeps the shared maps whose path contains one of its comma-separated
// parts ("dao/,rooms/"), so that slow rows can be split over several runs. ARCWAVE_SHARED_MAPS
// names the MovingAI folder's parent (default ../shared/maps). A summary table follows the
// benchmark's own output.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/grid.hpp"

namespace fs = std::filesystem;
using arcwave::GridEngine;
using arcwave::GridMap;
using arcwave::GridPlanner;
using arcwave::GridPlannerOptions;
using arcwave::GridQuery;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::stoull(v) : fallback;
}

fs::path maps_dir() {
  if (const char* env = std::getenv("ARCWAVE_SHARED_MAPS")) return fs::path(env) / "movingai";
  for (fs::path up = fs::current_path(); !up.empty(); up = up.parent_path()) {
    if (fs::exists(up / "shared" / "maps" / "movingai")) return up / "shared" / "maps" / "movingai";
    if (up == up.parent_path()) break;
  }
  return {};
}

std::vector<std::string> shared_maps() {
  std::vector<std::string> maps;
  const fs::path dir = maps_dir();
  if (dir.empty()) return maps;
  // ARCWAVE_BENCH_MAPS: comma-separated parts of the paths to keep (e.g. "dao/,rooms/").
  std::vector<std::string> keep;
  if (const char* env = std::getenv("ARCWAVE_BENCH_MAPS")) {
    std::stringstream in(env);
    for (std::string part; std::getline(in, part, ',');)
      if (!part.empty()) keep.push_back(part);
  }
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string path = e.path().string();
    if (e.path().extension() != ".scen") continue;
    if (keep.empty() || std::any_of(keep.begin(), keep.end(), [&](const std::string& k) {
          return path.find(k) != std::string::npos;
        }))
      maps.push_back(path);
  }
  std::sort(maps.begin(), maps.end());
  for (std::string& m : maps) m.resize(m.size() - 5);  // X.map.scen -> X.map
  return maps;
}

std::vector<std::string> large_maps() {
  std::vector<std::string> maps;
  if (const char* env = std::getenv("ARCWAVE_BENCH_LARGE_MAPS")) {
    std::stringstream in(env);
    for (std::string part; std::getline(in, part, ',');)
      if (!part.empty()) maps.push_back(part);
  }
  return maps;
}

struct Engine {
  std::string name;
  GridEngine engine;
  arcwave::Backend backend;
};

const std::vector<Engine>& engines() {
  static const std::vector<Engine> all = {
      {"astar", GridEngine::kAStar, arcwave::Backend::kCpu},
      {"jps", GridEngine::kJps, arcwave::Backend::kCpu},
      {"jps+", GridEngine::kJpsPlus, arcwave::Backend::kCpu},
      {"gpu_search", GridEngine::kAStar, arcwave::Backend::kGpu},
      {"gpu_cpd", GridEngine::kCpd, arcwave::Backend::kGpu},
      {"cpu_cpd", GridEngine::kCpd, arcwave::Backend::kCpu},
  };
  return all;
}

/// One row of the summary.
struct Row {
  double rows = 0;
  double seconds = 0;
  double prep_s = 0;
  double prep_bytes = 0;
  double maps = 0;
  double skipped = 0;
  double differ = 0;
  double built_rows = 0;  // database engines: random queries answered once built
  double built_seconds = 0;
};
std::map<std::string, Row>& results() {
  static std::map<std::string, Row> r;
  return r;
}
/// Per map of the shared rows of engines that preprocess: (row key, map) -> its figures.
std::map<std::pair<std::string, std::string>, Row>& per_map() {
  static std::map<std::pair<std::string, std::string>, Row> r;
  return r;
}

/// Random queries between free cells of a map (fixed seed).
std::vector<GridQuery> random_queries(const GridMap& map, std::uint64_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<GridQuery> q;
  const auto free_cell = [&] {
    for (int tries = 0; tries < 1000; ++tries) {
      const arcwave::GridCell c{static_cast<int>(rng() % static_cast<std::uint64_t>(map.width())),
                                static_cast<int>(rng() % static_cast<std::uint64_t>(map.height()))};
      if (!map.blocked(c)) return c;
    }
    return arcwave::GridCell{0, 0};
  };
  for (std::uint64_t i = 0; i < count; ++i) q.push_back({free_cell(), free_cell()});
  return q;
}

/// Whether the engine takes this map (size limits of the databases).
bool takes(const Engine& e, const GridMap& map) {
  if (e.name == "gpu_cpd")
    return map.cell_count() <= env_number("ARCWAVE_BENCH_CPD_CELLS", 1 << 20);
  if (e.name == "cpu_cpd")
    return map.cell_count() <= env_number("ARCWAVE_BENCH_CPU_CPD_CELLS", 5000);
  return true;
}

GridPlannerOptions options(const Engine& e, int threads, std::uint64_t expected) {
  GridPlannerOptions o;
  o.moves = arcwave::GridMoves::kOctile;
  o.engine = e.engine;
  o.backend = e.backend;
  o.threads = threads;
  o.paths = false;
  o.expected_queries = expected;
  return o;
}

/// Every row of the shared scenarios (A* on one core: a stride of them).
void shared_row(benchmark::State& state, const std::string& key, const Engine& e, int threads) {
  const std::uint64_t stride =
      e.name == "astar" && threads == 1 ? env_number("ARCWAVE_BENCH_ASTAR_STRIDE", 8) : 1;
  Row row;
  for (auto _ : state) {
    row = {};
    for (const std::string& path : shared_maps()) {
      const auto start = Clock::now();
      const GridMap map = GridMap::load(path);
      if (!takes(e, map)) {
        ++row.skipped;
        continue;
      }
      const auto rows = arcwave::load_scenario_rows(path + ".scen", map, path);
      std::vector<GridQuery> q;
      std::vector<std::size_t> at;
      for (std::size_t i = 0; i < rows.size(); i += stride) {
        q.push_back(rows[i].query);
        at.push_back(i);
      }
      try {
        GridPlanner planner(map, options(e, threads, q.size()));
        const auto answers = planner.query_batch(q);
        Row one;
        one.seconds = seconds_since(start);
        one.prep_s = planner.timings().preprocess_ms / 1e3 + planner.timings().upload_ms / 1e3;
        one.prep_bytes = static_cast<double>(planner.preprocessing().bytes);
        for (std::size_t k = 0; k < q.size(); ++k) {
          const auto& r = rows[at[k]];
          if (!arcwave::lengths_agree(answers[k].length, *r.optimal, r.query.start == r.query.goal))
            ++one.differ;
        }
        one.rows = static_cast<double>(q.size());
        one.maps = 1;
        if (e.engine == GridEngine::kCpd) {
          const std::vector<GridQuery> bulk =
              random_queries(map, env_number("ARCWAVE_BENCH_BULK", 200000), 29);
          const auto built = Clock::now();
          benchmark::DoNotOptimize(planner.query_batch(bulk).data());
          one.built_seconds = seconds_since(built);
          one.built_rows = static_cast<double>(bulk.size());
        }
        row.seconds += one.seconds;
        row.prep_s += one.prep_s;
        row.prep_bytes += one.prep_bytes;
        row.differ += one.differ;
        row.rows += one.rows;
        row.maps += 1;
        row.built_seconds += one.built_seconds;
        row.built_rows += one.built_rows;
        if (e.engine == GridEngine::kCpd || e.engine == GridEngine::kJpsPlus)
          per_map()[{key, fs::path(path).filename().string()}] = one;
      } catch (const arcwave::ResourceError& err) {
        state.SkipWithError(err.what());
        return;
      }
    }
    state.SetIterationTime(row.seconds);
  }
  state.counters["rows"] = row.rows;
  state.counters["qps"] = row.seconds > 0 ? row.rows / row.seconds : 0;
  state.counters["prep_s"] = row.prep_s;
  state.counters["prep_mb"] = row.prep_bytes / 1e6;
  state.counters["differ"] = row.differ;
  state.counters["maps_skipped"] = row.skipped;
  if (row.built_seconds > 0) state.counters["qps_built"] = row.built_rows / row.built_seconds;
  results()[key] = row;
}

/// After preprocessing: many random queries per map, lengths only.
void bulk_row(benchmark::State& state, const std::string& key, const Engine& e, int threads) {
  const std::uint64_t count = env_number("ARCWAVE_BENCH_BULK_CPU", 20000);
  Row row;
  for (auto _ : state) {
    row = {};
    for (const std::string& path : shared_maps()) {
      const GridMap map = GridMap::load(path);
      if (!takes(e, map)) {
        ++row.skipped;
        continue;
      }
      const std::vector<GridQuery> q = random_queries(map, count, 29);
      try {
        GridPlanner planner(map, options(e, threads, q.size()));
        const auto start = Clock::now();
        const auto answers = planner.query_batch(q);
        row.seconds += seconds_since(start);
        benchmark::DoNotOptimize(answers.data());
        row.prep_s += planner.timings().preprocess_ms / 1e3;
        row.prep_bytes += static_cast<double>(planner.preprocessing().bytes);
        row.rows += static_cast<double>(q.size());
        ++row.maps;
      } catch (const arcwave::ResourceError& err) {
        state.SkipWithError(err.what());
        return;
      }
    }
    state.SetIterationTime(row.seconds);
  }
  state.counters["queries"] = row.rows;
  state.counters["qps"] = row.seconds > 0 ? row.rows / row.seconds : 0;
  state.counters["prep_s"] = row.prep_s;
  state.counters["prep_mb"] = row.prep_bytes / 1e6;
  results()[key] = row;
}

/// Large maps: random queries, lengths against JPS's (computed once per map).
void large_row(benchmark::State& state, const std::string& key, const Engine& e, int threads) {
  const std::uint64_t count = env_number("ARCWAVE_BENCH_LARGE_QUERIES", 500);
  static std::map<std::string, std::vector<double>> reference;
  Row row;
  for (auto _ : state) {
    row = {};
    for (const std::string& path : large_maps()) {
      const auto start = Clock::now();
      const GridMap map = GridMap::load(path);
      if (!takes(e, map)) {
        ++row.skipped;
        continue;
      }
      const std::vector<GridQuery> all = random_queries(map, count, 1);
      const std::uint64_t stride =
          e.name == "astar" && threads == 1 ? env_number("ARCWAVE_BENCH_ASTAR_STRIDE", 8) : 1;
      std::vector<GridQuery> q;
      for (std::size_t i = 0; i < all.size(); i += stride) q.push_back(all[i]);
      try {
        GridPlanner planner(map, options(e, threads, q.size()));
        const auto answers = planner.query_batch(q);
        row.seconds += seconds_since(start);
        row.prep_s += planner.timings().preprocess_ms / 1e3 + planner.timings().upload_ms / 1e3;
        row.prep_bytes += static_cast<double>(planner.preprocessing().bytes);
        std::vector<double>& want = reference[path];
        if (want.empty()) {
          GridPlanner jps(map, options(engines()[1], 0, all.size()));
          for (const auto& a : jps.query_batch(all)) want.push_back(a.length);
        }
        for (std::size_t k = 0; k < q.size(); ++k) {
          const double w = want[k * stride];
          if (!(answers[k].length == w || std::abs(answers[k].length - w) <= 1e-9 * w))
            ++row.differ;
        }
        row.rows += static_cast<double>(q.size());
        ++row.maps;
      } catch (const arcwave::ResourceError& err) {
        state.SkipWithError(err.what());
        return;
      }
    }
    state.SetIterationTime(row.seconds);
  }
  state.counters["rows"] = row.rows;
  state.counters["qps"] = row.seconds > 0 ? row.rows / row.seconds : 0;
  state.counters["prep_s"] = row.prep_s;
  state.counters["prep_mb"] = row.prep_bytes / 1e6;
  state.counters["differ"] = row.differ;
  results()[key] = row;
}

void summary() {
  std::printf("\n## Grid engines end to end (map read to last answer, preprocessing included)\n");
  std::printf(
      "| row | maps | rows | qps | preprocessing s | preprocessing MB | differ | qps once built "
      "|\n");
  std::printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
  for (const auto& [key, r] : results()) {
    const std::string skipped =
        r.skipped > 0 ? " (" + std::to_string(static_cast<int>(r.skipped)) + " too large)" : "";
    const std::string built =
        r.built_seconds > 0 ? std::to_string(static_cast<long long>(r.built_rows / r.built_seconds))
                            : "";
    std::printf("| %s | %.0f%s | %.0f | %.0f | %.3f | %.1f | %.0f | %s |\n", key.c_str(), r.maps,
                skipped.c_str(), r.rows, r.seconds > 0 ? r.rows / r.seconds : 0, r.prep_s,
                r.prep_bytes / 1e6, r.differ, built.c_str());
  }
  if (!per_map().empty()) {
    std::printf("\n## Per map: preprocessing beside query speed\n");
    std::printf("| row | map | rows | qps end to end | preprocessing s | MB | qps once built |\n");
    std::printf("| --- | --- | ---: | ---: | ---: | ---: | ---: |\n");
    for (const auto& [k, r] : per_map())
      std::printf("| %s | %s | %.0f | %.0f | %.3f | %.1f | %.0f |\n", k.first.c_str(),
                  k.second.c_str(), r.rows, r.seconds > 0 ? r.rows / r.seconds : 0, r.prep_s,
                  r.prep_bytes / 1e6, r.built_seconds > 0 ? r.built_rows / r.built_seconds : 0);
  }
  std::printf(
      "targets (issue 29): GPU queries >= 10x JPS+ on every core, preprocessing included for "
      "the batch; >= 100,000 queries/s once preprocessed; JPS >= 10x A* per core "
      "(CPU threads here: %u)\n",
      std::thread::hardware_concurrency());
}

void add(const std::string& key,
         void (*run)(benchmark::State&, const std::string&, const Engine&, int), const Engine& e,
         int threads) {
  benchmark::RegisterBenchmark(
      key.c_str(), [key, run, e, threads](benchmark::State& s) { run(s, key, e, threads); })
      ->UseManualTime()
      ->Iterations(1)
      ->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const bool gpu = arcwave::gpu_device().present;
  if (!gpu) std::fprintf(stderr, "bench_grid_engines: no GPU: CPU rows only\n");
  if (shared_maps().empty()) std::fprintf(stderr, "bench_grid_engines: no shared MovingAI maps\n");
  const int all = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  if (gpu) {
    // The CUDA context first, so that no row pays for it.
    const std::vector<std::uint8_t> free(64, 0);
    GridPlannerOptions o;
    o.backend = arcwave::Backend::kGpu;
    o.engine = GridEngine::kAStar;
    GridPlanner warm(GridMap::from_blocked(8, 8, free), o);
    warm.query({0, 0}, {7, 7});
  }
  for (const Engine& e : engines()) {
    const bool on_gpu = e.backend == arcwave::Backend::kGpu;
    if (on_gpu && !gpu) continue;
    const std::vector<int> team =
        on_gpu || e.name == "cpu_cpd" ? std::vector<int>{all} : std::vector<int>{1, all};
    for (const int t : team) {
      const std::string tail = "/" + e.name + "/" + std::to_string(t);
      add("shared" + tail, shared_row, e, t);
      if (e.name == "jps+" && t == all) add("bulk" + tail, bulk_row, e, t);
      if (!large_maps().empty() && e.name != "cpu_cpd") add("large" + tail, large_row, e, t);
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  summary();
  return 0;
}
