// solver/batch/props/objective.hpp — the objective on the device: its value on a full assignment,
// and the incumbent's bound propagated into the domains (only strictly better solutions are
// searched for). One variable: its values not better than the bound go. A linear sum: the sum's
// bounds consistency (props/sum.hpp) against sum <= best - 1 (minimising) or >= best + 1. An
// expression: bounds shaved by interval evaluation while the box cannot beat the bound
// (props/intension.hpp), checked exactly once its variables are fixed.
//
// Layout (BatchNetwork::objective_data): one variable: the variable; a sum: count, then count
// pairs (variable, coefficient); an expression: props/expr_eval.hpp's layout.
#pragma once

#include <climits>

#include "solver/batch/props/expr_eval.hpp"
#include "solver/batch/props/intension.hpp"
#include "solver/batch/props/prop_context.hpp"
#include "solver/batch/props/prop_kinds.hpp"
#include "solver/batch/props/sum.hpp"

namespace arcwave::batch {

/// The objective's value once every variable of it is fixed, in `value`; false where it is
/// undefined (an expression: overflow, division by zero; a sum out of 64 bits).
template <class G>
ARCWAVE_HD bool objective_value(const PropContext<G>& ctx, int kind, const long long* d,
                                long long& value) {
  if (kind == kObjectiveVariable) {
    value = ctx.min(static_cast<int>(d[0]));
    return true;
  }
  if (kind == kObjectiveExpression) {
    const long long* p = d;
    const ExprValue v = evaluate_fixed(ctx, DeviceExpr::read(p));
    value = v.v;
    return v.defined;
  }
  WideInt s = 0;
  const int count = static_cast<int>(d[0]);
  for (int i = 0; i < count; ++i)
    s += static_cast<WideInt>(d[2 + 2 * i]) * ctx.min(static_cast<int>(d[1 + 2 * i]));
  value = clamp_ll(s);
  return s == static_cast<WideInt>(value);
}

/// Only values that can make the objective strictly better than `best`; false on a wipe-out.
template <class G>
ARCWAVE_HD bool bound_objective(PropContext<G>& ctx, int kind, const long long* d, bool minimize,
                                long long best) {
  if (kind == kObjectiveVariable) {
    const int x = static_cast<int>(d[0]);
    if (minimize) return best == LLONG_MIN ? ctx.fail(x) : ctx.keep_values(x, LLONG_MIN, best - 1);
    return best == LLONG_MAX ? ctx.fail(x) : ctx.keep_values(x, best + 1, LLONG_MAX);
  }
  if (kind == kObjectiveExpression) {
    const long long* p = d;
    const DeviceExpr e = DeviceExpr::read(p);
    bool fixed = true;
    for (int i = 0; i < e.slots && fixed; ++i) fixed = ctx.fixed(e.var(i));
    if (fixed) {
      const ExprValue v = evaluate_fixed(ctx, e);
      return (v.defined && (minimize ? v.v < best : v.v > best)) || ctx.fail(e.var(0));
    }
    // A box whose objective interval cannot be better than the bound holds no better solution.
    return shave_bounds(ctx, e, [&](const ExprInterval& r) {
      return r.empty || (minimize ? r.lo >= best : r.hi <= best);
    });
  }
  const WideInt b = best;
  return minimize ? sum_bounds(ctx, d + 1, static_cast<int>(d[0]), false, 0, true, b - 1)
                  : sum_bounds(ctx, d + 1, static_cast<int>(d[0]), true, b + 1, false, 0);
}

}  // namespace arcwave::batch
