// Cell graph benchmark (issue 7): n = 10^4 .. 10^7 vectors, ℓ ∈ {64, 256, 512}, 0 % and 20 %
// duplicates, sampled from hyperplane scenes (cell_data.hpp). Rows: the fingerprint method
// (O(n·ℓ)), the paper's tree-based algorithm and its heuristic (h = 5) on the GPU; the CPU
// fingerprint method (all cores), the CPU tree-based and heuristic algorithms (one thread, the
// paper's baselines); at ℓ = 256 and n >= 10^6 also the fingerprint variants the default was
// chosen from (filter forced on / off, probing every bit). Times are split like the paper's
// Figure 4 (sort / build / search), transfers apart; the floor is one pass over the n·ℓ input
// bits at the measured device bandwidth. Each row is one Google Benchmark entry of one
// iteration whose time is the median compute time of the row's runs; the phases, transfers and
// sizes are counters. A table (rows.hpp) follows the benchmark output.
//
// Time budget: two passes. The first runs the GPU rows, the CPU fingerprint method up to
// n = 10^6 and the one-thread baselines at n = 10^4 (and the CPU tree at n = 10^5, ℓ = 256, the
// speed-up target's baseline), configurations in order of importance (all of n <= 10^5, then
// the targets n = 10^6 and 10^7 at ℓ = 256, then the others); the second the slow CPU rows left,
// by increasing n. A row runs only when the same row ran at the next smaller n and its time
// scaled up from there (with the sampling of its data) fits in what is left of the budget;
// repeated runs stop when the budget runs short. Rows that do not run say why.
//
// Extra flags (before the Google Benchmark ones): --cells_budget_s=S (seconds for the whole
// run, sampling included; 0, the default: no limit), --cells_max_n=N (largest n, default 10^7),
// --cells_quick (n = 10^4 and 10^5 only, ℓ = 64 and 256: a smoke run).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bench/cellgraph/cell_data.hpp"
#include "bench/cellgraph/rows.hpp"
#include "bench/support/device_ceilings.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/cellgraph/algorithms.hpp"

using namespace arcwave;
using namespace arcwave::bench::cells;
using cellgraph::Options;
using cellgraph::PhaseTimes;

namespace {

constexpr std::uint64_t kWarmUpRows = 4096;

class Budget {
 public:
  void set(double seconds) { limit_ = seconds; }
  /// Seconds left (infinite without a limit).
  [[nodiscard]] double left() const {
    return limit_ > 0 ? limit_ - clock_.seconds() : std::numeric_limits<double>::infinity();
  }

