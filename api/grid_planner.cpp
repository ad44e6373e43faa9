// GridPlanner (include/arcwave/grid.hpp): queries answered by the engine's waves — BFS or the
// exact octile Dijkstra on the CPU (one wave per distinct goal, groups spread over OpenMP
// threads), the GpuLeeWave on the GPU (map uploaded once, one wave per distinct goal) — and
// path recovery with the CLI's rules, so that answers equal `arcwave grid`'s.
#include <omp.h>

#include <cmath>
#include <exception>
#include <unordered_map>

#include <fmt/format.h>

#include "api/grid_impl.hpp"
#include "arcwave/error.hpp"
#include "core/backend.hpp"
#include "graph/grid/bitwave.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/gpu_wave.hpp"
#include "graph/grid/octile.hpp"
#include "graph/grid/path.hpp"

namespace arcwave {

namespace {

/// From 65,536 cells on, the GPU wave (transfers included) beats the CPU's, as in `arcwave grid`.
constexpr double kGpuThresholdCells = 65536.0;

grid::Neighbourhood neighbourhood(GridMoves moves) {
  switch (moves) {
    case GridMoves::kFour:
      return grid::Neighbourhood::kVonNeumann;
    case GridMoves::kEight:
      return grid::Neighbourhood::kMoore;
    case GridMoves::kOctile:
      return grid::Neighbourhood::kOctile;
  }
  throw InputError("GridPlannerOptions::moves: unknown value");
}

/// The labels of one CPU wave: unit distances, or exact octile lengths.
struct CpuWave {
  std::vector<std::uint32_t> unit;
  std::vector<std::uint64_t> octile;
  [[nodiscard]] double distance(std::uint32_t cell) const {
    if (!octile.empty()) return grid::octile_value(octile[cell]);
    return unit[cell] == grid::kUnreached ? INFINITY : static_cast<double>(unit[cell]);
  }
};

CpuWave cpu_wave(const grid::Grid& g, grid::Point goal, grid::Neighbourhood n) {
  CpuWave w;
  if (n == grid::Neighbourhood::kOctile)
    w.octile = grid::octile_labels(g, goal);
  else
    w.unit = grid::bfs_labels(g, goal, n);
  return w;
}

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

GridPath cpu_answer(const grid::Grid& g, const CpuWave& w, grid::Point start, grid::Neighbourhood n,
                    grid::Priority priority, bool paths) {
  if (paths) {
    const std::vector<grid::Point> cells =
        n == grid::Neighbourhood::kOctile ? grid::recover_octile_path(g, w.octile, start, priority)
                                          : grid::recover_path(g, w.unit, start, n, priority);
    return to_answer(cells, n, true);
  }
  // Lengths only: the start's label is the path's length (recover_path finds no path exactly
  // when the start is blocked or unreached).
  GridPath answer;
  answer.length = w.distance(g.index(start));
  answer.found = !g.blocked(start) && std::isfinite(answer.length);
  if (!answer.found) answer.length = INFINITY;
  return answer;
}

}  // namespace

struct GridPlanner::Impl {
  GridMap map;
  GridPlannerOptions options;
  grid::Neighbourhood n = grid::Neighbourhood::kVonNeumann;
  grid::Priority priority = grid::Priority::kLURD;
  std::string backend;
  std::unique_ptr<grid::GpuLeeWave> wave;  // set when the GPU answers

  [[nodiscard]] const grid::Grid& grid() const { return map.impl().grid; }

  /// The cell as an engine point; InputError (naming the query when given) outside the map.
  grid::Point checked(GridCell cell, const char* what, std::optional<std::size_t> query) const {
    if (!grid().contains({cell.x, cell.y}))
      throw InputError(fmt::format("{}{} {},{} is outside the {}x{} map",
                                   query ? fmt::format("query {}: ", *query) : std::string(), what,
                                   cell.x, cell.y, grid().width(), grid().height()));
    return {cell.x, cell.y};
  }

