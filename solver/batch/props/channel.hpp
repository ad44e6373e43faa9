// solver/batch/props/channel.hpp — channel on the device, in its three forms (arcwave/model.hpp's
// ChannelConstraint): one list x (x[i] = j => x[j] = i), two lists x, y (x[i] = j => y[j] = i;
// with lists of equal length also y[j] = i => x[i] = j), and a 0/1 list x with a value variable
// v (x[i] = 1 <=> v = i, exactly one x[i] = 1); indices count from the lists' start indices.
// Value elimination both ways: x[i] keeps the j whose y[j] can still be i (and the converse
// when both directions hold), a fixed x[i] = j fixes y[j] = i; the value form is GAC. Weaker than
// the CPU's matchings (propagation/cpu/globals/channel_*.hpp) and sound: each removal follows
// from one implication of the constraint; with every variable fixed it accepts exactly the
// assignments the checker does.
//
// Layout: form (kChannelSelf, kChannelLists, kChannelValue), n, start, then
//   self: x's n variables;
//   lists: m, the second start, x's n variables, y's m variables;
//   value: v, x's n variables.
#pragma once

#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

inline constexpr int kChannelSelf = 0;
inline constexpr int kChannelLists = 1;
inline constexpr int kChannelValue = 2;

// a[i] = j => b[j - b_start] = i + a_start: a[i] keeps the j that are positions of b whose
// variable can still take i + a_start; a fixed a[i] fixes that variable.
template <class G>
ARCWAVE_HD bool channel_link(PropContext<G>& ctx, const long long* a, int na, long long a_start,
                             const long long* b, int nb, long long b_start, bool& changed) {
  for (int i = 0; i < na; ++i) {
    const int x = static_cast<int>(a[i]);
    const long long back = a_start + i;
    for (int k = ctx.first(x); k >= 0; k = ctx.next(x, k)) {
      const long long j = ctx.value(x, k) - b_start;
      if (j >= 0 && j < nb && ctx.has_value(static_cast<int>(b[j]), back)) continue;
      changed = true;
      if (!ctx.remove(x, k)) return false;
    }
    if (!ctx.fixed(x)) continue;
    const int k = ctx.first(x);
    if (k < 0) return ctx.fail(x);
    const long long j = ctx.value(x, k) - b_start;
    if (j < 0 || j >= nb) return ctx.fail(x);
    const int y = static_cast<int>(b[j]);
    const int c = ctx.index_of(y, back);
    if (c < 0 || !ctx.has(y, c)) return ctx.fail(y);
    if (ctx.fixed(y)) continue;
    changed = true;
    if (!ctx.fix(y, c)) return false;
  }
  return true;
}

// x[i] = 1 <=> v = start + i, and v is one of those values.
template <class G>
ARCWAVE_HD bool channel_value(PropContext<G>& ctx, int n, long long start, int v,
                              const long long* x) {
  if (!ctx.keep_values(v, start, start + n - 1)) return false;
  for (int i = 0; i < n; ++i)
    if (!ctx.keep_values(static_cast<int>(x[i]), 0, 1)) return false;
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < n; ++i) {
      const int xi = static_cast<int>(x[i]);
      const long long at = start + i;
      if (!ctx.has_value(xi, 1) && ctx.has_value(v, at)) {
        changed = true;
        if (!ctx.remove_value(v, at)) return false;
      }
      if (!ctx.has_value(v, at) && ctx.has_value(xi, 1)) {
        changed = true;
        if (!ctx.remove_value(xi, 1)) return false;
      }
      if (!ctx.has_value(xi, 0) && !ctx.fixed(v)) {
        changed = true;
        if (!ctx.keep_values(v, at, at)) return false;
      }
      if (ctx.fixed(v) && ctx.has_value(v, at) && ctx.has_value(xi, 0)) {
        changed = true;
        if (!ctx.remove_value(xi, 0)) return false;
      }
    }
  }
  return true;
}

template <class G>
ARCWAVE_HD bool propagate_channel(PropContext<G>& ctx, const long long* p) {
  const int form = static_cast<int>(p[0]);
  const int n = static_cast<int>(p[1]);
  const long long start = p[2];
  if (form == kChannelValue) return channel_value(ctx, n, start, static_cast<int>(p[3]), p + 4);
  const bool self = form == kChannelSelf;
  const int m = self ? n : static_cast<int>(p[3]);
  const long long other_start = self ? start : p[4];
  const long long* x = self ? p + 3 : p + 5;
  const long long* y = self ? x : x + n;
  // Lists of equal length: x is a bijection onto y's positions, y its inverse.
  const bool inverse = !self && m == n;
  for (bool changed = true; changed;) {
    changed = false;
    if (!channel_link(ctx, x, n, start, y, m, other_start, changed)) return false;
    if (inverse && !channel_link(ctx, y, m, other_start, x, n, start, changed)) return false;
  }
  return true;
}

}  // namespace arcwave::batch
