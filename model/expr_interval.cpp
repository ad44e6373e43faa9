// Definitions for model/expr_interval.hpp.
#include "model/expr_interval.hpp"

#include <algorithm>
#include <initializer_list>
#include <limits>

namespace arcwave {

namespace {

__extension__ typedef __int128 Wide;  // bounds before saturation

using Interval = ValueInterval;

Value saturate(Wide v) {
  constexpr Value kMax = std::numeric_limits<Value>::max();
  constexpr Value kMin = std::numeric_limits<Value>::min();
  if (v > kMax) return kMax;
  if (v < kMin) return kMin;
  return static_cast<Value>(v);
}

Interval hull(std::initializer_list<Wide> values) {
  Wide lo = *values.begin();
  Wide hi = lo;
  for (Wide v : values) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  return {saturate(lo), saturate(hi), false};
}

Interval mul(const Interval& a, const Interval& b) {
  const Wide al = a.lo, ah = a.hi, bl = b.lo, bh = b.hi;
  return hull({al * bl, al * bh, ah * bl, ah * bh});
}

// Truncating division: the extremes are at the dividend's bounds and the divisor's bounds or the
// divisors nearest to zero (-1 and 1) when the divisor's interval holds them.
Interval div(const Interval& a, const Interval& b) {
  Value divisors[4];
  int count = 0;
  for (Value d : {b.lo, b.hi, Value{-1}, Value{1}})
    if (d != 0 && d >= b.lo && d <= b.hi) divisors[count++] = d;
  if (count == 0) return {0, 0, true};
  Wide lo = std::numeric_limits<Wide>::max();
  Wide hi = std::numeric_limits<Wide>::min();
  for (Value n : {a.lo, a.hi})
    for (int i = 0; i < count; ++i) {
      const Wide q = static_cast<Wide>(n) / divisors[i];
      lo = std::min(lo, q);
      hi = std::max(hi, q);
    }
  return {saturate(lo), saturate(hi), false};
}

// Remainder with the sign of the dividend, below the largest |divisor| in magnitude.
Interval mod(const Interval& a, const Interval& b) {
  if (b.lo == 0 && b.hi == 0) return {0, 0, true};
  const Wide m = std::max<Wide>(-static_cast<Wide>(b.lo), b.hi) - 1;
  const Wide up = a.hi > 0 ? std::min<Wide>(a.hi, m) : 0;
  const Wide down = a.lo < 0 ? std::max<Wide>(a.lo, -m) : 0;
  return {saturate(down), saturate(up), false};
}

Interval abs(const Interval& a) {
  if (a.lo >= 0) return a;
  if (a.hi <= 0) return hull({-static_cast<Wide>(a.hi), -static_cast<Wide>(a.lo)});
  return hull({0, -static_cast<Wide>(a.lo), a.hi});
}

Wide ipow(Wide base, Value exp) {
  Wide r = 1;
  constexpr Wide kBig = static_cast<Wide>(1) << 100;
  for (Value i = 0; i < exp; ++i) {
    r *= base;
    if (r > kBig || r < -kBig) return r;
  }
  return r;
}

// pow(a, b), b >= 0 (negative exponents are undefined): the extremes are at the base's bounds
// (or 0 and +-1 inside them) with the largest even and odd exponents and the smallest ones.
Interval pow(const Interval& a, const Interval& b) {
  if (b.hi < 0) return {0, 0, true};
  const Value blo = std::max<Value>(b.lo, 0);
  std::vector<Value> exps{blo, b.hi};
  if (b.hi - 1 >= blo) exps.push_back(b.hi - 1);
  if (blo + 1 <= b.hi) exps.push_back(blo + 1);
  std::vector<Value> bases{a.lo, a.hi};
  for (Value v : {Value{-1}, Value{0}, Value{1}})
    if (v >= a.lo && v <= a.hi) bases.push_back(v);
  Wide lo = std::numeric_limits<Wide>::max();
  Wide hi = std::numeric_limits<Wide>::min();
  for (Value base : bases)
    for (Value e : exps) {
      // Exponents past 128 only matter for |base| <= 1, whose powers cycle with period 2.
      const Value small = e > 128 ? 128 + (e % 2) : e;
      const Wide p = ipow(base, small);
      lo = std::min(lo, p);
      hi = std::max(hi, p);
    }
  return {saturate(lo), saturate(hi), false};
}

constexpr Interval kTrue{1, 1, false};
constexpr Interval kFalse{0, 0, false};
constexpr Interval kUnknown{0, 1, false};

Interval truth(bool definitely_true, bool definitely_false) {
  return definitely_true ? kTrue : (definitely_false ? kFalse : kUnknown);
}

// a <op> b for the order relations.
Interval compare(ExprOp op, const Interval& a, const Interval& b) {
  switch (op) {
    case ExprOp::kLt:
      return truth(a.hi < b.lo, a.lo >= b.hi);
    case ExprOp::kLe:
      return truth(a.hi <= b.lo, a.lo > b.hi);
    case ExprOp::kGt:
      return truth(a.lo > b.hi, a.hi <= b.lo);
    case ExprOp::kGe:
      return truth(a.lo >= b.hi, a.hi < b.lo);
    default:
      return kUnknown;
  }
}

bool singleton(const Interval& a) {
  return a.lo == a.hi;
}
bool disjoint(const Interval& a, const Interval& b) {
  return a.hi < b.lo || b.hi < a.lo;
}

Interval predicate(const ExprInstr& in, const Interval* a) {
  const std::size_t n = in.arity;
  switch (in.op) {
    case ExprOp::kLt:
    case ExprOp::kLe:
    case ExprOp::kGt:
    case ExprOp::kGe:
      return compare(in.op, a[0], a[1]);
    case ExprOp::kEq: {
      bool all_same = true;
      bool some_disjoint = false;
      for (std::size_t i = 1; i < n; ++i) {
        all_same = all_same && singleton(a[0]) && singleton(a[i]) && a[0].lo == a[i].lo;
        for (std::size_t j = 0; j < i && !some_disjoint; ++j) some_disjoint = disjoint(a[i], a[j]);
      }
      return truth(all_same, some_disjoint);
    }
    case ExprOp::kNe: {
      bool all_apart = true;
      bool some_equal = false;
      for (std::size_t i = 1; i < n; ++i)
        for (std::size_t j = 0; j < i; ++j) {
          all_apart = all_apart && disjoint(a[i], a[j]);
          some_equal = some_equal || (singleton(a[i]) && singleton(a[j]) && a[i].lo == a[j].lo);
        }
      return truth(all_apart, some_equal);
    }
    case ExprOp::kIn:
    case ExprOp::kNotIn: {
      // Operand 0 is the value, the others the set's constants.
      std::size_t inside = 0;
      for (std::size_t i = 1; i < n; ++i) inside += a[i].lo >= a[0].lo && a[i].lo <= a[0].hi;
      const Wide width = static_cast<Wide>(a[0].hi) - a[0].lo + 1;
      bool all_in = false;
      if (static_cast<Wide>(inside) >= width) {
        // Every value of the interval is listed (the set may repeat: count distinct ones).
        std::vector<Value> listed;
        for (std::size_t i = 1; i < n; ++i)
          if (a[i].lo >= a[0].lo && a[i].lo <= a[0].hi) listed.push_back(a[i].lo);
        std::sort(listed.begin(), listed.end());
        listed.erase(std::unique(listed.begin(), listed.end()), listed.end());
        all_in = static_cast<Wide>(listed.size()) == width;
      }
      const Interval r = truth(all_in, inside == 0);
      return in.op == ExprOp::kIn ? r : truth(r.definitely_false(), r.definitely_true());
    }
    case ExprOp::kNot:
      return truth(a[0].definitely_false(), a[0].definitely_true());
    case ExprOp::kAnd: {
      bool all = true;
      bool any_false = false;
      for (std::size_t i = 0; i < n; ++i) {
        all = all && a[i].definitely_true();
        any_false = any_false || a[i].definitely_false();
      }
      return truth(all, any_false);
    }
    case ExprOp::kOr: {
      bool any = false;
      bool all_false = true;
      for (std::size_t i = 0; i < n; ++i) {
        any = any || a[i].definitely_true();
        all_false = all_false && a[i].definitely_false();
      }
      return truth(any, all_false);
    }
    case ExprOp::kXor: {
      bool parity = false;
      for (std::size_t i = 0; i < n; ++i) {
        if (!a[i].definitely_true() && !a[i].definitely_false()) return kUnknown;
        parity = parity != a[i].definitely_true();
      }
      return truth(parity, !parity);
    }
    case ExprOp::kIff: {
      for (std::size_t i = 0; i < n; ++i)
        if (!a[i].definitely_true() && !a[i].definitely_false()) return kUnknown;
      bool same = true;
      for (std::size_t i = 1; i < n; ++i)
        same = same && a[i].definitely_true() == a[0].definitely_true();
      return truth(same, !same);
    }
    case ExprOp::kImp:
      return truth(a[0].definitely_false() || a[1].definitely_true(),
                   a[0].definitely_true() && a[1].definitely_false());
    default:
      return kUnknown;
  }
}

}  // namespace

ValueInterval evaluate_interval(const Expr& e, std::span<const ValueInterval> slots,
                                std::vector<ValueInterval>& stack) {
  stack.clear();
  for (const ExprInstr& in : e.code()) {
    const std::size_t n = in.arity;
    if (n == 0) {
      if (in.op == ExprOp::kConst) stack.push_back({in.operand, in.operand, false});
      if (in.op == ExprOp::kSlot) stack.push_back(slots[static_cast<std::size_t>(in.operand)]);
      if (in.op == ExprOp::kParam)
        stack.push_back(
            {std::numeric_limits<Value>::min(), std::numeric_limits<Value>::max(), false});
      continue;
    }
    const Interval* a = stack.data() + (stack.size() - n);
    Interval r;
    bool any_empty = false;
    for (std::size_t i = 0; i < n; ++i) any_empty = any_empty || a[i].empty;
    if (in.op == ExprOp::kIf) {
      // if(c, x, y) takes the definedness of the branch it selects.
      if (a[0].empty)
        r = {0, 0, true};
      else if (a[0].definitely_true())
        r = a[1];
      else if (a[0].definitely_false())
        r = a[2];
      else if (a[1].empty && a[2].empty)
        r = {0, 0, true};
      else if (a[1].empty)
        r = a[2];
      else if (a[2].empty)
        r = a[1];
      else
        r = {std::min(a[1].lo, a[2].lo), std::max(a[1].hi, a[2].hi), false};
    } else if (any_empty) {
      r = {0, 0, true};
    } else if (expr_op_info(in.op).is_predicate) {
      r = predicate(in, a);
    } else {
      switch (in.op) {
        case ExprOp::kNeg:
          r = hull({-static_cast<Wide>(a[0].hi), -static_cast<Wide>(a[0].lo)});
          break;
        case ExprOp::kAbs:
          r = abs(a[0]);
          break;
        case ExprOp::kAdd: {
          Wide lo = 0, hi = 0;
          for (std::size_t i = 0; i < n; ++i) {
            lo += a[i].lo;
            hi += a[i].hi;
          }
          r = hull({lo, hi});
          break;
        }
        case ExprOp::kSub:
          r = hull({static_cast<Wide>(a[0].lo) - a[1].hi, static_cast<Wide>(a[0].hi) - a[1].lo});
          break;
        case ExprOp::kMul:
          r = a[0];
          for (std::size_t i = 1; i < n; ++i) r = mul(r, a[i]);
          break;
        case ExprOp::kDiv:
          r = div(a[0], a[1]);
          break;
        case ExprOp::kMod:
          r = mod(a[0], a[1]);
          break;
        case ExprOp::kSqr: {
          const Interval m = abs(a[0]);
          r = mul(m, m);
          break;
        }
        case ExprOp::kPow:
          r = pow(a[0], a[1]);
          break;
        case ExprOp::kMin:
        case ExprOp::kMax: {
          r = a[0];
          for (std::size_t i = 1; i < n; ++i) {
            const bool mx = in.op == ExprOp::kMax;
            r.lo = mx ? std::max(r.lo, a[i].lo) : std::min(r.lo, a[i].lo);
            r.hi = mx ? std::max(r.hi, a[i].hi) : std::min(r.hi, a[i].hi);
          }
          break;
        }
        case ExprOp::kDist:
          r = abs(
              hull({static_cast<Wide>(a[0].lo) - a[1].hi, static_cast<Wide>(a[0].hi) - a[1].lo}));
          break;
        default:
          r = kUnknown;
          break;
      }
    }
    stack.resize(stack.size() - n);
    stack.push_back(r);
  }
  return stack.back();
}

}  // namespace arcwave
