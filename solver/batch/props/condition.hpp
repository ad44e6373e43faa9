// solver/batch/props/condition.hpp — a Condition (`lhs <op> rhs`, arcwave/model.hpp) as device
// propagators read it from their parameters, and what they ask of it: does a value of the
// left-hand side satisfy it, which interval of left-hand values can satisfy it under the current
// domains, and the filtering of a right-hand variable by the left-hand side's bounds.
//
// Layout (long long words): op, kind, value, lo, hi, set size, the set's values (sorted).
// op and kind are arcwave::Relation and Condition::Kind as numbers.
#pragma once

#include <climits>

#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

struct DeviceCondition {
  // arcwave::Relation
  static constexpr int kLt = 0, kLe = 1, kEq = 2, kNe = 3, kGe = 4, kGt = 5, kIn = 6, kNotIn = 7;
  // arcwave::Condition::Kind
  static constexpr int kConstant = 0, kVariable = 1, kRange = 2, kSet = 3;
  int op = kEq;
  int kind = kConstant;
  long long value = 0;  // the constant, or the right-hand variable
  long long lo = 0, hi = 0;
  const long long* set = nullptr;
  int set_size = 0;

  /// Reads a condition at p and moves p past it.
  static ARCWAVE_HD DeviceCondition read(const long long*& p) {
    DeviceCondition c;
    c.op = static_cast<int>(p[0]);
    c.kind = static_cast<int>(p[1]);
    c.value = p[2];
    c.lo = p[3];
    c.hi = p[4];
    c.set_size = static_cast<int>(p[5]);
    c.set = p + 6;
    p += 6 + c.set_size;
    return c;
  }

  [[nodiscard]] ARCWAVE_HD int variable() const {
    return kind == kVariable ? static_cast<int>(value) : -1;
  }

  [[nodiscard]] ARCWAVE_HD bool in_set(long long v) const {
    int a = 0;
    int b = set_size;
    while (a < b) {
      const int m = (a + b) / 2;
      if (set[m] < v)
        a = m + 1;
      else
        b = m;
    }
    return a < set_size && set[a] == v;
  }

  /// Does lhs <op> rhs hold for the right-hand constant, range or set, or the value r of the
  /// right-hand variable?
  [[nodiscard]] ARCWAVE_HD bool holds(long long lhs, long long r) const {
    switch (op) {
      case kLt:
        return lhs < r;
      case kLe:
        return lhs <= r;
      case kEq:
        return lhs == r;
      case kNe:
        return lhs != r;
      case kGe:
        return lhs >= r;
      case kGt:
        return lhs > r;
      default: {
        const bool inside = kind == kRange ? (lo <= lhs && lhs <= hi) : in_set(lhs);
        return inside == (op == kIn);
      }
    }
  }
  /// holds() against the constant, range or set (no right-hand variable).
  [[nodiscard]] ARCWAVE_HD bool holds(long long lhs) const { return holds(lhs, value); }

  /// Whether some right-hand value (of D(rhs) when a variable) accepts lhs.
  template <class G>
  [[nodiscard]] ARCWAVE_HD bool accepts(const PropContext<G>& ctx, long long lhs) const {
    const int r = variable();
    if (r < 0) return holds(lhs);
    switch (op) {
      case kEq:
        return ctx.has_value(r, lhs);
      case kNe:
        return !ctx.fixed(r) || ctx.min(r) != lhs;
      case kLt:
        return lhs < ctx.max(r);
      case kLe:
        return lhs <= ctx.max(r);
      case kGt:
        return lhs > ctx.min(r);
      case kGe:
        return lhs >= ctx.min(r);
      default:
        return true;
    }
  }

  /// The interval [lo_out, hi_out] of left-hand values the condition can accept under the
  /// current domains (LLONG_MIN / LLONG_MAX: unbounded); holes (ne, notin, sets) are left to
  /// accepts().
  template <class G>
  ARCWAVE_HD void lhs_bounds(const PropContext<G>& ctx, long long& lo_out,
                             long long& hi_out) const {
    lo_out = LLONG_MIN;
    hi_out = LLONG_MAX;
    const int r = variable();
    const long long rmin = r >= 0 ? ctx.min(r) : value;
    const long long rmax = r >= 0 ? ctx.max(r) : value;
    switch (op) {
      case kLt:
        hi_out = rmax == LLONG_MIN ? LLONG_MIN : rmax - 1;
        if (rmax == LLONG_MIN) lo_out = LLONG_MAX;  // nothing is below the least value
        break;
      case kLe:
        hi_out = rmax;
        break;
      case kEq:
        lo_out = rmin;
        hi_out = rmax;
        break;
      case kGe:
        lo_out = rmin;
        break;
      case kGt:
        lo_out = rmin == LLONG_MAX ? LLONG_MAX : rmin + 1;
        if (rmin == LLONG_MAX) hi_out = LLONG_MIN;
        break;
      case kIn:
        if (kind == kRange) {
          lo_out = lo;
          hi_out = hi;
        } else if (set_size == 0) {
          lo_out = 1;
          hi_out = 0;
        } else {
          lo_out = set[0];
          hi_out = set[set_size - 1];
        }
        break;
      default:
        break;
    }
  }

