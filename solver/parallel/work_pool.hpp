// solver/parallel/work_pool.hpp — the subproblems waiting for a worker, shared by the workers
// of one process. Workers take() subproblems in the order they were added (the decomposition's
// breadth-first order); a worker that finds the queue empty waits, and while some wait, busy
// workers split their search and give() the pieces (work_wanted() is what they poll).
//
// Threads alone: the search is over when every worker waits on an empty queue (nobody is left
// to split anything). Under MPI the pool does not end itself: an idle rank asks rank 0 for more,
// and finish() ends it; want_external() makes busy workers split for another rank, the pieces
// coming out of close_external().
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

#include "solver/search/subproblem.hpp"

namespace arcwave::parallel {

class WorkPool {
 public:
  /// `workers`: the threads that call take(). `self_terminating`: see above. take() also
  /// returns false soon after `halt` is raised.
  WorkPool(int workers, bool self_terminating, const std::atomic<bool>& halt);

  void add(std::vector<search::Subproblem> items);
  /// Starts the end-of-search detection (self-terminating pools), once the first subproblems
  /// are in: until then waiting workers are not idle, only early.
  void open();
  /// Blocks until there is a subproblem (true) or the search is over or halted (false).
  bool take(search::Subproblem& out);
  /// Moves up to `max` queued subproblems to `out` without waiting; how many it moved (a worker
  /// that searches many subproblems at once: a device).
  std::size_t take_queued(std::vector<search::Subproblem>& out, std::size_t max);
  /// A piece split off by a busy worker.
  void give(search::Subproblem gift);
  /// True while workers (here or, after want_external, on another rank) wait for work.
  [[nodiscard]] bool work_wanted() const noexcept {
    return hunger_.load(std::memory_order_relaxed) > 0;
  }
  /// Ends every take() (MPI: rank 0 said the search is over; or an error).
  void finish();
  /// True when the pool ended itself: every worker waited on an empty queue, so every
  /// subproblem was searched to the end.
  [[nodiscard]] bool exhausted() const;

  // ---- MPI ------------------------------------------------------------------------------
  /// Whether idle workers here make busy ones split (default on). An MPI rank turns it off
  /// while rank 0 still has subproblems from the decomposition to hand out.
  void set_local_stealing(bool on);
  /// Asks busy workers for `n` more pieces for another rank (they wait in an outbox).
  void want_external(int n);
  /// The pieces given for another rank so far, and no more asked for (atomically: a piece is
  /// either returned here or goes to the queue).
  std::vector<search::Subproblem> close_external();
  struct State {
    int waiting = 0;          // workers blocked in take()
    std::size_t queued = 0;   // subproblems not taken yet
    int external_wanted = 0;  // pieces still owed to another rank
    std::size_t outbox = 0;   // pieces given for another rank, not collected yet
  };
  [[nodiscard]] State state() const;

  [[nodiscard]] int workers() const noexcept { return workers_; }
  /// Subproblems that went through the queue (added or given).
  [[nodiscard]] std::uint64_t handled() const;

 private:
  void update_hunger();  // under the lock

  const int workers_;
  const bool self_terminating_;
  const std::atomic<bool>& halt_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<search::Subproblem> queue_;
  std::vector<search::Subproblem> outbox_;
  int waiting_ = 0;
  int external_wanted_ = 0;
  bool open_ = false;
  bool local_stealing_ = true;
  bool finished_ = false;
  bool exhausted_ = false;
  std::uint64_t handled_ = 0;
  std::atomic<int> hunger_{0};
};

}  // namespace arcwave::parallel
