// bench_grid_search: the exact grid searches at the user's scale (issue 16), GPU against the CPU
// on all cores, with the floors stated.
//   scen/<backend>/<map>: every row of a shared MovingAI scenario, from reading the map to the
//     last answer (the GPU rows include the upload, not the CUDA context, which the process made
//     before; `arcwave grid --scen ...` reports the same end to end with it). Counter qps.
//   weighted/<backend>/<n>: exact single-source lengths on an n x n grid of random costs 1..9,
//     8 moves with octile costs (gpu: the near-far tile wave; cpu_all: delta-stepping on every
//     core; cpu_dial_1core: the bucket queue on one core). Counters: kernel_ms, passes, floor_ms
//     (the bytes one pass must move: moves and costs read, lengths read and written, at the
//     device's measured bandwidth).
// ARCWAVE_SHARED_MAPS names the MovingAI folder's parent (default ../shared/maps);
// ARCWAVE_WEIGHTED_SIZES the grid sides (default "2000,10000").
// A summary table follows the benchmark's own output.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/support/device_ceilings.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/grid/costs.hpp"
#include "graph/grid/gpu_search.hpp"
#include "graph/grid/grid_dijkstra.hpp"
#include "graph/grid/query_batch.hpp"
#include "instances/maps/map_generators.hpp"
#include "parsers/grid/grid_files.hpp"

using namespace arcwave;
namespace fs = std::filesystem;

namespace {

fs::path maps_dir() {
  if (const char* env = std::getenv("ARCWAVE_SHARED_MAPS")) return fs::path(env) / "movingai";
  for (fs::path up = fs::current_path(); !up.empty(); up = up.parent_path()) {
    if (fs::exists(up / "shared" / "maps" / "movingai")) return up / "shared" / "maps" / "movingai";
    if (up == up.parent_path()) break;
  }
  return {};
}

std::vector<std::string> scenario_maps() {
  std::vector<std::string> maps;
  const fs::path dir = maps_dir();
  if (dir.empty()) return maps;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().extension() == ".scen") maps.push_back(e.path().string());
  std::sort(maps.begin(), maps.end());
  for (std::string& m : maps) m.resize(m.size() - 5);  // X.map.scen -> X.map
  return maps;
}

struct Result {
  double seconds = 0;
  double rows = 0;
  double extra_ms = 0;
};
std::map<std::string, Result>& results() {
  static std::map<std::string, Result> r;
  return r;
}

void scen_row(benchmark::State& state, const std::string& key, const std::string& map_path,
              bool gpu) {
  std::uint64_t differ = 0;
  double rows = 0;
  double seconds = 0;
  for (auto _ : state) {
    const Stopwatch clock;
    const grid::Grid g = read_movingai_map(map_path);
    const auto scen = read_movingai_scen(map_path + ".scen");
    const grid::SearchMap map(g, grid::Neighbourhood::kOctile);
    std::vector<grid::Query> q;
    for (const ScenarioEntry& e : scen) q.push_back({e.start, e.goal});
    std::vector<grid::SearchResult> answers;
    if (gpu) {
      grid::GpuGridSearch search(map);
      answers = search.queries(q, false);
    } else {
      answers = grid::solve_queries_cpu(map, q, false, 0);
    }
    seconds = clock.seconds();
    state.SetIterationTime(seconds);
    rows = static_cast<double>(q.size());
    differ = 0;
    for (std::size_t i = 0; i < scen.size(); ++i) {
      const double length = map.length(answers[i].key);
      const double file = scen[i].optimal_length;
      const bool ok = (file == 0 && !(scen[i].start == scen[i].goal))
                          ? std::isinf(length)
                          : std::abs(length - file) <= 1e-4 * std::max(1.0, file);
      differ += ok ? 0 : 1;
    }
  }
  state.counters["rows"] = rows;
  state.counters["qps"] = rows / seconds;
  state.counters["differ"] = static_cast<double>(differ);
  results()[key] = {seconds, rows, 0};
}

const grid::CellCosts& weighted_costs(int n) {
  static std::map<int, grid::CellCosts> cache;
  auto it = cache.find(n);
  if (it == cache.end()) it = cache.emplace(n, gen::random_costs(n, n, 1, 9, 0.0, 16)).first;
  return it->second;
}

void weighted_row(benchmark::State& state, const std::string& key, int n,
                  const std::string& backend) {
  const grid::CellCosts& costs = weighted_costs(n);
  const grid::Grid g = grid::grid_from_costs(costs);
  const grid::SearchMap map(g, grid::Neighbourhood::kOctile, &costs);
  const grid::Point source{n / 2, n / 2};
  std::unique_ptr<grid::GpuGridSearch> gpu;
  if (backend == "gpu") gpu = std::make_unique<grid::GpuGridSearch>(map);
  double seconds = 0;
  double kernel_ms = 0;
  for (auto _ : state) {
    const Stopwatch clock;
    std::vector<std::uint64_t> keys;
    if (backend == "gpu") {
      keys = gpu->single_source(source);
      kernel_ms = gpu->times().kernel_ms;
      state.counters["passes"] = static_cast<double>(gpu->times().passes);
      state.counters["tile_visits"] = static_cast<double>(gpu->times().tile_visits);
    } else if (backend == "cpu_all") {
      grid::BucketStats stats;
      keys = grid::bucket_keys_parallel(map, source, 0, 0, &stats);
      state.counters["phases"] = static_cast<double>(stats.phases);
    } else {
      keys = grid::bucket_keys(map, source);
    }
    seconds = clock.seconds();
    state.SetIterationTime(seconds);
    benchmark::DoNotOptimize(keys.data());
  }
  const double cells = static_cast<double>(n) * n;
  state.counters["kernel_ms"] = kernel_ms;
  // One pass: moves (1 byte) and costs (2) read, lengths (8) read and written.
  state.counters["floor_ms"] = bench::floor_ms(cells * (1 + 2 + 16));
  results()[key] = {seconds, cells, kernel_ms};
}

