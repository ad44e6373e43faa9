// XCSP 2.1 functional text of an expression (instances/csp/writers/expr21.hpp).
#include "instances/csp/writers/expr21.hpp"

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::gen {

namespace {

std::string call(std::string_view op, const std::string& a, const std::string& b) {
  return fmt::format("{}({},{})", op, a, b);
}

// op(op(a0,a1),a2)...
std::string fold(std::string_view op, const std::vector<std::string>& a) {
  std::string s = a[0];
  for (std::size_t i = 1; i < a.size(); ++i) s = call(op, s, a[i]);
  return s;
}

// and(rel(a0,a1),rel(a0,a2),...) nested; "eq(0,0)" (true) when there is nothing to state.
std::string conjunction(const std::vector<std::string>& terms) {
  if (terms.empty()) return "eq(0,0)";
  return fold("and", terms);
}

std::string lower(ExprOp op, const std::vector<std::string>& a) {
  const std::string_view name = expr_op_info(op).name;
  switch (op) {
    case ExprOp::kNeg:
    case ExprOp::kAbs:
    case ExprOp::kNot:
      return fmt::format("{}({})", name, a[0]);
    case ExprOp::kSub:
    case ExprOp::kDiv:
    case ExprOp::kMod:
    case ExprOp::kPow:
    case ExprOp::kLt:
    case ExprOp::kLe:
    case ExprOp::kGe:
    case ExprOp::kGt:
      return call(name, a[0], a[1]);
    case ExprOp::kIf:
      return fmt::format("if({},{},{})", a[0], a[1], a[2]);
    case ExprOp::kAdd:
    case ExprOp::kMul:
    case ExprOp::kMin:
    case ExprOp::kMax:
      return fold(name, a);  // unary min/max is its operand
    case ExprOp::kAnd:
    case ExprOp::kOr:
    case ExprOp::kXor:
      return a.size() == 1 ? call("ne", a[0], "0") : fold(name, a);
    case ExprOp::kDist:
      return fmt::format("abs(sub({},{}))", a[0], a[1]);
    case ExprOp::kSqr:
      return call("mul", a[0], a[0]);
    case ExprOp::kImp:
      return fmt::format("or(not({}),{})", a[0], a[1]);
    case ExprOp::kEq:
    case ExprOp::kIff: {
      std::vector<std::string> terms;
      for (std::size_t i = 1; i < a.size(); ++i) terms.push_back(call(name, a[0], a[i]));
      return conjunction(terms);
    }
    case ExprOp::kNe: {
      std::vector<std::string> terms;
      for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = i + 1; j < a.size(); ++j) terms.push_back(call("ne", a[i], a[j]));
      return conjunction(terms);
    }
    case ExprOp::kIn: {
      if (a.size() == 1) return "eq(0,1)";  // membership of the empty set: false
      std::vector<std::string> terms;
      for (std::size_t i = 1; i < a.size(); ++i) terms.push_back(call("eq", a[0], a[i]));
      return fold("or", terms);
    }
    case ExprOp::kNotIn: {
      std::vector<std::string> terms;
      for (std::size_t i = 1; i < a.size(); ++i) terms.push_back(call("ne", a[0], a[i]));
      return conjunction(terms);
    }
    default:
      throw InternalError(fmt::format("XCSP 2.1 output: unexpected operator {}", name));
  }
}

}  // namespace

LiftedExpr lift_xcsp21(const Expr& expr, std::size_t slots) {
  LiftedExpr out;
  std::vector<std::string> stack;
  for (const ExprInstr& in : expr.code()) {
    switch (in.op) {
      case ExprOp::kConst:
        stack.push_back(fmt::format("X{}", slots + out.constants.size()));
        out.constants.push_back(in.operand);
        break;
      case ExprOp::kSlot:
        stack.push_back(fmt::format("X{}", in.operand));
        break;
      case ExprOp::kParam:
        throw InternalError("XCSP 2.1 output: expression with unbound parameters");
      default: {
        const std::size_t first = stack.size() - in.arity;
        std::vector<std::string> args(std::make_move_iterator(stack.begin() + first),
                                      std::make_move_iterator(stack.end()));
        stack.resize(first);
        stack.push_back(lower(in.op, args));
      }
    }
  }
  out.text = stack.empty() ? std::string() : std::move(stack.back());
  return out;
}

}  // namespace arcwave::gen
