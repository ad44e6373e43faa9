// solver/mpi/device_worker.hpp — the worker of an MPI rank that searches on a device (a GPU, or
// the host reference device in tests) instead of CPU threads. One thread takes decision-list
// subproblems from the rank's WorkPool (one, waiting, then whatever else is queued, up to the
// device's round), turns each into a batch state by replaying it on a CPU engine from the root
// fixpoint (a wipe-out: nothing to search), and runs one round of the batched search on them.
// Solutions go to the rank's sink (checked against the model), the objective bound comes from
// the rank's incumbent, the halt flag stops the round.
//
// While a round runs, a relay thread answers steal requests (WorkPool::want_external): it asks
// the device for open branches through its outbox and hands each back to the pool as the
// refutations that replay to it (solver/batch/state_decisions.hpp). Branches given away leave
// the device's own count, so every part of the space is searched once and `-a` counts stay
// exact. A better objective found during a round reaches the incumbent (and so the other ranks)
// when the round ends, with its solution.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>
#include <thread>

#include "arcwave/model.hpp"
#include "solver/batch/batch_network.hpp"
#include "solver/batch/search_device.hpp"
#include "solver/parallel/incumbent.hpp"
#include "solver/parallel/parallel_search.hpp"
#include "solver/parallel/solution_sink.hpp"
#include "solver/parallel/work_pool.hpp"
#include "solver/parallel/worker_team.hpp"

namespace arcwave::distributed {

class DeviceWorker {
 public:
  struct Setup {
    const Model* model = nullptr;
    const batch::BatchNetwork* net = nullptr;
    batch::BatchOptions options;
    batch::DeviceFactory make_device;  // called on the worker's thread
    std::string device_name;           // "GPU 0", for the description
    parallel::EngineFactory make_engine;
    search::SearchConfig config;  // of the CPU search the first task may run
    parallel::SolutionSink* sink = nullptr;
    parallel::Incumbent* incumbent = nullptr;  // when optimising
    parallel::WorkPool* pool = nullptr;
    std::atomic<bool>* halt = nullptr;
    /// Run on the CPU engine after its root fixpoint, before any round (rank 0: the
    /// decomposition).
    parallel::WorkerTeam::FirstTask first;
  };

  explicit DeviceWorker(Setup setup);
  ~DeviceWorker();  // joins (errors are then dropped: call join() to see them)
  DeviceWorker(const DeviceWorker&) = delete;
  DeviceWorker& operator=(const DeviceWorker&) = delete;

  /// Waits for the worker; rethrows its error.
  void join();
  [[nodiscard]] bool failed() const noexcept { return failed_.load(); }
  /// After join(): its counters (nodes and fails of every round; exported branches as splits).
  void add_stats_to(parallel::ParallelReport& report) const;
  [[nodiscard]] const std::string& description() const noexcept { return description_; }
  /// How many subproblems it wants when idle: one per searcher of its device (a round takes
  /// them all at once), 1 until the device is made.
  [[nodiscard]] int appetite() const noexcept { return appetite_.load(); }

 private:
  void body();
  void run_round(batch::SearchDevice& device, const std::vector<batch::Subproblem>& items);
  // The relay's work while a round runs (and once after it): stop, bound, steal requests.
  void relay(const batch::Exchange& ex);
  void collect(const batch::Exchange& ex);
  void take_solution(const batch::RoundResult& r);
  [[nodiscard]] long long bound_value() const;

  Setup s_;
  bool optimise_ = false;
  batch::Subproblem root_;  // the root fixpoint's domains
  int taken_ = 0;           // outbox slots collected, over all rounds
  long long bound_written_ = 0;
  std::uint64_t nodes_ = 0, fails_ = 0, exported_ = 0, rounds_ = 0;
  double seconds_ = 0;
  search::SearchStats root_stats_;
  EngineStats engine_stats_;
  std::string description_;
  std::mutex error_mutex_;
  std::exception_ptr error_;
  std::atomic<bool> failed_{false};
  std::atomic<int> appetite_{1};
  std::thread thread_;
};

}  // namespace arcwave::distributed
