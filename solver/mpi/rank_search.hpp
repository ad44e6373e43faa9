// solver/mpi/rank_search.hpp — the search on one MPI rank: its worker threads (one CPU engine
// each, over one compiled model), the local queue they take subproblems from, the rank's
// solution sink and incumbent, and the watcher of its time limit and outside stop flag. The
// rank's MPI thread (coordinator or follower) feeds the queue and reads the state.
#pragma once

#include <atomic>
#include <memory>

#include "arcwave/solver.hpp"
#include "solver/api/stop_watcher.hpp"
#include "solver/mpi/protocol.hpp"
#include "solver/parallel/incumbent.hpp"
#include "solver/parallel/parallel_search.hpp"
#include "solver/parallel/solution_sink.hpp"
#include "solver/parallel/work_pool.hpp"
#include "solver/parallel/worker_team.hpp"

namespace arcwave::distributed {

class RankSearch {
 public:
  /// `user_callback`: whether the Solver's on_solution callback sees this rank's solutions.
  /// `first`: worker 0's task after its root fixpoint (rank 0: the decomposition).
  RankSearch(Solver& solver, bool user_callback, parallel::WorkerTeam::FirstTask first);
  ~RankSearch();
  RankSearch(const RankSearch&) = delete;
  RankSearch& operator=(const RankSearch&) = delete;

  [[nodiscard]] const Model& model() const noexcept { return model_; }
  [[nodiscard]] const SolverOptions& options() const noexcept { return options_; }
  [[nodiscard]] int workers() const noexcept { return workers_; }
  [[nodiscard]] bool optimising() const noexcept {
    return sink_->mode() == parallel::SinkMode::kOptimise;
  }
  [[nodiscard]] parallel::WorkPool& pool() noexcept { return *pool_; }
  [[nodiscard]] parallel::SolutionSink& sink() noexcept { return *sink_; }
  [[nodiscard]] parallel::Incumbent& incumbent() noexcept { return *incumbent_; }
  [[nodiscard]] std::atomic<bool>& halt() noexcept { return halt_; }
  [[nodiscard]] double model_seconds() const noexcept { return model_seconds_; }

  /// One solution was wanted and this rank's sink has it.
  [[nodiscard]] bool found() const;
  /// A worker failed (finish() rethrows its error).
  [[nodiscard]] bool failed() const noexcept { return team_->failed(); }
  /// The halt flag was raised from outside (time limit, signal, Solver::stop), not by a
  /// solution or a failure.
  [[nodiscard]] bool interrupted() const;
  /// STATUS for rank 0 (work_received filled by the caller).
  [[nodiscard]] Status status() const;

  /// Stops the workers (at their next node), joins them and rethrows a worker's error.
  void finish();
  /// After finish(): the workers' counters.
  [[nodiscard]] parallel::ParallelReport report() const;
  [[nodiscard]] RankResult result() const;

 private:
  const Model& model_;
  const SolverOptions& options_;
  std::atomic<bool>& halt_;
  int workers_;
  double model_seconds_ = 0;
  parallel::EngineFactory factory_;
  search::SearchConfig config_;
  std::unique_ptr<parallel::Incumbent> incumbent_;
  std::unique_ptr<parallel::SolutionSink> sink_;
  std::unique_ptr<parallel::WorkPool> pool_;
  std::unique_ptr<StopWatcher> watcher_;
  std::unique_ptr<parallel::WorkerTeam> team_;
  bool finished_ = false;
};

}  // namespace arcwave::distributed
