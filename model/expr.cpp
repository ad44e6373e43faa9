// Expression operator table and evaluation (include/arcwave/expr.hpp).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "arcwave/error.hpp"
#include "arcwave/expr.hpp"

namespace arcwave {

namespace {

constexpr std::uint32_t kMany = std::numeric_limits<std::uint32_t>::max();

constexpr std::array<ExprOpInfo, 30> kOps{{
    {ExprOp::kConst, "<const>", 0, 0, false},  {ExprOp::kSlot, "<slot>", 0, 0, false},
    {ExprOp::kParam, "<param>", 0, 0, false},  {ExprOp::kNeg, "neg", 1, 1, false},
    {ExprOp::kAbs, "abs", 1, 1, false},        {ExprOp::kAdd, "add", 2, kMany, false},
    {ExprOp::kSub, "sub", 2, 2, false},        {ExprOp::kMul, "mul", 2, kMany, false},
    {ExprOp::kDiv, "div", 2, 2, false},        {ExprOp::kMod, "mod", 2, 2, false},
    {ExprOp::kSqr, "sqr", 1, 1, false},        {ExprOp::kPow, "pow", 2, 2, false},
    {ExprOp::kMin, "min", 1, kMany, false},    {ExprOp::kMax, "max", 1, kMany, false},
    {ExprOp::kDist, "dist", 2, 2, false},      {ExprOp::kLt, "lt", 2, 2, true},
    {ExprOp::kLe, "le", 2, 2, true},           {ExprOp::kGe, "ge", 2, 2, true},
    {ExprOp::kGt, "gt", 2, 2, true},           {ExprOp::kNe, "ne", 2, kMany, true},
    {ExprOp::kEq, "eq", 2, kMany, true},       {ExprOp::kIn, "in", 1, kMany, true},
    {ExprOp::kNotIn, "notin", 1, kMany, true}, {ExprOp::kNot, "not", 1, 1, true},
    {ExprOp::kAnd, "and", 1, kMany, true},     {ExprOp::kOr, "or", 1, kMany, true},
    {ExprOp::kXor, "xor", 1, kMany, true},     {ExprOp::kIff, "iff", 2, kMany, true},
    {ExprOp::kImp, "imp", 2, 2, true},         {ExprOp::kIf, "if", 3, 3, false},
}};

struct Slot {
  Value v;
  bool defined;
};

bool checked_add(Value a, Value b, Value& out) {
  return !__builtin_add_overflow(a, b, &out);
}
bool checked_mul(Value a, Value b, Value& out) {
  return !__builtin_mul_overflow(a, b, &out);
}

bool checked_pow(Value base, Value exp, Value& out) {
  if (exp < 0) return false;
  Value result = 1;
  while (exp > 0) {
    if ((exp & 1) != 0 && !checked_mul(result, base, result)) return false;
    exp >>= 1;
    if (exp > 0 && !checked_mul(base, base, base)) return false;
  }
  out = result;
  return true;
}

// Applies an operator to operands [first, first + n) of the stack; returns the result slot.
Slot apply(ExprOp op, const Slot* a, std::uint32_t n) {
  if (op == ExprOp::kIf) {
    if (!a[0].defined) return {0, false};
    return a[0].v != 0 ? a[1] : a[2];
  }
  for (std::uint32_t i = 0; i < n; ++i)
    if (!a[i].defined) return {0, false};
  Value r = 0;
  switch (op) {
    case ExprOp::kNeg:
      if (a[0].v == std::numeric_limits<Value>::min()) return {0, false};
      return {-a[0].v, true};
    case ExprOp::kAbs:
      if (a[0].v == std::numeric_limits<Value>::min()) return {0, false};
      return {a[0].v < 0 ? -a[0].v : a[0].v, true};
    case ExprOp::kAdd:
      r = 0;
      for (std::uint32_t i = 0; i < n; ++i)
        if (!checked_add(r, a[i].v, r)) return {0, false};
      return {r, true};
    case ExprOp::kSub:
      if (__builtin_sub_overflow(a[0].v, a[1].v, &r)) return {0, false};
      return {r, true};
    case ExprOp::kMul:
      r = 1;
      for (std::uint32_t i = 0; i < n; ++i)
        if (!checked_mul(r, a[i].v, r)) return {0, false};
      return {r, true};
    case ExprOp::kDiv:
      if (a[1].v == 0 || (a[0].v == std::numeric_limits<Value>::min() && a[1].v == -1))
        return {0, false};
      return {a[0].v / a[1].v, true};
    case ExprOp::kMod:
      if (a[1].v == 0) return {0, false};
      if (a[1].v == -1) return {0, true};
      return {a[0].v % a[1].v, true};
    case ExprOp::kSqr:
      if (!checked_mul(a[0].v, a[0].v, r)) return {0, false};
      return {r, true};
    case ExprOp::kPow:
      if (!checked_pow(a[0].v, a[1].v, r)) return {0, false};
      return {r, true};
    case ExprOp::kMin:
      r = a[0].v;
      for (std::uint32_t i = 1; i < n; ++i) r = std::min(r, a[i].v);
      return {r, true};
    case ExprOp::kMax:
      r = a[0].v;
      for (std::uint32_t i = 1; i < n; ++i) r = std::max(r, a[i].v);
      return {r, true};
    case ExprOp::kDist:
      if (__builtin_sub_overflow(a[0].v, a[1].v, &r) || r == std::numeric_limits<Value>::min())
        return {0, false};
      return {r < 0 ? -r : r, true};
    case ExprOp::kLt:
      return {a[0].v < a[1].v, true};
    case ExprOp::kLe:
      return {a[0].v <= a[1].v, true};
    case ExprOp::kGe:
      return {a[0].v >= a[1].v, true};
    case ExprOp::kGt:
      return {a[0].v > a[1].v, true};
    case ExprOp::kEq:
      for (std::uint32_t i = 1; i < n; ++i)
        if (a[i].v != a[0].v) return {0, true};
      return {1, true};
    case ExprOp::kNe:
      for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t j = i + 1; j < n; ++j)
          if (a[i].v == a[j].v) return {0, true};
      return {1, true};
    case ExprOp::kIn:
    case ExprOp::kNotIn: {
      bool found = false;
      for (std::uint32_t i = 1; i < n && !found; ++i) found = a[i].v == a[0].v;
      return {(op == ExprOp::kIn) == found, true};
    }
    case ExprOp::kNot:
      return {a[0].v == 0, true};
    case ExprOp::kAnd:
      for (std::uint32_t i = 0; i < n; ++i)
        if (a[i].v == 0) return {0, true};
      return {1, true};
    case ExprOp::kOr:
      for (std::uint32_t i = 0; i < n; ++i)
        if (a[i].v != 0) return {1, true};
      return {0, true};
    case ExprOp::kXor: {
      bool odd = false;
      for (std::uint32_t i = 0; i < n; ++i) odd ^= a[i].v != 0;
      return {odd, true};
    }
    case ExprOp::kIff:
      for (std::uint32_t i = 1; i < n; ++i)
        if ((a[i].v != 0) != (a[0].v != 0)) return {0, true};
      return {1, true};
    case ExprOp::kImp:
      return {a[0].v == 0 || a[1].v != 0, true};
    default:
      return {0, false};
  }
}

}  // namespace

