// solver/batch/props/precedence.hpp — value precedence on the device: for each consecutive pair
// (s, t) of the values, an x taking t has an earlier x taking s; covered: every value is taken.
// As the CPU's PrecedencePropagator (propagation/cpu/globals/precedence.hpp): with alpha the
// first position that can take s and beta the next one, t leaves the positions up to alpha, and
// x[alpha] = s when a position fixed to t lies before beta; covered: a value no position can
// take fails, a value one position alone can take is assigned there; the pairs in turn until
// none prunes. The same fixpoint as the CPU's.
//
// Layout: n, the number of values m, covered (0 / 1), the n positions' variables, the m values.
#pragma once

#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

template <class G>
ARCWAVE_HD bool propagate_precedence(PropContext<G>& ctx, const long long* p) {
  const int n = static_cast<int>(p[0]);
  const int m = static_cast<int>(p[1]);
  const bool covered = p[2] != 0;
  const long long* pos = p + 3;
  const long long* values = pos + n;
  auto var = [&](int i) { return static_cast<int>(pos[i]); };
  auto can = [&](int i, int k) { return ctx.has_value(var(i), values[k]); };
  for (bool changed = true; changed;) {
    changed = false;
    for (int k = 1; k < m; ++k) {
      int alpha = 0;
      while (alpha < n && !can(alpha, k - 1)) ++alpha;
      for (int i = 0; i <= alpha && i < n; ++i) {
        if (!can(i, k)) continue;
        changed = true;
        if (!ctx.remove_value(var(i), values[k])) return false;
      }
      if (alpha == n) continue;
      int beta = alpha + 1;
      while (beta < n && !can(beta, k - 1)) ++beta;
      for (int i = alpha + 1; i < beta; ++i) {
        if (!ctx.fixed(var(i)) || !can(i, k)) continue;
        const int x = var(alpha);
        if (!ctx.fixed(x)) {
          changed = true;
          if (!ctx.keep_values(x, values[k - 1], values[k - 1])) return false;
        }
        break;
      }
    }
    if (!covered) continue;
    for (int k = 0; k < m; ++k) {
      int only = -1;
      int count = 0;
      for (int i = 0; i < n && count < 2; ++i)
        if (can(i, k)) {
          only = i;
          ++count;
        }
      if (count == 0) return ctx.fail();
      if (count == 1 && !ctx.fixed(var(only))) {
        changed = true;
        if (!ctx.keep_values(var(only), values[k], values[k])) return false;
      }
    }
  }
  return true;
}

}  // namespace arcwave::batch
