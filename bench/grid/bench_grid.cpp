// The paper's experiment (Kurochkin & Kryshtapovich 2018, figures 7-8): Lee wave times on
// n x n random passability maps (each transition closed with probability beta) for the 11
// beta classes, n = 10^3 and n = 10^4, every GPU variant and the CPU BFS on one thread and on
// all cores (plus the bit-parallel wave on all cores). The wave starts at the finish, the cell
// nearest the centre that lies in a large cluster (see choose_finish), and runs until no label
// changes (the paper's setting); "fast-stop" rows stop once the start (the reached cell
// nearest the corner (0,0)) is labelled, and "path-*" rows time the path recovery from it.
//
// Every row reports the map's beta, the class, the steps (launches, levels or K-level steps)
// and the floor: the labels of the reached cells written once (4 B) plus the passability read
// once (2 bits for 4 moves), over the measured device bandwidth. GPU rows are CUDA-event
// times after a warm-up run; the wave time includes its initialisation (label memset etc.).
//
// Maps per class (keeps one run of all of this under ~5 minutes on the device machine):
// ARCWAVE_GRID_MAPS_SMALL (default 2) at n = 10^3, ARCWAVE_GRID_MAPS_LARGE (default 1) at
// n = 10^4. ARCWAVE_GRID_SIZES (default "1000,10000") picks the sizes.
#include <benchmark/benchmark.h>
#include <omp.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "bench/support/device_ceilings.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/grid/bitwave.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/gpu_wave.hpp"
#include "instances/maps/map_generators.hpp"

using namespace arcwave;
using grid::GpuVariant;
using grid::Neighbourhood;
using grid::Point;

namespace {

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::atoi(v) : fallback;
}

std::vector<int> sizes() {
  const char* v = std::getenv("ARCWAVE_GRID_SIZES");
  std::vector<int> out;
  std::stringstream ss(v != nullptr ? v : "1000,10000");
  for (std::string item; std::getline(ss, item, ',');) out.push_back(std::atoi(item.c_str()));
  return out;
}

struct MapKey {
  int n;
  int klass;
  int index;
  bool operator<(const MapKey& o) const {
    return std::tie(n, klass, index) < std::tie(o.n, o.klass, o.index);
  }
};

/// The map being benchmarked, its reference labels, and its GPU copy. Rows are registered map
/// by map, so only one map lives at a time (10^8 cells need ~0.7 GB here and ~2 GB there).
struct Current {
  MapKey key{-1, -1, -1};
  std::unique_ptr<grid::Grid> grid;
  double beta = 0;
  Point finish;                          // in the largest cluster near the centre
  Point start;                           // the reached cell nearest the corner (0,0)
  std::vector<std::uint32_t> reference;  // BFS labels from the finish (multi-core BFS)
  std::uint64_t reached = 0;
  std::unique_ptr<grid::GpuLeeWave> wave;
};
Current& current() {
  static Current c;
  return c;
}

/// Size of p's component, explored up to `limit` cells; marks what it explores in `seen`
/// and records it in `touched` (so that the caller can clear it).
std::uint64_t component_size(const grid::Grid& g, std::uint32_t p, std::uint64_t limit,
                             std::vector<std::uint8_t>& seen, std::vector<std::uint32_t>& touched) {
  std::vector<std::uint32_t> queue{p};
  seen[p] = 1;
  touched.push_back(p);
  const auto w = static_cast<std::int64_t>(g.width());
  const std::int64_t step[4] = {-1, -w, 1, w};
  for (std::size_t head = 0; head < queue.size() && queue.size() < limit; ++head) {
    const std::uint32_t c = queue[head];
    for (int m = 0; m < 4; ++m) {
      if ((g.cells()[c] >> m & 1U) == 0) continue;
      const auto d = static_cast<std::uint32_t>(c + step[m]);
      if (seen[d] != 0) continue;
      seen[d] = 1;
      touched.push_back(d);
      queue.push_back(d);
    }
  }
  return queue.size();
}

