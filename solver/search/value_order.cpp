// Definitions for solver/search/value_order.hpp.
#include "solver/search/value_order.hpp"

#include <algorithm>
#include <optional>
#include <variant>

namespace arcwave::search {

namespace {

int sign(Value v) {
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

// Records direction d for x; a variable met with both directions keeps 2 (none).
bool direct(std::vector<int>& dir, int x, int d) {
  int& cur = dir[static_cast<std::size_t>(x)];
  if (cur == d || cur == 2 || d == 0) return false;
  cur = cur == 0 ? d : 2;
  return true;
}

// The coefficients of a linear expression's slots (constants, slots, neg, add, sub, mul with a
// constant side), or nothing.
std::optional<std::vector<Value>> linear_coefficients(const Expr& expr, std::size_t slots) {
  struct Form {
    std::vector<Value> coeffs;
    Value constant = 0;
    bool is_constant() const {
      for (Value c : coeffs)
        if (c != 0) return false;
      return true;
    }
  };
  std::vector<Form> stack;
  for (const ExprInstr& in : expr.code()) {
    Form f{std::vector<Value>(slots, 0), 0};
    if (in.op == ExprOp::kConst) {
      f.constant = in.operand;
    } else if (in.op == ExprOp::kSlot) {
      f.coeffs[static_cast<std::size_t>(in.operand)] = 1;
    } else if (in.op == ExprOp::kNeg || in.op == ExprOp::kAdd || in.op == ExprOp::kSub ||
               in.op == ExprOp::kMul) {
      if (stack.size() < in.arity || in.arity == 0) return std::nullopt;
      std::vector<Form> args(stack.end() - in.arity, stack.end());
      stack.resize(stack.size() - in.arity);
      if (in.op == ExprOp::kMul) {
        // at most one side with variables
        Form product{std::vector<Value>(slots, 0), 1};
        bool varied = false;
        for (const Form& a : args) {
          if (!a.is_constant()) {
            if (varied) return std::nullopt;
            varied = true;
            const Value k = product.constant;
            product = a;
            for (Value& c : product.coeffs)
              if (__builtin_mul_overflow(c, k, &c)) return std::nullopt;
            if (__builtin_mul_overflow(product.constant, k, &product.constant)) return std::nullopt;
          } else {
            for (Value& c : product.coeffs)
              if (__builtin_mul_overflow(c, a.constant, &c)) return std::nullopt;
            if (__builtin_mul_overflow(product.constant, a.constant, &product.constant))
              return std::nullopt;
          }
        }
        f = product;
      } else {
        for (std::size_t k = 0; k < args.size(); ++k) {
          const Value s = (in.op == ExprOp::kNeg || (in.op == ExprOp::kSub && k > 0)) ? -1 : 1;
          for (std::size_t i = 0; i < slots; ++i)
            if (__builtin_add_overflow(f.coeffs[i], s * args[k].coeffs[i], &f.coeffs[i]))
              return std::nullopt;
          if (__builtin_add_overflow(f.constant, s * args[k].constant, &f.constant))
            return std::nullopt;
        }
      }
    } else {
      return std::nullopt;
    }
    stack.push_back(std::move(f));
  }
  if (stack.size() != 1) return std::nullopt;
  return stack.front().coeffs;
}

}  // namespace

std::vector<int> improving_direction(const Model& model) {
  const auto n = static_cast<std::size_t>(model.variable_count());
  std::vector<int> dir(n, 0);
  const std::optional<Objective>& obj = model.objective();
  if (!obj) return dir;
  const int sense = obj->minimize ? -1 : 1;
  switch (obj->kind) {
    case Objective::Kind::kVariable:
      direct(dir, obj->variable, sense);
      break;
    case Objective::Kind::kSum:
      for (std::size_t i = 0; i < obj->scope.size(); ++i)
        direct(dir, obj->scope[i], sense * sign(obj->coeffs[i]));
      break;
    case Objective::Kind::kExpression:
      if (const auto coeffs = linear_coefficients(*obj->expr, obj->scope.size()))
        for (std::size_t i = 0; i < coeffs->size(); ++i)
          direct(dir, obj->scope[i], sense * sign((*coeffs)[i]));
      break;
  }
  // Through the sums that define a directed variable: sum(c_i x_i) = y.
  for (bool changed = true; changed;) {
    changed = false;
    for (const Constraint& c : model.constraints()) {
      const auto* sum = std::get_if<SumConstraint>(&c);
      if (sum == nullptr || sum->condition.op != Relation::kEq ||
          sum->condition.kind != Condition::Kind::kVariable)
        continue;
      const int y = static_cast<int>(sum->condition.value);
      const int d = dir[static_cast<std::size_t>(y)];
      if (d != 1 && d != -1) continue;
      for (std::size_t i = 0; i < sum->scope.size(); ++i)
        if (sum->scope[i] != y) changed |= direct(dir, sum->scope[i], d * sign(sum->coeffs[i]));
    }
  }
  for (int& d : dir)
    if (d == 2) d = 0;
  return dir;
}

std::vector<int> preferred_values(const Model& model, const std::vector<int>& direction) {
  std::vector<int> preferred(static_cast<std::size_t>(model.variable_count()), -1);
  for (const Constraint& c : model.constraints()) {
    const auto* in = std::get_if<IntensionConstraint>(&c);
    if (in == nullptr || in->scope.size() != 2) continue;
    // b = eq(x, v): slot b, slot x, constant v, eq, eq (or v before x)
    const std::vector<ExprInstr>& code = in->expr->code();
    if (code.size() != 5 || code[0].op != ExprOp::kSlot || code[3].op != ExprOp::kEq ||
        code[4].op != ExprOp::kEq)
      continue;
    const bool slot_first = code[1].op == ExprOp::kSlot && code[2].op == ExprOp::kConst;
    const bool const_first = code[1].op == ExprOp::kConst && code[2].op == ExprOp::kSlot;
    if (!slot_first && !const_first) continue;
    const ExprInstr& b_slot = code[0];
    const ExprInstr& x_slot = slot_first ? code[1] : code[2];
    const Value v = slot_first ? code[2].operand : code[1].operand;
    if (b_slot.operand == x_slot.operand) continue;
    const int b = in->scope[static_cast<std::size_t>(b_slot.operand)];
    const int x = in->scope[static_cast<std::size_t>(x_slot.operand)];
    const auto ux = static_cast<std::size_t>(x);
    if (direction[static_cast<std::size_t>(b)] <= 0 || preferred[ux] >= 0) continue;
    const Domain& d = model.variables()[ux].domain;
    if (d.large()) continue;
    const std::vector<Value>& values = d.values();
    const auto it = std::lower_bound(values.begin(), values.end(), v);
    if (it != values.end() && *it == v) preferred[ux] = static_cast<int>(it - values.begin());
  }
  return preferred;
}

}  // namespace arcwave::search
