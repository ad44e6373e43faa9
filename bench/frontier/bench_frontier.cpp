// bench/frontier — the loop drivers of core/frontier measured side by side: BFS with each
// driver on road-like grids of 10^6 and 10^7 vertices (thousands of rounds, small frontiers),
// a random sparse graph of 10^7 vertices and degree 8 (a dozen rounds, huge frontiers) and an
// R-MAT power-law graph (hubs); each row reports rounds, time (CUDA events after a warm-up run
// that is also checked against a CPU BFS), time per round, and the floor: (8 B per edge touched
// (target, level) + 32 B per vertex reached (queue in and out, offsets, level, stamp)) / the
// measured device bandwidth. Then the per-round cost of each driver alone (a one-vertex
// frontier and an empty relaxation). Ends with a summary table, one line per driver.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <functional>
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

constexpr int kIterations = 7;
constexpr std::uint32_t kOverheadRounds = 20000;

struct Driver {
  std::string name;
  frontier::Options options;
  bool bfs = true;  // false: measured for its per-round cost only
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

/// Every driver with its defaults; the host driver with the former one-item-per-warp gather
/// (what frontier::run was before the other drivers existed); the multi-block drivers also with
/// one block per multiprocessor (cheaper launches and barriers, fewer warps to hide latency);
/// and, for the per-round cost only, k = 64 rounds per look.
const std::vector<Driver>& drivers() {
  using D = frontier::Driver;
  static const std::vector<Driver> list = [] {
    const auto sms = static_cast<std::uint32_t>(std::max(gpu_info().multiprocessors, 1));
    return std::vector<Driver>{
        {"host", with(D::kHost)},
        {"host-warp", with(D::kHost, 0, 0, frontier::Gather::kWarpPerItem)},
        {"device", with(D::kDevice)},
        {"device-1/SM", with(D::kDevice, 0, sms)},
        {"graph", with(D::kGraph)},
        {"graph-1/SM", with(D::kGraph, 0, sms)},
        {"coop", with(D::kCooperative)},
        {"coop-1/SM", with(D::kCooperative, 0, sms)},
        {"block", with(D::kSingleBlock)},
        {"device-k64", with(D::kDevice, 64), false},
        {"graph-k64", with(D::kGraph, 64), false},
    };
  }();
  return list;
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

void bfs_row(benchmark::State& state, const std::string& graph, const Driver& driver) {
  const BenchGraph& g = bench::bench_graph(graph);
  graph_facts()[graph] = {g.depth + 1, g.edges_touched, bench::floor_ms(floor_bytes(g))};
  bench::GpuBfs& gpu = device_graph(g);
  RowResult& row = results()[graph + "/" + driver.name];
  const TimedRun warm = gpu.run(g.source, driver.options);  // also captures kGraph's graph
  if (gpu.levels() != g.levels || warm.stats.items != g.reached) {
    row.failed = true;
    state.SkipWithError("BFS levels differ from the CPU BFS");
    return;
  }
  TimedRun last;
  for (auto _ : state) {
    last = gpu.run(g.source, driver.options);
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

void overhead_row(benchmark::State& state, const Driver& driver) {
  RowResult& row = results()["overhead/" + driver.name];
  bench::empty_rounds(kOverheadRounds, driver.options);  // warm-up (and capture)
  TimedRun last;
  for (auto _ : state) {
    last = bench::empty_rounds(kOverheadRounds, driver.options);
    state.SetIterationTime(last.ms / 1e3);
    row.ms.push_back(last.ms);
  }
  if (last.stats.rounds != kOverheadRounds) {
    row.failed = true;
    row.ms.clear();
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
    results()[key].ms.clear();
    state.SkipWithError(e.what());
  }
}

void add(const std::string& name, std::function<void(benchmark::State&)> fn) {
  benchmark::RegisterBenchmark(name.c_str(), fn)
      ->Iterations(kIterations)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond);
}

void register_all() {
  for (const std::string& graph : bench::bench_graph_names())
    for (const Driver& d : drivers())
      if (d.bfs)
        add("bfs/" + graph + "/" + d.name, [graph, d](benchmark::State& s) {
          guarded(s, graph + "/" + d.name, [&] { bfs_row(s, graph, d); });
        });
  for (const Driver& d : drivers())
    add("round_overhead/" + d.name, [d](benchmark::State& s) {
      guarded(s, "overhead/" + d.name, [&] { overhead_row(s, d); });
    });
}

/// "12.34(5.6)": median ms and microseconds per round; "WRONG" for a failed row, "-" when the
/// row did not run.
std::string cell(const std::string& key) {
  const auto it = results().find(key);
  if (it == results().end()) return "-";
  if (it->second.ms.empty()) return it->second.failed ? "WRONG" : "-";
  const double ms = median(it->second.ms);
  char text[64];
  std::snprintf(text, sizeof text, "%.2f(%.1f)", ms, 1e3 * ms / std::max(it->second.rounds, 1U));
  return text;
}

void summary() {
  const std::vector<std::string>& graphs = bench::bench_graph_names();
  std::printf("\n== frontier summary: %s, %.0f GB/s measured, medians of %d runs\n",
              gpu_info().name.c_str(), bench::device_bandwidth_bytes_per_second() / 1e9,
              kIterations);
  std::printf("BFS ms(us/round); last column: one-vertex frontier, empty relaxation, us/round\n");
  std::printf("%-12s", "driver");
  for (const std::string& g : graphs) std::printf(" %14s", g.c_str());
  std::printf(" %9s\n", "overhead");
  std::printf("%-12s", "rounds,floor");
  for (const std::string& g : graphs) {
    const auto f = graph_facts().find(g);
    char text[64] = "-";
    if (f != graph_facts().end())
      std::snprintf(text, sizeof text, "%u,%.3fms", f->second.rounds, f->second.floor_ms);
    std::printf(" %14s", text);
  }
  std::printf(" %9s\n", "");
  for (const Driver& d : drivers()) {
    std::printf("%-12s", d.name.c_str());
    for (const std::string& g : graphs)
      std::printf(" %14s", d.bfs ? cell(g + "/" + d.name).c_str() : "");
    const auto it = results().find("overhead/" + d.name);
    if (it == results().end() || it->second.ms.empty())
      std::printf(" %9s\n", it != results().end() && it->second.failed ? "WRONG" : "-");
    else
      std::printf(" %9.2f\n", 1e3 * median(it->second.ms) / kOverheadRounds);
  }
  std::printf("%-12s", "best/floor");
  for (const std::string& g : graphs) {
    const auto f = graph_facts().find(g);
    std::string best;
    double best_ms = 0;
    for (const Driver& d : drivers()) {
      const auto it = results().find(g + "/" + d.name);
      if (it == results().end() || it->second.ms.empty()) continue;
      if (best.empty() || median(it->second.ms) < best_ms) {
        best = d.name;
        best_ms = median(it->second.ms);
      }
    }
    char text[64] = "-";
    if (!best.empty() && f != graph_facts().end() && f->second.floor_ms > 0)
      std::snprintf(text, sizeof text, "%.0fx %s", best_ms / f->second.floor_ms, best.c_str());
    std::printf(" %14s", text);
  }
  std::printf("\n");
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
