// solver/parallel/parallel_search.hpp — the two ways of running MAC search on every core:
//
// decomposed (the default): worker 0 decomposes the problem (decomposition.hpp) into about
// k × workers subproblems while the other workers build their engines; every worker then takes
// subproblems from a shared queue, and once the queue runs dry, busy workers give their
// shallowest open right branches to idle ones (work stealing), so that no core waits for a long
// subproblem to end. The answer is proved (UNSATISFIABLE, OPTIMUM FOUND, an exact count) only
// when every subproblem was exhausted.
//
// portfolio: every worker searches the whole problem with its own seed and heuristics (worker 0
// with the options as given); the first to finish ends the search.
//
// Both share one SolutionSink (checks, counts, the user's callback) and, when optimising, one
// Incumbent whose value each worker applies at its next restart or subproblem.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "propagation/engine/engine.hpp"
#include "solver/parallel/incumbent.hpp"
#include "solver/parallel/solution_sink.hpp"
#include "solver/search/mac_search.hpp"

namespace arcwave::parallel {

/// Builds one worker's engine; called from the workers' threads, several at once.
using EngineFactory = std::function<std::unique_ptr<Engine>()>;

struct ParallelConfig {
  int workers = 2;
  std::size_t subproblems_per_worker = 30;  // k of the decomposition
  search::SearchConfig search;              // worker 0's (all workers' when decomposed)
};

enum class ParallelEnd : std::uint8_t {
  kExhausted,      // everything was searched: the answer is proved
  kSolutionFound,  // one solution was wanted and found
  kInterrupted,    // the halt flag was raised from outside (time limit, signal, stop())
};

struct ParallelReport {
  ParallelEnd end = ParallelEnd::kInterrupted;
  search::SearchStats search;  // summed over the workers (max_depth: the largest)
  EngineStats engine;          // summed
  std::uint64_t decomposition_nodes = 0;
  std::uint64_t subproblems = 0;  // made by the decomposition
  std::uint64_t splits = 0;       // pieces given away by busy workers
  double decomposition_seconds = 0;
  std::string engine_description;  // worker 0's engine
};

/// The decomposed search. `incumbent`: when optimising (else null). `halt` is every engine's
/// interrupt flag and every search's stop flag; it is raised from outside to interrupt, and by
/// the sink when one solution was wanted. Rethrows the first error of any worker.
ParallelReport search_decomposed(const EngineFactory& make_engine, const ParallelConfig& config,
                                 SolutionSink& sink, Incumbent* incumbent, std::atomic<bool>& halt);

/// The portfolio. Not for all solutions (every worker would find them all). Worker 0 runs at
/// normal priority, the others at idle priority (solver/parallel/helper_priority.hpp); when
/// optimising, each worker's LNS adopts the best solution any worker found.
ParallelReport search_portfolio(const EngineFactory& make_engine, const ParallelConfig& config,
                                SolutionSink& sink, Incumbent* incumbent, std::atomic<bool>& halt);

/// Worker i's search settings in a portfolio: i = 0 keeps `base`; the others vary the seed
/// (base + i), value ordering (random except when i % 4 == 2), variable ordering (the other of
/// dom/wdeg and dom/ddeg for even i) and restarts (Luby and geometric swapped when i % 3 == 0).
search::SearchConfig portfolio_config(const search::SearchConfig& base, int i);

/// Adds one worker's counters to a report.
void add_stats(ParallelReport& report, const search::SearchStats& s, const EngineStats& e);

}  // namespace arcwave::parallel
