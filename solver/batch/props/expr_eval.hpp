// solver/batch/props/expr_eval.hpp — intension expressions (arcwave/expr.hpp's postfix programs)
// on the device: exact evaluation (the checker's semantics: undefined on division by zero,
// negative exponents and 64-bit overflow, an undefined root is unsatisfied, `if` takes the
// definedness of the branch it selects) and interval evaluation (an interval holding every
// defined value over a box of slot intervals, predicates three-valued; `empty` only where the
// expression is defined nowhere in the box), as model/expr_interval does on the host. The
// stack lives in the thread's registers / local memory: programs deeper than kExprStack are
// left to the CPU (props/layout.cpp refuses them).
//
// Layout: slots, the slot variables, the program's length, then per instruction (op, arity,
// operand) with op an arcwave::ExprOp.
#pragma once

#include <climits>

#include "solver/batch/props/prop_context.hpp"
#include "solver/batch/props/sum.hpp"

namespace arcwave::batch {

inline constexpr int kExprStack = 48;

// arcwave::ExprOp as numbers.
enum DeviceExprOp : int {
  kXConst = 0,
  kXSlot,
  kXParam,
  kXNeg,
  kXAbs,
  kXAdd,
  kXSub,
  kXMul,
  kXDiv,
  kXMod,
  kXSqr,
  kXPow,
  kXMin,
  kXMax,
  kXDist,
  kXLt,
  kXLe,
  kXGe,
  kXGt,
  kXNe,
  kXEq,
  kXIn,
  kXNotIn,
  kXNot,
  kXAnd,
  kXOr,
  kXXor,
  kXIff,
  kXImp,
  kXIf,
};

struct DeviceExpr {
  int slots = 0;
  const long long* vars = nullptr;
  int length = 0;
  const long long* code = nullptr;  // length x (op, arity, operand)

