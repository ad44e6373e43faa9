// solver/batch/props/objective.hpp — the objective on the device: its value on a full assignment,
// and the incumbent's bound propagated into the domains (only strictly better solutions are
// searched for). One variable: its values not better than the bound go. A linear sum: the sum's
// bounds consistency (props/sum.hpp) against sum <= best - 1 (minimising) or >= best + 1.
//
// Layout (BatchNetwork::objective_data): one variable: the variable; a sum: count, then count
// pairs (variable, coefficient).
#pragma once

#include <climits>

#include "solver/batch/props/prop_context.hpp"
#include "solver/batch/props/prop_kinds.hpp"
#include "solver/batch/props/sum.hpp"

namespace arcwave::batch {

/// The objective's value once every variable of it is fixed (a sum out of 64 bits saturates).
template <class G>
ARCWAVE_HD long long objective_value(const PropContext<G>& ctx, int kind, const long long* d) {
  if (kind == kObjectiveVariable) return ctx.min(static_cast<int>(d[0]));
  WideInt s = 0;
  const int count = static_cast<int>(d[0]);
  for (int i = 0; i < count; ++i)
    s += static_cast<WideInt>(d[2 + 2 * i]) * ctx.min(static_cast<int>(d[1 + 2 * i]));
  return clamp_ll(s);
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
  const WideInt b = best;
  return minimize ? sum_bounds(ctx, d + 1, static_cast<int>(d[0]), false, 0, true, b - 1)
                  : sum_bounds(ctx, d + 1, static_cast<int>(d[0]), true, b + 1, false, 0);
}

}  // namespace arcwave::batch
