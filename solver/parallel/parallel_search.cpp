// Definitions for solver/parallel/parallel_search.hpp.
#include "solver/parallel/parallel_search.hpp"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "core/timer.hpp"
#include "solver/parallel/decomposition.hpp"
#include "solver/parallel/helper_priority.hpp"
#include "solver/parallel/work_pool.hpp"
#include "solver/parallel/worker.hpp"
#include "solver/parallel/worker_team.hpp"

namespace arcwave::parallel {

namespace {

// The first exception thrown by any worker, rethrown by the caller after the join.
class FirstError {
 public:
  void capture(std::exception_ptr e) {
    std::lock_guard lock(mutex_);
    if (!error_) error_ = std::move(e);
  }
  void rethrow() const {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr error_;
};

struct WorkerStats {
  search::SearchStats search;
  EngineStats engine;
};

// Runs body(i) on `n` threads and joins them; an exception raises `halt` and is rethrown.
template <typename Body>
void run_workers(int n, std::atomic<bool>& halt, Body&& body, WorkPool* pool) {
  FirstError error;
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    threads.emplace_back([&, i] {
      try {
        body(i);
      } catch (...) {
        error.capture(std::current_exception());
        halt.store(true);
        if (pool != nullptr) pool->finish();
      }
    });
  for (std::thread& t : threads) t.join();
  error.rethrow();
}

}  // namespace

void add_stats(ParallelReport& report, const search::SearchStats& s, const EngineStats& e) {
  search::SearchStats& t = report.search;
  t.nodes += s.nodes;
  t.fails += s.fails;
  t.restarts += s.restarts;
  t.solutions += s.solutions;
  t.max_depth = std::max(t.max_depth, s.max_depth);
  t.propagate_seconds += s.propagate_seconds;
  t.subproblems += s.subproblems;
  t.splits += s.splits;
  t.neighbourhoods += s.neighbourhoods;
  t.neighbourhood_improvements += s.neighbourhood_improvements;
  t.nogoods += s.nogoods;
  t.nogood_removals += s.nogood_removals;
  report.splits += s.splits;
  report.engine.propagations += e.propagations;
  report.engine.removals += e.removals;
  report.engine.init_seconds += e.init_seconds;
}

ParallelReport search_decomposed(const EngineFactory& make_engine, const ParallelConfig& config,
                                 SolutionSink& sink, Incumbent* incumbent,
                                 std::atomic<bool>& halt) {
  const int n = std::max(1, config.workers);
  WorkPool pool(n, true, halt);
  ParallelReport report;
  Decomposition decomposition;
  // Worker 0 decomposes while the others build their engines.
  const auto decompose_first = [&](Engine& engine, Worker& worker, bool root_ok) {
    Stopwatch clock;
    if (root_ok)
      decomposition = decompose(engine, config.subproblems_per_worker * static_cast<std::size_t>(n),
                                worker.on_solution(), &halt);
    report.decomposition_seconds = clock.seconds();
    report.subproblems = decomposition.subproblems.size();
    report.decomposition_nodes = decomposition.nodes;
    pool.add(std::move(decomposition.subproblems));
    pool.open();
  };
  WorkerTeam team(n, make_engine, config.search, sink, incumbent, pool, halt, decompose_first);
  team.join();
  team.add_stats_to(report);
  report.engine_description = team.engine_description();
  report.search.nodes += decomposition.nodes;
  report.search.fails += decomposition.fails;
  if (sink.mode() == SinkMode::kFirst && sink.solutions() > 0)
    report.end = ParallelEnd::kSolutionFound;
  else if (pool.exhausted() && !team.unfinished() && !decomposition.interrupted)
    report.end = ParallelEnd::kExhausted;
  else
    report.end = ParallelEnd::kInterrupted;
  return report;
}

search::SearchConfig portfolio_config(const search::SearchConfig& base, int i) {
  search::SearchConfig c = base;
  if (i == 0) return c;
  c.seed = base.seed + static_cast<std::uint64_t>(i);
  if (i % 4 != 2) c.val_heuristic = ValHeuristic::kRandom;
  if (i % 2 == 0)
    c.var_heuristic = base.var_heuristic == VarHeuristic::kDomWdeg ? VarHeuristic::kDomDdeg
                                                                   : VarHeuristic::kDomWdeg;
  if (i % 3 == 0 && base.restarts != RestartPolicy::kNone)
    c.restarts =
        base.restarts == RestartPolicy::kLuby ? RestartPolicy::kGeometric : RestartPolicy::kLuby;
  return c;
}

ParallelReport search_portfolio(const EngineFactory& make_engine, const ParallelConfig& config,
                                SolutionSink& sink, Incumbent* incumbent, std::atomic<bool>& halt) {
  const int n = std::max(1, config.workers);
  std::vector<WorkerStats> stats(static_cast<std::size_t>(n));
  ParallelReport report;
  std::atomic<bool> proved{false};
  run_workers(
      n, halt,
      [&](int i) {
        // Worker 0 runs the sequential search's configuration at normal priority; the helpers
        // take what it leaves of the machine (solver/parallel/helper_priority.hpp).
        if (i > 0) run_calling_thread_when_idle();
        std::unique_ptr<Engine> engine = make_engine();
        engine->set_interrupt(&halt);
        if (i == 0) report.engine_description = engine->description();
        Worker worker(*engine, portfolio_config(config.search, i), sink, incumbent, nullptr, halt);
        const search::SearchOutcome outcome = worker.search().run(worker.on_solution());
        if (outcome == search::SearchOutcome::kExhausted) {
          // This worker searched everything (under the shared bound): the others may stop.
          proved.store(true);
          halt.store(true);
        }
        stats[static_cast<std::size_t>(i)] = {worker.search().stats(), engine->stats()};
      },
      nullptr);
  for (const WorkerStats& w : stats) add_stats(report, w.search, w.engine);
  if (sink.mode() == SinkMode::kFirst && sink.solutions() > 0)
    report.end = ParallelEnd::kSolutionFound;
  else if (proved.load())
    report.end = ParallelEnd::kExhausted;
  else
    report.end = ParallelEnd::kInterrupted;
  return report;
}

}  // namespace arcwave::parallel