const ExprOpInfo* find_expr_op(std::string_view name) {
  for (const ExprOpInfo& info : kOps)
    if (info.name == name && info.name.front() != '<') return &info;
  return nullptr;
}

const ExprOpInfo& expr_op_info(ExprOp op) {
  return kOps[static_cast<std::size_t>(op)];
}

std::optional<Value> Expr::evaluate(std::span<const Value> slots) const {
  // Small programs (the common case) evaluate on a fixed buffer; larger ones on the heap.
  constexpr std::size_t kInline = 64;
  std::array<Slot, kInline> inline_stack;
  std::vector<Slot> heap_stack;
  Slot* stack = inline_stack.data();
  if (code_.size() > kInline) {
    heap_stack.resize(code_.size());
    stack = heap_stack.data();
  }
  std::size_t top = 0;
  for (const ExprInstr& in : code_) {
    switch (in.op) {
      case ExprOp::kConst:
        stack[top++] = {in.operand, true};
        break;
      case ExprOp::kSlot:
        stack[top++] = {slots[static_cast<std::size_t>(in.operand)], true};
        break;
      case ExprOp::kParam:
        throw InternalError("evaluating an expression with unbound parameters");
      default: {
        top -= in.arity;
        stack[top] = apply(in.op, stack + top, in.arity);
        ++top;
      }
    }
  }
  if (top != 1 || !stack[0].defined) return std::nullopt;
  return stack[0].v;
}

