// solver/batch/props/no_overlap.hpp — noOverlap on the device, one propagator per pair of boxes
// (k dimensions, 1 for the 1-D form): the pair is apart when, in some dimension d, one box ends
// before the other starts (o_i[d] + l_i[d] <= o_j[d] or the converse). Each of the 2k ways is
// possible while the bounds allow it; none possible fails, one left is enforced on bounds (the
// later origin at least the earlier's least end, the earlier origin and a variable length at
// most what the later's largest origin leaves). With zero_ignored, a box that may still have a
// zero length in some dimension overlaps nothing, and the pair is left alone. Exact on full
// assignments; weaker than the CPU's (which reasons over all boxes at once: edge finding in one
// dimension, energy in several) and sound.
//
// Layout: dimensions k, zero_ignored, then box i and box j, each as k (origin, length
// is_variable, length value) triples.
#pragma once

#include <climits>

#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

// A box's dimension d: origin variable and length operand.
struct DeviceSide {
  int origin;
  bool variable;
  long long length;
};

template <class G>
ARCWAVE_HD long long side_min_length(const PropContext<G>& ctx, const DeviceSide& s) {
  return s.variable ? ctx.min(static_cast<int>(s.length)) : s.length;
}

// Whether some length of the box may be zero.
template <class G>
ARCWAVE_HD bool may_vanish(const PropContext<G>& ctx, const long long* box, int k) {
  for (int d = 0; d < k; ++d) {
    const long long* t = box + 3 * d;
    if (t[1] != 0 ? ctx.has_value(static_cast<int>(t[2]), 0) : t[2] == 0) return true;
  }
  return false;
}

// a before b: o_a + l_a <= o_b, on bounds.
template <class G>
ARCWAVE_HD bool enforce_before(PropContext<G>& ctx, const DeviceSide& a, const DeviceSide& b) {
  const long long end = ctx.min(a.origin) + side_min_length(ctx, a);
  if (!ctx.keep_values(b.origin, end, LLONG_MAX)) return false;
  const long long latest = ctx.max(b.origin);
  if (!ctx.keep_values(a.origin, LLONG_MIN, latest - side_min_length(ctx, a))) return false;
  if (a.variable &&
      !ctx.keep_values(static_cast<int>(a.length), LLONG_MIN, latest - ctx.min(a.origin)))
    return false;
  return true;
}

template <class G>
ARCWAVE_HD bool propagate_no_overlap(PropContext<G>& ctx, const long long* p) {
  const int k = static_cast<int>(p[0]);
  const bool zero_ignored = p[1] != 0;
  const long long* box_i = p + 2;
  const long long* box_j = box_i + 3 * k;
  if (zero_ignored && (may_vanish(ctx, box_i, k) || may_vanish(ctx, box_j, k))) return true;
  auto side = [](const long long* box, int d) {
    const long long* t = box + 3 * d;
    return DeviceSide{static_cast<int>(t[0]), t[1] != 0, t[2]};
  };
  // The ways still possible: 2d (i before j in d), 2d + 1 (j before i).
  int possible = 0;
  int way = -1;
  for (int d = 0; d < k && possible < 2; ++d) {
    const DeviceSide a = side(box_i, d);
    const DeviceSide b = side(box_j, d);
    if (ctx.min(a.origin) + side_min_length(ctx, a) <= ctx.max(b.origin)) {
      ++possible;
      way = 2 * d;
    }
    if (ctx.min(b.origin) + side_min_length(ctx, b) <= ctx.max(a.origin)) {
      ++possible;
      way = 2 * d + 1;
    }
  }
  if (possible == 0) return ctx.fail(side(box_i, 0).origin);
  if (possible > 1) return true;
  const int d = way / 2;
  return way % 2 == 0 ? enforce_before(ctx, side(box_i, d), side(box_j, d))
                      : enforce_before(ctx, side(box_j, d), side(box_i, d));
}

}  // namespace arcwave::batch
