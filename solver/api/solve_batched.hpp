// solver/api/solve_batched.hpp — Solver::solve() on the batched GPU search
// (solver/batch/batch_search.hpp): the model compiled once, its root fixpoint on the CPU engine,
// the subproblems searched on the device, the answer checked like every other.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "arcwave/solver.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/batch/batch_search.hpp"

namespace arcwave {

/// Host threads standing in for the GPUs (ARCWAVE_BATCH_HOST_DEVICE=N, N >= 1: N "devices",
/// each one host thread running the very searcher a thread block runs, coordinated as GPUs
/// are), or 0: the GPUs. The switch lets a machine without a GPU (CI) run the whole batched
/// path, from the CLI or the C++ API, as MPI's device workers do with the same variable.
int batch_host_devices();

/// Whether the batched search has somewhere to run: a usable GPU or the host devices.
bool batch_device_available();

/// Solves on the device when the batched search takes the model; nullopt when it does not
/// (the reason in `refusal`), so that the caller can use another engine. Throws ResourceError
/// without a usable GPU (unless batch_host_devices() > 0). `indexed`: the model already
/// indexed (null: indexed here). ARCWAVE_BATCH_PROBE=SECONDS overrides
/// options.batch_probe_seconds (0: the device searches from the root, as the tests want).
std::optional<SolveResult> solve_batched(const Model& model, const SolverOptions& options,
                                         const std::function<void(const Solution&)>& callback,
                                         const std::atomic<bool>* stop, std::string& refusal,
                                         std::shared_ptr<const IndexedModel> indexed = nullptr);

/// The model compiled for the batched search, with its root fixpoint as the one subproblem.
struct BatchedSearch {
  std::shared_ptr<const IndexedModel> indexed;
  batch::BatchNetwork net;
  std::vector<batch::Subproblem> items;  // empty: the root fixpoint wipes a domain out
  double model_seconds = 0;
  double init_seconds = 0;
};

/// The batched search's network for the model, or nullopt when it refuses the model (why in
/// `refusal`). `indexed`: the model already indexed (null: indexed here).
std::optional<BatchedSearch> prepare_batched(const Model& model,
                                             std::shared_ptr<const IndexedModel> indexed,
                                             std::string& refusal);

/// Runs the batched search on the GPUs of `options` or the host devices (batch_host_devices()),
/// `bo` completed from the options; fills result's backend, engine and search counters.
/// ResourceError without a usable GPU.
batch::BatchResult run_batched(const BatchedSearch& b, const SolverOptions& options,
                               batch::BatchOptions& bo, SolveResult& result);

/// A batched search's solution (value indices) as the model's values, checked against the
/// model (InternalError naming the constraint it violates).
std::vector<Value> batched_values(const Model& model, std::span<const int> indices);

}  // namespace arcwave
