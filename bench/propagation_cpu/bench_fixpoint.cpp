// One arc-consistency fixpoint per propagator (serial AC4, AC3bit+rm, Compact-Table) on the
// families of the AC4GPU paper: random networks of tightness 0.9 (rand-2-40-180-84-900 shape)
// and 0.8 (rand-2-40-80-103-800), composed-25-1-25 and composed-75-1-2, and a generated
// network of 10^7 allowed tuples. An iteration builds the propagators' state (init: AC4's
// counters and support lists, the bit matrices' transposes, Compact-Table's bitsets) and runs
// the fixpoint; both phases are also reported apart, as CPU time of this thread (init_cpu_ms,
// propagate_cpu_ms: what the work costs, also on a busy machine) and wall time (init_ms,
// propagate_ms).
#include <benchmark/benchmark.h>

#include <time.h>

#include <map>
#include <memory>

#include "core/timer.hpp"
#include "instances/csp/generators.hpp"
#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave {

namespace {

enum Family { kRand09, kRand08, kComposed25, kComposed75, kLarge };

const char* family_name(int f) {
  static const char* kNames[] = {"rand-2-40-180-84-900", "rand-2-40-80-103-800", "composed-25-1-25",
                                 "composed-75-1-2", "rb-1000-100-2000-0.5 (1e7 tuples)"};
  return kNames[f];
}

Model make(int family) {
  switch (family) {
    case kRand09:
      return gen::rb({.n = 40, .d = 180, .e = 84, .tightness = 0.9, .seed = 1});
    case kRand08:
      return gen::rb({.n = 40, .d = 80, .e = 103, .tightness = 0.8, .seed = 1});
    case kComposed25:
      return gen::composed(gen::composed_family(25, 1, 25, 1));
    case kComposed75:
      return gen::composed(gen::composed_family(75, 1, 2, 1));
    default:
      return gen::rb({.n = 1000, .d = 100, .e = 2000, .tightness = 0.5, .seed = 1});
  }
}

std::shared_ptr<const IndexedModel> network(int family) {
  static std::map<int, std::shared_ptr<const IndexedModel>> cache;
  auto& m = cache[family];
  if (!m) m = std::make_shared<const IndexedModel>(index_model(make(family)));
  return m;
}

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

void BM_Fixpoint(benchmark::State& state) {
  const int family = static_cast<int>(state.range(0));
  cpu::CpuEngineOptions options;
  options.tables = static_cast<cpu::TableAlgorithm>(state.range(1));
  const auto net = network(family);
  double init_wall = 0, propagate_wall = 0, init_cpu = 0, propagate_cpu = 0;
  bool wiped = false;
  std::uint64_t removed = 0;
  for (auto _ : state) {
    const double c0 = thread_cpu_seconds();
    Stopwatch wall;
    cpu::CpuEngine engine(net, options);
    const double init = wall.seconds();
    const double c1 = thread_cpu_seconds();
    wall.restart();
    wiped = !engine.propagate_root();
    const double propagate = wall.seconds();
    const double c2 = thread_cpu_seconds();
    init_wall += init;
    propagate_wall += propagate;
    init_cpu += c1 - c0;
    propagate_cpu += c2 - c1;
    removed = engine.stats().removals;
    state.SetIterationTime(init + propagate);
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["init_ms"] = 1e3 * init_wall / n;
  state.counters["propagate_ms"] = 1e3 * propagate_wall / n;
  state.counters["init_cpu_ms"] = 1e3 * init_cpu / n;
  state.counters["propagate_cpu_ms"] = 1e3 * propagate_cpu / n;
  state.counters["tuples"] = static_cast<double>(net->tuple_count());
  state.counters["removed"] = static_cast<double>(removed);
  state.counters["wipeout"] = wiped ? 1 : 0;
  state.SetLabel(std::string(family_name(family)) + " / " +
                 std::string(cpu::to_string(options.tables)));
}

void families(benchmark::internal::Benchmark* b) {
  for (int f : {kRand09, kRand08, kComposed25, kComposed75, kLarge})
    for (int a : {0, 1, 2}) b->Args({f, a});
}

BENCHMARK(BM_Fixpoint)->Apply(families)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace

}  // namespace arcwave

BENCHMARK_MAIN();
