// solver/batch/props/extremum.hpp — maximum / minimum on the device: the largest (smallest)
// value of the list satisfies a condition. Bounds reasoning: the extremum M lies in [L, U]
// (maximum: the largest minimum and the largest maximum of the list); the condition keeps the
// hull [ml, mu] of the values of [L, U] it accepts; every list variable is cut to M's side
// (maximum: values above mu go), and when only one variable can reach ml it must (maximum: its
// values below ml go); the condition's variable keeps what M can be (with eq: the values of
// [L, U] some list variable holds). Weaker than the CPU's GAC (propagation/cpu/globals/
// extremum.hpp) on inner values, exact on full assignments.
//
// Layout: 1 for maximum (0 for minimum), list size, the variables, the condition.
#pragma once

#include "solver/batch/props/condition.hpp"
#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

template <class G>
ARCWAVE_HD bool propagate_extremum(PropContext<G>& ctx, const long long* p) {
  const bool maximum = p[0] != 0;
  const int count = static_cast<int>(p[1]);
  const long long* vars = p + 2;
  const long long* q = p + 2 + count;
  const DeviceCondition cond = DeviceCondition::read(q);
  const int r = cond.variable();
  // Values as seen from a maximum: a minimum is the maximum of the negated values.
  auto low = [&](int x) { return maximum ? ctx.min(x) : -ctx.max(x); };
  auto high = [&](int x) { return maximum ? ctx.max(x) : -ctx.min(x); };
  auto keep = [&](int x, long long lo, long long hi) {  // in the negated space for a minimum
    return maximum ? ctx.keep_values(x, lo, hi)
                   : ctx.keep_values(x, hi == LLONG_MIN ? LLONG_MAX : -hi,
                                     lo == LLONG_MIN ? LLONG_MAX : -lo);
  };
  for (bool changed = true; changed;) {
    changed = false;
    long long L = LLONG_MIN;
    long long U = LLONG_MIN;
    for (int i = 0; i < count; ++i) {
      const int x = static_cast<int>(vars[i]);
      if (ctx.empty(x)) return false;
      L = low(x) > L ? low(x) : L;
      U = high(x) > U ? high(x) : U;
    }
    // The values of M the condition accepts, in the original space.
    long long f = 0;
    long long l = 0;
    const bool any = maximum ? cond.hull(ctx, L, U, f, l) : cond.hull(ctx, -U, -L, f, l);
    if (!any) return ctx.fail();
    const long long ml = maximum ? f : -l;
    const long long mu = maximum ? l : -f;
    int reach = -1;  // the one variable that can reach ml, or -2 for several
    for (int i = 0; i < count; ++i) {
      const int x = static_cast<int>(vars[i]);
      const int before = ctx.size(x);
      if (!keep(x, LLONG_MIN, mu)) return false;
      if (ctx.size(x) != before) changed = true;
      if (high(x) >= ml) reach = reach == -1 ? i : -2;
    }
    if (reach == -1) return ctx.fail();
    if (reach >= 0) {
      const int x = static_cast<int>(vars[reach]);
      const int before = ctx.size(x);
      if (!keep(x, ml, LLONG_MAX)) return false;
      if (ctx.size(x) != before) changed = true;
    }
    if (r < 0) continue;
    const int before = ctx.size(r);
    if (cond.op == DeviceCondition::kEq) {
      // r = M: a value of r stays when it lies in [L, U] and some list variable holds it.
      if (!ctx.keep_values(r, maximum ? L : -U, maximum ? U : -L)) return false;
      for (int a = ctx.first(r); a >= 0; a = ctx.next(r, a)) {
        const long long v = ctx.value(r, a);
        bool held = false;
        for (int i = 0; i < count && !held; ++i) held = ctx.has_value(static_cast<int>(vars[i]), v);
        if (!held && !ctx.remove(r, a)) return false;
      }
    } else if (!cond.filter_rhs(ctx, maximum ? L : -U, maximum ? U : -L)) {
      return false;
    }
    if (ctx.size(r) != before) changed = true;
  }
  return true;
}

}  // namespace arcwave::batch
