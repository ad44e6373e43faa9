// Definitions for propagation/cpu/interval_intension.hpp.
#include "propagation/cpu/interval_intension.hpp"

#include <algorithm>
#include <limits>

namespace arcwave::cpu {

IntervalIntensionPropagator::IntervalIntensionPropagator(int constraint, std::vector<int> scope,
                                                         std::shared_ptr<const Expr> expr,
                                                         const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)), expr_(std::move(expr)) {
  for (int x : vars_) values_.push_back(&domains[static_cast<std::size_t>(x)]);
  box_.resize(vars_.size());
}

void IntervalIntensionPropagator::set_bounds(const Domains& d, std::size_t i) {
  const int x = vars_[i];
  box_[i] = {value(i, d.min(x)), value(i, d.max(x)), false};
}

bool IntervalIntensionPropagator::possible() {
  return !evaluate_interval(*expr_, box_, stack_).definitely_false();
}

bool IntervalIntensionPropagator::shave(Context& ctx, std::size_t i, bool low, bool& changed) {
  const int x = vars_[i];
  Domains& d = ctx.domains;
  for (;;) {
    const int end = low ? d.min(x) : d.max(x);
    const Value v = value(i, end);
    box_[i] = {v, v, false};
    if (possible()) break;
    // The values from `end` inward over `width` indices are all impossible; double the width
    // while that stays so (the box then spans absent values too, which only widens it).
    const auto size = static_cast<std::int64_t>(values_[i]->size());
    std::int64_t width = 1;
    for (;;) {
      const std::int64_t next = width * 2;
      const std::int64_t far = low ? end + next - 1 : end - next + 1;
      if (far < 0 || far >= size) break;
      const Value w = value(i, static_cast<int>(far));
      box_[i] = low ? ValueInterval{v, w, false} : ValueInterval{w, v, false};
      if (possible()) break;
      width = next;
    }
    changed = true;
    // Every present value from `end` inward over `width` indices goes (one bound jump on a
    // large variable).
    const auto cut = static_cast<int>(
        std::min<std::int64_t>(low ? end + width : end - width, std::numeric_limits<int>::max()));
    if (low ? !ctx.raise_min(x, cut) : !ctx.lower_max(x, cut)) return false;
  }
  set_bounds(d, i);
  return true;
}

bool IntervalIntensionPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  const Domains& d = ctx.domains;
  for (std::size_t i = 0; i < vars_.size(); ++i) set_bounds(d, i);
  // Rounds until no bound moves (each round shaves every variable at both ends).
  for (bool changed = true; changed;) {
    changed = false;
    const ValueInterval root = evaluate_interval(*expr_, box_, stack_);
    if (root.definitely_false()) return false;
    if (fixed(d)) return exact_on_fixed();    // the interval of a point may still say "maybe"
    if (root.definitely_true()) return true;  // every assignment of the box satisfies it
    for (std::size_t i = 0; i < vars_.size(); ++i) {
      if (d.size(vars_[i]) == 1) continue;
      if (!shave(ctx, i, true, changed) || !shave(ctx, i, false, changed)) return false;
    }
  }
  return true;
}

}  // namespace arcwave::cpu
