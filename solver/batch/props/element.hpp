// solver/batch/props/element.hpp — element on the device: list[index - start] <op> rhs, the list
// mixing variables and constants, rhs a constant, range, set or variable; without an index, some
// entry satisfies the condition. As the CPU's ElementPropagator (propagation/cpu/element.hpp),
// without its residues: GAC on the index and the right-hand side; a list variable is filtered
// once the index leaves it as the only candidate. The same fixpoint as the CPU's.
//
// Layout: list size, start index, the index variable (-1: none), the condition, then per entry
// (1 for a variable, 0 for a constant, the variable or the constant).
#pragma once

#include <climits>

#include "solver/batch/props/condition.hpp"
#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

template <class G>
ARCWAVE_HD bool propagate_element(PropContext<G>& ctx, const long long* p) {
  const int n = static_cast<int>(p[0]);
  const long long start = p[1];
  const int index = static_cast<int>(p[2]);
  const long long* q = p + 3;
  const DeviceCondition cond = DeviceCondition::read(q);
  const long long* list = q;  // n (is_variable, value) pairs
  const int r = cond.variable();
  auto is_var = [&](int k) { return list[2 * k] != 0; };
  auto operand = [&](int k) { return list[2 * k + 1]; };
  // Some value of entry k is accepted by the right-hand side.
  auto possible = [&](int k) {
    if (!is_var(k)) return cond.accepts(ctx, operand(k));
    const int x = static_cast<int>(operand(k));
    if (ctx.empty(x)) return false;
    if (r >= 0) {
      switch (cond.op) {
        case DeviceCondition::kLt:
        case DeviceCondition::kLe:
          return cond.accepts(ctx, ctx.min(x));
        case DeviceCondition::kGt:
        case DeviceCondition::kGe:
          return cond.accepts(ctx, ctx.max(x));
        case DeviceCondition::kNe:
          return !ctx.fixed(x) || cond.accepts(ctx, ctx.min(x));
        default:
          break;
      }
    }
    for (int a = ctx.first(x); a >= 0; a = ctx.next(x, a))
      if (cond.accepts(ctx, ctx.value(x, a))) return true;
    return false;
  };
  // Whether the index allows position k (without an index: every position).
  auto allowed = [&](int k) {
    return index < 0 || ctx.has_value(index, start + static_cast<long long>(k));
  };
  for (bool changed = true; changed;) {
    changed = false;
    int entries = 0;
    int lone = -1;
    if (index >= 0) {
      for (int a = ctx.first(index); a >= 0; a = ctx.next(index, a)) {
        const long long pos = ctx.value(index, a) - start;
        if (pos >= 0 && pos < n && possible(static_cast<int>(pos))) {
          ++entries;
          lone = static_cast<int>(pos);
          continue;
        }
        changed = true;
        if (!ctx.remove(index, a)) return false;
      }
    } else {
      for (int k = 0; k < n; ++k)
        if (possible(k)) {
          ++entries;
          lone = k;
        }
      if (entries == 0) return ctx.fail();
    }
    if (entries == 1) {
      if (!is_var(lone)) {
        if (!cond.accepts(ctx, operand(lone))) return ctx.fail();
      } else {
        const int x = static_cast<int>(operand(lone));
        for (int a = ctx.first(x); a >= 0; a = ctx.next(x, a)) {
          if (cond.accepts(ctx, ctx.value(x, a))) continue;
          changed = true;
          if (!ctx.remove(x, a)) return false;
        }
      }
    }
    if (r < 0) continue;
    // The possible entries the index allows (recomputed: the loop above may have cut them).
    auto live = [&](int k) { return allowed(k) && possible(k); };
    if (cond.op == DeviceCondition::kEq) {
      for (int b = ctx.first(r); b >= 0; b = ctx.next(r, b)) {
        const long long v = ctx.value(r, b);
        bool held = false;
        for (int k = 0; k < n && !held; ++k)
          held = live(k) &&
                 (is_var(k) ? ctx.has_value(static_cast<int>(operand(k)), v) : operand(k) == v);
        if (held) continue;
        changed = true;
        if (!ctx.remove(r, b)) return false;
      }
      continue;
    }
    long long lo = LLONG_MAX;
    long long hi = LLONG_MIN;
    for (int k = 0; k < n; ++k) {
      if (!live(k)) continue;
      const long long kl = is_var(k) ? ctx.min(static_cast<int>(operand(k))) : operand(k);
      const long long kh = is_var(k) ? ctx.max(static_cast<int>(operand(k))) : operand(k);
      lo = kl < lo ? kl : lo;
      hi = kh > hi ? kh : hi;
    }
    if (lo > hi) return ctx.fail(r);
    const int before = ctx.size(r);
    if (!cond.filter_rhs(ctx, lo, hi)) return false;
    if (ctx.size(r) != before) changed = true;
  }
  return true;
}

}  // namespace arcwave::batch
