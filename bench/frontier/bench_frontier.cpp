// bench/frontier — the loop drivers of core/frontier measured side by side: BFS with each
// driver on road-like grids of 10^6 and 10^7 vertices (thousands of rounds, small frontiers),
// a random sparse graph of 10^7 vertices and degree 8 (a dozen rounds, huge frontiers) and an
// R-MAT power-law graph (hubs); each row reports rounds, time (CUDA events after a warm-up run
// that is also checked against a CPU BFS), time per round, and the floor: (8 B per edge touched
// (target, level) + 32 B per vertex reached (queue in and out, offsets, level, stamp)) / the
// measured device bandwidth. Then the per-round cost of each driver alone (a one-vertex
// frontier and an empty relaxation). Ends with a summary table.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bench/frontier/bench_graphs.hpp"
#include "bench/frontier/gpu_bfs.hpp"
#include "bench/support/device_ceilings.hpp"
#include "core/gpu_runtime.hpp"

using namespace arcwave;
using arcwave::bench::BenchGraph;
using arcwave::bench::TimedRun;

namespace {

constexpr int kIterations = 5;
constexpr std::uint32_t kOverheadRounds = 20000;

struct Column {
  std::string name;
  frontier::Options options;
};

frontier::Options with(frontier::Driver driver, std::uint32_t k = 0, std::uint32_t blocks = 0,
                       frontier::Gather gather = frontier::Gather::kScan) {
  frontier::Options o;
  o.driver = driver;
  o.rounds_per_check = k;
  o.blocks = blocks;
  o.gather = gather;
  return o;
}

/// The BFS columns: every driver with its defaults, plus the host driver with the former
/// one-item-per-warp gather (what frontier::run did before the other drivers existed).
const std::vector<Column>& bfs_columns() {
  using frontier::Driver;
  static const std::vector<Column> columns{
      {"host", with(Driver::kHost)},
      {"host-warp", with(Driver::kHost, 0, 0, frontier::Gather::kWarpPerItem)},
      {"device", with(Driver::kDevice)},
      {"graph", with(Driver::kGraph)},
      {"coop", with(Driver::kCooperative)},
      {"block", with(Driver::kSingleBlock)},
  };
  return columns;
}

/// The per-round cost rows: defaults, and the launch sizes and k that trade it against work.
const std::vector<Column>& overhead_columns() {
  using frontier::Driver;
  static const std::vector<Column> columns = [] {
    const auto sms = static_cast<std::uint32_t>(std::max(gpu_info().multiprocessors, 1));
    return std::vector<Column>{
        {"host", with(Driver::kHost)},
        {"device", with(Driver::kDevice)},
        {"device-k64", with(Driver::kDevice, 64)},
        {"device-k64-1/SM", with(Driver::kDevice, 64, sms)},
        {"graph", with(Driver::kGraph)},
        {"graph-k64", with(Driver::kGraph, 64)},
        {"graph-k64-1/SM", with(Driver::kGraph, 64, sms)},
        {"coop", with(Driver::kCooperative)},
        {"coop-1/SM", with(Driver::kCooperative, 0, sms)},
        {"block", with(Driver::kSingleBlock)},
    };
  }();
  return columns;
}

struct RowResult {
  std::vector<double> ms;
  std::uint32_t rounds = 0;
  bool failed = false;
};
std::map<std::string, RowResult>& results() {
  static std::map<std::string, RowResult> r;
  return r;
}
double median(const std::vector<double>& values) {
  if (values.empty()) return 0;
  std::vector<double> v = values;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

bench::GpuBfs& device_graph(const BenchGraph& g) {
  static std::map<std::string, std::unique_ptr<bench::GpuBfs>> cache;
  auto& slot = cache[g.name];
  if (!slot) slot = std::make_unique<bench::GpuBfs>(g.csr);
  return *slot;
}

double floor_bytes(const BenchGraph& g) {
  return 8.0 * static_cast<double>(g.edges_touched) + 32.0 * static_cast<double>(g.reached);
}

/// What the summary prints about a graph (kept when its first row runs).
struct GraphFacts {
  std::uint32_t rounds = 0;
  std::uint64_t edges = 0;
  double floor_ms = 0;
};
std::map<std::string, GraphFacts>& graph_facts() {
  static std::map<std::string, GraphFacts> facts;
  return facts;
}

void bfs_row(benchmark::State& state, const std::string& graph, const Column& column) {
  const BenchGraph& g = bench::bench_graph(graph);
  graph_facts()[graph] = {g.depth + 1, g.edges_touched, bench::floor_ms(floor_bytes(g))};
  bench::GpuBfs& gpu = device_graph(g);
  RowResult& row = results()[graph + "/" + column.name];
  const TimedRun warm = gpu.run(g.source, column.options);  // also captures kGraph's graph
  if (gpu.levels() != g.levels || warm.stats.items != g.reached) {
    row.failed = true;
    state.SkipWithError("BFS levels differ from the CPU BFS");
    return;
  }
  TimedRun last;
  for (auto _ : state) {
    last = gpu.run(g.source, column.options);
    state.SetIterationTime(last.ms / 1e3);
    row.ms.push_back(last.ms);
  }
  row.rounds = last.stats.rounds;
  const double floor_ms = bench::floor_ms(floor_bytes(g));
  state.counters["rounds"] = last.stats.rounds;
  state.counters["vertices"] = static_cast<double>(g.reached);
  state.counters["edges"] = static_cast<double>(g.edges_touched);
  state.counters["us_per_round"] = 1e3 * median(row.ms) / std::max(last.stats.rounds, 1U);
  state.counters["floor_ms"] = floor_ms;
  state.counters["x_floor"] = floor_ms > 0 ? median(row.ms) / floor_ms : 0;
}

void overhead_row(benchmark::State& state, const Column& column) {
  RowResult& row = results()["overhead/" + column.name];
  bench::empty_rounds(kOverheadRounds, column.options);  // warm-up (and capture)
  TimedRun last;
  for (auto _ : state) {
    last = bench::empty_rounds(kOverheadRounds, column.options);
    state.SetIterationTime(last.ms / 1e3);
    row.ms.push_back(last.ms);
  }
  if (last.stats.rounds != kOverheadRounds) {
    row.failed = true;
    state.SkipWithError("the empty loop did not run every round");
    return;
  }
  row.rounds = last.stats.rounds;
  state.counters["rounds"] = last.stats.rounds;
  state.counters["us_per_round"] = 1e3 * median(row.ms) / kOverheadRounds;
}

/// Runs a row; an exception (a CUDA or memory failure) fails the row, not the process.
template <typename Row>
void guarded(benchmark::State& state, const std::string& key, Row row) {
  try {
    row();
  } catch (const std::exception& e) {
    results()[key].failed = true;
    state.SkipWithError(e.what());
  }
}

void register_all() {
  for (const std::string& graph : bench::bench_graph_names())
    for (const Column& column : bfs_columns())
      benchmark::RegisterBenchmark(("bfs/" + graph + "/" + column.name).c_str(),
                                   [graph, column](benchmark::State& s) {
                                     guarded(s, graph + "/" + column.name,
                                             [&] { bfs_row(s, graph, column); });
                                   })
          ->Iterations(kIterations)
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond);
  for (const Column& column : overhead_columns())
    benchmark::RegisterBenchmark(("round_overhead/" + column.name).c_str(),
                                 [column](benchmark::State& s) {
                                   guarded(s, "overhead/" + column.name,
                                           [&] { overhead_row(s, column); });
                                 })
        ->Iterations(kIterations)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
}

/// "12.34(5.6)": median ms and microseconds per round; "-" when the row did not run.
std::string cell(const std::string& key) {
  const auto it = results().find(key);
  if (it == results().end() || it->second.ms.empty())
    return it != results().end() && it->second.failed ? "WRONG" : "-";
  const double ms = median(it->second.ms);
  char text[64];
  std::snprintf(text, sizeof text, "%.2f(%.1f)", ms, 1e3 * ms / std::max(it->second.rounds, 1U));
  return text;
}

void summary() {
  std::printf("\n== frontier summary: %s, bandwidth %.0f GB/s measured, medians of %d runs\n",
              gpu_info().name.c_str(), bench::device_bandwidth_bytes_per_second() / 1e9,
              kIterations);
  std::printf("BFS ms(us/round); floor = (8 B/edge + 32 B/vertex touched) / bandwidth\n");
  std::printf("%-10s %6s %10s %8s", "graph", "rounds", "edges", "floor_ms");
  for (const Column& c : bfs_columns()) std::printf(" %14s", c.name.c_str());
  std::printf(" %12s\n", "best/floor");
  for (const std::string& name : bench::bench_graph_names()) {
    const auto facts = graph_facts().find(name);
    if (facts == graph_facts().end()) {
      bool failed = false;
      for (const Column& c : bfs_columns())
        failed = failed || results().count(name + "/" + c.name) > 0;
      if (failed) std::printf("%-10s FAILED before its first run (see the log)\n", name.c_str());
      continue;
    }
    const double floor_ms = facts->second.floor_ms;
    std::printf("%-10s %6u %10llu %8.3f", name.c_str(), facts->second.rounds,
                static_cast<unsigned long long>(facts->second.edges), floor_ms);
    std::string best;
    double best_ms = 0;
    for (const Column& c : bfs_columns()) {
      const std::string key = name + "/" + c.name;
      std::printf(" %14s", cell(key).c_str());
      const auto it = results().find(key);
      if (it != results().end() && !it->second.ms.empty() &&
          (best.empty() || median(it->second.ms) < best_ms)) {
        best = c.name;
        best_ms = median(it->second.ms);
      }
    }
    if (best.empty() || floor_ms <= 0)
      std::printf(" %12s\n", "-");
    else
      std::printf(" %6.1fx %-5s\n", best_ms / floor_ms, best.c_str());
  }
  std::printf("per-round overhead, one-vertex frontier, empty relaxation (us/round):\n");
  int printed = 0;
  for (const Column& c : overhead_columns()) {
    const auto it = results().find("overhead/" + c.name);
    if (it == results().end()) continue;
    if (it->second.ms.empty())
      std::printf("  %s %s", c.name.c_str(), it->second.failed ? "WRONG" : "-");
    else
      std::printf("  %s %.2f", c.name.c_str(), 1e3 * median(it->second.ms) / kOverheadRounds);
    if (++printed % 5 == 0) std::printf("\n");
  }
  if (printed % 5 != 0) std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (!gpu_available()) {
    std::fprintf(stderr, "bench_frontier: no GPU (%s): nothing to measure\n",
                 gpu_info().reason.c_str());
    return 0;
  }
  // Measured first, while the device memory is free for its 4 GiB of buffers.
  const double bandwidth = bench::device_bandwidth_bytes_per_second();
  benchmark::AddCustomContext("device_bandwidth_GBps", std::to_string(bandwidth / 1e9));
  register_all();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  summary();
  return 0;
}
