// solver/api/solve_hybrid.hpp — `--backend auto` with a device for the batched search: the device
// search and the CPU workers (the normal parallel search, LNS included, on the cores the device's
// host threads leave) run at once and share one incumbent through the batched search's link
// (solver/batch/incumbent_link.hpp) and one solution sink, so that every answer is checked and
// the objective lines strictly improve. The first to settle the model ends both: the CPU's proof
// or first solution, or the device's complete search — under a bound that may have come from the
// CPU, so that it proves the sink's best (whoever found it) optimal.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "arcwave/solver.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave {

/// Solves on the device and the CPU at once when the batched search takes the model; nullopt
/// when it does not (the reason in `refusal`). Not for all solutions (the two searches would
/// count the same solutions). `stop`: the solve's flag, raised from outside (time limit,
/// signal, Solver::stop); it stops both within milliseconds. A device that cannot start
/// (ResourceError) leaves the CPU workers alone, and the backend line says why.
std::optional<SolveResult> solve_hybrid(const Model& model, const SolverOptions& options,
                                        std::shared_ptr<const IndexedModel> indexed,
                                        const std::function<void(const Solution&)>& callback,
                                        const std::atomic<bool>& stop, std::string& refusal);

}  // namespace arcwave
