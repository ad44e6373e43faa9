// bench_apsp_file: APSP from the graph file to every distance in host memory (issue 16), on the
// shared real graphs (delaunay_n12 and uk: every source; luxembourg_osm: a sample of
// ARCWAVE_APSP_ROAD_SOURCES sources, default 1024), unit weights, 32-bit rows:
//   gpu_cta_pinned    read + build + the per-CTA GPU Johnson on GPU 0 downloading straight
//                     into a page-locked host matrix (allocated before the clock starts);
//   gpu_cta_pinned_all the same over every visible GPU (only with two or more): source batches
//                     spread over the devices, each downloading over its own link into the
//                     one matrix (issue 17);
//   gpu_cta_pageable  the same into an ordinary host matrix through the pinned staging
//                     buffers (the sink copies each block);
//   gpu_batched       the batched method (64-bit rows, its own pinned staging), for contrast;
//   cpu_all           read + build + the CPU Johnson on every core, rows into host memory.
// Counters: total_ms (file to host memory), sssp_ms (kernels), download_ms, download_GBps
// (bytes over the download thread's copy time), bytes, floor_ms (bytes at 25 GB/s, a PCIe 5
// x16 link's practical device-to-host rate; the kernels' own floor is far below it).
// A summary table with the speed-ups follows.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/csr/build_cpu.hpp"
#include "graph/csr/csr_ops.hpp"
#include "graph/sssp/johnson_cpu.hpp"
#include "graph/sssp/sssp_gpu.hpp"
#include "parsers/graph/read_graph.hpp"

using namespace arcwave;
using namespace arcwave::sssp;
namespace fs = std::filesystem;

