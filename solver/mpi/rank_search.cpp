// Definitions for solver/mpi/rank_search.hpp.
#include "solver/mpi/rank_search.hpp"

#include <algorithm>

#include "arcwave/error.hpp"
#include "solver/api/solver_access.hpp"

namespace arcwave::distributed {

RankSearch::RankSearch(Solver& solver, bool user_callback, parallel::WorkerTeam::FirstTask first)
    : model_(detail::SolverAccess::model(solver)),
      options_(detail::SolverAccess::options(solver)),
      halt_(detail::SolverAccess::stop_flag(solver)),
      workers_(worker_count(options_.threads)) {
  if (options_.portfolio)
    throw InputError("a portfolio runs on one process: leave it out under MPI");
  halt_.store(false);
  factory_ = cpu_engine_factory(model_, options_, &model_seconds_);
  config_ = search_config(options_);
  const bool optimise = model_.objective().has_value() && !options_.all_solutions;
  incumbent_ = std::make_unique<parallel::Incumbent>(!optimise || model_.objective()->minimize);
  const parallel::SinkMode mode = options_.all_solutions ? parallel::SinkMode::kAll
                                  : optimise             ? parallel::SinkMode::kOptimise
                                                         : parallel::SinkMode::kFirst;
  sink_ = std::make_unique<parallel::SolutionSink>(model_, mode,
                                                   user_callback
                                                       ? detail::SolverAccess::callback(solver)
                                                       : std::function<void(const Solution&)>(),
                                                   optimise ? incumbent_.get() : nullptr, halt_);
  pool_ = std::make_unique<parallel::WorkPool>(workers_, false, halt_);
  // Subproblems come from rank 0 until it has none left: until then no local splitting.
  pool_->set_local_stealing(false);
  pool_->open();
  watcher_ = std::make_unique<StopWatcher>(halt_, detail::SolverAccess::external_flag(solver),
                                           options_.time_limit_seconds);
  team_ = std::make_unique<parallel::WorkerTeam>(workers_, factory_, config_, *sink_,
                                                 optimise ? incumbent_.get() : nullptr, *pool_,
                                                 halt_, std::move(first));
}

RankSearch::~RankSearch() {
  if (finished_) return;
  halt_.store(true);
  pool_->finish();
  team_.reset();  // joins
}

bool RankSearch::found() const {
  return sink_->mode() == parallel::SinkMode::kFirst && sink_->solutions() > 0;
}

bool RankSearch::interrupted() const {
  return halt_.load() && !found() && !team_->failed();
}

Status RankSearch::status() const {
  const parallel::WorkPool::State st = pool_->state();
  Status s;
  s.hungry = std::max(0, st.waiting - static_cast<int>(st.queued));
  s.idle = st.waiting == workers_ && st.queued == 0 && st.outbox == 0;
  return s;
}

void RankSearch::finish() {
  if (finished_) return;
  finished_ = true;
  halt_.store(true);
  pool_->finish();
  watcher_.reset();
  team_->join();
}

parallel::ParallelReport RankSearch::report() const {
  parallel::ParallelReport r;
  team_->add_stats_to(r);
  r.engine_description = team_->engine_description();
  return r;
}

RankResult RankSearch::result() const {
  const parallel::ParallelReport r = report();
  RankResult out;
  out.solutions = sink_->solutions();
  out.nodes = r.search.nodes;
  out.fails = r.search.fails;
  out.restarts = r.search.restarts;
  out.propagations = r.engine.propagations;
  out.removals = r.engine.removals;
  out.splits = r.splits;
  out.max_depth = r.search.max_depth;
  out.workers = workers_;
  out.init_seconds = r.engine.init_seconds;
  out.propagate_seconds = r.search.propagate_seconds;
  if (const std::optional<Solution> best = sink_->best()) out.solution = best->values;
  return out;
}

}  // namespace arcwave::distributed
