// propagation/engine/engine.hpp — the boundary between MAC search and propagation.
//
// An Engine owns the current domains and all the state its propagators keep (counters,
// residues, reversible tables, a trail), wherever it lives: host memory for the CPU engine,
// device memory for a GPU engine. The search sees only this interface: it reads domain sizes
// and values, opens and closes choice points, posts decisions, and learns which constraint a
// wipe-out came from (for dom/wdeg). Nothing here says how a propagator stores its state, so a
// GPU engine can keep domains, counters and trail on the device and make push/pop/assign cost
// work proportional to what changed.
//
// Variables are numbered as in the Model; values are indices 0..initial_size-1 into the
// variable's sorted domain. Constraints are numbered by the engine (see constraint_scope).
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "arcwave/model.hpp"

namespace arcwave {

/// Where the last failed propagation came from: the constraint (engine numbering) whose
/// propagation emptied a domain and that variable; -1 where unknown.
struct Conflict {
  int constraint = -1;
  int variable = -1;
};

struct EngineStats {
  std::uint64_t propagations = 0;  // propagator executions (or device rounds)
  std::uint64_t removals = 0;      // values removed, decisions included
  double init_seconds = 0;         // building the propagators' state (AC4: counters, lists)
};

class Engine {
 public:
  virtual ~Engine() = default;
  Engine() = default;
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  /// One line for a `c` line: which propagators run (for example "cpu: ac3bit+rm").
  [[nodiscard]] virtual std::string description() const = 0;

  // ---- the problem as the engine numbers it ---------------------------------------------
  [[nodiscard]] virtual int variable_count() const = 0;
  [[nodiscard]] virtual int initial_size(int var) const = 0;
  /// Constraints that conflicts are charged to (dom/wdeg), with their distinct variables.
  [[nodiscard]] virtual int constraint_count() const = 0;
  [[nodiscard]] virtual std::span<const int> constraint_scope(int constraint) const = 0;

  // ---- current domains -----------------------------------------------------------------
  [[nodiscard]] virtual int size(int var) const = 0;
  [[nodiscard]] virtual bool contains(int var, int value) const = 0;
  /// Smallest value index present (the domain must not be empty).
  [[nodiscard]] virtual int min_value(int var) const = 0;
  /// Present value indices in increasing order (not for large variables).
  virtual void values(int var, std::vector<int>& out) const = 0;
  /// A variable whose domain is an interval too large to enumerate (arcwave/domain.hpp): the
  /// search splits it (x <= a, then x > a) instead of trying its values one by one.
  [[nodiscard]] virtual bool large(int /*var*/) const { return false; }
  /// Largest value index present (the domain must not be empty).
  [[nodiscard]] virtual int max_value(int var) const {
    std::vector<int> present;
    values(var, present);
    return present.back();
  }

  // ---- search --------------------------------------------------------------------------
  /// The root fixpoint; call once, first. False: a domain was wiped out (no solution).
  virtual bool propagate_root() = 0;
  /// Opens a choice point: everything done after it is undone by the matching pop().
  virtual void push() = 0;
  virtual void pop() = 0;
  [[nodiscard]] virtual int depth() const = 0;
  /// D(var) := {value}, then the fixpoint. False on a wipe-out (the caller then pops).
  virtual bool assign(int var, int value) = 0;
  /// D(var) -= value, then the fixpoint. False on a wipe-out.
  virtual bool remove(int var, int value) = 0;
  /// D(var) keeps the value indices <= value (restrict_max) or >= value (restrict_min), then the
  /// fixpoint. False on a wipe-out. The defaults remove the others one at a time.
  virtual bool restrict_max(int var, int value) {
    std::vector<int> present;
    values(var, present);
    for (auto it = present.rbegin(); it != present.rend() && *it > value; ++it)
      if (!remove(var, *it)) return false;
    return true;
  }
  virtual bool restrict_min(int var, int value) {
    std::vector<int> present;
    values(var, present);
    for (auto it = present.begin(); it != present.end() && *it < value; ++it)
      if (!remove(var, *it)) return false;
    return true;
  }
  /// From now on the objective must be strictly better than `bound` (smaller when minimising,
  /// larger when maximising). Only at depth 0; false when that empties a domain. Engines of a
  /// model without objective throw InternalError.
  virtual bool improve_objective(Value bound) = 0;
  [[nodiscard]] virtual Conflict conflict() const = 0;
  [[nodiscard]] virtual EngineStats stats() const = 0;

  /// While *flag is true, propagation may stop early and report a failure; the caller must
  /// check the flag before reading a failure as a wipe-out. nullptr: never interrupted.
  virtual void set_interrupt(const std::atomic<bool>* flag) = 0;
};

}  // namespace arcwave