namespace {

constexpr double kPcieBytesPerSecond = 25e9;

fs::path graphs_dir() {
  if (const char* env = std::getenv("ARCWAVE_SHARED_GRAPHS")) return env;
  for (fs::path up = fs::current_path(); !up.empty(); up = up.parent_path()) {
    if (fs::exists(up / "shared" / "graphs")) return up / "shared" / "graphs";
    if (up == up.parent_path()) break;
  }
  return {};
}

Csr<std::int64_t> load(const fs::path& file) {
  const GraphFile g = read_graph(file.string());
  BuildOptions build;
  build.directed = false;
  build.parallel_edges = ParallelEdges::kMergeMin;
  return with_unit_weights(build_csr(to_edge_list<std::int64_t>(g), build));
}

std::vector<std::uint32_t> sources_for(const std::string& name, std::uint32_t n) {
  std::uint32_t count = n;
  if (name.find("luxembourg") != std::string::npos) {
    const char* env = std::getenv("ARCWAVE_APSP_ROAD_SOURCES");
    count = std::min<std::uint32_t>(
        n, env != nullptr ? static_cast<std::uint32_t>(std::atoi(env)) : 1024U);
  }
  std::vector<std::uint32_t> s(count);
  for (std::uint32_t i = 0; i < count; ++i)
    s[i] = static_cast<std::uint32_t>(static_cast<std::uint64_t>(i) * n / count);
  return s;
}

/// Host memory for the rows: page-locked when asked (and a GPU is there).
struct HostRows {
  std::int32_t* data = nullptr;
  std::vector<std::int32_t> plain;
  bool pinned = false;
  HostRows(std::uint64_t count, bool want_pinned) {
    if (want_pinned)
      data = static_cast<std::int32_t*>(gpu::allocate_pinned(count * sizeof(std::int32_t)));
    pinned = data != nullptr;
    if (pinned) return;
    plain.resize(count);
    data = plain.data();
  }
  HostRows(const HostRows&) = delete;
  HostRows& operator=(const HostRows&) = delete;
  ~HostRows() {
    if (pinned) gpu::free_pinned(data);
  }
};

struct Result {
  double total_ms = 0;
  double download_gbps = 0;
  double bytes = 0;
};
std::map<std::string, Result>& results() {
  static std::map<std::string, Result> r;
  return r;
}

void row(benchmark::State& state, const std::string& key, const fs::path& file,
         const std::string& how) {
  // The sizes, and the host matrix allocated (and touched) before the clock starts.
  const Csr<std::int64_t> probe = load(file);
  const std::uint32_t n = probe.vertex_count;
  const std::vector<std::uint32_t> sources = sources_for(file.filename().string(), n);
  const std::uint64_t values = static_cast<std::uint64_t>(sources.size()) * n;
  const bool pinned = how.rfind("gpu_cta_pinned", 0) == 0;
  HostRows host(values, pinned);
  std::fill(host.data, host.data + values, 0);
  std::vector<std::int64_t> wide(how == "gpu_batched" ? values : 0);
  double total_ms = 0;
  JohnsonTimes times;
  for (auto _ : state) {
    const Stopwatch clock;
    const Csr<std::int64_t> g = load(file);
    if (how == "gpu_batched") {
      const RowSink<std::int64_t> sink = [&](std::uint64_t first, std::uint64_t,
                                             std::span<const std::int64_t> block) {
        std::copy(block.begin(), block.end(),
                  wide.begin() + static_cast<std::ptrdiff_t>(first * n));
      };
      gpu::JohnsonGpuOptions options;
      options.devices = {0};
      times = gpu::johnson(g, std::span<const std::uint32_t>(sources), sink, options).times;
    } else {
      RowStream<std::int32_t> out;
      StreamOptions options;
      options.devices = {0};
      if (how == "gpu_cta_pinned_all") options.devices.clear();  // every visible GPU
      if (pinned) {
        out.direct = host.data;
      } else {
        out.rows = [&](std::uint64_t first, std::uint64_t, std::span<const std::int32_t> block) {
          std::copy(block.begin(), block.end(), host.data + first * n);
        };
      }
      times = how == "cpu_all"
                  ? johnson_cpu_stream(g, std::span<const std::uint32_t>(sources), out).times
                  : gpu::johnson_streamed(g, std::span<const std::uint32_t>(sources), out, options)
                        .times;
    }
    total_ms = clock.seconds() * 1e3;
    state.SetIterationTime(total_ms / 1e3);
  }
  const double bytes = static_cast<double>(values) * (how == "gpu_batched" ? 8 : 4);
  state.counters["total_ms"] = total_ms;
  state.counters["sssp_ms"] = times.sssp_ms;
  state.counters["download_ms"] = times.download_ms;
  const double gbps = times.download_ms > 0 ? bytes / (times.download_ms * 1e-3) / 1e9 : 0;
  state.counters["download_GBps"] = gbps;
  state.counters["bytes"] = bytes;
  state.counters["floor_ms"] = bytes / kPcieBytesPerSecond * 1e3;
  results()[key] = {total_ms, gbps, bytes};
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const bool gpu = gpu_available();
  const fs::path dir = graphs_dir();
  if (dir.empty()) std::fprintf(stderr, "bench_apsp_file: no shared graphs\n");
  const std::vector<std::string> names = {"delaunay_n12.mtx", "uk.mtx", "luxembourg_osm.edges"};
  const int gpus = gpu_count();
  if (gpu) {  // every device's CUDA context before any clock
    Csr<std::int64_t> tiny;
    tiny.vertex_count = 1;
    tiny.offsets = {0, 0};
    RowStream<std::int32_t> out;
    std::vector<std::uint32_t> sources(static_cast<std::size_t>(std::max(gpus, 1)), 0);
    gpu::johnson_streamed(tiny, std::span<const std::uint32_t>(sources), out);
  }
  for (const std::string& name : names) {
    if (dir.empty() || !fs::exists(dir / name)) continue;
    for (const std::string how :
         {"gpu_cta_pinned", "gpu_cta_pinned_all", "gpu_cta_pageable", "gpu_batched", "cpu_all"}) {
      if (how.rfind("gpu", 0) == 0 && !gpu) continue;
      if (how == "gpu_cta_pinned_all" && gpus < 2) continue;
      const std::string key = "apsp_file/" + how + "/" + name;
      const fs::path file = dir / name;
      benchmark::RegisterBenchmark(
          key.c_str(), [key, file, how](benchmark::State& s) { row(s, key, file, how); })
          ->UseManualTime()
          ->Iterations(how == "cpu_all" ? 1 : 3)
          ->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::printf("\n## APSP, file to distances in host memory (int32 rows; batched: int64)\n");
  std::printf(
      "| graph | GPU cta pinned ms | GB/s | %d GPUs ms | GB/s | %d GPUs vs 1 | GPU cta pageable ms "
      "| "
      "GPU batched ms | CPU %u threads ms | floor ms | speed-up (pinned vs CPU) |\n",
      gpus, gpus, std::thread::hardware_concurrency());
  std::printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
  for (const std::string& name : names) {
    const auto get = [&](const std::string& how) {
      const auto it = results().find("apsp_file/" + how + "/" + name);
      return it == results().end() ? Result{} : it->second;
    };
    const Result pinned = get("gpu_cta_pinned");
    const Result cpu = get("cpu_all");
    const Result all = get("gpu_cta_pinned_all");
    std::printf("| %s | %.1f | %.1f | %.1f | %.1f | %.2fx | %.1f | %.1f | %.1f | %.2f | %.1fx |\n",
                name.c_str(), pinned.total_ms, pinned.download_gbps, all.total_ms,
                all.download_gbps, all.total_ms > 0 ? pinned.total_ms / all.total_ms : 0,
                get("gpu_cta_pageable").total_ms, get("gpu_batched").total_ms, cpu.total_ms,
                cpu.bytes / kPcieBytesPerSecond * 1e3,
                pinned.total_ms > 0 ? cpu.total_ms / pinned.total_ms : 0);
  }
  std::printf(
      "targets: >= 10x the 16-thread CPU Johnson, downloads >= 20 GB/s; several GPUs >= 1.8x one "
      "(GB/s of several GPUs: the bytes over the slowest device's download time)\n");
  return 0;
}
