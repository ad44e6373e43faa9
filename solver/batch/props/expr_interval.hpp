// solver/batch/props/expr_interval.hpp — interval evaluation of an expression on the device
// (props/expr_eval.hpp's programs): given an interval per slot, an interval that holds every
// defined value the expression takes over that box; predicates and logic three-valued ([1,1]
// true everywhere, [0,0] nowhere, [0,1] otherwise); `empty` only where the expression is defined
// nowhere in the box. Bounds saturate at 64 bits (they only widen). Where an exact hull costs
// more than it is worth on the device (pow, in with an interval operand) the result is a wider
// interval that still holds every value: a box is refuted only when it truly has no solution.
#pragma once

#include <climits>

#include "solver/batch/props/expr_eval.hpp"

namespace arcwave::batch {

struct ExprInterval {
  long long lo = 0;
  long long hi = 0;
  bool empty = false;
  [[nodiscard]] ARCWAVE_HD bool surely_true() const { return !empty && (lo > 0 || hi < 0); }
  [[nodiscard]] ARCWAVE_HD bool surely_false() const { return empty || (lo == 0 && hi == 0); }
};

namespace interval_detail {

inline ARCWAVE_HD ExprInterval span(WideInt a, WideInt b) {
  const WideInt lo = a < b ? a : b;
  const WideInt hi = a < b ? b : a;
  return {clamp_ll(lo), clamp_ll(hi), false};
}
inline ARCWAVE_HD ExprInterval span4(WideInt a, WideInt b, WideInt c, WideInt d) {
  const ExprInterval x = span(a, b);
  const ExprInterval y = span(c, d);
  return {x.lo < y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi, false};
}
inline ARCWAVE_HD ExprInterval truth(bool surely, bool never) {
  return surely ? ExprInterval{1, 1, false}
                : (never ? ExprInterval{0, 0, false} : ExprInterval{0, 1, false});
}
inline ARCWAVE_HD ExprInterval magnitude(const ExprInterval& a) {
  if (a.lo >= 0) return a;
  if (a.hi <= 0) return span(-static_cast<WideInt>(a.hi), -static_cast<WideInt>(a.lo));
  const WideInt m = -static_cast<WideInt>(a.lo) > a.hi ? -static_cast<WideInt>(a.lo) : a.hi;
  return span(0, m);
}
inline ARCWAVE_HD ExprInterval times(const ExprInterval& a, const ExprInterval& b) {
  const WideInt al = a.lo, ah = a.hi;
  return span4(al * b.lo, al * b.hi, ah * b.lo, ah * b.hi);
}
// Truncating division: extremes at the dividend's bounds over the divisor's bounds and the
// divisors nearest zero (-1, 1) inside its interval.
inline ARCWAVE_HD ExprInterval divide(const ExprInterval& a, const ExprInterval& b) {
  const long long cand[4] = {b.lo, b.hi, -1, 1};
  const long long num[2] = {a.lo, a.hi};
  bool any = false;
  WideInt lo = 0;
  WideInt hi = 0;
  for (const long long d : cand) {
    if (d == 0 || d < b.lo || d > b.hi) continue;
    for (const long long n : num) {
      const WideInt q = static_cast<WideInt>(n) / d;
      if (!any || q < lo) lo = q;
      if (!any || q > hi) hi = q;
      any = true;
    }
  }
  if (!any) return {0, 0, true};
  return span(lo, hi);
}
// Remainder with the dividend's sign, below the largest divisor magnitude.
inline ARCWAVE_HD ExprInterval remainder(const ExprInterval& a, const ExprInterval& b) {
  if (b.lo == 0 && b.hi == 0) return {0, 0, true};
  const WideInt m = (-static_cast<WideInt>(b.lo) > b.hi ? -static_cast<WideInt>(b.lo) : b.hi) - 1;
  const WideInt up = a.hi > 0 ? (a.hi < m ? a.hi : m) : 0;
  const WideInt down = a.lo < 0 ? (a.lo > -m ? a.lo : -m) : 0;
  return span(down, up);
}
inline ARCWAVE_HD bool disjoint(const ExprInterval& a, const ExprInterval& b) {
  return a.hi < b.lo || b.hi < a.lo;
}
inline ARCWAVE_HD bool same_point(const ExprInterval& a, const ExprInterval& b) {
  return a.lo == a.hi && b.lo == b.hi && a.lo == b.lo;
}

inline ARCWAVE_HD ExprInterval apply(int op, const ExprInterval* a, int n) {
  switch (op) {
    case kXNeg:
      return span(-static_cast<WideInt>(a[0].hi), -static_cast<WideInt>(a[0].lo));
    case kXAbs:
      return magnitude(a[0]);
    case kXAdd: {
      WideInt lo = 0;
      WideInt hi = 0;
      for (int i = 0; i < n; ++i) {
        lo += a[i].lo;
        hi += a[i].hi;
      }
      return span(lo, hi);
    }
    case kXSub:
      return span(static_cast<WideInt>(a[0].lo) - a[1].hi, static_cast<WideInt>(a[0].hi) - a[1].lo);
    case kXMul: {
      ExprInterval r = a[0];
      for (int i = 1; i < n; ++i) r = times(r, a[i]);
      return r;
    }
    case kXDiv:
      return divide(a[0], a[1]);
    case kXMod:
      return remainder(a[0], a[1]);
    case kXSqr: {
      const ExprInterval m = magnitude(a[0]);
      return times(m, m);
    }
    case kXPow:
      if (a[1].hi < 0) return {0, 0, true};
      if (a[0].lo >= 0 && a[1].lo >= 0) {
        // A base of at least 1 makes pow monotone in both; 0 adds 0 (and 0^0 = 1).
        const ExprValue lo[2] = {{a[0].lo > 0 ? a[0].lo : 1, true}, {a[1].lo, true}};
        const ExprValue hi[2] = {{a[0].hi > 0 ? a[0].hi : 1, true}, {a[1].hi, true}};
        const ExprValue l = expr_detail::apply(kXPow, lo, 2);
        const ExprValue h = expr_detail::apply(kXPow, hi, 2);
        return {a[0].lo == 0 ? 0 : (l.defined ? l.v : LLONG_MAX), h.defined ? h.v : LLONG_MAX,
                false};
      }
      return {LLONG_MIN, LLONG_MAX, false};
    case kXMin:
    case kXMax: {
      ExprInterval r = a[0];
      for (int i = 1; i < n; ++i) {
        if (op == kXMax) {
          r.lo = a[i].lo > r.lo ? a[i].lo : r.lo;
          r.hi = a[i].hi > r.hi ? a[i].hi : r.hi;
        } else {
          r.lo = a[i].lo < r.lo ? a[i].lo : r.lo;
          r.hi = a[i].hi < r.hi ? a[i].hi : r.hi;
        }
      }
      return r;
    }
    case kXDist:
      return magnitude(
          span(static_cast<WideInt>(a[0].lo) - a[1].hi, static_cast<WideInt>(a[0].hi) - a[1].lo));
    case kXLt:
      return truth(a[0].hi < a[1].lo, a[0].lo >= a[1].hi);
    case kXLe:
      return truth(a[0].hi <= a[1].lo, a[0].lo > a[1].hi);
    case kXGt:
      return truth(a[0].lo > a[1].hi, a[0].hi <= a[1].lo);
    case kXGe:
      return truth(a[0].lo >= a[1].hi, a[0].hi < a[1].lo);
    case kXEq: {
      bool all = true;
      bool apart = false;
      for (int i = 1; i < n; ++i) {
        all = all && same_point(a[0], a[i]);
        for (int j = 0; j < i && !apart; ++j) apart = disjoint(a[i], a[j]);
      }
      return truth(all, apart);
    }
    case kXNe: {
      bool apart = true;
      bool equal = false;
      for (int i = 1; i < n; ++i)
        for (int j = 0; j < i; ++j) {
          apart = apart && disjoint(a[i], a[j]);
          equal = equal || same_point(a[i], a[j]);
        }
      return truth(apart, equal);
    }
    case kXIn:
    case kXNotIn: {
      // Operand 0 is the value, the others the set's constants.
      bool meets = false;
      bool holds_point = false;
      for (int i = 1; i < n; ++i) {
        meets = meets || (a[i].lo >= a[0].lo && a[i].lo <= a[0].hi);
        holds_point = holds_point || same_point(a[0], a[i]);
      }
      return op == kXIn ? truth(holds_point, !meets) : truth(!meets, holds_point);
    }
    case kXNot:
      return truth(a[0].surely_false(), a[0].surely_true());
    case kXAnd: {
      bool all = true;
      bool some_false = false;
      for (int i = 0; i < n; ++i) {
        all = all && a[i].surely_true();
        some_false = some_false || a[i].surely_false();
      }
      return truth(all, some_false);
    }
    case kXOr: {
      bool some = false;
      bool all_false = true;
      for (int i = 0; i < n; ++i) {
        some = some || a[i].surely_true();
        all_false = all_false && a[i].surely_false();
      }
      return truth(some, all_false);
    }
    case kXXor:
    case kXIff: {
      bool odd = false;
      bool all_true = true;
      bool all_false = true;
      for (int i = 0; i < n; ++i) {
        if (!a[i].surely_true() && !a[i].surely_false()) return truth(false, false);
        odd = odd != a[i].surely_true();
        all_true = all_true && a[i].surely_true();
        all_false = all_false && a[i].surely_false();
      }
      if (op == kXXor) return truth(odd, !odd);
      return truth(all_true || all_false, !(all_true || all_false));
    }
    case kXImp:
      return truth(a[0].surely_false() || a[1].surely_true(),
                   a[0].surely_true() && a[1].surely_false());
    default:
      return {LLONG_MIN, LLONG_MAX, false};
  }
}

}  // namespace interval_detail

/// The expression's interval with slot i in box(i) (a callable returning an ExprInterval).
template <class Box>
ARCWAVE_HD ExprInterval evaluate_interval(const DeviceExpr& e, const Box& box) {
  ExprInterval stack[kExprStack];
  int top = 0;
  for (int k = 0; k < e.length; ++k) {
    const int op = static_cast<int>(e.code[3 * k]);
    const int n = static_cast<int>(e.code[3 * k + 1]);
    const long long operand = e.code[3 * k + 2];
    if (op == kXConst) {
      stack[top++] = {operand, operand, false};
      continue;
    }
    if (op == kXSlot) {
      stack[top++] = box(static_cast<int>(operand));
      continue;
    }
    top -= n;
    const ExprInterval* a = stack + top;
    ExprInterval r;
    if (op == kXIf) {
      // if(c, x, y) takes the definedness of the branch it selects.
      if (a[0].empty)
        r = {0, 0, true};
      else if (a[0].surely_true())
        r = a[1];
      else if (a[0].surely_false())
        r = a[2];
      else if (a[1].empty)
        r = a[2];
      else if (a[2].empty)
        r = a[1];
      else
        r = {a[1].lo < a[2].lo ? a[1].lo : a[2].lo, a[1].hi > a[2].hi ? a[1].hi : a[2].hi, false};
    } else {
      bool empty = false;
      for (int i = 0; i < n; ++i) empty = empty || a[i].empty;
      r = empty ? ExprInterval{0, 0, true} : interval_detail::apply(op, a, n);
    }
    stack[top++] = r;
  }
  return top == 1 ? stack[0] : ExprInterval{0, 0, true};
}

}  // namespace arcwave::batch