/// The finish: the cell nearest the centre (spiral order) whose cluster holds at least 5% of
/// the cells, or the one with the largest cluster among the first 10^4 cells tried (maps of
/// beta >= 50% have no large cluster). A wave from a tiny cluster would time nothing.
Point choose_finish(const grid::Grid& g) {
  const std::uint64_t limit = std::max<std::uint64_t>(1, g.cell_count() / 20);
  std::vector<std::uint8_t> seen(g.cell_count(), 0);
  std::vector<std::uint32_t> touched;
  const Point centre{g.width() / 2, g.height() / 2};
  Point best = centre;
  std::uint64_t best_size = 0;
  int tried = 0;
  for (int r = 0; r < std::max(g.width(), g.height()) && tried < 10000; ++r) {
    for (int dy = -r; dy <= r; ++dy) {
      for (int dx = -r; dx <= r; ++dx) {
        if (std::max(std::abs(dx), std::abs(dy)) != r) continue;
        const Point p{centre.x + dx, centre.y + dy};
        if (!g.contains(p) || seen[g.index(p)] != 0) continue;
        ++tried;
        const std::uint64_t size = component_size(g, g.index(p), limit, seen, touched);
        if (size >= limit) return p;
        if (size > best_size) {
          best_size = size;
          best = p;
        }
      }
    }
  }
  return best;
}

const grid::Grid& map_for(const MapKey& key) {
  Current& c = current();
  if (c.grid && !(c.key < key) && !(key < c.key)) return *c.grid;
  c = Current{};
  c.key = key;
  const auto classes = gen::beta_classes();
  const int count = key.n >= 10000 ? env_int("ARCWAVE_GRID_MAPS_LARGE", 1)
                                   : env_int("ARCWAVE_GRID_MAPS_SMALL", 2);
  c.beta = classes[static_cast<std::size_t>(key.klass)].beta_of(key.index, count);
  const std::uint64_t seed = 1000003ULL * static_cast<std::uint64_t>(key.n) +
                             101ULL * static_cast<std::uint64_t>(key.klass) +
                             static_cast<std::uint64_t>(key.index);
  c.grid = std::make_unique<grid::Grid>(gen::random_passability(key.n, key.n, c.beta, seed));
  c.beta = c.grid->impassability();
  const grid::Grid& g = *c.grid;
  c.finish = choose_finish(g);
  c.reference = grid::bfs_labels_parallel(g, c.finish, Neighbourhood::kVonNeumann);
  for (const std::uint32_t l : c.reference) c.reached += l != grid::kUnreached ? 1 : 0;
  // The start: the reached cell nearest the corner (0,0), scanning anti-diagonals.
  c.start = c.finish;
  for (int d = 0; d < g.width() + g.height(); ++d) {
    bool found = false;
    for (int x = std::max(0, d - g.height() + 1); x <= std::min(d, g.width() - 1) && !found; ++x) {
      const Point p{x, d - x};
      if (c.reference[g.index(p)] != grid::kUnreached) {
        c.start = p;
        found = true;
      }
    }
    if (found) break;
  }
  return *c.grid;
}

const std::vector<std::uint32_t>& reference() {
  return current().reference;
}

grid::GpuLeeWave& wave_for(const grid::Grid& g) {
  Current& c = current();
  if (!c.wave) c.wave = std::make_unique<grid::GpuLeeWave>(g, Neighbourhood::kVonNeumann);
  return *c.wave;
}

void common_counters(benchmark::State& state, const MapKey& key, const grid::Grid& g,
                     double steps) {
  const Current& c = current();
  state.counters["n"] = key.n;
  state.counters["class"] = key.klass;
  state.counters["beta"] = c.beta;
  state.counters["reached"] = static_cast<double>(c.reached) / static_cast<double>(g.cell_count());
  state.counters["steps"] = steps;
  // Labels of reached cells written once, passability (2 bits per cell) read once.
  state.counters["floor_ms"] = bench::floor_ms(4.0 * static_cast<double>(c.reached) +
                                               0.25 * static_cast<double>(g.cell_count()));
}

