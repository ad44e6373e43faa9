// Cell graph benchmark (issue 7): n = 10^4 .. 10^7 vectors, ℓ ∈ {64, 256, 512}, 0 % and 20 %
// duplicates, sampled from hyperplane scenes. Rows: the fingerprint method (O(n·ℓ)), the
// paper's tree-based algorithm and its heuristic (h = 5) on the GPU; the CPU fingerprint method
// (all cores), the CPU tree-based and heuristic algorithms (one thread, the paper's baselines).
// Times are split like the paper's Figure 4 (sort / build / search), transfers apart; the
// floor is one pass over the n·ℓ input bits at the measured device bandwidth.
//
// Data: hyperplanes in R^d with d the smallest dimension whose arrangement has at least
// 20 n cells (so that most samples fall into distinct but often neighbouring cells); the
// first (1 - dup) n distinct vectors of the sample stream, plus dup·n copies, shuffled.
//
// Slow rows are bounded, not extrapolated: the CPU tree runs up to n = 10^5 (and 10^6 at
// ℓ = 256, 0 %), the CPU fingerprint up to 10^6 (and 10^7 at ℓ = 256); the heuristics run
// only where the number of pivot-compatible candidate pairs they would scan (estimated
// from the first pivot's distance histogram) is within a budget; skipped rows say so.
//
// Extra flags (before the Google Benchmark ones): --cells_max_n=N (largest n, default 10^7),
// --cells_quick (n = 10^4 and 10^5 only, ℓ = 64 and 256: a smoke run).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "bench/support/device_ceilings.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/cellgraph/algorithms.hpp"
#include "graph/cellgraph/bits.hpp"
#include "instances/cells/scenes.hpp"

using namespace arcwave;
using namespace arcwave::cellgraph;

