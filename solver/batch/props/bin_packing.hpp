// solver/batch/props/bin_packing.hpp — binPacking on the device: item i (size s_i) goes into the
// bin its variable names; each bin's load meets the shared condition, its limit (load <= limit)
// or its load (load = the load operand). Bounds per bin b, to a fixpoint: the load lies in
// [L_b, U_b], the sizes of the items fixed to b plus the negative (positive) sizes of those that
// may still go there; the bin's bound must accept a load in it (else failure), the load or
// limit variable (or the condition's variable) is narrowed to it, and an item leaves b when
// putting it there leaves no acceptable load. Limits and loads forms: items lose the values that
// are not bins. Weaker than the CPU's BinPackingPropagator (propagation/cpu/globals/
// bin_packing.hpp, which also reasons on the total size and places items) and sound; with every
// item fixed the bounds are the exact loads, so the check is exact.
//
// Layout: n items, form (kBinCondition, kBinLimits, kBinLoads), B bins, the items as (variable,
// size), the bins as (value, listed: the condition binds the bin even when it holds no item),
// then per bin the limit or load as (is_variable, value), or (condition form) the condition.
#pragma once

#include <climits>

#include "solver/batch/props/condition.hpp"
#include "solver/batch/props/prop_context.hpp"
#include "solver/batch/props/sum.hpp"

namespace arcwave::batch {

inline constexpr int kBinCondition = 0;
inline constexpr int kBinLimits = 1;
inline constexpr int kBinLoads = 2;

template <class G>
ARCWAVE_HD bool propagate_bin_packing(PropContext<G>& ctx, const long long* p) {
  const int n = static_cast<int>(p[0]);
  const int form = static_cast<int>(p[1]);
  const int bins = static_cast<int>(p[2]);
  const long long* items = p + 3;
  const long long* bin = items + 2 * n;
  const long long* bounds = bin + 2 * bins;  // limits or loads
  const long long* q = bounds;
  const DeviceCondition cond = form == kBinCondition ? DeviceCondition::read(q) : DeviceCondition{};
  auto item = [&](int i) { return static_cast<int>(items[2 * i]); };
  auto size = [&](int i) { return items[2 * i + 1]; };
  auto bound_var = [&](int b) {
    return bounds[2 * b] != 0 ? static_cast<int>(bounds[2 * b + 1]) : -1;
  };
  auto bound_lo = [&](int b) {
    return bound_var(b) >= 0 ? ctx.min(bound_var(b)) : bounds[2 * b + 1];
  };
  auto bound_hi = [&](int b) {
    return bound_var(b) >= 0 ? ctx.max(bound_var(b)) : bounds[2 * b + 1];
  };
  // Whether bin b's bound accepts some load in [lo, hi].
  auto accepts = [&](int b, WideInt lo, WideInt hi) {
    if (lo > hi) return false;
    if (form == kBinLimits) return lo <= static_cast<WideInt>(bound_hi(b));
    if (form == kBinLoads)
      return lo <= static_cast<WideInt>(bound_hi(b)) && hi >= static_cast<WideInt>(bound_lo(b));
    long long first = 0;
    long long last = 0;
    return cond.hull(ctx, clamp_ll(lo), clamp_ll(hi), first, last);
  };
  if (form != kBinCondition) {
    // Every item goes to one of the bins (start_index + j, consecutive).
    const long long lo = bin[0];
    const long long hi = bin[2 * (bins - 1)];
    for (int i = 0; i < n; ++i)
      if (!ctx.keep_values(item(i), lo, hi)) return false;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (int b = 0; b < bins; ++b) {
      const long long value = bin[2 * b];
      WideInt lo = 0;
      WideInt hi = 0;
      bool occupied = false;
      for (int i = 0; i < n; ++i) {
        if (!ctx.has_value(item(i), value)) continue;
        const WideInt s = size(i);
        if (ctx.fixed(item(i))) {
          occupied = true;
          lo += s;
          hi += s;
        } else {
          lo += s < 0 ? s : 0;
          hi += s > 0 ? s : 0;
        }
      }
      // An unlisted value is bound only once an item is in it.
      const bool bound = occupied || bin[2 * b + 1] != 0;
      if (bound && !accepts(b, lo, hi)) return ctx.fail();
      const int r = form == kBinCondition ? cond.variable() : bound_var(b);
      if (bound && r >= 0) {
        const int before = ctx.size(r);
        const bool kept = form == kBinCondition ? cond.filter_rhs(ctx, clamp_ll(lo), clamp_ll(hi))
                          : form == kBinLimits  ? ctx.keep_values(r, clamp_ll(lo), LLONG_MAX)
                                                : ctx.keep_values(r, clamp_ll(lo), clamp_ll(hi));
        if (!kept) return false;
        if (ctx.size(r) != before) changed = true;
      }
      for (int i = 0; i < n; ++i) {
        const int x = item(i);
        if (ctx.fixed(x) || !ctx.has_value(x, value)) continue;
        const WideInt s = size(i);
        // Bin b's load with item i in it.
        const WideInt in_lo = lo - (s < 0 ? s : 0) + s;
        const WideInt in_hi = hi - (s > 0 ? s : 0) + s;
        if (accepts(b, in_lo, in_hi)) continue;
        changed = true;
        if (!ctx.remove_value(x, value)) return false;
      }
    }
  }
  return true;
}

}  // namespace arcwave::batch
