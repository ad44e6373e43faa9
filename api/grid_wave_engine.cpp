// The wave engine of api/grid_engine.hpp: one wave per distinct goal — BFS or the exact octile
// Dijkstra on the CPU (goals spread over OpenMP threads), the GpuLeeWave on the GPU (the map's
// planes uploaded once) — then each start's path walked downhill with the planner's order.
// The last goal's wave is kept, so distances_to(g) then query(s, g) runs one wave.
#include <omp.h>

#include <chrono>
#include <cmath>
#include <exception>
#include <optional>
#include <unordered_map>

#include <fmt/format.h>

#include "api/grid_engine.hpp"
#include "api/grid_impl.hpp"
#include "arcwave/error.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/gpu_wave.hpp"
#include "graph/grid/octile.hpp"
#include "graph/grid/path.hpp"

namespace arcwave::grid_api {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

/// The labels of one CPU wave: unit distances, or exact octile lengths.
struct CpuLabels {
  std::vector<std::uint32_t> unit;
  std::vector<std::uint64_t> octile;
  [[nodiscard]] double distance(std::uint32_t cell) const {
    if (!octile.empty()) return grid::octile_value(octile[cell]);
    return unit[cell] == grid::kUnreached ? INFINITY : static_cast<double>(unit[cell]);
  }
};

GridPath to_answer(const std::vector<grid::Point>& cells, grid::Neighbourhood n, bool paths) {
  GridPath answer;
  if (cells.empty()) {
    answer.length = INFINITY;
    return answer;
  }
  answer.found = true;
  answer.length = grid::path_length(cells, n);
  if (paths) {
    answer.cells.reserve(cells.size());
    for (const grid::Point p : cells) answer.cells.push_back({p.x, p.y});
  }
  return answer;
}

grid::Point point(GridCell c) {
  return {c.x, c.y};
}

class Wave final : public WaveEngine {
 public:
  Wave(const GridMap& map, const GridPlannerOptions& o, bool gpu, GridTimings& times)
      : map_(map),
        n_(neighbourhood(o.moves)),
        priority_(o.order == GridPathOrder::kULDR ? grid::Priority::kULDR : grid::Priority::kLURD),
        variant_(static_cast<grid::GpuVariant>(o.variant)),
        stop_at_start_(o.stop_at_start),
        threads_(o.threads > 0 ? o.threads : omp_get_max_threads()) {
    if (map.weighted()) throw InputError("the wave engine runs on unweighted maps");
    if (!gpu) return;
    gpu_ = std::make_unique<grid::GpuLeeWave>(map.impl().planes, n_);
    const grid::GpuTimings& t = gpu_->timings();
    times.preprocess_ms += t.build_ms;
    times.upload_ms += t.upload_ms;
    times.device_build_ms += t.device_build_ms;
  }

  std::vector<GridPath> solve(std::span<const GridQuery> queries, bool paths,
                              GridTimings& times) override {
    const auto start = Clock::now();
    // Queries grouped by goal (groups in first-appearance order).
    std::vector<std::vector<std::size_t>> groups;
    std::unordered_map<std::uint64_t, std::size_t> group_of;
    for (std::size_t i = 0; i < queries.size(); ++i) {
      const GridCell g = queries[i].goal;
      const std::uint64_t key =
          static_cast<std::uint64_t>(g.y) * 0x100000000ULL + static_cast<std::uint32_t>(g.x);
      const auto [it, fresh] = group_of.try_emplace(key, groups.size());
      if (fresh) groups.emplace_back();
      groups[it->second].push_back(i);
    }
    std::vector<GridPath> answers(queries.size());
    if (gpu_) {
      for (const std::vector<std::size_t>& group : groups) {
        const GridCell goal = queries[group.front()].goal;
        // A single start may let the wave stop once it is labelled.
        const std::optional<grid::Point> stop =
            stop_at_start_ && group.size() == 1 ? std::optional(point(queries[group.front()].start))
                                                : std::nullopt;
        if (run_gpu(goal, stop)) times.kernel_ms += gpu_->timings().wave_ms;
        for (const std::size_t i : group) {
          answers[i] = to_answer(
              gpu_->path(point(queries[i].start), priority_, grid::PathMethod::kDeviceCodes), n_,
              paths);
          times.path_ms += gpu_->timings().path_ms;
        }
      }
      times.search_ms += ms_since(start);
      return answers;
    }
    const grid::Grid& g = map_.impl().grid();
    // One group: the cached wave when its goal is the last one (distances_to then query).
    if (groups.size() == 1) {
      const CpuLabels& labels = cpu_labels(queries[groups.front().front()].goal);
      for (const std::size_t i : groups.front())
        answers[i] = cpu_answer(g, labels, point(queries[i].start), paths);
      times.search_ms += ms_since(start);
      return answers;
    }
    std::exception_ptr failure;
    const auto count = static_cast<std::int64_t>(groups.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads_)
    for (std::int64_t k = 0; k < count; ++k) {
      try {
        const std::vector<std::size_t>& group = groups[static_cast<std::size_t>(k)];
        const CpuLabels labels = cpu_wave(g, point(queries[group.front()].goal));
        for (const std::size_t i : group)
          answers[i] = cpu_answer(g, labels, point(queries[i].start), paths);
      } catch (...) {
#pragma omp critical(arcwave_grid_wave_failure)
        if (!failure) failure = std::current_exception();
      }
    }
    if (failure) std::rethrow_exception(failure);
    times.search_ms += ms_since(start);
    return answers;
  }

