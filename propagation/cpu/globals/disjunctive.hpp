// propagation/cpu/globals/disjunctive.hpp — noOverlap in one dimension (a unary resource): no
// two tasks [s_i, s_i + l_i) overlap. Bounds reasoning on the starts with Vilím's O(n log n)
// algorithms on a Θ-Λ-tree, each run forwards (earliest starts) and on the mirrored windows
// (latest ends), repeated to a fixpoint:
//   - detectable precedences (which subsume time-tabling on compulsory parts for one resource),
//   - not-first / not-last,
//   - edge finding, whose sweep includes overload checking (fails when some set of tasks cannot
//     fit between its earliest start and latest end);
//   - inside the domains, a start s_i loses the values v where the task overlaps task j wherever
//     j starts (v + p_i > max s_j and v < min s_j + p_j): a range removal per pair, which is
//     the pairwise consistency of the two tasks (with the lengths' minima).
// A task's window is [min s, max s + min l]: variable lengths take part with their minimum
// (any solution stays one when lengths shrink), and the length's maximum is cut pairwise when
// one task must precede another (l_i <= max s_j - min s_i). With zeroIgnored a task whose length
// may be 0 takes part once its length is known positive; until then, once its start is fixed,
// its positive lengths go when the shortest of them overlaps a task wherever that one starts.
// With presence terms (the heights of a cumulative whose tasks cannot run two at a time) a task
// takes part only once its presence is known positive; a task that may still be absent becomes
// absent (presence 0) when the present tasks with it added leave no schedule by the rules above.
// Once every variable is fixed the schedule is checked exactly.
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/theta_lambda_tree.hpp"
#include "propagation/cpu/globals/value_bounds.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class DisjunctivePropagator final : public Propagator {
 public:
  /// `presence`: empty (every task is there), or per task a non-negative term; the task
  /// takes part when it is positive.
  DisjunctivePropagator(int constraint, std::vector<int> scope, std::vector<Term> starts,
                        std::vector<Term> lengths, bool zero_ignored,
                        std::vector<Term> presence = {});
  bool propagate(Context& ctx) override;
  /// Runs after the cheap propagators (sums, binary constraints) have settled the bounds.
  [[nodiscard]] bool expensive() const override { return true; }

  /// The time windows of the tasks taking part: est = min start, lct = max start + p.
  struct Windows {
    std::vector<Value> est, lct, p;
  };

 private:
  void gather(const Domains& d);
  // Runs the three rules on the windows until they stop narrowing them; false on a failure.
  bool windows_fixpoint();
  // Writes the windows into the start domains; false on a wipe-out. `exact`: the domains' bounds
  // are now the windows' (no new bound fell on a hole).
  bool apply(Context& ctx, bool& changed, bool& exact);
  [[nodiscard]] bool bounds_moved(const Domains& d) const;
  bool compulsory_parts(Context& ctx, bool& changed);
  bool cut_lengths(Context& ctx, bool& changed);
  bool optional_tasks(Context& ctx, bool& changed);
  [[nodiscard]] bool present(const Domains& d, std::size_t t) const {
    return presence_.empty() || presence_[t].min(d) > 0;
  }
  // Tasks that may be absent and leave no schedule when added to the present ones: absent.
  bool absent_without_room(Context& ctx, bool& changed);
  [[nodiscard]] bool check_fixed(const Domains& d) const;

  std::vector<Term> starts_;
  std::vector<Term> lengths_;
  bool zero_ignored_;
  std::vector<Term> presence_;
  bool variable_lengths_ = false;
  std::vector<int> active_;  // tasks taking part, in Windows order
  Windows w_;
  Windows before_;
  Windows trial_;
  ThetaLambdaTree tree_;
};

}  // namespace arcwave::cpu
