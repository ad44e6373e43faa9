// solver/mpi/roles.hpp — the two roles of a distributed solve: rank 0 coordinates (reads the
// model like every rank, decomposes it, hands out subproblems, asks busy ranks for work when it
// has none, shares the incumbent, detects the end, gathers the answer), every other rank follows
// (searches what it is given, asks for more, answers steal requests). Both run on the thread
// that called arcwave::mpi::solve, the only one that makes MPI calls; their workers are threads
// of a RankSearch.
#pragma once

#include <string>

#include "arcwave/solver.hpp"
#include "solver/mpi/link.hpp"
#include "solver/mpi/protocol.hpp"

namespace arcwave::distributed {

/// Failures injected for the tests (ARCWAVE_MPI_FAULT=KIND:RANK): on RANK, after its first
/// subproblems arrive (rank 0: once it has handed out work), `kill` ends the process with
/// SIGKILL, `hang` stops all its communication, `truncate` sends rank 0 (or rank 1) a STATUS
/// message cut short.
struct Fault {
  enum class Kind : std::uint8_t { kNone, kKill, kHang, kTruncate };
  Kind kind = Kind::kNone;
  int rank = -1;
  /// Reads ARCWAVE_MPI_FAULT; InputError when it is set but not understood.
  static Fault from_environment();
  /// Carries the fault out on `link`'s rank when it is the target (kill and hang do not return).
  void trigger(Link& link) const;
};

/// `local_rank`: the rank's index among the ranks of its host (which GPU it takes).
SolveResult coordinate(Solver& solver, Link& link, const ModelShape& shape, const Fault& fault,
                       int local_rank);
SolveResult follow(Solver& solver, Link& link, const ModelShape& shape, const Fault& fault,
                   int local_rank);

}  // namespace arcwave::distributed
