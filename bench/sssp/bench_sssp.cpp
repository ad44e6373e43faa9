// bench/sssp — shortest paths on road-like grids and random sparse graphs: APSP by GPU Johnson
// (batched multi-source SSSP; one frontier SSSP per source; the paper's outer- and inner-loop
// Dijkstra) against the CPU Johnson on one core and on all cores and Boost.Graph's Johnson;
// APSP from 32 sources (batched against near-far per source: the CLI's automatic choice);
// single-source SSSP (the near-far kernel with sweeps of its bucket width and local rounds,
// three GPU Bellman-Ford variants, CPU Dijkstra) from a corner and the centre; CSR builds. Slow
// rows run a subset of sources and extrapolate (counter apsp_s_extrapolated). Each row reports
// its floor (bytes that must move / device bandwidth); near-far rows are checked against
// Dijkstra once. Ends with a summary of the targets and the SSSP latency floor.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "bench/sssp/hop_depth.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/csr/build_cpu.hpp"
#include "graph/csr/build_gpu.hpp"
#include "graph/sssp/dijkstra_cpu.hpp"
#include "graph/sssp/johnson_bgl.hpp"
#include "graph/sssp/johnson_cpu.hpp"
#include "graph/sssp/sssp_gpu.hpp"
#include "instances/graphs/graph_generators.hpp"

using namespace arcwave;
using namespace arcwave::sssp;