std::size_t Expr::slot_count() const {
  std::size_t n = 0;
  for (const ExprInstr& in : code_)
    if (in.op == ExprOp::kSlot) n = std::max(n, static_cast<std::size_t>(in.operand) + 1);
  return n;
}

std::size_t Expr::param_count() const {
  std::size_t n = 0;
  for (const ExprInstr& in : code_)
    if (in.op == ExprOp::kParam) n = std::max(n, static_cast<std::size_t>(in.operand) + 1);
  return n;
}

bool Expr::well_formed() const {
  std::size_t depth = 0;
  for (const ExprInstr& in : code_) {
    const ExprOpInfo& info = expr_op_info(in.op);
    if (in.op == ExprOp::kConst || in.op == ExprOp::kSlot || in.op == ExprOp::kParam) {
      if (in.arity != 0) return false;
      ++depth;
      continue;
    }
    if (in.arity < info.min_arity || in.arity > info.max_arity || in.arity > depth) return false;
    depth -= in.arity - 1;
  }
  return depth == 1;
}

Expr Expr::bind(std::span<const Binding> bindings) const {
  std::vector<ExprInstr> out = code_;
  for (ExprInstr& in : out) {
    if (in.op != ExprOp::kParam) continue;
    const Binding& b = bindings[static_cast<std::size_t>(in.operand)];
    in.op = b.is_constant ? ExprOp::kConst : ExprOp::kSlot;
    in.operand = b.value;
  }
  return Expr(std::move(out));
}

Expr Expr::remap_slots(std::span<const std::uint32_t> map) const {
  std::vector<ExprInstr> out = code_;
  for (ExprInstr& in : out)
    if (in.op == ExprOp::kSlot) in.operand = map[static_cast<std::size_t>(in.operand)];
  return Expr(std::move(out));
}

std::string Expr::to_string(std::span<const std::string> slot_names) const {
  std::vector<std::string> stack;
  for (const ExprInstr& in : code_) {
    switch (in.op) {
      case ExprOp::kConst:
        stack.push_back(std::to_string(in.operand));
        break;
      case ExprOp::kSlot: {
        const auto s = static_cast<std::size_t>(in.operand);
        stack.push_back(s < slot_names.size() ? slot_names[s] : "_" + std::to_string(s));
        break;
      }
      case ExprOp::kParam:
        stack.push_back("%" + std::to_string(in.operand));
        break;
      default: {
        const std::size_t first = stack.size() - in.arity;
        std::string s(expr_op_info(in.op).name);
        s += '(';
        for (std::size_t i = first; i < stack.size(); ++i) {
          if (i > first) s += ',';
          const bool set_start =
              (in.op == ExprOp::kIn || in.op == ExprOp::kNotIn) && i == first + 1;
          if (set_start) s += "set(";
          s += stack[i];
        }
        if ((in.op == ExprOp::kIn || in.op == ExprOp::kNotIn)) s += in.arity == 1 ? ",set()" : ")";
        s += ')';
        stack.resize(first);
        stack.push_back(std::move(s));
      }
    }
  }
  return stack.empty() ? std::string() : stack.back();
}

}  // namespace arcwave
