// MAC search with the GPU engine (device-resident AC4GPU+) against the CPU engine (serial AC4,
// and AC3bit+rm), on the same networks and the same search: dom/ddeg, lexicographic values, no
// restarts, no last-conflict. Arc-consistent closures are unique, so every engine sees the same
// domains after every decision and explores the same tree: the `nodes` counters of the rows of
// one network must be equal, and nodes_per_s compares the cost of one MAC step.
//
// Each run stops at the first solution, at the proof of unsatisfiability, or after a time
// budget (then nodes_per_s is over the nodes reached). The networks go from small (frb30-15:
// the CPU should win, a decision deletes a handful of values) to large binary networks of 10^6
// to 10^7 value pairs where a decision costs the CPU a long cascade.
#include <benchmark/benchmark.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>

#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "instances/csp/generators.hpp"
#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/gpu/gpu_engine.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/search/mac_search.hpp"

namespace {

using namespace arcwave;

struct Network {
  const char* name;
  std::function<Model()> make;
  double budget_seconds;
};

const std::vector<Network>& networks() {
  static const std::vector<Network> n = {
      {"frb30-15-forced",
       [] {
         return gen::rb({.n = 30, .d = 15, .e = 208, .tightness = 0.2, .seed = 1, .forced = true});
       },
       5},
      {"queens-30-ext", [] { return gen::queens(30, gen::QueensEncoding::kExtension); }, 5},
      {"rb-40-180-300-0.5-forced",
       [] {
         return gen::rb({.n = 40, .d = 180, .e = 300, .tightness = 0.5, .seed = 3, .forced = true});
       },
       5},
      {"rb-60-100-500-0.6-forced",
       [] {
         return gen::rb({.n = 60, .d = 100, .e = 500, .tightness = 0.6, .seed = 7, .forced = true});
       },
       5},
      {"rb-100-250-1500-0.6-forced",
       [] {
         return gen::rb(
             {.n = 100, .d = 250, .e = 1500, .tightness = 0.6, .seed = 7, .forced = true});
       },
       8},
      {"rb-50-500-600-0.6-forced",
       [] {
         return gen::rb({.n = 50, .d = 500, .e = 600, .tightness = 0.6, .seed = 7, .forced = true});
       },
       8},
  };
  return n;
}

const Model& model(std::size_t i) {
  static std::map<std::size_t, std::unique_ptr<Model>> cache;
  auto& slot = cache[i];
  if (!slot) slot = std::make_unique<Model>(networks()[i].make());
  return *slot;
}

enum class Kind { kCpuAc4, kCpuAc3Bit, kGpu };

std::unique_ptr<Engine> make_engine(std::size_t i, Kind kind) {
  if (kind == Kind::kGpu) return make_gpu_engine(model(i));
  cpu::CpuEngineOptions options;
  options.tables = kind == Kind::kCpuAc4 ? cpu::TableAlgorithm::kAc4 : cpu::TableAlgorithm::kAc3Bit;
  return std::make_unique<cpu::CpuEngine>(
      std::make_shared<const IndexedModel>(index_model(model(i))), options);
}

void BM_Mac(benchmark::State& state, std::size_t i, Kind kind) {
  if (kind == Kind::kGpu && !gpu_available()) {
    state.SkipWithError("no GPU");
    return;
  }
  search::SearchConfig config;
  config.var_heuristic = VarHeuristic::kDomDdeg;
  config.val_heuristic = ValHeuristic::kLex;
  config.restarts = RestartPolicy::kNone;
  config.last_conflict = false;
  search::SearchStats stats;
  double seconds = 0, root_seconds = 0, init_seconds = 0;
  EngineStats engine_stats;
  bool finished = false, solved = false;
  for (auto _ : state) {
    std::unique_ptr<Engine> engine = make_engine(i, kind);
    init_seconds = engine->stats().init_seconds;
    std::atomic<bool> stop{false};
    Stopwatch root;
    const bool consistent = engine->propagate_root();
    root_seconds = root.seconds();
    Stopwatch clock;
    search::SearchOutcome outcome = search::SearchOutcome::kExhausted;
    if (consistent) {
      // The budget: a watchdog raises the stop flag the search polls between nodes.
      std::thread watchdog([&] {
        const auto end = std::chrono::steady_clock::now() +
                         std::chrono::duration<double>(networks()[i].budget_seconds);
        while (!stop.load() && std::chrono::steady_clock::now() < end)
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
        stop.store(true);
      });
      search::MacSearch mac(*engine, config, &stop);
      outcome = mac.run([](std::span<const int>) { return search::AfterSolution{}; });
      stats = mac.stats();
      const bool interrupted = outcome == search::SearchOutcome::kInterrupted;
      stop.store(true);
      watchdog.join();
      finished = !interrupted;
      solved = outcome == search::SearchOutcome::kStoppedOnSolution;
    } else {
      finished = true;
    }
    seconds = clock.seconds();
    engine_stats = engine->stats();
    state.SetIterationTime(seconds);
  }
  state.counters["nodes"] = static_cast<double>(stats.nodes);
  state.counters["fails"] = static_cast<double>(stats.fails);
  state.counters["nodes_per_s"] = seconds > 0 ? static_cast<double>(stats.nodes) / seconds : 0;
  state.counters["root_ms"] = root_seconds * 1e3;
  state.counters["init_ms"] = init_seconds * 1e3;
  const double nodes = static_cast<double>(std::max<std::uint64_t>(stats.nodes, 1));
  // Propagator executions (CPU) or device fixpoint rounds (GPU), and values removed, per node.
  state.counters["propagations_per_node"] = static_cast<double>(engine_stats.propagations) / nodes;
  state.counters["removals_per_node"] = static_cast<double>(engine_stats.removals) / nodes;
  state.counters["finished"] = finished ? 1 : 0;
  state.counters["solved"] = solved ? 1 : 0;
}

void register_all() {
  for (std::size_t i = 0; i < networks().size(); ++i) {
    const std::string name = networks()[i].name;
    for (auto [row, kind] :
         {std::pair{"cpu-ac4", Kind::kCpuAc4}, std::pair{"cpu-ac3bit", Kind::kCpuAc3Bit},
          std::pair{"gpu-ac4gpu+", Kind::kGpu}})
      benchmark::RegisterBenchmark((name + "/" + row).c_str(),
                                   [i, k = kind](benchmark::State& s) { BM_Mac(s, i, k); })
          ->UseManualTime()
          ->Iterations(1)
          ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