  /// One GPU wave from `goal` (stopping early at `stop` when given), then each start's path.
  void gpu_group(grid::Point goal, std::optional<grid::Point> stop) {
    wave->run(grid::GpuVariant::kFast, goal, stop);
  }
  GridPath gpu_answer(grid::Point start) {
    return to_answer(wave->path(start, priority, grid::PathMethod::kDeviceCodes), n, options.paths);
  }
};

GridPlanner::GridPlanner(GridMap map, GridPlannerOptions options)
    : impl_(std::make_unique<Impl>(Impl{std::move(map), options, {}, {}, {}, {}})) {
  Impl& im = *impl_;
  im.n = neighbourhood(options.moves);
  im.priority =
      options.order == GridPathOrder::kULDR ? grid::Priority::kULDR : grid::Priority::kLURD;
  const grid::Grid& g = im.grid();
  const BackendChoice choice =
      choose_backend(options.backend, static_cast<double>(g.cell_count()), kGpuThresholdCells,
                     grid::GpuLeeWave::device_bytes(g, im.n, grid::default_tile_shape(g)));
  im.backend = choice.reason;
  if (choice.backend == Backend::kGpu) {
    try {
      im.wave = std::make_unique<grid::GpuLeeWave>(g, im.n);
    } catch (const Error& e) {
      if (options.backend != Backend::kAuto) throw;
      im.backend = std::string("cpu (auto: the GPU wave could not start: ") + e.what() + ")";
    }
  }
}

GridPlanner::~GridPlanner() = default;
GridPlanner::GridPlanner(GridPlanner&&) noexcept = default;
GridPlanner& GridPlanner::operator=(GridPlanner&&) noexcept = default;

const GridMap& GridPlanner::map() const noexcept {
  return impl_->map;
}
const GridPlannerOptions& GridPlanner::options() const noexcept {
  return impl_->options;
}
const std::string& GridPlanner::backend() const noexcept {
  return impl_->backend;
}

GridPath GridPlanner::query(GridCell start, GridCell goal) {
  const GridQuery q{start, goal};
  return std::move(query_batch(std::span<const GridQuery>(&q, 1)).front());
}

std::vector<GridPath> GridPlanner::query_batch(std::span<const GridQuery> queries) {
  Impl& im = *impl_;
  const grid::Grid& g = im.grid();
  // Check every cell first, then group the queries by goal (groups in first-appearance order).
  std::vector<std::vector<std::size_t>> groups;
  std::unordered_map<std::uint32_t, std::size_t> group_of;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    im.checked(queries[i].start, "start", i);
    const std::uint32_t goal = g.index(im.checked(queries[i].goal, "goal", i));
    const auto [it, fresh] = group_of.try_emplace(goal, groups.size());
    if (fresh) groups.emplace_back();
    groups[it->second].push_back(i);
  }
  std::vector<GridPath> answers(queries.size());
  const auto point = [](GridCell c) { return grid::Point{c.x, c.y}; };

  if (im.wave) {
    for (const std::vector<std::size_t>& group : groups) {
      const grid::Point goal = point(queries[group.front()].goal);
      // A single start lets the unit-move waves stop once it is labelled.
      const std::optional<grid::Point> stop =
          group.size() == 1 ? std::optional(point(queries[group.front()].start)) : std::nullopt;
      im.gpu_group(goal, stop);
      for (const std::size_t i : group) answers[i] = im.gpu_answer(point(queries[i].start));
    }
    return answers;
  }

  const int threads = im.options.threads > 0 ? im.options.threads : omp_get_max_threads();
  std::exception_ptr failure;
  const auto group_count = static_cast<std::int64_t>(groups.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (std::int64_t k = 0; k < group_count; ++k) {
    try {
      const std::vector<std::size_t>& group = groups[static_cast<std::size_t>(k)];
      const CpuWave w = cpu_wave(g, point(queries[group.front()].goal), im.n);
      for (const std::size_t i : group)
        answers[i] = cpu_answer(g, w, point(queries[i].start), im.n, im.priority, im.options.paths);
    } catch (...) {
#pragma omp critical(arcwave_grid_batch_failure)
      if (!failure) failure = std::current_exception();
    }
  }
  if (failure) std::rethrow_exception(failure);
  return answers;
}

std::vector<double> GridPlanner::distances_to(GridCell goal) {
  Impl& im = *impl_;
  const grid::Point finish = im.checked(goal, "goal", std::nullopt);
  std::vector<double> distance;
  if (im.wave) {
    im.gpu_group(finish, std::nullopt);
    if (im.n == grid::Neighbourhood::kOctile) {
      for (const std::uint64_t l : im.wave->octile_labels())
        distance.push_back(grid::octile_value(l));
    } else {
      for (const std::uint32_t l : im.wave->labels())
        distance.push_back(l == grid::kUnreached ? INFINITY : static_cast<double>(l));
    }
    return distance;
  }
  const CpuWave w = cpu_wave(im.grid(), finish, im.n);
  distance.resize(im.grid().cell_count());
  for (std::uint32_t c = 0; c < distance.size(); ++c) distance[c] = w.distance(c);
  return distance;
}

}  // namespace arcwave