  std::vector<double> distances(GridCell goal, GridTimings& times) override {
    const auto start = Clock::now();
    std::vector<double> distance;
    if (gpu_) {
      if (run_gpu(goal, std::nullopt)) times.kernel_ms += gpu_->timings().wave_ms;
      if (n_ == grid::Neighbourhood::kOctile) {
        for (const std::uint64_t l : gpu_->octile_labels())
          distance.push_back(grid::octile_value(l));
      } else {
        for (const std::uint32_t l : gpu_->labels())
          distance.push_back(l == grid::kUnreached ? INFINITY : static_cast<double>(l));
      }
    } else {
      const CpuLabels& labels = cpu_labels(goal);
      distance.resize(map_.cell_count());
      for (std::uint32_t c = 0; c < distance.size(); ++c) distance[c] = labels.distance(c);
    }
    times.search_ms += ms_since(start);
    return distance;
  }

  [[nodiscard]] const GridWaveStats& stats() const override {
    return stats_;
  }

  [[nodiscard]] std::string detail() const override {
    if (gpu_)
      return fmt::format("one {} wave per distinct goal on the GPU", grid::to_string(variant_));
    return fmt::format("one wave per distinct goal, goals on {} threads", threads_);
  }

 private:
  [[nodiscard]] CpuLabels cpu_wave(const grid::Grid& g, grid::Point goal) const {
    CpuLabels w;
    if (n_ == grid::Neighbourhood::kOctile)
      w.octile = grid::octile_labels(g, goal);
    else
      w.unit = grid::bfs_labels(g, goal, n_);
    return w;
  }

  const CpuLabels& cpu_labels(GridCell goal) {
    if (!last_goal_ || !(*last_goal_ == goal)) {
      last_ = cpu_wave(map_.impl().grid(), point(goal));
      last_goal_ = goal;
    }
    return last_;
  }

  GridPath cpu_answer(const grid::Grid& g, const CpuLabels& w, grid::Point start,
                      bool paths) const {
    if (paths) {
      const std::vector<grid::Point> cells =
          n_ == grid::Neighbourhood::kOctile
              ? grid::recover_octile_path(g, w.octile, start, priority_)
              : grid::recover_path(g, w.unit, start, n_, priority_);
      return to_answer(cells, n_, true);
    }
    // Lengths only: the start's label is the path's length.
    GridPath answer;
    answer.length = w.distance(g.index(start));
    answer.found = !g.blocked(start) && std::isfinite(answer.length);
    if (!answer.found) answer.length = INFINITY;
    return answer;
  }

  /// Runs the GPU wave unless the last one came from the same goal and ran to the end; true
  /// when it ran.
  bool run_gpu(GridCell goal, std::optional<grid::Point> stop) {
    if (last_goal_ && *last_goal_ == goal && last_complete_) return false;
    const grid::WaveStats s = gpu_->run(variant_, point(goal), stop);
    stats_ = {std::string(grid::to_string(variant_)), s.steps, s.stopped_at_start};
    last_goal_ = goal;
    last_complete_ = !s.stopped_at_start;
    return true;
  }

  const GridMap& map_;
  grid::Neighbourhood n_;
  grid::Priority priority_;
  grid::GpuVariant variant_;
  bool stop_at_start_;
  int threads_;
  std::unique_ptr<grid::GpuLeeWave> gpu_;
  GridWaveStats stats_;
  std::optional<GridCell> last_goal_;
  bool last_complete_ = false;
  CpuLabels last_;
};

}  // namespace

std::unique_ptr<WaveEngine> make_wave_engine(const GridMap& map, const GridPlannerOptions& options,
                                             bool gpu, GridTimings& times) {
  return std::make_unique<Wave>(map, options, gpu, times);
}

}  // namespace arcwave::grid_api
