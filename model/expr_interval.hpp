// model/expr_interval.hpp — interval evaluation of intension expressions (arcwave/expr.hpp):
// given an interval for each scope slot, an interval that holds every defined value the
// expression takes over that box. Predicates and logic are three-valued: [1,1] when every
// assignment of the box satisfies them, [0,0] when none does, [0,1] otherwise. `empty` means
// the expression is defined nowhere in the box (so it is satisfied nowhere).
//
// Used for the domains of auxiliary variables (parsers) and by the interval propagator of large
// intensions (propagation/cpu/interval_intension): a box whose root is [0,0] or empty holds no
// solution, which is what makes shaving a bound sound.
#pragma once

#include <span>
#include <vector>

#include "arcwave/expr.hpp"

namespace arcwave {

struct ValueInterval {
  Value lo = 0;
  Value hi = 0;
  bool empty = false;
  [[nodiscard]] bool definitely_true() const { return !empty && (lo > 0 || hi < 0); }
  [[nodiscard]] bool definitely_false() const { return empty || (lo == 0 && hi == 0); }
};

/// The interval of `e` over the box `slots` (one interval per slot; `stack` is scratch that
/// callers may keep between calls to avoid allocations).
ValueInterval evaluate_interval(const Expr& e, std::span<const ValueInterval> slots,
                                std::vector<ValueInterval>& stack);

inline ValueInterval evaluate_interval(const Expr& e, std::span<const ValueInterval> slots) {
  std::vector<ValueInterval> stack;
  return evaluate_interval(e, slots, stack);
}

}  // namespace arcwave
