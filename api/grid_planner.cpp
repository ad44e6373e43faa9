// GridPlanner (include/arcwave/grid.hpp): the engine chosen once (api/grid_choice.cpp) and
// prepared on construction, queries checked and handed to it, distances from a wave engine
// (the planner's own when it is the wave, else one made on first use).
#include <chrono>

#include <fmt/format.h>

#include "api/grid_engine.hpp"
#include "api/grid_impl.hpp"
#include "arcwave/error.hpp"
#include "graph/grid/grid_dijkstra.hpp"

namespace arcwave {

struct GridPlanner::Impl {
  Impl(GridMap m, GridPlannerOptions o) : map(std::move(m)), options(std::move(o)) {}

  GridMap map;
  GridPlannerOptions options;
  grid_api::EngineChoice choice;
  GridTimings times;
  GridPreprocessing prepared;
  std::unique_ptr<grid_api::Engine> engine;
  grid_api::WaveEngine* wave = nullptr;  // the engine, when it is the wave
  std::unique_ptr<grid_api::WaveEngine> own_wave;

  /// InputError (naming the query when given) for a cell outside the map.
  void check(GridCell cell, const char* what, std::optional<std::size_t> query) const {
    if (cell.x < 0 || cell.y < 0 || cell.x >= map.width() || cell.y >= map.height())
      throw InputError(fmt::format("{}{} {},{} is outside the {}x{} map",
                                   query ? fmt::format("query {}: ", *query) : std::string(), what,
                                   cell.x, cell.y, map.width(), map.height()));
  }

  /// The call's phases start from zero; construction's stay.
  void start_call() {
    times.search_ms = 0;
    times.kernel_ms = 0;
    times.download_ms = 0;
    times.path_ms = 0;
  }

  grid_api::WaveEngine& wave_engine() {
    if (wave != nullptr) return *wave;
    if (!own_wave) {
      GridTimings ignored;  // a wave made for distances_to(): its set-up is not the engine's
      own_wave = grid_api::make_wave_engine(map, options, false, ignored);
    }
    return *own_wave;
  }
};

GridPlanner::GridPlanner(GridMap map, GridPlannerOptions options)
    : impl_(std::make_unique<Impl>(std::move(map), options)) {
  Impl& im = *impl_;
  using Clock = std::chrono::steady_clock;
  const auto ms_since = [](Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
  };
  // Waiting for a GPU context that warms up while the map was read, then the choice (which
  // looks at the map: cell map or not, the share of jump points) as preprocessing.
  const auto context = Clock::now();
  if (options.backend != Backend::kCpu) (void)gpu_device();
  im.times.context_wait_ms = ms_since(context);
  const auto choice = Clock::now();
  im.choice = grid_api::choose_engine(im.map, options);
  im.times.preprocess_ms += ms_since(choice);
  im.prepared = {"none", 0, 0, 0};
  if (im.choice.engine == GridEngine::kWave) {
    auto wave = grid_api::make_wave_engine(im.map, options, im.choice.gpu, im.times);
    im.wave = wave.get();
    im.engine = std::move(wave);
    im.prepared.what = im.choice.gpu ? "the map's planes on the GPU" : "none";
  } else {
    im.engine = grid_api::make_search_engine(im.map, options, im.choice, im.times, im.prepared);
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
GridEngine GridPlanner::engine() const noexcept {
  return impl_->choice.engine;
}
const std::string& GridPlanner::backend() const noexcept {
  return impl_->choice.backend;
}
const std::string& GridPlanner::engine_reason() const noexcept {
  return impl_->choice.reason;
}
std::string GridPlanner::engine_detail() const {
  return impl_->engine->detail();
}
const GridTimings& GridPlanner::timings() const noexcept {
  return impl_->times;
}
const GridPreprocessing& GridPlanner::preprocessing() const noexcept {
  return impl_->prepared;
}
const GridWaveStats& GridPlanner::wave_stats() const noexcept {
  static const GridWaveStats none;
  return impl_->wave != nullptr ? impl_->wave->stats() : none;
}

GridPath GridPlanner::query(GridCell start, GridCell goal) {
  const GridQuery q{start, goal};
  return std::move(query_batch(std::span<const GridQuery>(&q, 1)).front());
}

std::vector<GridPath> GridPlanner::query_batch(std::span<const GridQuery> queries) {
  Impl& im = *impl_;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    im.check(queries[i].start, "start", i);
    im.check(queries[i].goal, "goal", i);
  }
  im.start_call();
  if (queries.empty()) return {};
  return im.engine->solve(queries, im.options.paths, im.times);
}

std::vector<double> GridPlanner::distances_to(GridCell goal) {
  Impl& im = *impl_;
  im.check(goal, "goal", std::nullopt);
  im.start_call();
  if (!im.map.weighted()) return im.wave_engine().distances(goal, im.times);
  // Weighted maps: exact Dijkstra (lengths are symmetric, so from the goal).
  const auto start = std::chrono::steady_clock::now();
  const GridMap::Impl& m = im.map.impl();
  const grid::SearchMap sm(m.grid(), grid_api::neighbourhood(im.options.moves), &*m.costs);
  std::vector<double> distance;
  distance.reserve(sm.cell_count());
  for (const std::uint64_t key : grid::dijkstra_keys(sm, {goal.x, goal.y}))
    distance.push_back(sm.length(key));
  im.times.search_ms +=
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return distance;
}

void GridPlanner::save_cpd(const std::string& path) const {
  grid_api::save_database(*impl_->engine, path);
}

}  // namespace arcwave
