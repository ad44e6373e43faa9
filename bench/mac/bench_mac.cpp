// MAC search: time to the first solution (or to the proof) and nodes per second on queens-20,
// an RB network near the phase transition (frb30-15 shape, forced satisfiable), quasigroup
// completion (qwh-25 with 42 % holes, allDifferent and binary forms), and every bundled XCSP3
// instance (instances/xcsp3). Counters: nodes, fails, restarts, solve_cpu_ms, nodes_per_cpu_s.
#include <benchmark/benchmark.h>

#include <time.h>

#include <filesystem>
#include <functional>

#include "arcwave/solver.hpp"
#include "instances/csp/generators.hpp"

namespace arcwave {

namespace {

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Times solve() (reading and building the model are outside the timed region); counters are
// per solve: nodes, fails, restarts, and the search's CPU time and nodes per CPU second (what
// the work costs, also on a busy machine).
void run(benchmark::State& state, const std::function<Solver()>& make) {
  SolveResult r;
  double cpu = 0;
  for (auto _ : state) {
    state.PauseTiming();
    Solver solver = make();
    state.ResumeTiming();
    const double c0 = thread_cpu_seconds();
    r = solver.solve();
    cpu += thread_cpu_seconds() - c0;
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["nodes"] = static_cast<double>(r.stats.nodes);
  state.counters["fails"] = static_cast<double>(r.stats.fails);
  state.counters["restarts"] = static_cast<double>(r.stats.restarts);
  state.counters["solve_cpu_ms"] = 1e3 * cpu / n;
  state.counters["nodes_per_cpu_s"] = cpu > 0 ? static_cast<double>(r.stats.nodes) * n / cpu : 0;
  state.SetLabel(std::string(to_string(r.status)));
}

void BM_Queens20(benchmark::State& state) {
  const auto enc = static_cast<gen::QueensEncoding>(state.range(0));
  const Model m = gen::queens(20, enc);
  run(state, [&] { return Solver(m); });
}
BENCHMARK(BM_Queens20)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

void BM_Frb30_15(benchmark::State& state) {
  const Model m = gen::rb({.n = 30,
                           .d = 15,
                           .e = 208,
                           .tightness = 0.2,
                           .seed = static_cast<std::uint64_t>(state.range(0)),
                           .forced = true});
  run(state, [&] { return Solver(m); });
}
BENCHMARK(BM_Frb30_15)->DenseRange(1, 3)->Unit(benchmark::kMillisecond);

// Unforced RB networks of the frb30-15 shape at tightness 0.30-0.34, around the phase transition
// (p_cr = 1 - exp(-alpha / r) = 0.32 for d = n^alpha = 15, e = r n ln n = 208): thousands of
// nodes to the first solution or the proof, so nodes per second mean something.
void BM_Rb30_15_Transition(benchmark::State& state) {
  const Model m = gen::rb({.n = 30,
                           .d = 15,
                           .e = 208,
                           .tightness = static_cast<double>(state.range(0)) / 100.0,
                           .seed = static_cast<std::uint64_t>(state.range(1))});
  run(state, [&] { return Solver(m); });
}
BENCHMARK(BM_Rb30_15_Transition)
    ->ArgsProduct({{30, 32, 34}, {1, 2}})
    ->Unit(benchmark::kMillisecond);

// Random ternary table networks (n 30, d 8, 60 constraints) at a tightness where the search
// is long, with Compact-Table (the default for n-ary tables) and with GAC4.
void BM_Random3(benchmark::State& state) {
  const Model m = gen::random_network({.n = 30,
                                       .d = 8,
                                       .arity = 3,
                                       .constraints = 60,
                                       .tightness = static_cast<double>(state.range(0)) / 100.0,
                                       .seed = 1});
  SolverOptions o;
  o.tables = state.range(1) == 0 ? TablePropagation::kAuto : TablePropagation::kAc4;
  run(state, [&] { return Solver(m, o); });
}
BENCHMARK(BM_Random3)->ArgsProduct({{55, 60, 65}, {0, 1}})->Unit(benchmark::kMillisecond);

// Every solution of n-queens (14200 for n = 12): a long search with a known end.
void BM_QueensAll(benchmark::State& state) {
  const Model m = gen::queens(static_cast<int>(state.range(0)), gen::QueensEncoding::kExtension);
  SolverOptions o;
  o.all_solutions = true;
  run(state, [&] { return Solver(m, o); });
}
BENCHMARK(BM_QueensAll)->Arg(10)->Arg(12)->Unit(benchmark::kMillisecond);

void BM_Qwh25(benchmark::State& state) {
  const Model m = gen::latin_square(25, 0.42, 1, state.range(0) != 0);
  run(state, [&] { return Solver(m); });
}
BENCHMARK(BM_Qwh25)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

void BM_Bundled(benchmark::State& state, const std::string& path) {
  run(state, [&] { return Solver::load(path); });
}

}  // namespace

}  // namespace arcwave

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(ARCWAVE_SOURCE_DIR) / "instances" / "xcsp3";
  if (fs::exists(dir)) {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir))
      if (e.is_regular_file()) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files)
      benchmark::RegisterBenchmark(("BM_Bundled/" + f.filename().string()).c_str(),
                                   arcwave::BM_Bundled, f.string())
          ->Unit(benchmark::kMillisecond);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
