// arcwave::mpi (include/arcwave/mpi.hpp): the entry of a distributed solve, the MPI environment
// and the launcher check.
#include <cstdlib>

#include "arcwave/error.hpp"
#include "arcwave/mpi.hpp"
#include "solver/api/solver_access.hpp"
#include "solver/mpi/link.hpp"
#include "solver/mpi/roles.hpp"

namespace arcwave::mpi {

SolveResult solve(Solver& solver, MPI_Comm comm, const MpiOptions& options) {
  if (!(options.timeout_seconds > 0))
    throw InputError("MPI timeout: expected a positive number of seconds");
  const distributed::Fault fault = distributed::Fault::from_environment();
  const distributed::ModelShape shape = distributed::shape_of(detail::SolverAccess::model(solver));
  // The rank's index on its host (collective: every rank asks, whatever its backend).
  int local_rank = 0;
  MPI_Comm host = MPI_COMM_NULL;
  if (MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host) == MPI_SUCCESS &&
      host != MPI_COMM_NULL) {
    MPI_Comm_rank(host, &local_rank);
    MPI_Comm_free(&host);
  }
  distributed::Link link(comm, options.timeout_seconds);
  try {
    return link.rank() == 0 ? distributed::coordinate(solver, link, shape, fault, local_rank)
                            : distributed::follow(solver, link, shape, fault, local_rank);
  } catch (const Error& e) {
    link.abort_peers(e.exit_code());
    throw;
  } catch (...) {
    link.abort_peers(70);
    throw;
  }
}

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMI_RANK", "PMIX_RANK",
                           "MPI_LOCALNRANKS", "SLURM_PROCID"})
    if (std::getenv(name) != nullptr)
      return name != std::string_view("SLURM_PROCID") || std::getenv("PMI_FD") != nullptr;
  return false;
}

Environment::Environment() {
  int initialised = 0;
  MPI_Initialized(&initialised);
  int provided = MPI_THREAD_SINGLE;
  if (initialised == 0) {
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
      throw DistributedError("MPI_Init_thread failed");
    owner_ = true;
  } else {
    MPI_Query_thread(&provided);
  }
  if (provided < MPI_THREAD_FUNNELED)
    throw ResourceError("the MPI library gives no MPI_THREAD_FUNNELED support");
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Environment::~Environment() {
  if (!owner_) return;
  int finalised = 0;
  MPI_Finalized(&finalised);
  if (finalised == 0) MPI_Finalize();
}

void Environment::abort(int exit_code) noexcept {
  MPI_Abort(MPI_COMM_WORLD, exit_code);
  std::_Exit(exit_code);
}

}  // namespace arcwave::mpi
