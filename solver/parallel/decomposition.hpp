// solver/parallel/decomposition.hpp — embarrassingly parallel search (Régin, Rezgui & Malapert,
// "Embarrassingly Parallel Search", CP 2013): the search tree is expanded breadth-first from the
// root fixpoint until it has about `target` consistent subproblems, which workers then solve
// independently (k subproblems per worker, k = 30 by default, balance the load: some are far
// harder than others). Each node branches on one variable, chosen by dom/ddeg (smallest domain
// over the number of constraints shared with another unfixed variable; weights are not learnt
// yet), over its values in increasing order (x = a for each a: the children partition the
// node). Children whose fixpoint fails are dropped; children where every variable is fixed are
// solutions, reported through the callback as the search reports them.
//
// It works through the Engine interface only (any engine: the CPU engine of each worker, later
// a GPU batch), and is deterministic: the same engine and target give the same subproblems.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "propagation/engine/engine.hpp"
#include "solver/search/mac_search.hpp"
#include "solver/search/subproblem.hpp"

namespace arcwave::parallel {

struct Decomposition {
  /// The open nodes, in breadth-first order. Together with the solutions reported they
  /// partition the solutions of the problem (under the last objective bound applied).
  std::vector<search::Subproblem> subproblems;
  /// Every node was expanded and nothing is left (the problem was solved while decomposing).
  bool complete = false;
  /// The callback said stop (a solution was wanted and found).
  bool stopped_on_solution = false;
  /// The stop flag was raised: the decomposition is partial and must not be searched.
  bool interrupted = false;
  std::uint64_t nodes = 0;  // decisions tried
  std::uint64_t fails = 0;  // decisions whose fixpoint failed
  int depth = 0;            // of the deepest subproblem
};

/// Decomposes from the engine's root fixpoint: the engine must have run propagate_root()
/// successfully and be at depth 0; it is back at depth 0 afterwards. `target` <= 1 returns the
/// root alone. When the callback asks for a better objective (kImprove), the bound is applied at
/// depth 0 before the next node. `stop` (may be null) is polled between nodes.
Decomposition decompose(Engine& engine, std::size_t target, const search::OnSolution& on_solution,
                        const std::atomic<bool>* stop);

}  // namespace arcwave::parallel
