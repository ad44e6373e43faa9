// propagation/cpu/globals/extremum_bounds.hpp — minimum / maximum by bounds, for lists or
// right-hand sides with large domains (arcwave/domain.hpp): E, the extremum of the list, lies
// within the hull of its possible values; the condition cuts E's bounds (a variable right-hand
// side through its bounds, a set through its hull); the list follows (maximum: every entry at
// most E's upper bound, and the only entry able to reach E's lower bound is raised to it;
// minimum mirrored), then the right-hand side follows E. Once everything is fixed the condition
// is checked exactly (!=, notin, holes of a set).
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/value_bounds.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class ExtremumBoundsPropagator final : public Propagator {
 public:
  ExtremumBoundsPropagator(int constraint, std::vector<int> scope, const ExtremumConstraint& c,
                           const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  [[nodiscard]] bool holds_fixed(const Domains& d) const;

  bool maximum_;
  Condition condition_;
  std::vector<Term> list_;
  Term rhs_;  // the right-hand variable (a constant Term when there is none)
  bool rhs_variable_ = false;
};

}  // namespace arcwave::cpu
