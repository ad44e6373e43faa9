// solver/parallel/worker_team.hpp — the worker threads of one process: each builds its own
// engine (in its thread, so that engines build in parallel), propagates the root, and takes
// subproblems from a WorkPool until it ends. An error in a worker raises the halt flag, ends the
// pool and is rethrown by join(). Used by the thread executor and by every MPI rank.
#pragma once

#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "solver/parallel/incumbent.hpp"
#include "solver/parallel/parallel_search.hpp"
#include "solver/parallel/solution_sink.hpp"
#include "solver/parallel/work_pool.hpp"
#include "solver/parallel/worker.hpp"

namespace arcwave::parallel {

class WorkerTeam {
 public:
  /// Runs on worker 0 after its root fixpoint and before it takes work (the decomposition):
  /// its engine (at depth 0), the worker, and whether the root fixpoint held.
  using FirstTask = std::function<void(Engine&, Worker&, bool root_ok)>;

  WorkerTeam(int workers, const EngineFactory& make_engine, const search::SearchConfig& config,
             SolutionSink& sink, Incumbent* incumbent, WorkPool& pool, std::atomic<bool>& halt,
             FirstTask first = {});
  ~WorkerTeam();  // joins (errors are then dropped: call join() to see them)
  WorkerTeam(const WorkerTeam&) = delete;
  WorkerTeam& operator=(const WorkerTeam&) = delete;

  /// Waits for every worker; rethrows the first error.
  void join();
  /// True once a worker failed (the error is rethrown by join()).
  [[nodiscard]] bool failed() const noexcept { return failed_.load(); }
  /// A worker left a subproblem unfinished (interrupted, or a solution ended the search).
  [[nodiscard]] bool unfinished() const noexcept { return unfinished_.load(); }
  /// After join(): the workers' counters, summed, and worker 0's engine description.
  void add_stats_to(ParallelReport& report) const;
  [[nodiscard]] const std::string& engine_description() const noexcept { return description_; }

 private:
  void body(int i);

  const EngineFactory& make_engine_;
  const search::SearchConfig& config_;
  SolutionSink& sink_;
  Incumbent* incumbent_;
  WorkPool& pool_;
  std::atomic<bool>& halt_;
  FirstTask first_;
  std::vector<search::SearchStats> search_stats_;
  std::vector<EngineStats> engine_stats_;
  std::string description_;
  std::mutex error_mutex_;
  std::exception_ptr error_;
  std::atomic<bool> failed_{false};
  std::atomic<bool> unfinished_{false};
  std::vector<std::thread> threads_;
};

}  // namespace arcwave::parallel