  /// Reads an expression at p and moves p past it.
  static ARCWAVE_HD DeviceExpr read(const long long*& p) {
    DeviceExpr e;
    e.slots = static_cast<int>(p[0]);
    e.vars = p + 1;
    p += 1 + e.slots;
    e.length = static_cast<int>(p[0]);
    e.code = p + 1;
    p += 1 + 3 * e.length;
    return e;
  }
  [[nodiscard]] ARCWAVE_HD int var(int slot) const { return static_cast<int>(vars[slot]); }
};

struct ExprValue {
  long long v = 0;
  bool defined = true;
};

namespace expr_detail {

inline ARCWAVE_HD bool fits(WideInt w) {
  return w >= static_cast<WideInt>(LLONG_MIN) && w <= static_cast<WideInt>(LLONG_MAX);
}
inline ARCWAVE_HD ExprValue wide(WideInt w) {
  return fits(w) ? ExprValue{static_cast<long long>(w), true} : ExprValue{0, false};
}
inline ARCWAVE_HD ExprValue truth(bool b) {
  return {b ? 1 : 0, true};
}

// Operator `op` on the n operands at a (all defined; `if` aside).
inline ARCWAVE_HD ExprValue apply(int op, const ExprValue* a, int n) {
  switch (op) {
    case kXNeg:
      return wide(-static_cast<WideInt>(a[0].v));
    case kXAbs:
      return wide(a[0].v < 0 ? -static_cast<WideInt>(a[0].v) : static_cast<WideInt>(a[0].v));
    case kXAdd: {
      WideInt s = 0;
      for (int i = 0; i < n; ++i) {
        s += a[i].v;
        if (!fits(s)) return {0, false};
      }
      return {static_cast<long long>(s), true};
    }
    case kXSub:
      return wide(static_cast<WideInt>(a[0].v) - a[1].v);
    case kXMul: {
      WideInt p = 1;
      for (int i = 0; i < n; ++i) {
        p *= a[i].v;
        if (!fits(p)) return {0, false};
      }
      return {static_cast<long long>(p), true};
    }
    case kXDiv:
      if (a[1].v == 0 || (a[0].v == LLONG_MIN && a[1].v == -1)) return {0, false};
      return {a[0].v / a[1].v, true};
    case kXMod:
      if (a[1].v == 0) return {0, false};
      if (a[1].v == -1) return {0, true};
      return {a[0].v % a[1].v, true};
    case kXSqr:
      return wide(static_cast<WideInt>(a[0].v) * a[0].v);
    case kXPow: {
      if (a[1].v < 0) return {0, false};
      WideInt r = 1;
      WideInt base = a[0].v;
      for (long long e = a[1].v; e > 0; e >>= 1) {
        if ((e & 1) != 0) {
          r *= base;
          if (!fits(r)) return {0, false};
        }
        if (e > 1) {
          base *= base;
          if (!fits(base)) return {0, false};
        }
      }
      return {static_cast<long long>(r), true};
    }
    case kXMin:
    case kXMax: {
      long long r = a[0].v;
      for (int i = 1; i < n; ++i)
        r = op == kXMin ? (a[i].v < r ? a[i].v : r) : (a[i].v > r ? a[i].v : r);
      return {r, true};
    }
    case kXDist: {
      const WideInt d = static_cast<WideInt>(a[0].v) - a[1].v;
      return wide(d < 0 ? -d : d);
    }
    case kXLt:
      return truth(a[0].v < a[1].v);
    case kXLe:
      return truth(a[0].v <= a[1].v);
    case kXGe:
      return truth(a[0].v >= a[1].v);
    case kXGt:
      return truth(a[0].v > a[1].v);
    case kXEq:
      for (int i = 1; i < n; ++i)
        if (a[i].v != a[0].v) return truth(false);
      return truth(true);
    case kXNe:
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
          if (a[i].v == a[j].v) return truth(false);
      return truth(true);
    case kXIn:
    case kXNotIn: {
      bool found = false;
      for (int i = 1; i < n && !found; ++i) found = a[i].v == a[0].v;
      return truth((op == kXIn) == found);
    }
    case kXNot:
      return truth(a[0].v == 0);
    case kXAnd:
      for (int i = 0; i < n; ++i)
        if (a[i].v == 0) return truth(false);
      return truth(true);
    case kXOr:
      for (int i = 0; i < n; ++i)
        if (a[i].v != 0) return truth(true);
      return truth(false);
    case kXXor: {
      bool odd = false;
      for (int i = 0; i < n; ++i) odd = odd != (a[i].v != 0);
      return truth(odd);
    }
    case kXIff:
      for (int i = 1; i < n; ++i)
        if ((a[i].v != 0) != (a[0].v != 0)) return truth(false);
      return truth(true);
    case kXImp:
      return truth(a[0].v == 0 || a[1].v != 0);
    default:
      return {0, false};
  }
}

}  // namespace expr_detail

/// The expression's value with slot i worth slot(i) (a callable); undefined as the checker says.
template <class Slot>
ARCWAVE_HD ExprValue evaluate_expr(const DeviceExpr& e, const Slot& slot) {
  ExprValue stack[kExprStack];
  int top = 0;
  for (int k = 0; k < e.length; ++k) {
    const int op = static_cast<int>(e.code[3 * k]);
    const int n = static_cast<int>(e.code[3 * k + 1]);
    const long long operand = e.code[3 * k + 2];
    if (op == kXConst) {
      stack[top++] = {operand, true};
      continue;
    }
    if (op == kXSlot) {
      stack[top++] = {slot(static_cast<int>(operand)), true};
      continue;
    }
    top -= n;
    const ExprValue* a = stack + top;
    ExprValue r;
    if (op == kXIf) {
      r = !a[0].defined ? ExprValue{0, false} : (a[0].v != 0 ? a[1] : a[2]);
    } else {
      bool defined = true;
      for (int i = 0; i < n; ++i) defined = defined && a[i].defined;
      r = defined ? expr_detail::apply(op, a, n) : ExprValue{0, false};
    }
    stack[top++] = r;
  }
  return top == 1 ? stack[0] : ExprValue{0, false};
}

/// Its value once every slot variable is fixed.
template <class G>
ARCWAVE_HD ExprValue evaluate_fixed(const PropContext<G>& ctx, const DeviceExpr& e) {
  return evaluate_expr(e, [&](int i) { return ctx.min(e.var(i)); });
}

}  // namespace arcwave::batch
