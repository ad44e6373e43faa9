// solver/batch/props/intension.hpp — intensions too large to tabulate, on the device: with every
// variable fixed the expression is checked exactly; with one variable left, each of its values
// is checked exactly (GAC); otherwise the bounds are shaved by interval evaluation, as the CPU's
// IntervalIntensionPropagator does (a bound goes while the box with that variable at its bound
// is surely false; widths double while they stay refuted), round after round until no bound
// moves. Weaker than the CPU, which also enumerates small domain products (GAC), and sound.
//
// Layout: the expression (props/expr_eval.hpp).
#pragma once

#include "solver/batch/props/expr_eval.hpp"
#include "solver/batch/props/expr_interval.hpp"
#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

/// Shaves the bounds of the expression's slot variables while `refuted(interval)` says the box
/// with the slot at that bound holds no solution, to the fixpoint. False on a wipe-out.
template <class G, class Refuted>
ARCWAVE_HD bool shave_bounds(PropContext<G>& ctx, const DeviceExpr& e, const Refuted& refuted) {
  int slot = -1;  // the slot being shaved, confined to [lo, hi]
  long long lo = 0;
  long long hi = 0;
  auto box = [&](int i) {
    if (i == slot) return ExprInterval{lo, hi, false};
    const int x = e.var(i);
    return ExprInterval{ctx.min(x), ctx.max(x), false};
  };
  for (bool changed = true; changed;) {
    changed = false;
    slot = -1;
    for (int i = 0; i < e.slots; ++i)
      if (ctx.empty(e.var(i))) return false;
    const ExprInterval root = evaluate_interval(e, box);
    if (refuted(root)) return ctx.fail(e.var(0));
    for (int i = 0; i < e.slots; ++i) {
      const int x = e.var(i);
      if (ctx.fixed(x)) continue;
      for (int side = 0; side < 2; ++side) {
        const bool low = side == 0;
        for (;;) {
          const int end = low ? ctx.first(x) : ctx.last(x);
          if (end < 0) return false;
          const long long v = ctx.value(x, end);
          slot = i;
          lo = hi = v;
          if (!refuted(evaluate_interval(e, box))) break;
          // The values from `end` inward over `width` indices are refuted; double the width
          // while that stays so (the box then spans absent values too, which only widens it).
          int width = 1;
          for (;;) {
            const int next = width * 2;
            const int far = low ? end + next - 1 : end - next + 1;
            if (far < 0 || far >= ctx.initial_size(x)) break;
            const long long w = ctx.value(x, far);
            lo = low ? v : w;
            hi = low ? w : v;
            if (!refuted(evaluate_interval(e, box))) break;
            width = next;
          }
          slot = -1;
          changed = true;
          const bool ok = low ? ctx.remove_indices(x, end, end + width - 1)
                              : ctx.remove_indices(x, end - width + 1, end);
          if (!ok) return false;
        }
        slot = -1;
      }
    }
  }
  return true;
}

template <class G>
ARCWAVE_HD bool propagate_intension(PropContext<G>& ctx, const long long* p) {
  const DeviceExpr e = DeviceExpr::read(p);
  for (;;) {
    int free_slot = -1;
    int free = 0;
    for (int i = 0; i < e.slots; ++i) {
      const int x = e.var(i);
      if (ctx.empty(x)) return false;
      if (!ctx.fixed(x)) {
        ++free;
        free_slot = i;
      }
    }
    if (free <= 1) {
      if (free == 0) {
        const ExprValue v = evaluate_fixed(ctx, e);
        return (v.defined && v.v != 0) || ctx.fail(e.var(0));
      }
      // One variable left: each of its values checked exactly.
      const int x = e.var(free_slot);
      int tried = -1;
      auto slot = [&](int i) { return i == free_slot ? ctx.value(x, tried) : ctx.min(e.var(i)); };
      for (int a = ctx.first(x); a >= 0; a = ctx.next(x, a)) {
        tried = a;
        const ExprValue v = evaluate_expr(e, slot);
        if ((!v.defined || v.v == 0) && !ctx.remove(x, a)) return false;
      }
      return true;
    }
    const int before = free;
    if (!shave_bounds(ctx, e, [](const ExprInterval& r) { return r.surely_false(); })) return false;
    int after = 0;
    for (int i = 0; i < e.slots; ++i) after += ctx.fixed(e.var(i)) ? 0 : 1;
    if (after == before || after > 1) return true;
  }
}

}  // namespace arcwave::batch
