// bench_polyline — the polyline DP (issue 8) on the paper's Table 2 grid (K = 5..8 nodes,
// N = 128..1024 points) extended to K = 16 and N = 4096, without an angle limit (180, as the
// paper's timings) and with one (30 degrees): the GPU schemes (paper, tiled, window) against
// the multi-core CPU DPs (cubic, window) on the same random integer tables, plus the link
// integrals of an image on the GPU and the CPU.
//
// GPU times are CUDA-event times of one solve with the tables already on the device
// (manual time = transpose + DP + meet/backtrack + result download); the score upload is
// measured once per table and reported apart (upload_ms, total_with_upload_ms: the paper's
// timings include transfers). Every result is checked against the CPU sliding-window DP.
// Floors: N^3 (K-2) max operations (the paper's count; floor_ms) and the triples the angle
// limit allows (floor_allowed_ms), over the GPU's peak 32-bit integer max rate (int_rate.hpp).
#include <benchmark/benchmark.h>
#include <omp.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "bench/polyline/int_rate.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/polyline/chain.hpp"
#include "graph/polyline/dp_cpu.hpp"
#include "graph/polyline/gpu_solver.hpp"
#include "graph/polyline/image_scores.hpp"
#include "tests/graph/polyline/synthetic_road.hpp"

