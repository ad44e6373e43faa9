// Issue 18 (part 3): a MovingAI map from file to path. One generated map (arcwave-gen map:
// 10,000 x 10,000 cells, 20 % blocked, seed 1; ARCWAVE_GRID_READ_SIZE changes the side) is
// written to a temporary file, then:
//   read/letters       the sequential letter reader (the reader before issue 18), one thread
//   read/planes/T      the packed reader on T threads (1 and all cores): bytes/s of the file
//   unpack             the planes into a byte-per-cell Grid (what the CPU wave needs)
//   gpu/upload         GpuLeeWave from the planes: allocations, upload, device build
//   gpu/file_to_path   read (all cores) + upload + fast wave + path: the whole query in-process,
//                      with the wave's kernel time (CUDA events) as a counter beside it
// Process start, the CUDA context and printing are not in these numbers; bench/device/
// grid_e2e.sh times the `arcwave grid` process for those.
#include <benchmark/benchmark.h>
#include <omp.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/grid/gpu_wave.hpp"
#include "graph/grid/grid_planes.hpp"
#include "instances/maps/map_text.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/grid/text_lines.hpp"

using namespace arcwave;

namespace {

int side() {
  const char* v = std::getenv("ARCWAVE_GRID_READ_SIZE");
  return v != nullptr ? std::atoi(v) : 10000;
}

/// The map file (written once per process).
const std::string& map_path() {
  static const std::string path = [] {
    const auto file = std::filesystem::temp_directory_path() /
                      ("arcwave-bench-grid-read-" + std::to_string(side()) + ".map");
    gen::MapTextOptions o;
    o.width = side();
    o.height = side();
    o.blocked_share = 0.2;
    o.seed = 1;
    gen::write_random_movingai_map(file.string(), o);
    return file.string();
  }();
  return path;
}

std::int64_t file_bytes() {
  return static_cast<std::int64_t>(std::filesystem::file_size(map_path()));
}

void read_letters(benchmark::State& state) {
  for (auto _ : state) {
    const grid::Grid g =
        parse_movingai_map_by_letters(map_path(), grid_text::read_text(map_path()));
    benchmark::DoNotOptimize(g.cells().data());
  }
  state.SetBytesProcessed(state.iterations() * file_bytes());
}

void read_planes(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0)) == 0 ? omp_get_max_threads()
                                                            : static_cast<int>(state.range(0));
  for (auto _ : state) {
    const grid::GridPlanes p = read_movingai_planes(map_path(), threads);
    benchmark::DoNotOptimize(p.blocked.data());
  }
  state.SetBytesProcessed(state.iterations() * file_bytes());
  state.counters["threads"] = threads;
}

void unpack(benchmark::State& state) {
  const grid::GridPlanes p = read_movingai_planes(map_path());
  for (auto _ : state) {
    const grid::Grid g = grid::grid_from_planes(p);
    benchmark::DoNotOptimize(g.cells().data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(p.cell_count()));
}

void gpu_upload(benchmark::State& state) {
  if (!gpu_available()) {
    state.SkipWithError("no GPU");
    return;
  }
  const grid::GridPlanes p = read_movingai_planes(map_path());
  double upload = 0;
  double device_build = 0;
  for (auto _ : state) {
    grid::GpuLeeWave wave(p, grid::Neighbourhood::kVonNeumann);
    upload += wave.timings().upload_ms;
    device_build += wave.timings().device_build_ms;
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["upload_ms"] = upload / n;
  state.counters["device_build_ms"] = device_build / n;
}

void gpu_file_to_path(benchmark::State& state) {
  if (!gpu_available()) {
    state.SkipWithError("no GPU");
    return;
  }
  const int s = side();
  double read = 0;
  double setup = 0;
  double wave_ms = 0;
  double path_ms = 0;
  for (auto _ : state) {
    Stopwatch clock;
    const grid::GridPlanes p = read_movingai_planes(map_path());
    read += clock.seconds() * 1e3;
    Stopwatch setup_clock;
    grid::GpuLeeWave wave(p, grid::Neighbourhood::kVonNeumann);
    setup += setup_clock.seconds() * 1e3;
    wave.run(grid::GpuVariant::kFast, {s - 1, s - 1});
    const auto path = wave.path({0, 0}, grid::Priority::kLURD, grid::PathMethod::kDeviceCodes);
    benchmark::DoNotOptimize(path.data());
    wave_ms += wave.timings().wave_ms;
    path_ms += wave.timings().path_ms;
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["read_ms"] = read / n;
  state.counters["upload_and_build_ms"] = setup / n;
  state.counters["wave_kernel_ms"] = wave_ms / n;
  state.counters["path_ms"] = path_ms / n;
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::RegisterBenchmark("read/letters", read_letters)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
  benchmark::RegisterBenchmark("read/planes", read_planes)
      ->Arg(1)
      ->Arg(0)
      ->Unit(benchmark::kMillisecond)
      ->MinTime(0.5)
      ->UseRealTime();  // bytes per second of wall time, not of the main thread's CPU time
  benchmark::RegisterBenchmark("unpack", unpack)
      ->Unit(benchmark::kMillisecond)
      ->MinTime(0.5)
      ->UseRealTime();
  benchmark::RegisterBenchmark("gpu/upload", gpu_upload)
      ->Unit(benchmark::kMillisecond)
      ->MinTime(0.5);
  benchmark::RegisterBenchmark("gpu/file_to_path", gpu_file_to_path)
      ->Unit(benchmark::kMillisecond)
      ->MinTime(1.0)
      ->UseRealTime();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("omp_threads", std::to_string(omp_get_max_threads()));
  benchmark::AddCustomContext("map", map_path());
  if (gpu_available()) benchmark::AddCustomContext("gpu", gpu_info().name);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::filesystem::remove(map_path());
  return 0;
}
