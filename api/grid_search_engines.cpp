// The search engines of api/grid_engine.hpp: A* on all cores or the batched GPU search, JPS,
// JPS+ (its table built on construction) and first-move databases (built on the GPU or the
// CPU, or loaded; queried on the CPU or the GPU).
#include <chrono>
#include <cmath>
#include <thread>

#include <fmt/format.h>

#include "api/grid_engine.hpp"
#include "api/grid_impl.hpp"
#include "arcwave/error.hpp"
#include "graph/grid/cpd.hpp"
#include "graph/grid/gpu_cpd.hpp"
#include "graph/grid/gpu_search.hpp"
#include "graph/grid/jps.hpp"
#include "graph/grid/query_batch.hpp"

namespace arcwave::grid_api {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

grid::SearchMap search_map(const GridMap& map, GridMoves moves) {
  const GridMap::Impl& m = map.impl();
  return grid::SearchMap(m.grid(), neighbourhood(moves), m.costs ? &*m.costs : nullptr);
}

std::vector<grid::Query> engine_queries(std::span<const GridQuery> queries) {
  std::vector<grid::Query> out;
  out.reserve(queries.size());
  for (const GridQuery& q : queries) out.push_back({{q.start.x, q.start.y}, {q.goal.x, q.goal.y}});
  return out;
}

std::vector<GridPath> answers(std::vector<grid::SearchResult>&& results,
                              const grid::Metric& metric) {
  std::vector<GridPath> out(results.size());
  for (std::size_t i = 0; i < results.size(); ++i) {
    grid::SearchResult& r = results[i];
    GridPath& a = out[i];
    a.expanded = r.expanded;
    if (r.key == grid::kOctileUnreached) {
      a.length = INFINITY;
      continue;
    }
    a.found = true;
    a.length = grid::key_length(r.key, metric);
    a.cells.reserve(r.path.size());
    for (const grid::Point p : r.path) a.cells.push_back({p.x, p.y});
    std::vector<grid::Point>().swap(r.path);
  }
  return out;
}

unsigned threads_of(const GridPlannerOptions& o) {
  return o.threads > 0 ? static_cast<unsigned>(o.threads)
                       : std::max(1U, std::thread::hardware_concurrency());
}

class CpuAStar final : public Engine {
 public:
  CpuAStar(const GridMap& map, const GridPlannerOptions& o)
      : map_(search_map(map, o.moves)), threads_(threads_of(o)) {}
  std::vector<GridPath> solve(std::span<const GridQuery> q, bool paths,
                              GridTimings& times) override {
    const auto start = Clock::now();
    const std::vector<grid::Query> queries = engine_queries(q);
    std::vector<grid::SearchResult> results;
    if (queries.size() == 1) {
      // One query on this thread, with a workspace kept from call to call.
      if (!one_) one_ = std::make_unique<grid::AStar>(map_);
      results.push_back(one_->search(queries[0].start, queries[0].goal, paths));
    } else {
      results = grid::solve_queries_cpu(map_, queries, paths, threads_);
    }
    auto out = answers(std::move(results), map_.metric());
    times.search_ms += ms_since(start);
    return out;
  }
  [[nodiscard]] std::string detail() const override {
    return fmt::format("exact A* per query on {} threads", threads_);
  }

 private:
  grid::SearchMap map_;
  unsigned threads_;
  std::unique_ptr<grid::AStar> one_;
};

class GpuAStar final : public Engine {
 public:
  GpuAStar(const GridMap& map, const GridPlannerOptions& o, GridTimings& times)
      : map_(search_map(map, o.moves)), search_(map_) {
    times.upload_ms += search_.times().upload_ms;
  }
  std::vector<GridPath> solve(std::span<const GridQuery> q, bool paths,
                              GridTimings& times) override {
    const auto start = Clock::now();
    auto out = answers(search_.queries(engine_queries(q), paths), map_.metric());
    times.search_ms += ms_since(start);
    times.kernel_ms += search_.times().kernel_ms;
    times.download_ms += search_.times().download_ms;
    slots_ = std::max(slots_, search_.times().slots);
    return out;
  }
  [[nodiscard]] std::string detail() const override {
    return fmt::format("one CTA per query in flight ({} at once), best-first over 32x32 tiles",
                       slots_);
  }

