// solver/batch/props/n_values.hpp — nValues on the device: the number of distinct values the list
// takes (except values not counted) satisfies a condition. As the CPU's NValuesPropagator
// (propagation/cpu/globals/n_values.hpp) bounds that number, without its greedy lower bound and
// its filtering at the upper bound: below, the distinct values of the fixed variables; above,
// the smaller of the distinct values of the union of the domains and the fixed count plus the
// unfixed variables that can bring a value. The condition's variable keeps what a number of
// that range satisfies (props/condition.hpp); when no number above the fixed count is allowed,
// the unfixed variables keep only the values already taken and the except values. Exact on full
// assignments; weaker than the CPU's and sound.
//
// Layout: count, the variables, the number of except values, the except values (sorted), the
// condition.
#pragma once

#include <climits>

#include "solver/batch/props/condition.hpp"
#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

template <class G>
ARCWAVE_HD bool propagate_n_values(PropContext<G>& ctx, const long long* p) {
  const int count = static_cast<int>(p[0]);
  const long long* vars = p + 1;
  const int excepts = static_cast<int>(vars[count]);
  const long long* except = vars + count + 1;
  const long long* q = except + excepts;
  const DeviceCondition cond = DeviceCondition::read(q);
  auto excepted = [&](long long v) {
    for (int e = 0; e < excepts; ++e)
      if (except[e] == v) return true;
    return false;
  };
  auto var = [&](int i) { return static_cast<int>(vars[i]); };
  // Whether value v is taken by a fixed variable before position i (any fixed one: i = count).
  auto taken_before = [&](long long v, int i) {
    for (int k = 0; k < i; ++k)
      if (ctx.fixed(var(k)) && ctx.first(var(k)) >= 0 && ctx.min(var(k)) == v) return true;
    return false;
  };
  long long fixed_count = 0;
  long long bringers = 0;
  for (int i = 0; i < count; ++i) {
    const int x = var(i);
    if (ctx.fixed(x)) {
      const long long v = ctx.min(x);
      if (!excepted(v) && !taken_before(v, i)) ++fixed_count;
      continue;
    }
    for (int a = ctx.first(x); a >= 0; a = ctx.next(x, a)) {
      const long long v = ctx.value(x, a);
      if (!excepted(v) && !taken_before(v, count)) {
        ++bringers;
        break;
      }
    }
  }
  // The distinct values of the union (except values left out): each counted at its first
  // variable.
  long long union_count = 0;
  for (int i = 0; i < count; ++i) {
    const int x = var(i);
    for (int a = ctx.first(x); a >= 0; a = ctx.next(x, a)) {
      const long long v = ctx.value(x, a);
      if (excepted(v)) continue;
      bool earlier = false;
      for (int k = 0; k < i && !earlier; ++k) earlier = ctx.has_value(var(k), v);
      if (!earlier) ++union_count;
    }
  }
  const long long lb = fixed_count;
  const long long ub = union_count < fixed_count + bringers ? union_count : fixed_count + bringers;
  long long first = 0;
  long long last = 0;
  if (!cond.hull(ctx, lb, ub, first, last)) return ctx.fail();
  if (!cond.filter_rhs(ctx, lb, ub)) return false;
  if (last > lb || bringers == 0) return true;
  // No new value may appear: the unfixed variables keep the taken and the except values.
  for (int i = 0; i < count; ++i) {
    const int x = var(i);
    if (ctx.fixed(x)) continue;
    for (int a = ctx.first(x); a >= 0; a = ctx.next(x, a)) {
      const long long v = ctx.value(x, a);
      if (!excepted(v) && !taken_before(v, count) && !ctx.remove(x, a)) return false;
    }
  }
  return true;
}

}  // namespace arcwave::batch
