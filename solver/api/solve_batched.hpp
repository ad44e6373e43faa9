// solver/api/solve_batched.hpp — Solver::solve() on the batched GPU search
// (solver/batch/batch_search.hpp): the model compiled once, its root fixpoint on the CPU engine,
// the subproblems searched on the device, the answer checked like every other.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "arcwave/solver.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave {

/// Solves on the device when the batched search takes the model; nullopt when it does not
/// (the reason in `refusal`), so that the caller can use another engine. Throws ResourceError
/// without a usable GPU. `indexed`: the model already indexed (null: indexed here).
std::optional<SolveResult> solve_batched(const Model& model, const SolverOptions& options,
                                         const std::function<void(const Solution&)>& callback,
                                         const std::atomic<bool>* stop, std::string& refusal,
                                         std::shared_ptr<const IndexedModel> indexed = nullptr);

}  // namespace arcwave
