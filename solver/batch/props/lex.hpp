// solver/batch/props/lex.hpp — lex on two lists on the device: x <=lex y or x <lex y (ge / gt come
// with the lists swapped), entries variables or constants. As the CPU's LexPropagator
// (propagation/cpu/globals/lex.hpp, the filtering of GACLexLeq): alpha is the first position
// whose two entries are not the same (one variable, or both fixed to one value); if the rest can
// still compare <= (< when strict: x's minima against y's maxima, lexicographically)
// x[alpha] <= y[alpha] is enforced, else x[alpha] < y[alpha]; when that fixes both to one value
// alpha moves on. The same fixpoint as the CPU's. Several lists: one propagator per consecutive
// pair.
//
// Layout: length n, strict (0 / 1), then x's n entries and y's n entries as (is_variable,
// value).
#pragma once

#include <climits>

#include "solver/batch/props/prop_context.hpp"
#include "solver/batch/props/sum.hpp"

namespace arcwave::batch {

template <class G>
ARCWAVE_HD bool propagate_lex(PropContext<G>& ctx, const long long* p) {
  const int n = static_cast<int>(p[0]);
  const bool strict = p[1] != 0;
  const long long* x = p + 2;
  const long long* y = x + 2 * n;
  auto is_var = [](const long long* l, int i) { return l[2 * i] != 0; };
  auto var = [](const long long* l, int i) { return static_cast<int>(l[2 * i + 1]); };
  auto low = [&](const long long* l, int i) {
    return is_var(l, i) ? ctx.min(var(l, i)) : l[2 * i + 1];
  };
  auto high = [&](const long long* l, int i) {
    return is_var(l, i) ? ctx.max(var(l, i)) : l[2 * i + 1];
  };
  auto fixed = [&](const long long* l, int i) { return !is_var(l, i) || ctx.fixed(var(l, i)); };
  auto one_variable = [&](int i) { return is_var(x, i) && is_var(y, i) && var(x, i) == var(y, i); };
  auto same = [&](int i) {
    return one_variable(i) || (fixed(x, i) && fixed(y, i) && low(x, i) == low(y, i));
  };
  // Can x[from..] compare <= (< when strict) with y[from..]? The first difference decides.
  auto rest_can_hold = [&](int from) {
    for (int i = from; i < n; ++i) {
      if (one_variable(i)) continue;
      const long long lo = low(x, i);
      const long long hi = high(y, i);
      if (lo != hi) return lo < hi;
    }
    return !strict;
  };
  for (int i = 0; i < n; ++i) {
    if ((is_var(x, i) && ctx.empty(var(x, i))) || (is_var(y, i) && ctx.empty(var(y, i))))
      return false;
  }
  int alpha = 0;
  for (;;) {
    while (alpha < n && same(alpha)) ++alpha;
    if (alpha == n) return !strict || ctx.fail();
    const WideInt gap = rest_can_hold(alpha + 1) ? 0 : 1;
    // x[alpha] <= y[alpha] - gap and y[alpha] >= x[alpha] + gap.
    const WideInt top = static_cast<WideInt>(high(y, alpha)) - gap;
    if (is_var(x, alpha)) {
      if (!ctx.keep_values(var(x, alpha), LLONG_MIN, clamp_ll(top))) return false;
    } else if (static_cast<WideInt>(x[2 * alpha + 1]) > top) {
      return ctx.fail();
    }
    const WideInt bottom = static_cast<WideInt>(low(x, alpha)) + gap;
    if (is_var(y, alpha)) {
      if (!ctx.keep_values(var(y, alpha), clamp_ll(bottom), LLONG_MAX)) return false;
    } else if (static_cast<WideInt>(y[2 * alpha + 1]) < bottom) {
      return ctx.fail();
    }
    if (!same(alpha)) return true;
  }
}

}  // namespace arcwave::batch
