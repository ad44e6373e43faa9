// solver/search/subproblem.hpp — a part of the search space named by the decisions that lead to
// it from the root fixpoint: x = a (positive) or x != a (a refutation, as binary branching and
// work stealing produce), or, on a large variable, x <= a or x > a (a split). Decompositions
// (solver/parallel/decomposition.hpp), the work queue of the parallel search and the MPI messages
// carry subproblems; MacSearch::run_subproblem searches one. Variables and values are numbered as
// the Engine numbers them (value indices).
#pragma once

#include <vector>

#include "propagation/engine/engine.hpp"

namespace arcwave::search {

struct Decision {
  int var = 0;
  int value = 0;
  bool positive = true;  // x = a; false: x != a
  /// A split of a large variable: x <= a (positive), x > a (not). It leaves x undecided.
  bool split = false;

  friend bool operator==(const Decision&, const Decision&) = default;
};

using Subproblem = std::vector<Decision>;

/// Applies one decision to the engine (its fixpoint included); false on a wipe-out.
inline bool apply(Engine& engine, const Decision& d) {
  if (d.split)
    return d.positive ? engine.restrict_max(d.var, d.value)
                      : engine.restrict_min(d.var, d.value + 1);
  return d.positive ? engine.assign(d.var, d.value) : engine.remove(d.var, d.value);
}

/// Opens one choice point per decision and applies it, stopping at the first wipe-out. Returns
/// how many choice points were opened (the caller pops them) and whether every decision held.
struct Replay {
  int pushed = 0;
  bool consistent = true;
};
inline Replay replay(Engine& engine, const Subproblem& decisions) {
  Replay r;
  for (const Decision& d : decisions) {
    engine.push();
    ++r.pushed;
    if (!apply(engine, d)) {
      r.consistent = false;
      break;
    }
  }
  return r;
}

}  // namespace arcwave::search
