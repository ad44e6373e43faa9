// solver/batch/props/all_equal.hpp — allEqual on the device: every variable keeps the values all
// of them hold (GAC, as the CPU's AllEqualPropagator): the values of the smallest domain that
// every other domain holds stay everywhere, the rest go.
//
// Layout: count, the variables.
#pragma once

#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

template <class G>
ARCWAVE_HD bool propagate_all_equal(PropContext<G>& ctx, const long long* p) {
  const int count = static_cast<int>(p[0]);
  const long long* vars = p + 1;
  int smallest = static_cast<int>(vars[0]);
  for (int i = 1; i < count; ++i) {
    const int x = static_cast<int>(vars[i]);
    if (ctx.size(x) < ctx.size(smallest)) smallest = x;
  }
  // A value of the smallest domain stays when every domain holds it.
  auto common = [&](long long v) {
    for (int i = 0; i < count; ++i)
      if (!ctx.has_value(static_cast<int>(vars[i]), v)) return false;
    return true;
  };
  for (int i = 0; i < count; ++i) {
    const int x = static_cast<int>(vars[i]);
    for (int a = ctx.first(x); a >= 0; a = ctx.next(x, a)) {
      const long long v = ctx.value(x, a);
      if (!ctx.has_value(smallest, v) || !common(v)) {
        if (!ctx.remove(x, a)) return false;
      }
    }
  }
  return true;
}

}  // namespace arcwave::batch