 private:
  grid::SearchMap map_;
  grid::GpuGridSearch search_;
  std::uint32_t slots_ = 0;
};

class Jps final : public Engine {
 public:
  Jps(const GridMap& map, const GridPlannerOptions& o, bool plus, GridTimings& times,
      GridPreprocessing& prepared)
      : bits_(map.impl().grid()), threads_(threads_of(o)), plus_(plus) {
    metric_.n = grid::Neighbourhood::kOctile;
    prepared.what = "bit lines of the free cells";
    prepared.bytes = bits_.bytes();
    if (!plus) return;
    const auto start = Clock::now();
    table_ = grid::JumpTable(bits_, o.threads);
    const double ms = ms_since(start);
    times.preprocess_ms += ms;
    prepared.what = "jump table (JPS+)";
    prepared.seconds = ms / 1e3;
    prepared.bytes += table_.bytes();
  }
  std::vector<GridPath> solve(std::span<const GridQuery> q, bool paths,
                              GridTimings& times) override {
    const auto start = Clock::now();
    const std::vector<grid::Query> queries = engine_queries(q);
    std::vector<grid::SearchResult> results;
    if (queries.size() == 1) {
      // One query on this thread, with a workspace kept from call to call.
      const grid::Query& one = queries[0];
      if (plus_) {
        if (!one_plus_) one_plus_ = std::make_unique<grid::JumpPointSearchPlus>(bits_, table_);
        results.push_back(one_plus_->search(one.start, one.goal, paths));
      } else {
        if (!one_) one_ = std::make_unique<grid::JumpPointSearch>(bits_);
        results.push_back(one_->search(one.start, one.goal, paths));
      }
    } else {
      results = plus_ ? grid::solve_queries_jps_plus(bits_, table_, queries, paths, threads_)
                      : grid::solve_queries_jps(bits_, queries, paths, threads_);
    }
    auto out = answers(std::move(results), metric_);
    times.search_ms += ms_since(start);
    return out;
  }
  [[nodiscard]] std::string detail() const override {
    return fmt::format("{} per query on {} threads", plus_ ? "JPS+" : "JPS", threads_);
  }

 private:
  grid::CellBits bits_;
  grid::JumpTable table_;
  grid::Metric metric_;
  unsigned threads_;
  bool plus_;
  std::unique_ptr<grid::JumpPointSearch> one_;
  std::unique_ptr<grid::JumpPointSearchPlus> one_plus_;
};

class Cpd final : public Engine {
 public:
  Cpd(const GridMap& map, const GridPlannerOptions& o, const EngineChoice& c, GridTimings& times,
      GridPreprocessing& prepared)
      : map_(search_map(map, o.moves)), threads_(threads_of(o)) {
    const auto start = Clock::now();
    if (!o.cpd_file.empty()) {
      db_ = grid::load_cpd(map_, o.cpd_file);
      prepared.what = "first-move database (loaded from " + o.cpd_file + ")";
    } else if (c.build_gpu) {
      const grid::CellOrder order = grid::cell_order(map_);
      grid::GpuCpdBuilder builder(map_, order);
      db_ = builder.build();
      times.kernel_ms += builder.times().kernel_ms;
      prepared.what = fmt::format("first-move database (built on the GPU, {} sources at once)",
                                  builder.times().slots);
    } else {
      db_ = grid::build_cpd_cpu(map_, threads_);
      prepared.what = fmt::format("first-move database (built on {} CPU threads)", threads_);
    }
    const double ms = ms_since(start);
    times.preprocess_ms += ms;
    prepared.seconds = ms / 1e3;
    prepared.bytes = db_.bytes();
    prepared.runs = db_.runs().size();
    if (c.gpu) {
      gpu_ = std::make_unique<grid::GpuCpdQueries>(db_, map_);
      times.upload_ms += gpu_->times().transfer_ms;
    }
  }
  std::vector<GridPath> solve(std::span<const GridQuery> q, bool paths,
                              GridTimings& times) override {
    const auto start = Clock::now();
    const std::vector<grid::Query> queries = engine_queries(q);
    std::vector<grid::SearchResult> results;
    if (gpu_) {
      results = gpu_->queries(queries, paths);
      times.kernel_ms += gpu_->times().kernel_ms;
      times.download_ms += gpu_->times().transfer_ms;
    } else {
      results = grid::solve_queries_cpd(db_, map_, queries, paths, threads_);
    }
    auto out = answers(std::move(results), map_.metric());
    times.search_ms += ms_since(start);
    return out;
  }
  [[nodiscard]] std::string detail() const override {
    return gpu_ ? std::string("first moves followed, one GPU thread per query")
                : fmt::format("first moves followed, queries on {} threads", threads_);
  }
  [[nodiscard]] const grid::FirstMoveDb& db() const { return db_; }
  [[nodiscard]] const grid::SearchMap& map() const { return map_; }

 private:
  grid::SearchMap map_;
  grid::FirstMoveDb db_;
  std::unique_ptr<grid::GpuCpdQueries> gpu_;
  unsigned threads_;
};

}  // namespace

std::unique_ptr<Engine> make_search_engine(const GridMap& map, const GridPlannerOptions& options,
                                           const EngineChoice& choice, GridTimings& times,
                                           GridPreprocessing& prepared) {
  prepared = {"none", 0, 0, 0};
  switch (choice.engine) {
    case GridEngine::kAStar:
      if (choice.gpu) return std::make_unique<GpuAStar>(map, options, times);
      return std::make_unique<CpuAStar>(map, options);
    case GridEngine::kJps:
      return std::make_unique<Jps>(map, options, false, times, prepared);
    case GridEngine::kJpsPlus:
      return std::make_unique<Jps>(map, options, true, times, prepared);
    case GridEngine::kCpd:
      return std::make_unique<Cpd>(map, options, choice, times, prepared);
    case GridEngine::kAuto:
    case GridEngine::kWave:
      break;
  }
  throw InternalError("make_search_engine: not a search engine");
}

void save_database(const Engine& engine, const std::string& path) {
  const auto* cpd = dynamic_cast<const Cpd*>(&engine);
  if (cpd == nullptr) throw InputError("save_cpd: the planner's engine is not cpd");
  grid::save_cpd(cpd->db(), cpd->map(), path);
}

}  // namespace arcwave::grid_api
