// solver/batch/props/ordered.hpp — ordered on the device: x[i] + len[i] <op> x[i+1] along the list
// (op lt, le, ge or gt), lengths constants or variables. As the CPU's OrderedPropagator
// (propagation/cpu/globals/ordered.hpp): each link is a + s*len + gap <= b (ge / gt swap the ends
// and negate the length, lt / gt add a gap of 1), filtered on bounds (the linear sum's bounds
// consistency, props/sum.hpp), sweeps repeated until nothing moves. The same fixpoint as the
// CPU's (GAC with constant lengths).
//
// Layout: count, sign s (+1 for le / lt, -1 for ge / gt), gap, whether a link runs backwards
// (1 for ge / gt: a = x[i+1], b = x[i]), the count variables, then count - 1 lengths
// (is_variable, value).
#pragma once

#include "solver/batch/props/prop_context.hpp"
#include "solver/batch/props/sum.hpp"

namespace arcwave::batch {

template <class G>
ARCWAVE_HD bool propagate_ordered(PropContext<G>& ctx, const long long* p) {
  const int count = static_cast<int>(p[0]);
  const long long sign = p[1];
  const long long gap = p[2];
  const bool backwards = p[3] != 0;
  const long long* vars = p + 4;
  const long long* lengths = vars + count;
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i + 1 < count; ++i) {
      const long long a = backwards ? vars[i + 1] : vars[i];
      const long long b = backwards ? vars[i] : vars[i + 1];
      // a - b + s*len <= -gap: the length is a term when it is a variable, else a constant.
      long long terms[6] = {a, 1, b, -1, 0, 0};
      int n = 2;
      WideInt hi = -static_cast<WideInt>(gap);
      if (lengths[2 * i] != 0) {
        terms[4] = lengths[2 * i + 1];
        terms[5] = sign;
        n = 3;
      } else {
        hi -= static_cast<WideInt>(sign) * lengths[2 * i + 1];
      }
      int before = 0;
      for (int k = 0; k < n; ++k) before += ctx.size(static_cast<int>(terms[2 * k]));
      if (!sum_bounds(ctx, terms, n, false, 0, true, hi)) return false;
      int after = 0;
      for (int k = 0; k < n; ++k) after += ctx.size(static_cast<int>(terms[2 * k]));
      if (after != before) changed = true;
    }
  }
  return true;
}

}  // namespace arcwave::batch