void gpu_row(benchmark::State& state, MapKey key, GpuVariant variant, bool stop, bool warm_up) {
  if (!gpu_available()) {
    state.SkipWithError("no GPU");
    return;
  }
  const grid::Grid& g = map_for(key);
  const Point finish = current().finish;
  const Point start = current().start;
  grid::GpuLeeWave& wave = wave_for(g);
  const std::optional<Point> stop_at = stop ? std::optional(start) : std::nullopt;
  grid::WaveStats stats;
  // Multi-second rows skip the warm-up: module loading happened in earlier rows.
  if (warm_up) stats = wave.run(variant, finish, stop_at);
  for (auto _ : state) {
    stats = wave.run(variant, finish, stop_at);
    state.SetIterationTime(wave.timings().wave_ms / 1e3);
  }
  // The last run's labels against the CPU BFS, cell by cell (full waves only).
  if (!stop) state.counters["labels_ok"] = wave.labels() == reference() ? 1 : 0;
  common_counters(state, key, g, stats.steps);
  state.counters["upload_ms"] = wave.timings().upload_ms;
  state.counters["build_ms"] = wave.timings().build_ms;
}

/// The fast variant with a given tile shape (its own device copy, freed after the row).
void shape_row(benchmark::State& state, MapKey key, grid::TileShape shape) {
  if (!gpu_available()) {
    state.SkipWithError("no GPU");
    return;
  }
  const grid::Grid& g = map_for(key);
  const Point finish = current().finish;
  grid::GpuLeeWave wave(g, Neighbourhood::kVonNeumann, shape);
  grid::WaveStats stats = wave.run(GpuVariant::kFast, finish);
  for (auto _ : state) {
    stats = wave.run(GpuVariant::kFast, finish);
    state.SetIterationTime(wave.timings().wave_ms / 1e3);
  }
  state.counters["labels_ok"] = wave.labels() == reference() ? 1 : 0;
  common_counters(state, key, g, stats.steps);
}

void path_row(benchmark::State& state, MapKey key, grid::PathMethod method) {
  if (!gpu_available()) {
    state.SkipWithError("no GPU");
    return;
  }
  const grid::Grid& g = map_for(key);
  const Point finish = current().finish;
  const Point start = current().start;
  grid::GpuLeeWave& wave = wave_for(g);
  wave.run(GpuVariant::kFast, finish);
  std::size_t cells = 0;
  for (auto _ : state) {
    cells = wave.path(start, grid::Priority::kLURD, method).size();
    state.SetIterationTime(wave.timings().path_ms / 1e3);
  }
  common_counters(state, key, g, 0);
  state.counters["path_cells"] = static_cast<double>(cells);
}

enum class CpuKind { kBfsOne, kBfsAll, kBitwaveAll };

void cpu_row(benchmark::State& state, MapKey key, CpuKind kind) {
  const grid::Grid& g = map_for(key);
  const Point finish = current().finish;
  std::vector<std::uint32_t> labels;
  grid::WaveStats stats;
  for (auto _ : state) {
    Stopwatch clock;
    switch (kind) {
      case CpuKind::kBfsOne:
        labels = grid::bfs_labels(g, finish, Neighbourhood::kVonNeumann);
        break;
      case CpuKind::kBfsAll:
        labels = grid::bfs_labels_parallel(g, finish, Neighbourhood::kVonNeumann);
        break;
      case CpuKind::kBitwaveAll:
        labels = grid::bitwave_labels_cpu(g, finish, Neighbourhood::kVonNeumann,
                                          grid::default_tile_shape(g), 0, std::nullopt, &stats);
        break;
    }
    state.SetIterationTime(clock.seconds());
  }
  state.counters["labels_ok"] = labels == reference() ? 1 : 0;
  std::uint32_t depth = 0;
  for (const std::uint32_t l : labels)
    if (l != grid::kUnreached) depth = std::max(depth, l);
  common_counters(state, key, g, kind == CpuKind::kBitwaveAll ? stats.steps : depth);
  state.counters["threads"] = kind == CpuKind::kBfsOne ? 1 : omp_get_max_threads();
}

