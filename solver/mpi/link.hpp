// solver/mpi/link.hpp — the MPI side of a distributed solve, for the one thread that makes MPI
// calls: non-blocking sends whose buffers are kept until they complete, a non-blocking receive of
// whatever message is pending (its size checked before it is read), heartbeats on quiet links,
// and the liveness check that turns a peer's silence into a DistributedError. MPI errors are
// returned (MPI_ERRORS_RETURN on a duplicate of the caller's communicator) and thrown as
// DistributedError, so that no failure aborts or hangs the process unannounced.
#pragma once

#include <mpi.h>

#include <chrono>
#include <list>
#include <optional>
#include <vector>

#include "solver/mpi/protocol.hpp"

namespace arcwave::distributed {

struct Incoming {
  int source = 0;
  Words words;
};

class Link {
 public:
  /// `timeout`: seconds of silence after which a watched peer is lost (ten times that before
  /// its first message: every rank reads the model first).
  Link(MPI_Comm comm, double timeout);
  ~Link();
  Link(const Link&) = delete;
  Link& operator=(const Link&) = delete;

  [[nodiscard]] int rank() const noexcept { return rank_; }
  [[nodiscard]] int size() const noexcept { return size_; }

  void send(int dest, Words words);
  /// The next pending message from any rank, if there is one.
  std::optional<Incoming> poll();
  /// Sends a heartbeat to each watched peer that was sent nothing lately; completes sends.
  void keep_alive();
  /// Throws DistributedError when a watched peer has been silent too long.
  void check_alive() const;
  /// Peers whose silence matters: rank 0 watches every rank, the others watch rank 0.
  void watch(int peer) { watched_.push_back(peer); }
  /// Waits (at most `seconds`) for every send to complete; true when they did.
  bool flush(double seconds);
  /// Best effort: tells every watched peer that this rank failed.
  void abort_peers(int exit_code) noexcept;

 private:
  using Clock = std::chrono::steady_clock;
  void progress();
  [[nodiscard]] double since(Clock::time_point t) const {
    return std::chrono::duration<double>(Clock::now() - t).count();
  }

  struct Pending {
    MPI_Request request;
    Words words;
  };
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 1;
  double timeout_;
  double heartbeat_;
  Clock::time_point start_;
  std::vector<Clock::time_point> last_heard_;
  std::vector<bool> heard_;
  std::vector<Clock::time_point> last_sent_;
  std::vector<int> watched_;
  std::list<Pending> pending_;
  bool failed_ = false;
};

}  // namespace arcwave::distributed