  /// The hull [first, last] of the left-hand values of lo..hi the condition accepts under the
  /// current domains, as the CPU's count_hull (propagation/cpu/globals/count_condition.hpp)
  /// computes it; false when it accepts none.
  template <class G>
  ARCWAVE_HD bool hull(const PropContext<G>& ctx, long long from, long long to, long long& first,
                       long long& last) const {
    if (from > to) return false;
    const int r = variable();
    if (r >= 0 && op == kEq) {
      int a = ctx.lower(r, from);
      if (a >= ctx.initial_size(r)) return false;
      if (!ctx.has(r, a)) a = ctx.next(r, a);
      if (a < 0 || ctx.value(r, a) > to) return false;
      int b = to == LLONG_MAX ? ctx.initial_size(r) - 1 : ctx.lower(r, to + 1) - 1;
      if (!ctx.has(r, b)) b = ctx.prev(r, b);
      first = ctx.value(r, a);
      last = ctx.value(r, b);
      return first <= last;
    }
    if (r >= 0) {
      switch (op) {
        case kNe:
          if (!ctx.fixed(r)) return make(from, to, first, last);
          return against_constant(kNe, ctx.min(r), from, to, first, last);
        case kLt:
        case kLe:
          return against_constant(op, ctx.max(r), from, to, first, last);
        default:
          return against_constant(op, ctx.min(r), from, to, first, last);
      }
    }
    if (kind == kConstant) return against_constant(op, value, from, to, first, last);
    if (kind == kRange) {
      if (op == kIn) return make(from > lo ? from : lo, to < hi ? to : hi, first, last);
      const long long f = from < lo || from > hi ? from : (hi < to ? hi + 1 : to + 1);
      const long long l = to > hi || to < lo ? to : (lo > from ? lo - 1 : from - 1);
      return make(f, l, first, last);
    }
    if (op == kIn) {  // the set's first and last values within from..to
      int a = 0;
      while (a < set_size && set[a] < from) ++a;
      int b = set_size - 1;
      while (b >= 0 && set[b] > to) --b;
      return a <= b && make(set[a], set[b], first, last);
    }
    // notin a set: the first value from from up and the last from to down outside the set
    long long f = from;
    while (in_set(f)) {
      if (f == to) return false;
      ++f;
    }
    long long l = to;
    while (in_set(l)) --l;
    return make(f, l, first, last);
  }

  /// Removes the values r of the right-hand variable that no left-hand value in [lmin, lmax]
  /// accepts (exact for <, <=, >, >=; eq keeps [lmin, lmax]; ne acts once lmin == lmax). False
  /// on a wipe-out.
  template <class G>
  ARCWAVE_HD bool filter_rhs(PropContext<G>& ctx, long long lmin, long long lmax) const {
    const int r = variable();
    if (r < 0) return true;
    switch (op) {
      case kEq:
        return ctx.keep_values(r, lmin, lmax);
      case kNe:
        return lmin != lmax || ctx.remove_value(r, lmin);
      case kLt:  // lhs < r for some lhs >= lmin: r > lmin
        return lmin == LLONG_MAX ? ctx.fail(r) : ctx.keep_values(r, lmin + 1, LLONG_MAX);
      case kLe:
        return ctx.keep_values(r, lmin, LLONG_MAX);
      case kGt:
        return lmax == LLONG_MIN ? ctx.fail(r) : ctx.keep_values(r, LLONG_MIN, lmax - 1);
      case kGe:
        return ctx.keep_values(r, LLONG_MIN, lmax);
      default:
        return true;
    }
  }

 private:
  static ARCWAVE_HD bool make(long long f, long long l, long long& first, long long& last) {
    first = f;
    last = l;
    return f <= l;
  }
  // lo..hi against the constant k (every operator but in / notin).
  static ARCWAVE_HD bool against_constant(int o, long long k, long long lo, long long hi,
                                          long long& first, long long& last) {
    switch (o) {
      case kEq:
        return lo <= k && k <= hi && make(k, k, first, last);
      case kNe:
        if (lo > hi || (lo == k && hi == k)) return false;
        return make(lo == k ? lo + 1 : lo, hi == k ? hi - 1 : hi, first, last);
      case kLt:
        return k > lo && make(lo, hi < k - 1 ? hi : k - 1, first, last);
      case kLe:
        return make(lo, hi < k ? hi : k, first, last);
      case kGt:
        return k < hi && make(lo > k + 1 ? lo : k + 1, hi, first, last);
      case kGe:
        return make(lo > k ? lo : k, hi, first, last);
      default:
        return false;
    }
  }
};

}  // namespace arcwave::batch