namespace {

struct Config {
  std::uint64_t n;
  std::uint32_t bits;
  int dup_percent;
  [[nodiscard]] std::string label() const {
    return fmt::format("n:{}/l:{}/dup:{}", n, bits, dup_percent);
  }
};

struct Data {
  Config config{};
  BitVectors vectors;
  std::uint32_t dimension = 0;
  double candidate_pairs = 0;  // heuristic estimate
};

double arrangement_cells(std::uint32_t l, std::uint32_t d) {
  double total = 0;
  double binomial = 1;
  for (std::uint32_t i = 0; i <= d && i <= l; ++i) {
    total += binomial;
    binomial = binomial * (l - i) / (i + 1);
  }
  return total;
}

/// Pairs the heuristic compares: Σ_d |group d| · |group d+1| over first-pivot distances.
double estimate_candidate_pairs(const BitVectors& v) {
  const std::uint64_t pivot = v.count / 2;
  std::vector<double> histogram(std::size_t{v.bits} + 2, 0);
  for (std::uint64_t i = 0; i < v.count; ++i) {
    std::uint32_t d = 0;
    for (std::uint32_t w = 0; w < v.words; ++w)
      d += static_cast<std::uint32_t>(popcount64(v.row(i)[w] ^ v.row(pivot)[w]));
    histogram[d] += 1;
  }
  double pairs = 0;
  for (std::size_t d = 0; d + 1 < histogram.size(); ++d) pairs += histogram[d] * histogram[d + 1];
  return pairs;
}

/// The data of one configuration, kept while its rows run (rows are registered config-major).
const Data& data_for(const Config& c) {
  static std::unique_ptr<Data> cached;
  if (cached && cached->config.n == c.n && cached->config.bits == c.bits &&
      cached->config.dup_percent == c.dup_percent)
    return *cached;
  cached.reset();
  auto data = std::make_unique<Data>();
  data->config = c;
  Stopwatch clock;
  const auto distinct = static_cast<std::uint64_t>(
      std::llround(static_cast<double>(c.n) * (100 - c.dup_percent) / 100));
  std::uint32_t d = 2;
  while (arrangement_cells(c.bits, d) < 20.0 * static_cast<double>(c.n)) ++d;
  for (;; ++d) {
    try {
      const gen::cells::Scene scene({gen::cells::SceneKind::kHyperplanes, d, c.bits, 2026});
      const BitVectors unique =
          gen::cells::sample_distinct_vectors(scene, distinct, 1, 6 * distinct);
      data->vectors = gen::cells::with_duplicates(unique, c.n, 7);
      data->candidate_pairs = estimate_candidate_pairs(unique);
      data->dimension = d;
      break;
    } catch (const InputError&) {
      if (d >= 16) throw;  // not reachable for these sizes; keeps the loop finite
    }
  }
  std::fprintf(stderr, "[data] %s: hyperplanes in R^%u, %.1f s to sample\n", c.label().c_str(),
               data->dimension, clock.seconds());
  cached = std::move(data);
  return *cached;
}

struct Row {
  std::string name;
  Config config;
  std::vector<PhaseTimes> runs;
  std::uint64_t vertices = 0;
  std::uint64_t edges = 0;
  std::string skipped;
};
std::vector<Row>& rows() {
  static std::vector<Row> all;
  return all;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 != 0 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

using BuildFn = CellGraph (*)(const BitVectors&, const Options&, PhaseTimes*);

struct RowSpec {
  std::string name;
  BuildFn build;
  Options options;
  bool gpu;
  bool heuristic;
  double pair_budget;  // heuristics: skip above this many candidate pairs
  int iterations;
};

void measure_row(benchmark::State& state, const RowSpec& spec, const Config& config, Row& row);

void run_row(benchmark::State& state, const RowSpec& spec, const Config& config, std::size_t slot) {
  Row& row = rows()[slot];
  try {
    measure_row(state, spec, config, row);
  } catch (const Error& e) {  // out of memory, no GPU, a scene without enough cells
    row.runs.clear();
    row.skipped = e.what();
    state.SkipWithError(row.skipped.c_str());
  }
}

void measure_row(benchmark::State& state, const RowSpec& spec, const Config& config, Row& row) {
  if (spec.gpu && !gpu_available()) {
    row.skipped = "no GPU";
    state.SkipWithError("no usable GPU");
    return;
  }
  const Data& data = data_for(config);
  if (spec.heuristic && data.candidate_pairs > spec.pair_budget) {
    row.skipped = fmt::format("{:.2g} candidate pairs > budget {:.2g}", data.candidate_pairs,
                              spec.pair_budget);
    state.SkipWithError(row.skipped.c_str());
    return;
  }
  if (spec.gpu) (void)spec.build(data.vectors, spec.options, nullptr);  // warm-up
  for (auto _ : state) {
    PhaseTimes times;
    const CellGraph g = spec.build(data.vectors, spec.options, &times);
    state.SetIterationTime(times.compute_ms() / 1e3);
    row.runs.push_back(times);
    row.vertices = g.graph.vertex_count;
    row.edges = g.graph.edge_count() / 2;
  }
  auto med = [&](double PhaseTimes::*field) {
    std::vector<double> v;
    for (const PhaseTimes& t : row.runs) v.push_back(t.*field);
    return median(v);
  };
  std::vector<double> totals;
  for (const PhaseTimes& t : row.runs) totals.push_back(t.total_ms());
  const double input_bytes = static_cast<double>(config.n) * config.bits / 8;
  state.counters["sort_ms"] = med(&PhaseTimes::sort_ms);
  state.counters["build_ms"] = med(&PhaseTimes::build_ms);
  state.counters["search_ms"] = med(&PhaseTimes::search_ms);
  state.counters["upload_ms"] = med(&PhaseTimes::upload_ms);
  state.counters["download_ms"] = med(&PhaseTimes::download_ms);
  state.counters["total_ms"] = median(totals);
  state.counters["floor_ms"] = bench::floor_ms(input_bytes);
  state.counters["vertices"] = static_cast<double>(row.vertices);
  state.counters["edges"] = static_cast<double>(row.edges);
  state.counters["dimension"] = data.dimension;
}

std::vector<RowSpec> row_specs(const Config& c) {
  std::vector<RowSpec> specs;
  const bool big = c.n >= 10'000'000;
  const int gpu_iterations = big ? 3 : 5;
  Options plain;
  specs.push_back(
      {"gpu/fingerprint", detail::fingerprint_gpu, plain, true, false, 0, gpu_iterations});
  if (c.bits == 256 && c.n >= 1'000'000) {
    // The variants the default was chosen from.
    Options on = plain;
    on.filter = ProbeFilter::kOn;
    Options off = plain;
    off.filter = ProbeFilter::kOff;
    Options all = plain;
    all.probe_all_bits = true;
    specs.push_back(
        {"gpu/fingerprint-filter-on", detail::fingerprint_gpu, on, true, false, 0, gpu_iterations});
    specs.push_back({"gpu/fingerprint-filter-off", detail::fingerprint_gpu, off, true, false, 0,
                     gpu_iterations});
    specs.push_back(
        {"gpu/fingerprint-all-bits", detail::fingerprint_gpu, all, true, false, 0, gpu_iterations});
  }
  specs.push_back({"gpu/tree", detail::tree_gpu, plain, true, false, 0, big ? 2 : gpu_iterations});
  specs.push_back({"gpu/heuristic", detail::heuristic_gpu, plain, true, true, 2e11, big ? 1 : 3});
  if (c.n <= 1'000'000 || c.bits == 256)
    specs.push_back({"cpu/fingerprint", detail::fingerprint_cpu, plain, false, false, 0,
                     c.n <= 100'000 ? 3 : 1});
  if (c.n <= 100'000 || (c.n == 1'000'000 && c.bits == 256 && c.dup_percent == 0))
    specs.push_back({"cpu/tree", detail::tree_cpu, plain, false, false, 0, c.n <= 10'000 ? 3 : 1});
  specs.push_back({"cpu/heuristic", detail::heuristic_cpu, plain, false, true, 3e9, 1});
  return specs;
}

const Row* find_row(const std::string& name, const Config& c) {
  for (const Row& r : rows())
    if (r.name == name && r.config.n == c.n && r.config.bits == c.bits &&
        r.config.dup_percent == c.dup_percent && !r.runs.empty())
      return &r;
  return nullptr;
}

double compute_median(const Row& r) {
  std::vector<double> v;
  for (const PhaseTimes& t : r.runs) v.push_back(t.compute_ms());
  return median(v);
}

void print_summary(const std::vector<Config>& configs) {
  std::printf(
      "\n== cellgraph summary (median ms; compute = sort + build + search; floor = n·ℓ "
      "bits / measured bandwidth %.0f GB/s)\n",
      bench::device_bandwidth_bytes_per_second() / 1e9);
  for (const Config& c : configs) {
    std::printf("%s  floor %.3f ms\n", c.label().c_str(),
                bench::floor_ms(static_cast<double>(c.n) * c.bits / 8));
    for (const Row& r : rows()) {
      if (r.config.n != c.n || r.config.bits != c.bits || r.config.dup_percent != c.dup_percent)
        continue;
      if (r.runs.empty()) {
        std::printf("  %-28s skipped: %s\n", r.name.c_str(),
                    r.skipped.empty() ? "not run" : r.skipped.c_str());
        continue;
      }
      std::vector<double> s, b, q, t;
      for (const PhaseTimes& p : r.runs) {
        s.push_back(p.sort_ms);
        b.push_back(p.build_ms);
        q.push_back(p.search_ms);
        t.push_back(p.total_ms());
      }
      std::printf(
          "  %-28s compute %10.3f  (sort %9.3f build %9.3f search %10.3f)  total %10.3f"
          "  cells %llu edges %llu\n",
          r.name.c_str(), compute_median(r), median(s), median(b), median(q), median(t),
          static_cast<unsigned long long>(r.vertices), static_cast<unsigned long long>(r.edges));
    }
    const Row* ours = find_row("gpu/fingerprint", c);
    if (ours != nullptr) {
      const double mine = compute_median(*ours);
      for (const char* other :
           {"gpu/tree", "gpu/heuristic", "cpu/fingerprint", "cpu/tree", "cpu/heuristic"}) {
        const Row* r = find_row(other, c);
        if (r != nullptr && mine > 0)
          std::printf("    gpu/fingerprint vs %-16s %9.1fx\n", other, compute_median(*r) / mine);
      }
    }
  }
  std::printf("== targets (H100)\n");
  const Config t1{1'000'000, 256, 0};
  const Config t2{10'000'000, 256, 0};
  for (const Config& c : {t1, Config{1'000'000, 256, 20}, t2, Config{10'000'000, 256, 20}}) {
    const Row* r = find_row("gpu/fingerprint", c);
    if (r == nullptr) continue;
    const double limit = c.n == 1'000'000 ? 100.0 : 1500.0;
    const double total = median([&] {
      std::vector<double> v;
      for (const PhaseTimes& p : r->runs) v.push_back(p.total_ms());
      return v;
    }());
    std::printf("  %s: compute %.3f ms, with transfers %.3f ms (target < %.0f ms): %s\n",
                c.label().c_str(), compute_median(*r), total, limit,
                compute_median(*r) < limit ? "met" : "MISSED");
  }
  const Row* ours = find_row("gpu/fingerprint", t1);
  const Row* base = find_row("cpu/tree", t1);
  if (ours != nullptr && base != nullptr)
    std::printf("  speed-up over the one-thread CPU tree at %s: %.0fx (target >= 100x): %s\n",
                t1.label().c_str(), compute_median(*base) / compute_median(*ours),
                compute_median(*base) / compute_median(*ours) >= 100 ? "met" : "MISSED");
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t max_n = 10'000'000;
  bool quick = false;
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--cells_max_n=", 14) == 0)
      max_n = std::stoull(argv[i] + 14);
    else if (std::strcmp(argv[i], "--cells_quick") == 0)
      quick = true;
    else
      args.push_back(argv[i]);
  }
  std::vector<Config> configs;
  for (const std::uint64_t n : {10'000ULL, 100'000ULL, 1'000'000ULL, 10'000'000ULL}) {
    if (n > max_n || (quick && n > 100'000)) continue;
    for (const std::uint32_t bits : {64U, 256U, 512U}) {
      if (quick && bits == 512) continue;
      for (const int dup : {0, 20}) configs.push_back({n, bits, dup});
    }
  }
  for (const Config& c : configs) {
    for (const RowSpec& spec : row_specs(c)) {
      rows().push_back({spec.name, c, {}, 0, 0, {}});
      const std::size_t slot = rows().size() - 1;
      benchmark::RegisterBenchmark(
          fmt::format("cellgraph/{}/{}", spec.name, c.label()).c_str(),
          [spec, c, slot](benchmark::State& state) { run_row(state, spec, c, slot); })
          ->UseManualTime()
          ->Iterations(spec.iterations)
          ->Unit(benchmark::kMillisecond);
    }
  }
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  print_summary(configs);
  return 0;
}
