// arcwave/mpi.hpp — solving on many machines (builds with MPI: the arcwave_mpi target). Every
// MPI rank runs the parallel search of arcwave/solver.hpp on its own cores; rank 0 also
// decomposes the problem (about subproblems_per_worker × all workers of the job), hands the
// subproblems out as ranks ask for them, and once none are left asks busy ranks to split their
// search trees for idle ones; improving objective values reach every rank as they are found.
//
//   arcwave::mpi::Environment mpi;                       // MPI_Init_thread (funnelled)
//   arcwave::Solver solver = arcwave::Solver::load(path); // on every rank: the same file
//   solver.options().threads = 0;                        // every core of each machine
//   const arcwave::SolveResult r = arcwave::mpi::solve(solver);
//   if (mpi.rank() == 0) report(r);                      // the job's answer
//
// Every rank reads the model itself (rank 0 checks at the start that each rank's model has the
// same fingerprint: variables, domains, constraints' kinds and scopes): a model is far larger
// on the wire than the file it came from, and parsing runs on all ranks at once.
//
// Failures end the run instead of hanging it: a rank that sends nothing for
// MpiOptions::timeout_seconds (heartbeats flow every half second) is lost, a malformed or
// unexpected message is refused (sizes and contents are checked), and a rank that fails tells
// the others. solve() then throws DistributedError (arcwave/error.hpp) on the ranks that notice;
// call MPI_Abort then (the command-line tool does), since MPI_Finalize may wait for ranks that
// are gone.
#pragma once

#include <mpi.h>

#include "arcwave/solver.hpp"

namespace arcwave::mpi {

struct MpiOptions {
  /// Seconds of silence after which a rank is declared lost (ten times that for its first
  /// message, while every rank reads the model).
  double timeout_seconds = 30;
};

/// Solves the solver's model on every rank of `comm`; call it on each rank, from the thread
/// that initialised MPI (at least MPI_THREAD_FUNNELED), with a Solver over the same model and
/// the same options (each rank's options().threads workers search; portfolio is refused).
/// Only the calling thread makes MPI calls, on a duplicate of `comm`.
///
/// Rank 0 returns the job's result: status, best solution, solution count and counters summed
/// over ranks (stats.ranks, stats.workers). Other ranks return the job's status, count and
/// completeness with their own counters and solution. on_solution callbacks: on rank 0 only,
/// with the solution or each improving one whichever rank found it; with all_solutions, on
/// every rank for the solutions its own workers found (each solution of the job once, over all
/// ranks). Throws DistributedError on failures (see above) and the errors of the search.
SolveResult solve(Solver& solver, MPI_Comm comm = MPI_COMM_WORLD, const MpiOptions& options = {});

/// True when this process was started by an MPI launcher (mpirun, mpiexec, srun): its
/// environment names its rank.
bool launched_by_mpi();

/// Initialises MPI (MPI_THREAD_FUNNELED) unless it already is, and finalises it on destruction
/// when it initialised it. ResourceError when the library cannot give funnelled threads.
class Environment {
 public:
  Environment();
  ~Environment();
  Environment(const Environment&) = delete;
  Environment& operator=(const Environment&) = delete;
  [[nodiscard]] int rank() const noexcept { return rank_; }
  [[nodiscard]] int size() const noexcept { return size_; }
  /// Ends every process of the job with this exit code (MPI_Abort); does not return.
  [[noreturn]] static void abort(int exit_code) noexcept;

 private:
  bool owner_ = false;
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace arcwave::mpi
