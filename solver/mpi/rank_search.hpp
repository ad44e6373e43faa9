// solver/mpi/rank_search.hpp — the search on one MPI rank: its worker threads (one CPU engine
// each, over one compiled model) or, with --backend gpu, one device worker on the rank's GPU
// (solver/mpi/device_worker.hpp), the local queue they take subproblems from, the rank's
// solution sink and incumbent, and the watcher of its time limit and outside stop flag. The
// rank's MPI thread (coordinator or follower) feeds the queue and reads the state.
//
// The GPU: the one of options.gpus (or of the visible devices) at the rank's index among the
// ranks of its host (gpu_for_local_rank). A model the batched search refuses keeps the CPU
// workers (note() says why). Test hook: ARCWAVE_BATCH_HOST_DEVICE=1 makes --backend gpu use
// the host reference device instead of a GPU, so that builds and machines without CUDA run
// the whole GPU-rank path.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "arcwave/solver.hpp"
#include "solver/api/stop_watcher.hpp"
#include "solver/batch/batch_network.hpp"
#include "solver/batch/batch_search.hpp"
#include "solver/mpi/device_worker.hpp"
#include "solver/mpi/protocol.hpp"
#include "solver/parallel/incumbent.hpp"
#include "solver/parallel/parallel_search.hpp"
#include "solver/parallel/solution_sink.hpp"
#include "solver/parallel/work_pool.hpp"
#include "solver/parallel/worker_team.hpp"

namespace arcwave::distributed {

/// Where a rank searches (Hello::device): a GPU ordinal, or one of these.
inline constexpr int kCpuWorkers = -1;
inline constexpr int kHostDevice = -2;

/// "GPU 1", "host device" or "4 CPU workers".
std::string placement_name(int device, int workers);

class RankSearch {
 public:
  /// `user_callback`: whether the Solver's on_solution callback sees this rank's solutions.
  /// `first`: worker 0's task after its root fixpoint (rank 0: the decomposition).
  /// `local_rank`: this rank's index among the ranks of its host (picks its GPU).
  RankSearch(Solver& solver, bool user_callback, parallel::WorkerTeam::FirstTask first,
             int local_rank);
  ~RankSearch();
  RankSearch(const RankSearch&) = delete;
  RankSearch& operator=(const RankSearch&) = delete;

  [[nodiscard]] const Model& model() const noexcept { return model_; }
  [[nodiscard]] const SolverOptions& options() const noexcept { return options_; }
  [[nodiscard]] int workers() const noexcept { return workers_; }
  /// A GPU ordinal, kHostDevice or kCpuWorkers.
  [[nodiscard]] int device() const noexcept { return device_; }
  /// Why a --backend gpu rank searches with CPU workers (empty otherwise).
  [[nodiscard]] const std::string& note() const noexcept { return note_; }
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
  [[nodiscard]] bool failed() const noexcept {
    return team_ ? team_->failed() : device_worker_->failed();
  }
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
  // --backend gpu: lays out the network and picks the device, or says in note_ why not.
  void plan_device(int local_rank);

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
  std::unique_ptr<parallel::WorkerTeam> team_;  // CPU workers, or
  int device_ = kCpuWorkers;
  std::string note_;
  std::unique_ptr<batch::BatchNetwork> net_;
  batch::BatchOptions batch_options_;
  std::unique_ptr<DeviceWorker> device_worker_;  // one device worker
  bool finished_ = false;
};

}  // namespace arcwave::distributed