void register_all() {
  const auto classes = gen::beta_classes();
  for (const int n : sizes()) {
    const bool large = n >= 10000;
    const int maps =
        large ? env_int("ARCWAVE_GRID_MAPS_LARGE", 1) : env_int("ARCWAVE_GRID_MAPS_SMALL", 2);
    for (int k = 0; k < static_cast<int>(classes.size()); ++k) {
      for (int i = 0; i < maps; ++i) {
        const MapKey key{n, k, i};
        const std::string prefix = "grid/n:" + std::to_string(n) + "/class:" + std::to_string(k) +
                                   "/map:" + std::to_string(i) + "/";
        // Slow rows run once per map at n = 10^4; fast ones repeat for a median.
        const auto slow = [&](benchmark::internal::Benchmark* b) {
          b->UseManualTime()->Unit(benchmark::kMillisecond);
          if (large)
            b->Iterations(1);
          else
            b->MinTime(0.05);
        };
        const auto quick = [&](benchmark::internal::Benchmark* b) {
          b->UseManualTime()->Unit(benchmark::kMillisecond)->MinTime(large ? 0.2 : 0.05);
        };
        slow(benchmark::RegisterBenchmark((prefix + "cpu-1").c_str(), cpu_row, key,
                                          CpuKind::kBfsOne));
        slow(benchmark::RegisterBenchmark((prefix + "cpu-all").c_str(), cpu_row, key,
                                          CpuKind::kBfsAll));
        slow(benchmark::RegisterBenchmark((prefix + "cpu-bitwave-all").c_str(), cpu_row, key,
                                          CpuKind::kBitwaveAll));
        for (const GpuVariant v : {GpuVariant::kGlobal, GpuVariant::kTexture, GpuVariant::kShared})
          slow(benchmark::RegisterBenchmark((prefix + std::string(grid::to_string(v))).c_str(),
                                            gpu_row, key, v, false, !large));
        for (const GpuVariant v : {GpuVariant::kFrontier, GpuVariant::kBitwave, GpuVariant::kFast})
          quick(benchmark::RegisterBenchmark((prefix + std::string(grid::to_string(v))).c_str(),
                                             gpu_row, key, v, false, true));
        quick(benchmark::RegisterBenchmark((prefix + "fast-stop").c_str(), gpu_row, key,
                                           GpuVariant::kFast, true, true));
        // Tile shapes of the fast variant (the default is k64 up to 4M cells, else k128).
        if (!large || k == 0 || k == 5 || k == 9)
          for (const grid::TileShape shape :
               {grid::TileShape::k64, grid::TileShape::k128, grid::TileShape::k192})
            quick(benchmark::RegisterBenchmark((prefix + "fast-" + grid::to_string(shape)).c_str(),
                                               shape_row, key, shape));
        quick(benchmark::RegisterBenchmark((prefix + "path-device").c_str(), path_row, key,
                                           grid::PathMethod::kDeviceWalk));
        quick(benchmark::RegisterBenchmark((prefix + "path-host").c_str(), path_row, key,
                                           grid::PathMethod::kHostMoves));
        quick(benchmark::RegisterBenchmark((prefix + "path-codes").c_str(), path_row, key,
                                           grid::PathMethod::kDeviceCodes));
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("device_bandwidth_gbs",
                              std::to_string(bench::device_bandwidth_bytes_per_second() / 1e9));
  benchmark::AddCustomContext("omp_threads", std::to_string(omp_get_max_threads()));
  if (gpu_available()) benchmark::AddCustomContext("gpu", gpu_info().name);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
