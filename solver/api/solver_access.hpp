// solver/api/solver_access.hpp — what the parallel and MPI drivers need from a Solver and its
// options: the model and the callback, the stop flags, the search settings, and a factory of
// CPU engines over one compiled model shared by every worker.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "arcwave/solver.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/parallel/parallel_search.hpp"
#include "solver/search/mac_search.hpp"

namespace arcwave {

namespace detail {

struct SolverAccess {
  static const Model& model(const Solver& s);
  static const SolverOptions& options(const Solver& s);
  static const std::function<void(const Solution&)>& callback(const Solver& s);
  /// The flag every engine and search of a solve polls (Solver::stop raises it).
  static std::atomic<bool>& stop_flag(Solver& s);
  /// The outside flag of set_stop_flag (may be null).
  static const std::atomic<bool>* external_flag(const Solver& s);
  static double parse_seconds(const Solver& s);
};

}  // namespace detail

/// The MAC search settings of the options for the model (restarts off for all solutions; LNS
/// only when optimising).
search::SearchConfig search_config(const SolverOptions& options, const Model& model);
/// Worker threads for options.threads (0: every core; at least 1).
int worker_count(int threads);
/// Compiles the model once (the seconds that took go to *model_seconds) and returns a factory
/// of CPU engines over it, safe to call from several threads at once.
parallel::EngineFactory cpu_engine_factory(const Model& model, const SolverOptions& options,
                                           double* model_seconds);
/// A factory of CPU engines over a model compiled already.
parallel::EngineFactory cpu_engine_factory(std::shared_ptr<const IndexedModel> indexed,
                                           const SolverOptions& options);
/// Whether a parallel search of the options is a portfolio (else decomposed), and why (for the
/// backend line); InputError for a portfolio asked to find every solution.
bool use_portfolio(const Model& model, const SolverOptions& options, std::string& why);
/// Counters, times and status of a parallel search, into a result.
void fill_result(SolveResult& result, const parallel::ParallelReport& report,
                 const parallel::SolutionSink& sink, bool optimise);

}  // namespace arcwave
