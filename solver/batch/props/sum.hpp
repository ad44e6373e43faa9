// solver/batch/props/sum.hpp — sum(c_i * x_i) <op> rhs on the device, as the CPU's
// SumPropagator (propagation/cpu/sum.hpp) filters it: bounds consistency against the constant,
// range or set's interval (each term cut to the room the other terms' bounds leave, repeated
// until nothing changes), then exact filtering once at most one variable is unfixed (which also
// covers != and notin). 128-bit arithmetic: no intermediate overflows, and a total outside 64
// bits never satisfies (as in the checker). The same fixpoint as the CPU's.
//
// Layout: count, the condition (props/condition.hpp), then count pairs (variable, coefficient).
#pragma once

#include <climits>

#include "solver/batch/props/condition.hpp"
#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

__extension__ typedef __int128 WideInt;

/// floor(a / b) and ceil(a / b) for b != 0.
inline ARCWAVE_HD WideInt floor_div(WideInt a, WideInt b) {
  const WideInt q = a / b;
  return (q * b != a && ((a < 0) != (b < 0))) ? q - 1 : q;
}
inline ARCWAVE_HD WideInt ceil_div(WideInt a, WideInt b) {
  const WideInt q = a / b;
  return (q * b != a && ((a < 0) == (b < 0))) ? q + 1 : q;
}
/// A wide value clamped into 64 bits.
inline ARCWAVE_HD long long clamp_ll(WideInt v) {
  if (v < static_cast<WideInt>(LLONG_MIN)) return LLONG_MIN;
  if (v > static_cast<WideInt>(LLONG_MAX)) return LLONG_MAX;
  return static_cast<long long>(v);
}

/// Bounds of sum(c_i * x_i) within [lo, hi] (has_lo / has_hi: which ends bind), to the
/// fixpoint. False on a wipe-out.
template <class G>
ARCWAVE_HD bool sum_bounds(PropContext<G>& ctx, const long long* terms, int count, bool has_lo,
                           WideInt lo, bool has_hi, WideInt hi) {
  for (bool changed = true; changed;) {
    changed = false;
    WideInt smin = 0;
    WideInt smax = 0;
    for (int i = 0; i < count; ++i) {
      const int x = static_cast<int>(terms[2 * i]);
      const WideInt c = terms[2 * i + 1];
      const int a = ctx.first(x);
      if (a < 0) return false;
      const WideInt vmin = ctx.value(x, a);
      const WideInt vmax = ctx.max(x);
      smin += c > 0 ? c * vmin : c * vmax;
      smax += c > 0 ? c * vmax : c * vmin;
    }
    if ((has_lo && smax < lo) || (has_hi && smin > hi)) return ctx.fail();
    for (int i = 0; i < count; ++i) {
      const int x = static_cast<int>(terms[2 * i]);
      const WideInt c = terms[2 * i + 1];
      const WideInt vmin = ctx.min(x);
      const WideInt vmax = ctx.max(x);
      const WideInt tmin = c > 0 ? c * vmin : c * vmax;
      const WideInt tmax = c > 0 ? c * vmax : c * vmin;
      // c * v must lie in [lb, ub]: the other terms' extremes leave that much room.
      const bool cut_hi = has_hi && smin - tmin + tmax > hi;
      const bool cut_lo = has_lo && smax - tmax + tmin < lo;
      if (!cut_hi && !cut_lo) continue;
      const WideInt ub = hi - (smin - tmin);
      const WideInt lb = lo - (smax - tmax);
      WideInt vlo = vmin;
      WideInt vhi = vmax;
      if (c > 0) {
        if (cut_hi) vhi = floor_div(ub, c);
        if (cut_lo) vlo = ceil_div(lb, c);
      } else {
        if (cut_hi) vlo = ceil_div(ub, c);
        if (cut_lo) vhi = floor_div(lb, c);
      }
      if (vlo > vhi) return ctx.fail(x);
      const int before = ctx.size(x);
      if (!ctx.keep_values(x, clamp_ll(vlo), clamp_ll(vhi))) return false;
      if (ctx.size(x) != before) changed = true;
    }
  }
  return true;
}

/// With at most one unfixed variable: every value of it that completes a satisfying total
/// stays, the others go; none unfixed: the total is checked. `holds` is a callable on the total.
template <class G, class Holds>
ARCWAVE_HD bool sum_exact(PropContext<G>& ctx, const long long* terms, int count,
                          const Holds& holds) {
  WideInt fixed = 0;
  int free_pos = -1;
  for (int i = 0; i < count; ++i) {
    const int x = static_cast<int>(terms[2 * i]);
    if (!ctx.fixed(x)) {
      if (free_pos >= 0) return true;  // two unfixed: bounds only
      free_pos = i;
      continue;
    }
    const int a = ctx.first(x);
    if (a < 0) return false;
    fixed += static_cast<WideInt>(terms[2 * i + 1]) * ctx.value(x, a);
  }
  if (free_pos < 0) return holds(fixed) || ctx.fail();
  const int x = static_cast<int>(terms[2 * free_pos]);
  const WideInt c = terms[2 * free_pos + 1];
  for (int a = ctx.first(x); a >= 0; a = ctx.next(x, a))
    if (!holds(fixed + c * ctx.value(x, a)) && !ctx.remove(x, a)) return false;
  return true;
}

template <class G>
ARCWAVE_HD bool propagate_sum(PropContext<G>& ctx, const long long* p) {
  const int count = static_cast<int>(p[0]);
  ++p;
  const DeviceCondition cond = DeviceCondition::read(p);
  const long long* terms = p;
  long long lo = 0;
  long long hi = 0;
  cond.lhs_bounds(ctx, lo, hi);
  const bool has_lo = lo != LLONG_MIN;
  const bool has_hi = hi != LLONG_MAX;
  if ((has_lo || has_hi) &&
      !sum_bounds(ctx, terms, count, has_lo, WideInt{lo}, has_hi, WideInt{hi}))
    return false;
  return sum_exact(ctx, terms, count, [&](WideInt s) {
    if (s < static_cast<WideInt>(LLONG_MIN) || s > static_cast<WideInt>(LLONG_MAX)) return false;
    return cond.holds(static_cast<long long>(s));
  });
}

}  // namespace arcwave::batch
