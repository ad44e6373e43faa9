// solver/batch/props/all_different.hpp — allDifferent on the device: value elimination (the
// value of a fixed variable leaves every other domain, unless it is an `except` value), to the
// fixpoint, and a failure when two fixed variables share a value. Weaker than the CPU's GAC by
// matching (propagation/cpu/all_different.hpp) and sound: it removes only values that a fixed
// variable takes; with every variable fixed it accepts exactly the assignments the checker does.
//
// Layout: count, the variables, the number of `except` values, the values (sorted).
#pragma once

#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

template <class G>
ARCWAVE_HD bool propagate_all_different(PropContext<G>& ctx, const long long* p) {
  const int count = static_cast<int>(p[0]);
  const long long* vars = p + 1;
  const int excepts = static_cast<int>(p[1 + count]);
  const long long* except = p + 2 + count;
  auto exempt = [&](long long v) {
    for (int k = 0; k < excepts; ++k)
      if (except[k] == v) return true;
    return false;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < count; ++i) {
      const int x = static_cast<int>(vars[i]);
      if (!ctx.fixed(x)) continue;
      const int a = ctx.first(x);
      if (a < 0) return false;
      const long long v = ctx.value(x, a);
      if (exempt(v)) continue;
      for (int j = 0; j < count; ++j) {
        if (j == i) continue;
        const int y = static_cast<int>(vars[j]);
        const int b = ctx.index_of(y, v);
        if (b < 0 || !ctx.has(y, b)) continue;
        if (!ctx.remove(y, b)) return false;
        changed = true;
      }
    }
  }
  return true;
}

}  // namespace arcwave::batch