 private:
  double limit_ = 0;
  Stopwatch clock_;
};

struct Run {
  Budget budget;
  std::vector<Row> rows;
  std::unique_ptr<Data> data;  // the data of the configuration whose rows are running
  double last_sample_seconds = 0;
  double last_sample_work = 0;  // n·ℓ of the last data sampled
};

Run& run_state() {
  static Run run;
  return run;
}

/// Seconds sampling the data of `c` is expected to take (0 when it is at hand or nothing was
/// sampled yet), scaled from the last data sampled.
double predicted_sampling_seconds(const Config& c) {
  const Run& run = run_state();
  if ((run.data && run.data->config == c) || run.last_sample_work <= 0) return 0;
  const double work = static_cast<double>(c.n) * c.bits;
  return 1.5 * run.last_sample_seconds * std::max(1.0, work / run.last_sample_work);
}

/// The data of `c`, kept while its rows run (rows are registered configuration by
/// configuration, so each is sampled once per pass).
const Data& data_for(const Config& c) {
  Run& run = run_state();
  if (run.data && run.data->config == c) return *run.data;
  run.data.reset();
  run.data = std::make_unique<Data>(make_data(c));
  run.last_sample_seconds = run.data->seconds;
  run.last_sample_work = static_cast<double>(c.n) * c.bits;
  std::fprintf(stderr, "[data] %s: hyperplanes in R^%u, %.1f s to sample, %.3g candidate pairs\n",
               c.label().c_str(), run.data->dimension, run.data->seconds,
               run.data->candidate_pairs);
  return *run.data;
}

/// The same row (name, ℓ, duplicates) at the largest smaller n, if one was registered.
const Row* smaller_row(const Row& row) {
  const Row* best = nullptr;
  for (const Row& r : run_state().rows)
    if (r.spec.name == row.spec.name && r.config.bits == row.config.bits &&
        r.config.dup_percent == row.config.dup_percent && r.config.n < row.config.n &&
        (best == nullptr || r.config.n > best->config.n))
      best = &r;
  return best;
}

/// Seconds one run of `row` is expected to take, scaled from the same row at a smaller n. With
/// `pairs` (the heuristic's candidate pairs of the row's data; 0: not known yet) the heuristic
/// scales with them; without, every row scales at least linearly in n (a lower bound).
double predicted_seconds(const Row& row, const Row& smaller, double pairs) {
  const double n_ratio = static_cast<double>(row.config.n) / static_cast<double>(smaller.config.n);
  double scale = n_ratio * 1.2;
  if (row.spec.growth == Growth::kTree) scale = n_ratio * 2.0;
  if (row.spec.growth == Growth::kPairs && pairs > 0 && smaller.candidate_pairs > 0)
    scale = std::max(n_ratio, pairs / smaller.candidate_pairs) * 1.2;
  return smaller.median_wall_seconds() * scale;
}

std::string over_budget(double seconds, const Row& smaller, double left) {
  return fmt::format("about {:.1f} s (scaled from n = {}), {:.0f} s left in the budget", seconds,
                     smaller.config.n, left);
}

/// Why the row should not run; empty when it should (`data` is then its data).
std::string reason_to_skip(const Row& row, const Data*& data) {
  const Run& run = run_state();
  if (row.spec.gpu && !gpu_available()) return "no usable GPU: " + gpu_info().reason;
  const double left = run.budget.left();
  if (left <= 0) return "time budget spent";
  const Row* smaller = smaller_row(row);
  if (smaller != nullptr && !smaller->attempted) smaller = nullptr;  // a filtered run
  if (smaller != nullptr && !smaller->measured())
    return fmt::format("did not run at n = {}", smaller->config.n);
  // Before sampling: the row's lower-bound time and the sampling must fit.
  const double sampling = predicted_sampling_seconds(row.config);
  if (smaller != nullptr && predicted_seconds(row, *smaller, 0) + sampling > left)
    return over_budget(predicted_seconds(row, *smaller, 0) + sampling, *smaller, left);
  if (sampling > left)
    return fmt::format("sampling the data (about {:.0f} s) does not fit in the {:.0f} s left",
                       sampling, left);
  data = &data_for(row.config);
  if (row.spec.growth == Growth::kPairs && data->candidate_pairs > row.spec.pair_budget)
    return fmt::format("{:.2g} candidate pairs, above its budget of {:.2g}", data->candidate_pairs,
                       row.spec.pair_budget);
  if (smaller != nullptr) {
    const double predicted = predicted_seconds(row, *smaller, data->candidate_pairs);
    if (predicted > run.budget.left()) return over_budget(predicted, *smaller, run.budget.left());
  }
  return {};
}

/// The row's runs: up to spec.repeats, fewer when the budget runs short.
void measure(Row& row, const Data& data) {
  const RowSpec& spec = row.spec;
  row.candidate_pairs = data.candidate_pairs;
  if (spec.gpu) {  // loads the kernels and sets up the context, on a slice of the input
    BitVectors slice(std::min(data.vectors.count, kWarmUpRows), data.vectors.bits);
    std::copy_n(data.vectors.data.begin(), slice.data.size(), slice.data.begin());
    (void)spec.build(slice, spec.options, nullptr);
  }
  for (int i = 0; i < spec.repeats; ++i) {
    if (i > 0 && 1.2 * row.wall_seconds.back() > run_state().budget.left()) break;
    PhaseTimes times;
    Stopwatch clock;
    const cellgraph::CellGraph g = spec.build(data.vectors, spec.options, &times);
    row.wall_seconds.push_back(clock.seconds());
    row.runs.push_back(times);
    row.vertices = g.graph.vertex_count;
    row.edges = g.graph.edge_count() / 2;
    const std::uint64_t digest = graph_digest(g);
    if (i > 0 && digest != row.digest) row.digest_varied = true;
    row.digest = digest;
  }
}

void set_counters(benchmark::State& state, const Row& row, const Data& data) {
  const double input_bytes = static_cast<double>(row.config.n) * row.config.bits / 8;
  state.counters["sort_ms"] = row.median_ms(&PhaseTimes::sort_ms);
  state.counters["build_ms"] = row.median_ms(&PhaseTimes::build_ms);
  state.counters["search_ms"] = row.median_ms(&PhaseTimes::search_ms);
  state.counters["upload_ms"] = row.median_ms(&PhaseTimes::upload_ms);
  state.counters["download_ms"] = row.median_ms(&PhaseTimes::download_ms);
  state.counters["compute_ms"] = row.median_compute_ms();
  state.counters["total_ms"] = row.median_total_ms();
  state.counters["wall_s"] = row.median_wall_seconds();
  state.counters["floor_ms"] = bench::floor_ms(input_bytes);
  state.counters["runs"] = static_cast<double>(row.runs.size());
  state.counters["vertices"] = static_cast<double>(row.vertices);
  state.counters["edges"] = static_cast<double>(row.edges);
  state.counters["dimension"] = data.dimension;
  state.counters["candidate_pairs"] = data.candidate_pairs;
}

void run_row(benchmark::State& state, std::size_t index) {
  Row& row = run_state().rows[index];
  row.attempted = true;
  const Data* data = nullptr;
  std::string why;
  try {
    why = reason_to_skip(row, data);
  } catch (const std::exception& e) {  // a scene without enough cells
    why = e.what();
  }
  if (!why.empty()) {
    row.skipped = why;
    state.SkipWithError(row.skipped.c_str());
    return;
  }
  for (auto _ : state) {
    try {
      measure(row, *data);
    } catch (const std::exception& e) {  // out of (device) memory, a CUDA failure
      row.runs.clear();
      row.wall_seconds.clear();
      row.skipped = e.what();
      state.SkipWithError(row.skipped.c_str());
      break;
    }
    state.SetIterationTime(std::max(row.median_compute_ms() / 1e3, 1e-9));
  }
  if (row.measured()) set_counters(state, row, *data);
}

RowSpec cpu_tree(const Config& c) {
  const int repeats = c.n <= 10'000 && c.bits <= 256 ? 3 : 1;
  return {"cpu/tree", cellgraph::detail::tree_cpu, Options{}, false, Growth::kTree, 0, repeats};
}
RowSpec cpu_heuristic() {
  return {
      "cpu/heuristic", cellgraph::detail::heuristic_cpu, Options{}, false, Growth::kPairs, 1e9, 1};
}
RowSpec cpu_fingerprint(const Config& c) {
  return {"cpu/fingerprint",
          cellgraph::detail::fingerprint_cpu,
          Options{},
          false,
          Growth::kLinear,
          0,
          c.n <= 100'000 ? 3 : 1};
}

/// The one-thread CPU tree row that the GPU fingerprint method's speed-up target is measured
/// against: it runs in the first pass.
bool is_speedup_baseline(const Config& c) {
  return c.n == 100'000 && c.bits == 256 && c.dup_percent == 0;
}

/// First pass: the GPU rows, the CPU fingerprint method up to n = 10^6, and the one-thread CPU
/// baselines at n = 10^4 (and the speed-up baseline).
std::vector<RowSpec> first_pass_rows(const Config& c) {
  using namespace cellgraph::detail;
  const bool big = c.n >= 10'000'000;
  const int gpu_repeats = big ? 3 : 5;
  Options plain;
  std::vector<RowSpec> specs = {
      {"gpu/fingerprint", fingerprint_gpu, plain, true, Growth::kLinear, 0, gpu_repeats},
      {"gpu/tree", tree_gpu, plain, true, Growth::kTree, 0, big ? 2 : gpu_repeats},
      {"gpu/heuristic", heuristic_gpu, plain, true, Growth::kPairs, 5e10, big ? 1 : 3},
  };
  if (c.bits == 256 && c.n >= 1'000'000) {
    Options on = plain;
    on.filter = cellgraph::ProbeFilter::kOn;
    Options off = plain;
    off.filter = cellgraph::ProbeFilter::kOff;
    Options all = plain;
    all.probe_all_bits = true;
    specs.push_back(
        {"gpu/fingerprint-filter-on", fingerprint_gpu, on, true, Growth::kLinear, 0, gpu_repeats});
    specs.push_back({"gpu/fingerprint-filter-off", fingerprint_gpu, off, true, Growth::kLinear, 0,
                     gpu_repeats});
    specs.push_back(
        {"gpu/fingerprint-all-bits", fingerprint_gpu, all, true, Growth::kLinear, 0, gpu_repeats});
  }
  if (c.n <= 1'000'000) specs.push_back(cpu_fingerprint(c));
  if (c.n <= 10'000 || is_speedup_baseline(c)) specs.push_back(cpu_tree(c));
  if (c.n <= 10'000) specs.push_back(cpu_heuristic());
  return specs;
}

/// Second pass, by increasing n: the slow CPU rows left (each only where the same row at the
/// next smaller n ran and its scaled time fits).
std::vector<RowSpec> second_pass_rows(const Config& c) {
  std::vector<RowSpec> specs;
  if (c.n > 10'000 && !is_speedup_baseline(c)) specs.push_back(cpu_tree(c));
  if (c.n > 10'000) specs.push_back(cpu_heuristic());
  if (c.n > 1'000'000) specs.push_back(cpu_fingerprint(c));
  return specs;
}

/// The configurations in the order the first pass runs them: every one of n <= 10^5, then the
/// targets (ℓ = 256 at 10^6 and 10^7), then ℓ = 64 and 512 at 10^6 and 10^7.
std::vector<Config> configs_by_importance(std::uint64_t max_n, bool quick) {
  std::vector<Config> out;
  const auto add = [&](std::uint64_t n, std::uint32_t bits) {
    if (n > max_n || (quick && (n > 100'000 || bits == 512))) return;
    for (const int dup : {0, 20}) out.push_back({n, bits, dup});
  };
  for (const std::uint64_t n : {10'000ULL, 100'000ULL})
    for (const std::uint32_t bits : {64U, 256U, 512U}) add(n, bits);
  add(1'000'000, 256);
  add(10'000'000, 256);
  add(1'000'000, 64);
  add(1'000'000, 512);
  add(10'000'000, 64);
  add(10'000'000, 512);
  return out;
}

void add_rows(const Config& c, std::vector<RowSpec> specs) {
  for (RowSpec& spec : specs) {
    Row& row = run_state().rows.emplace_back();
    row.spec = std::move(spec);
    row.config = c;
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t max_n = 10'000'000;
  double budget_seconds = 0;
  bool quick = false;
  std::vector<char*> args;
  try {
    for (int i = 0; i < argc; ++i) {
      if (std::strncmp(argv[i], "--cells_max_n=", 14) == 0)
        max_n = std::stoull(argv[i] + 14);
      else if (std::strncmp(argv[i], "--cells_budget_s=", 17) == 0)
        budget_seconds = std::stod(argv[i] + 17);
      else if (std::strcmp(argv[i], "--cells_quick") == 0)
        quick = true;
      else
        args.push_back(argv[i]);
    }
  } catch (const std::exception&) {
    std::fprintf(stderr, "bench_cellgraph: bad --cells_* value\n");
    return 2;
  }
  Run& run = run_state();
  run.budget.set(budget_seconds);
  const std::vector<Config> configs = configs_by_importance(max_n, quick);
  for (const Config& c : configs) add_rows(c, first_pass_rows(c));
  std::vector<Config> ascending = configs;
  std::stable_sort(ascending.begin(), ascending.end(),
                   [](const Config& a, const Config& b) { return a.n < b.n; });
  for (const Config& c : ascending) add_rows(c, second_pass_rows(c));
  for (std::size_t i = 0; i < run.rows.size(); ++i) {
    const Row& row = run.rows[i];
    benchmark::RegisterBenchmark(
        fmt::format("cellgraph/{}/{}", row.spec.name, row.config.label()).c_str(),
        [i](benchmark::State& state) { run_row(state, i); })
        ->UseManualTime()
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  }
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  run.data.reset();
  print_summary(run.rows, configs);
  return 0;
}
