// propagation/cpu/globals/condition_rhs.hpp — the right-hand side of a Condition seen from a
// propagator whose left-hand side is some computed value (an extremum, a position, a matrix
// entry): which left-hand values the condition still accepts under the current domains, and
// the filtering of a right-hand variable against the set of left-hand values still possible.
// Both are exact (GAC on the relation lhs <op> rhs) when lhs and rhs are independent.
#pragma once

#include <span>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class ConditionRhs {
 public:
  ConditionRhs(Condition condition, const std::vector<Domain>& domains);

  /// The right-hand variable, or -1 for a constant, range or set.
  [[nodiscard]] int variable() const noexcept { return var_; }
  /// Is there a right-hand value r (a present value of the variable, or the constant, range or
  /// set) with lhs <op> r?
  [[nodiscard]] bool accepts(const Domains& d, Value lhs) const;
  /// Removes every value r of the right-hand variable with no lhs in `lhs` (sorted, distinct)
  /// such that lhs <op> r; sets `changed` when it removes one. False on a wipe-out (also when
  /// `lhs` is empty). Nothing to do without a variable.
  bool filter(Context& ctx, std::span<const Value> lhs, bool& changed) const;

 private:
  [[nodiscard]] Value value(int a) const { return (*rhs_values_)[static_cast<std::size_t>(a)]; }

  Condition c_;
  int var_ = -1;
  const Domain* rhs_values_ = nullptr;
};

}  // namespace arcwave::cpu