namespace {

constexpr double kBandwidth = 3.35e12;  // H100 SXM HBM3, bytes/s

// ---- graphs (built once) ----------------------------------------------------------------

EdgeList<std::int64_t> random_list(std::uint32_t n, std::int64_t potential, std::uint64_t seed) {
  gen::RandomGraphParams<std::int64_t> p;
  p.vertices = n;
  p.average_degree = 8;
  p.min_weight = 1;
  p.max_weight = 1000;
  p.potential_range = potential;  // > 0: negative edges, so Bellman-Ford has work to do
  p.seed = seed;
  return gen::random_graph(p);
}

EdgeList<std::int64_t> grid_list(std::uint32_t side, std::uint64_t seed) {
  return gen::grid_graph<std::int64_t>({side, side, 1, 100, seed});
}

const Csr<std::int64_t>& graph(const std::string& name) {
  static std::map<std::string, std::unique_ptr<Csr<std::int64_t>>> cache;
  auto& slot = cache[name];
  if (!slot) {
    EdgeList<std::int64_t> list;
    if (name == "random-1k") list = random_list(1024, 200, 1);
    if (name == "random-16k") list = random_list(16384, 200, 2);
    if (name == "grid-16k") list = grid_list(128, 3);
    if (name == "grid-1M") list = grid_list(1000, 4);
    if (name == "random-1M") list = random_list(1000000, 0, 5);
    slot = std::make_unique<Csr<std::int64_t>>(build_csr(list));
  }
  return *slot;
}

// ---- results kept for the summary ---------------------------------------------------------

/// The registered name of the row running now (state.name() adds "/iterations:N/...").
std::string& current_row() {
  static std::string name;
  return name;
}
std::map<std::string, std::vector<double>>& results() {
  static std::map<std::string, std::vector<double>> r;
  return r;
}
double median(const std::string& key) {
  auto it = results().find(key);
  if (it == results().end() || it->second.empty()) return 0;
  std::vector<double> v = it->second;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::vector<std::uint32_t> first_sources(std::uint32_t n, std::uint32_t count) {
  std::vector<std::uint32_t> s;
  for (std::uint32_t i = 0; i < std::min(n, count); ++i)
    s.push_back(static_cast<std::uint32_t>(static_cast<std::uint64_t>(i) * n / std::min(n, count)));
  return s;
}

/// Bytes the floor counts: every source reads every edge (target + weight) once.
double apsp_floor_ms(const Csr<std::int64_t>& g, double sources) {
  return sources * static_cast<double>(g.edge_count()) * 12.0 / kBandwidth * 1e3;
}

void set_counters(benchmark::State& state, const JohnsonTimes& t, const Csr<std::int64_t>& g,
                  double sources, double extrapolated_s) {
  state.counters["bellman_ford_ms"] = t.bellman_ford_ms;
  state.counters["sssp_ms"] = t.sssp_ms;
  state.counters["download_ms"] = t.download_ms;
  state.counters["upload_ms"] = t.upload_ms;
  state.counters["rounds"] = static_cast<double>(t.sssp_rounds);
  state.counters["floor_ms"] = apsp_floor_ms(g, sources);
  if (extrapolated_s > 0) state.counters["apsp_s_extrapolated"] = extrapolated_s;
}

// ---- APSP rows ----------------------------------------------------------------------------

/// A sink that touches every block (a checksum), standing for a consumer of the rows.
template <typename D>
RowSink<D> touching_sink(double* checksum) {
  return [checksum](std::uint64_t, std::uint64_t, std::span<const D> rows) {
    for (std::size_t i = 0; i < rows.size(); i += 4099)
      *checksum += static_cast<double>(rows[i] & 1);
  };
}

void apsp_gpu(benchmark::State& state, const std::string& name, gpu::JohnsonMethod method,
              std::uint32_t subset, std::uint32_t batch = 0) {
  const Csr<std::int64_t>& g = graph(name);
  const auto sources =
      subset > 0 ? first_sources(g.vertex_count, subset) : all_vertices(g.vertex_count);
  double checksum = 0;
  for (auto _ : state) {
    const auto outcome = gpu::johnson(g, std::span<const std::uint32_t>(sources),
                                      touching_sink<std::int64_t>(&checksum), {method, batch, {}});
    const JohnsonTimes& t = outcome.times;
    double extrapolated = 0;
    if (subset > 0)
      extrapolated =
          (t.upload_ms + t.bellman_ford_ms + t.reweight_ms +
           (t.sssp_ms + t.download_ms) * g.vertex_count / static_cast<double>(sources.size())) /
          1e3;
    state.SetIterationTime(t.total_ms / 1e3);
    results()[current_row()].push_back(extrapolated > 0 ? extrapolated : t.total_ms / 1e3);
    set_counters(state, t, g, static_cast<double>(sources.size()), extrapolated);
  }
  benchmark::DoNotOptimize(checksum);
}

void apsp_cpu(benchmark::State& state, const std::string& name, unsigned threads,
              std::uint32_t subset) {
  const Csr<std::int64_t>& g = graph(name);
  const auto sources =
      subset > 0 ? first_sources(g.vertex_count, subset) : all_vertices(g.vertex_count);
  double checksum = 0;
  for (auto _ : state) {
    const auto outcome = johnson_cpu(g, std::span<const std::uint32_t>(sources),
                                     touching_sink<std::int64_t>(&checksum), {threads});
    const JohnsonTimes& t = outcome.times;
    const double extrapolated =
        subset > 0 ? (t.bellman_ford_ms + t.reweight_ms +
                      t.sssp_ms * g.vertex_count / static_cast<double>(sources.size())) /
                         1e3
                   : 0;
    state.SetIterationTime(t.total_ms / 1e3);
    results()[current_row()].push_back(extrapolated > 0 ? extrapolated : t.total_ms / 1e3);
    set_counters(state, t, g, static_cast<double>(sources.size()), extrapolated);
    state.counters["threads"] = threads > 0 ? threads : std::thread::hardware_concurrency();
  }
  benchmark::DoNotOptimize(checksum);
}

void apsp_bgl(benchmark::State& state, const std::string& name) {
  const Csr<std::int64_t>& g = graph(name);
  for (auto _ : state) {
    std::vector<std::vector<std::int64_t>> rows;
    const Stopwatch clock;
    const bool ok = johnson_bgl(g, rows);
    const double s = clock.seconds();
    if (!ok) state.SkipWithError("negative cycle");
    state.SetIterationTime(s);
    results()[current_row()].push_back(s);
    benchmark::DoNotOptimize(rows.data());
  }
}

// ---- SSSP rows -----------------------------------------------------------------------------

double sssp_floor_ms(const Csr<std::int64_t>& g) {  // read the graph once, write the distances
  return (static_cast<double>(g.edge_count()) * 12.0 + g.vertex_count * 24.0) / kBandwidth * 1e3;
}

void sssp_gpu(benchmark::State& state, const std::string& name, gpu::BellmanFordVariant variant,
              std::uint32_t source) {
  const Csr<std::int64_t>& g = graph(name);
  for (auto _ : state) {
    gpu::GpuTimes t;
    const auto r = gpu::bellman_ford(g, source, variant, &t);
    state.SetIterationTime(t.compute_ms / 1e3);
    results()[current_row()].push_back(t.compute_ms / 1e3);
    state.counters["upload_ms"] = t.upload_ms;
    state.counters["download_ms"] = t.download_ms;
    state.counters["rounds"] = static_cast<double>(t.rounds);
    state.counters["floor_ms"] = sssp_floor_ms(g);
    benchmark::DoNotOptimize(r.distance.data());
  }
}

/// Dijkstra from `source` with its tree's depth in edges (computed once per graph and source).
struct Reference {
  std::vector<std::int64_t> distance;
  std::uint32_t depth = 0;
};
const Reference& reference(const std::string& name, std::uint32_t source) {
  static std::map<std::pair<std::string, std::uint32_t>, Reference> cache;
  Reference& r = cache[{name, source}];
  if (r.distance.empty()) {
    const Csr<std::int64_t>& g = graph(name);
    const auto d = dijkstra_cpu(g, source, true);
    r.depth = bench::hop_depth(g, std::span<const std::int64_t>(d.distance),
                               std::span<const std::uint64_t>(d.predecessor_edge));
    r.distance = d.distance;
  }
  return r;
}

/// Kernel-only medians of the near-far rows, by row (the summary's second column).
std::map<std::string, std::vector<double>>& kernel_results() {
  static std::map<std::string, std::vector<double>> r;
  return r;
}

void sssp_near_far(benchmark::State& state, const std::string& name, std::uint32_t source,
                   const gpu::NearFarOptions& options) {
  const Csr<std::int64_t>& g = graph(name);
  const Reference& want = reference(name, source);
  bool checked = false;
  for (auto _ : state) {
    gpu::GpuTimes t;
    NearFarStats s;
    const auto d = gpu::near_far(g, source, options, &t, &s);
    state.SetIterationTime(t.compute_ms / 1e3);
    results()[current_row()].push_back(t.compute_ms / 1e3);
    kernel_results()[current_row()].push_back(s.kernel_ms / 1e3);
    if (!checked && d != want.distance) state.SkipWithError("distances differ from Dijkstra");
    checked = true;
    state.counters["upload_ms"] = t.upload_ms;
    state.counters["download_ms"] = t.download_ms;
    state.counters["kernel_ms"] = s.kernel_ms;
    state.counters["phases"] = static_cast<double>(s.phases);
    state.counters["splits"] = static_cast<double>(s.splits);
    state.counters["block_rounds"] = static_cast<double>(s.block_rounds);
    state.counters["us_per_block_round"] =
        1e3 * s.kernel_ms / static_cast<double>(std::max<std::uint64_t>(s.block_rounds, 1));
    state.counters["items_per_vertex"] =
        static_cast<double>(s.items) / std::max<double>(g.vertex_count, 1);
    state.counters["delta"] = s.delta;
    state.counters["tree_depth"] = want.depth;
    state.counters["floor_ms"] = sssp_floor_ms(g);
    benchmark::DoNotOptimize(d.data());
  }
}

/// APSP rows from `count` sources (no extrapolation): the batched SSSP against near-far per
/// source, which the CLI picks between.
void apsp_few(benchmark::State& state, const std::string& name, gpu::JohnsonMethod method,
              std::uint32_t count) {
  const Csr<std::int64_t>& g = graph(name);
  const auto sources = first_sources(g.vertex_count, count);
  double checksum = 0;
  for (auto _ : state) {
    const auto outcome = gpu::johnson(g, std::span<const std::uint32_t>(sources),
                                      touching_sink<std::int64_t>(&checksum), {method, 0, {}});
    const JohnsonTimes& t = outcome.times;
    state.SetIterationTime(t.total_ms / 1e3);
    results()[current_row()].push_back(t.total_ms / 1e3);
    set_counters(state, t, g, static_cast<double>(sources.size()), 0);
  }
  benchmark::DoNotOptimize(checksum);
}

void sssp_cpu(benchmark::State& state, const std::string& name, std::uint32_t source) {
  const Csr<std::int64_t>& g = graph(name);
  for (auto _ : state) {
    const Stopwatch clock;
    const auto r = dijkstra_cpu(g, source);
    const double s = clock.seconds();
    state.SetIterationTime(s);
    results()[current_row()].push_back(s);
    benchmark::DoNotOptimize(r.distance.data());
  }
}

void csr_build(benchmark::State& state, const std::string& kind, bool on_gpu) {
  const EdgeList<std::int64_t> list =
      kind == "grid-1M" ? grid_list(1000, 4) : random_list(1000000, 0, 5);
  for (auto _ : state) {
    double s = 0;
    if (on_gpu) {
      GpuBuildTimes t;
      const auto g = build_csr_gpu(list, {}, &t);
      s = t.build_ms / 1e3;
      state.counters["upload_ms"] = t.upload_ms;
      state.counters["download_ms"] = t.download_ms;
      benchmark::DoNotOptimize(g.targets.data());
    } else {
      const Stopwatch clock;
      const auto g = build_csr(list);
      s = clock.seconds();
      benchmark::DoNotOptimize(g.targets.data());
    }
    state.SetIterationTime(s);
    results()[current_row()].push_back(s);
  }
}

void reg(const std::string& name, std::function<void(benchmark::State&)> fn, int iterations) {
  benchmark::RegisterBenchmark(name.c_str(),
                               [fn, name](benchmark::State& s) {
                                 current_row() = name;
                                 fn(s);
                               })
      ->Iterations(iterations)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond);
}

void register_all(bool gpu) {
  using M = gpu::JohnsonMethod;
  using V = gpu::BellmanFordVariant;
  const unsigned all = 0;
  if (gpu) {
    reg(
        "csr_build/gpu/grid-1M", [](auto& s) { csr_build(s, "grid-1M", true); }, 5);
    reg(
        "csr_build/gpu/random-1M", [](auto& s) { csr_build(s, "random-1M", true); }, 5);
  }
  reg(
      "csr_build/cpu/grid-1M", [](auto& s) { csr_build(s, "grid-1M", false); }, 3);
  reg(
      "csr_build/cpu/random-1M", [](auto& s) { csr_build(s, "random-1M", false); }, 3);
  for (const std::string g : {"grid-1M", "random-1M"}) {
    const std::uint32_t center = g == "grid-1M" ? 500 * 1000 + 500 : 12345;
    if (gpu) {
      for (const auto& [where, source] :
           {std::pair<std::string, std::uint32_t>{"corner", 0}, {"center", center}}) {
        reg(
            "sssp/gpu_near_far/" + g + "/" + where,
            [g, source](auto& s) { sssp_near_far(s, g, source, {}); }, 5);
        // Every round a grid-wide phase (no block-local rounds).
        gpu::NearFarOptions phases_only;
        phases_only.local_rounds = 1;
        reg(
            "sssp/gpu_near_far_local:1/" + g + "/" + where,
            [g, source, phases_only](auto& s) { sssp_near_far(s, g, source, phases_only); }, 3);
      }
      for (const std::uint32_t local : {4U, 64U, 1000000U}) {
        gpu::NearFarOptions o;
        o.local_rounds = local;
        reg(
            "sssp/gpu_near_far_local:" + std::to_string(local) + "/" + g + "/corner",
            [g, o](auto& s) { sssp_near_far(s, g, 0, o); }, 3);
      }
      for (const double scale : {0.25, 0.5, 2.0, 4.0, 8.0}) {
        gpu::NearFarOptions o;
        o.delta_scale = scale;
        char label[32];
        std::snprintf(label, sizeof label, "x%g", scale);
        reg(
            "sssp/gpu_near_far_delta:" + std::string(label) + "/" + g + "/corner",
            [g, o](auto& s) { sssp_near_far(s, g, 0, o); }, 3);
      }
      reg(
          "sssp/gpu_bf_device/" + g + "/corner",
          [g](auto& s) { sssp_gpu(s, g, V::kFrontierDevice, 0); }, 5);
      reg(
          "sssp/gpu_bf_device/" + g + "/center",
          [g, center](auto& s) { sssp_gpu(s, g, V::kFrontierDevice, center); }, 5);
      reg(
          "sssp/gpu_bf_host/" + g + "/corner",
          [g](auto& s) { sssp_gpu(s, g, V::kFrontierHost, 0); }, 3);
      reg(
          "sssp/gpu_bf_edge_parallel/" + g + "/corner",
          [g](auto& s) { sssp_gpu(s, g, V::kEdgeParallel, 0); }, 2);
    }
    reg(
        "sssp/cpu_dijkstra/" + g + "/corner", [g](auto& s) { sssp_cpu(s, g, 0); }, 3);
    reg(
        "sssp/cpu_dijkstra/" + g + "/center", [g, center](auto& s) { sssp_cpu(s, g, center); }, 3);
  }
  if (gpu)
    for (const std::string g : {"random-16k", "grid-1M"}) {
      reg(
          "apsp32/gpu_batched/" + g, [g](auto& s) { apsp_few(s, g, M::kBatched, 32); }, 2);
      reg(
          "apsp32/gpu_near_far/" + g, [g](auto& s) { apsp_few(s, g, M::kNearFar, 32); }, 2);
    }
  for (const std::string g : {"random-1k", "grid-16k", "random-16k"}) {
    const bool big = g != "random-1k";
    if (gpu) {
      reg(
          "apsp/gpu_batched/" + g, [g](auto& s) { apsp_gpu(s, g, M::kBatched, 0); }, 3);
      // Batch sized by memory only (distances beyond L2), against the default L2 sizing.
      reg(
          "apsp/gpu_batched_2048/" + g, [g](auto& s) { apsp_gpu(s, g, M::kBatched, 0, 2048); }, 2);
      reg(
          "apsp/gpu_frontier_per_source/" + g,
          [g, big](auto& s) { apsp_gpu(s, g, M::kFrontierPerSource, big ? 256 : 0); }, 1);
      reg(
          "apsp/gpu_dijkstra_outer/" + g,
          [g, big](auto& s) { apsp_gpu(s, g, M::kDijkstraOuter, big ? 8 : 32); }, 1);
      reg(
          "apsp/gpu_dijkstra_inner/" + g,
          [g, big](auto& s) { apsp_gpu(s, g, M::kDijkstraInner, big ? 2 : 16); }, 1);
    }
    reg(
        "apsp/cpu_johnson_all_cores/" + g, [g, all](auto& s) { apsp_cpu(s, g, all, 0); },
        big ? 2 : 3);
    reg(
        "apsp/cpu_johnson_1core/" + g, [g, big](auto& s) { apsp_cpu(s, g, 1, big ? 1024 : 0); }, 1);
  }
  reg(
      "apsp/bgl_johnson/random-1k", [](auto& s) { apsp_bgl(s, "random-1k"); }, 1);
  reg(
      "apsp/bgl_johnson/random-16k", [](auto& s) { apsp_bgl(s, "random-16k"); }, 1);
}

double kernel_median(const std::string& key) {
  auto it = kernel_results().find(key);
  if (it == kernel_results().end() || it->second.empty()) return 0;
  std::vector<double> v = it->second;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

bool extrapolated_row(const std::string& key) {
  for (const char* part : {"inner", "outer", "1core/grid-16k", "1core/random-16k",
                           "frontier_per_source/grid-16k", "frontier_per_source/random-16k"})
    if (key.find(part) != std::string::npos) return true;
  return false;
}

/// Single-source rows side by side (ms, medians of one run), and the floors.
void sssp_table() {
  std::printf("\nSSSP (ms; near-far: whole call after upload / kernels alone)\n");
  std::printf("%-22s %18s %18s %12s %12s %12s\n", "graph/source", "near-far", "near-far local:1",
              "bf_device", "bf_host", "cpu_dijkstra");
  for (const std::string g : {"grid-1M", "random-1M"})
    for (const std::string where : {"corner", "center"}) {
      const std::string tail = g + "/" + where;
      auto ms = [](const std::string& row) {  // "-" for a row that did not run
        char text[32] = "-";
        if (median(row) > 0) std::snprintf(text, sizeof text, "%.2f", 1e3 * median(row));
        return std::string(text);
      };
      auto both = [&](const std::string& row) {
        char text[48] = "-";
        if (median(row) > 0)
          std::snprintf(text, sizeof text, "%.2f / %.2f", 1e3 * median(row),
                        1e3 * kernel_median(row));
        return std::string(text);
      };
      std::printf("%-22s %18s %18s %12s %12s %12s\n", tail.c_str(),
                  both("sssp/gpu_near_far/" + tail).c_str(),
                  both("sssp/gpu_near_far_local:1/" + tail).c_str(),
                  ms("sssp/gpu_bf_device/" + tail).c_str(), ms("sssp/gpu_bf_host/" + tail).c_str(),
                  ms("sssp/cpu_dijkstra/" + tail).c_str());
    }
  const Csr<std::int64_t>& grid = graph("grid-1M");
  std::printf(
      "target: SSSP grid-1M (n=%u, m=%llu) near-far GPU %.2f ms corner / %.2f ms center "
      "(< 20 ms); Bellman-Ford (device) %.2f / %.2f ms; CPU Dijkstra %.2f / %.2f ms\n",
      grid.vertex_count, static_cast<unsigned long long>(grid.edge_count()),
      1e3 * median("sssp/gpu_near_far/grid-1M/corner"),
      1e3 * median("sssp/gpu_near_far/grid-1M/center"),
      1e3 * median("sssp/gpu_bf_device/grid-1M/corner"),
      1e3 * median("sssp/gpu_bf_device/grid-1M/center"),
      1e3 * median("sssp/cpu_dijkstra/grid-1M/corner"),
      1e3 * median("sssp/cpu_dijkstra/grid-1M/center"));
  std::printf("floor (bandwidth): read every edge once, write the distances: %.3f ms\n",
              sssp_floor_ms(grid));
  if (median("sssp/gpu_near_far/grid-1M/corner") > 0 &&
      median("sssp/gpu_near_far/grid-1M/center") > 0)
    std::printf(
        "floor (latency): shortest-path tree depth %u edges (corner) / %u (center) dependent "
        "relaxations, each at least one L2 round trip for the edge and one for the atomic\n",
        reference("grid-1M", 0).depth, reference("grid-1M", 500 * 1000 + 500).depth);
}

void summary(bool gpu) {
  std::printf(
      "\n== sssp summary (medians; APSP rows marked * are extrapolated from a subset; near-far "
      "rows also give the kernels alone) ==\n");
  for (const auto& [key, values] : results()) {
    std::printf("%-48s %12.4f s%s", key.c_str(), median(key), extrapolated_row(key) ? " *" : "");
    if (kernel_median(key) > 0) std::printf("   (kernels %.4f s)", kernel_median(key));
    std::printf("\n");
  }
  if (!gpu) return;
  const double g16 = median("apsp/gpu_batched/random-16k");
  if (g16 > 0) {
    const double bgl = median("apsp/bgl_johnson/random-16k");
    const double cpu = median("apsp/cpu_johnson_all_cores/random-16k");
    const double one = median("apsp/cpu_johnson_1core/random-16k");
    const Csr<std::int64_t>& g = graph("random-16k");
    std::printf(
        "\ntarget: APSP random-16k (n=16384, m=%llu): GPU %.3f s; BGL/GPU = %.1fx (>= 50), "
        "all-core CPU/GPU = %.1fx (>= 5), one-core CPU/GPU = %.1fx\n",
        static_cast<unsigned long long>(g.edge_count()), g16, bgl / g16, cpu / g16, one / g16);
    std::printf(
        "floor: %u sources x %llu edges x 12 B / %.2f TB/s = %.2f ms (distances out: %.2f ms)\n",
        g.vertex_count, static_cast<unsigned long long>(g.edge_count()), kBandwidth / 1e12,
        apsp_floor_ms(g, g.vertex_count),
        static_cast<double>(g.vertex_count) * g.vertex_count * 8 / kBandwidth * 1e3);
  }
  if (median("sssp/gpu_near_far/grid-1M/corner") > 0 ||
      median("sssp/gpu_bf_device/grid-1M/corner") > 0)
    sssp_table();
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const bool gpu = gpu_available();
  if (!gpu)
    std::fprintf(stderr, "bench_sssp: no GPU (%s): CPU rows only\n", gpu_info().reason.c_str());
  register_all(gpu);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  summary(gpu);
  return 0;
}