namespace {

using namespace arcwave;
using namespace arcwave::polyline;

// The random tables' geometry: |ab| = 2000 px, candidates across +-500 px.
AngleLimit make_angle(int nodes, int points, double degrees) {
  return AngleLimit(points, 500.0 / (points - 1), 2000.0 / (nodes + 1), degrees);
}

// Triples (h, i, j) the angle limit allows, over every step of both chains.
double allowed_triples(const AngleLimit& angle, int nodes, int points) {
  double total = 0.0;
  for (const Chain& chain : {forward_chain(nodes, points), reversed_chain(nodes, points)}) {
    for (int k = 1; k <= chain.levels; ++k) {
      const StepShape s = chain.step(k);
      double count = 0.0;
#pragma omp parallel for reduction(+ : count) schedule(static)
      for (int i = 0; i < s.n_cur; ++i)
        for (int j = 0; j < s.n_next; ++j) {
          const IndexRange r = allowed_prev_range(s, angle.intervals().data(), angle.q_max(), i, j);
          if (r.lo <= r.hi) count += r.hi - r.lo + 1;
        }
      total += count;
    }
  }
  return total;
}

// One table and, per angle, one solver with the table uploaded and the reference result: the
// benchmarks of a (K, N) run one after another and share them.
struct Prepared {
  int nodes = 0;
  int points = 0;
  double degrees = -1.0;
  std::unique_ptr<LinkScores> scores;
  std::unique_ptr<AngleLimit> angle;
  std::unique_ptr<GpuPolylineSolver> solver;
  Polyline reference;
  double upload_ms = 0.0;
  double triples = 0.0;
};

Prepared& prepared() {
  static Prepared p;
  return p;
}

Prepared& prepare(int nodes, int points, double degrees, bool gpu) {
  Prepared& p = prepared();
  if (p.nodes != nodes || p.points != points) {
    p = Prepared{};
    p.scores = std::make_unique<LinkScores>(
        random_link_scores(nodes, points, 1000003ULL * nodes + static_cast<unsigned>(points)));
    p.nodes = nodes;
    p.points = points;
  }
  if (p.degrees != degrees) {
    p.solver.reset();
    p.angle = std::make_unique<AngleLimit>(make_angle(nodes, points, degrees));
    p.reference = solve_dp_cpu(*p.scores, *p.angle, {CpuMethod::kWindow, 0});
    p.triples = allowed_triples(*p.angle, nodes, points);
    p.degrees = degrees;
  }
  if (gpu && !p.solver) {
    p.solver = std::make_unique<GpuPolylineSolver>(*p.angle, nodes);
    p.solver->upload_scores(*p.scores);
    p.upload_ms = p.solver->timings().upload_ms;
  }
  return p;
}

void set_common_counters(benchmark::State& state, const Prepared& p) {
  const double n = p.points;
  const double rate = bench::int32_max_ops_per_second();
  state.counters["K"] = p.nodes;
  state.counters["N"] = p.points;
  state.counters["angle"] = p.degrees;
  state.counters["allowed_triples"] = p.triples;
  state.counters["allowed_fraction"] =
      p.triples / (n * n * n * std::max(1, p.nodes - 2) + 2 * n * n);
  if (rate > 0.0) {
    state.counters["floor_ms"] = 1e3 * n * n * n * (p.nodes - 2) / rate;
    state.counters["floor_allowed_ms"] = 1e3 * p.triples / rate;
  }
}

bool same(const Polyline& a, const Polyline& b) {
  return a.found == b.found && (!a.found || (a.score == b.score && a.indices == b.indices));
}

void bm_gpu(benchmark::State& state, GpuMethod method, int nodes, int points, double degrees) {
  if (!gpu_available()) {
    state.SkipWithError("no usable GPU");
    return;
  }
  Prepared& p = prepare(nodes, points, degrees, true);
  GpuTimings sum;
  for (auto _ : state) {
    const Polyline got = p.solver->solve(method);
    const GpuTimings& t = p.solver->timings();
    state.SetIterationTime(1e-3 * (t.prepare_ms + t.dp_ms + t.finish_ms + t.download_ms));
    sum.prepare_ms += t.prepare_ms;
    sum.dp_ms += t.dp_ms;
    sum.finish_ms += t.finish_ms;
    sum.download_ms += t.download_ms;
    if (!same(got, p.reference)) {
      state.SkipWithError("GPU polyline differs from the CPU DP");
      return;
    }
  }
  const double it = static_cast<double>(state.iterations());
  set_common_counters(state, p);
  state.counters["upload_ms"] = p.upload_ms;
  state.counters["prepare_ms"] = sum.prepare_ms / it;
  state.counters["dp_ms"] = sum.dp_ms / it;
  state.counters["finish_ms"] = sum.finish_ms / it;
  state.counters["download_ms"] = sum.download_ms / it;
  state.counters["total_with_upload_ms"] =
      p.upload_ms + (sum.prepare_ms + sum.dp_ms + sum.finish_ms + sum.download_ms) / it;
}

void bm_cpu(benchmark::State& state, CpuMethod method, int nodes, int points, double degrees) {
  Prepared& p = prepare(nodes, points, degrees, false);
  for (auto _ : state) {
    Stopwatch clock;
    const Polyline got = solve_dp_cpu(*p.scores, *p.angle, {method, 0});
    state.SetIterationTime(clock.seconds());
    if (!same(got, p.reference)) {
      state.SkipWithError("CPU cubic DP differs from the window DP");
      return;
    }
  }
  set_common_counters(state, p);
  state.counters["threads"] = omp_get_max_threads();
}

// Link integrals of a 2048 x 2048 noisy image with a road, a and b 1848 px apart, candidates
// across +-min(500, (N-1)/2) px.
struct ImageCase {
  test::RoadImage image;
  Gradient gradient;
};

const ImageCase& image_case() {
  static const ImageCase c = [] {
    std::vector<Vec2> centre{{100.0, 1024.0}, {700.0, 1100.0}, {1300.0, 980.0}, {1948.0, 1024.0}};
    ImageCase ic{test::draw_road(2048, 2048, centre, 1.5, 100, 25, 200, 17), {}};
    ic.gradient = sobel(ic.image.raster());
    return ic;
  }();
  return c;
}

PolylineSpec image_spec(int nodes, int points) {
  PolylineSpec spec;
  spec.from = {100.0, 1024.0};
  spec.to = {1948.0, 1024.0};
  spec.nodes = nodes;
  spec.points = points;
  spec.max_angle_deg = 30.0;
  spec.half_width = std::min(500.0, 0.5 * (points - 1));
  return spec;
}

void bm_scores(benchmark::State& state, bool gpu, int nodes, int points) {
  if (gpu && !gpu_available()) {
    state.SkipWithError("no usable GPU");
    return;
  }
  const ImageCase& ic = image_case();
  const Geometry geometry(image_spec(nodes, points));
  double links = 0.0;
  for (int k = 0; k <= nodes; ++k)
    links += static_cast<double>(geometry.guide_size(k)) * geometry.guide_size(k + 1);
  std::unique_ptr<GpuPolylineSolver> solver;
  if (gpu) solver = std::make_unique<GpuPolylineSolver>(AngleLimit(geometry, 30.0), nodes);
  double upload = 0.0;
  for (auto _ : state) {
    if (gpu) {
      solver->score_image(geometry, ic.gradient, ScoreMode::kEdge);
      state.SetIterationTime(1e-3 * solver->timings().score_ms);
      upload += solver->timings().upload_ms;
    } else {
      Stopwatch clock;
      benchmark::DoNotOptimize(image_link_scores(geometry, ic.gradient, ScoreMode::kEdge));
      state.SetIterationTime(clock.seconds());
    }
  }
  state.counters["K"] = nodes;
  state.counters["N"] = points;
  state.counters["links"] = links;
  state.counters["half_width"] = geometry.half_width();
  if (gpu) state.counters["upload_ms"] = upload / static_cast<double>(state.iterations());
}

void register_all() {
  const int nodes_grid[] = {5, 6, 7, 8, 16};
  const int points_grid[] = {128, 256, 512, 1024, 4096};
  const double angles[] = {180.0, 30.0};
  for (const int k : nodes_grid) {
    for (const int n : points_grid) {
      for (const double a : angles) {
        const std::string suffix = "/K:" + std::to_string(k) + "/N:" + std::to_string(n) +
                                   "/angle:" + std::to_string(static_cast<int>(a));
        const bool huge = n == 4096;
        struct G {
          const char* name;
          GpuMethod method;
          int iterations;
        };
        for (const G& g : {G{"gpu_window", GpuMethod::kWindow, 20},
                           G{"gpu_tiled", GpuMethod::kTiled, huge ? 3 : 10},
                           G{"gpu_paper", GpuMethod::kPaper, huge ? 1 : 3}}) {
          benchmark::RegisterBenchmark((std::string(g.name) + suffix).c_str(),
                                       [=](benchmark::State& s) { bm_gpu(s, g.method, k, n, a); })
              ->UseManualTime()
              ->Unit(benchmark::kMillisecond)
              ->Iterations(g.iterations);
        }
        benchmark::RegisterBenchmark(
            ("cpu_window" + suffix).c_str(),
            [=](benchmark::State& s) { bm_cpu(s, CpuMethod::kWindow, k, n, a); })
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond)
            ->Iterations(huge ? 1 : 3);
        // The O(N^3 K) CPU DP at N = 4096 runs once, for K = 8 and 16 only (seconds each).
        if (!huge || k == 8 || k == 16)
          benchmark::RegisterBenchmark(
              ("cpu_cubic" + suffix).c_str(),
              [=](benchmark::State& s) { bm_cpu(s, CpuMethod::kCubic, k, n, a); })
              ->UseManualTime()
              ->Unit(benchmark::kMillisecond)
              ->Iterations(n >= 1024 ? 1 : 3);
      }
    }
  }
  benchmark::RegisterBenchmark("scores_gpu/K:8/N:1024",
                               [](benchmark::State& s) { bm_scores(s, true, 8, 1024); })
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond)
      ->Iterations(5);
  benchmark::RegisterBenchmark("scores_gpu/K:16/N:4096",
                               [](benchmark::State& s) { bm_scores(s, true, 16, 4096); })
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond)
      ->Iterations(2);
  benchmark::RegisterBenchmark("scores_cpu/K:8/N:1024",
                               [](benchmark::State& s) { bm_scores(s, false, 8, 1024); })
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  prepared() = Prepared{};  // device memory back before the CUDA runtime shuts down
  benchmark::Shutdown();
  return 0;
}