double seconds_of(const std::string& row) {
  const auto it = results().find(row);
  return it == results().end() ? 0 : it->second.seconds;
}

void summary(bool gpu, const std::vector<std::string>& maps, const std::vector<int>& sizes) {
  std::printf("\n## Scenarios: every row, map read to last answer\n");
  std::printf("| map | rows | GPU qps | CPU all-core qps |\n| --- | ---: | ---: | ---: |\n");
  double rows = 0;
  double gpu_s = 0;
  double cpu_s = 0;
  for (const std::string& m : maps) {
    const std::string name = fs::path(m).filename().string();
    const std::string g = "scen/gpu/" + name;
    const std::string c = "scen/cpu_all/" + name;
    const double r = results().count(c) ? results()[c].rows : results()[g].rows;
    rows += r;
    gpu_s += seconds_of(g);
    cpu_s += seconds_of(c);
    std::printf("| %s | %.0f | %.0f | %.0f |\n", name.c_str(), r,
                seconds_of(g) > 0 ? r / seconds_of(g) : 0,
                seconds_of(c) > 0 ? r / seconds_of(c) : 0);
  }
  std::printf("| all %zu maps | %.0f | %.0f | %.0f |\n", maps.size(), rows,
              gpu && gpu_s > 0 ? rows / gpu_s : 0, cpu_s > 0 ? rows / cpu_s : 0);
  std::printf("target: GPU >= 5000 queries per second over the set (CPU threads: %u)\n",
              std::thread::hardware_concurrency());
  std::printf("\n## Weighted single source (random costs 1..9, octile moves)\n");
  std::printf(
      "| n | GPU ms (kernels) | CPU all-core ms | CPU 1-core ms | floor ms | GPU vs all-core |\n");
  std::printf("| ---: | ---: | ---: | ---: | ---: | ---: |\n");
  for (const int n : sizes) {
    const std::string tail = "/" + std::to_string(n);
    const double g = seconds_of("weighted/gpu" + tail);
    const double c = seconds_of("weighted/cpu_all" + tail);
    const double one = seconds_of("weighted/cpu_dial_1core" + tail);
    const double kernel =
        results().count("weighted/gpu" + tail) ? results()["weighted/gpu" + tail].extra_ms : 0;
    std::printf("| %d | %.1f (%.1f) | %.1f | %.1f | %.2f | %.1fx |\n", n, g * 1e3, kernel, c * 1e3,
                one * 1e3, bench::floor_ms(static_cast<double>(n) * n * 19.0), g > 0 ? c / g : 0);
  }
  std::printf("target: n = 10000 exact on the GPU in under 1 s and >= 20x the all-core CPU\n");
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const bool gpu = gpu_available();
  if (!gpu)
    std::fprintf(stderr, "bench_grid_search: no GPU (%s): CPU rows only\n",
                 gpu_info().reason.c_str());
  const std::vector<std::string> maps = scenario_maps();
  if (maps.empty()) std::fprintf(stderr, "bench_grid_search: no shared MovingAI maps\n");
  std::vector<int> sizes = {2000, 10000};
  if (const char* env = std::getenv("ARCWAVE_WEIGHTED_SIZES")) {
    sizes.clear();
    std::stringstream in(env);
    for (std::string part; std::getline(in, part, ',');) sizes.push_back(std::stoi(part));
  }
  if (gpu) {
    // The CUDA context first, so that no row pays for it.
    grid::SearchMap warm(grid::Grid(8, 8), grid::Neighbourhood::kOctile);
    grid::GpuGridSearch search(warm);
    search.queries(std::vector<grid::Query>{{{0, 0}, {7, 7}}}, false);
  }
  for (const std::string& m : maps) {
    const std::string name = fs::path(m).filename().string();
    const std::string g = "scen/gpu/" + name;
    const std::string c = "scen/cpu_all/" + name;
    if (gpu)
      benchmark::RegisterBenchmark(g.c_str(),
                                   [g, m](benchmark::State& s) { scen_row(s, g, m, true); })
          ->UseManualTime()
          ->Iterations(1)
          ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(c.c_str(),
                                 [c, m](benchmark::State& s) { scen_row(s, c, m, false); })
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  }
  for (const int n : sizes) {
    for (const std::string backend : {"gpu", "cpu_all", "cpu_dial_1core"}) {
      if (backend == "gpu" && !gpu) continue;
      const std::string key = "weighted/" + backend + "/" + std::to_string(n);
      benchmark::RegisterBenchmark(
          key.c_str(), [key, n, backend](benchmark::State& s) { weighted_row(s, key, n, backend); })
          ->UseManualTime()
          ->Iterations(backend == "gpu" ? 3 : 1)
          ->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  summary(gpu, maps, sizes);
  return 0;
}
