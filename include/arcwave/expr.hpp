// arcwave/expr.hpp — intension expressions (XCSP 2.1 and XCSP3 functional syntax) as compact
// postfix programs, with their evaluation.
//
// An Expr is a postfix program: leaves push a constant, the value of a scope slot (the
// constraint's i-th variable) or a parameter (XCSP3 %i, XCSP 2.1 formal parameters, before
// binding); operators pop their `arity` operands and push one result. Booleans are 0/1.
//
// Undefined results (division or modulo by zero, negative exponent, 64-bit overflow) propagate
// upwards; `if` takes the definedness of the branch it selects; an undefined root means the
// tuple is not satisfied. Evaluation is iterative, so depth costs no native stack; the parser
// bounds the nesting depth anyway (kMaxExprDepth).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace arcwave {

using Value = std::int64_t;

enum class ExprOp : std::uint8_t {
  // leaves
  kConst,
  kSlot,   // operand = index into the constraint's scope
  kParam,  // operand = parameter number (only before binding)
  // arithmetic
  kNeg,
  kAbs,
  kAdd,
  kSub,
  kMul,
  kDiv,  // truncating division, as in Java / C++ (XCSP3 reference semantics)
  kMod,  // remainder with the sign of the dividend
  kSqr,
  kPow,
  kMin,
  kMax,
  kDist,  // |a - b|
  // relational
  kLt,
  kLe,
  kGe,
  kGt,
  kNe,  // n-ary ne: all operands pairwise distinct (XCSP3); binary in XCSP 2.1
  kEq,  // n-ary eq: all operands equal
  // sets: in(x, set(a, b, ...)) is stored as one kIn of arity 1 + |set|
  kIn,
  kNotIn,
  // logic
  kNot,
  kAnd,
  kOr,
  kXor,
  kIff,
  kImp,
  // control
  kIf,
};

/// Largest nesting depth the expression parser accepts (deeper input is an InputError).
inline constexpr int kMaxExprDepth = 512;

struct ExprInstr {
  ExprOp op;
  std::uint32_t arity;  // number of operands popped (0 for leaves)
  Value operand;        // constant, slot index or parameter number (leaves only)
  friend bool operator==(const ExprInstr&, const ExprInstr&) = default;
};

/// Describes one operator of the functional syntax.
struct ExprOpInfo {
  ExprOp op;
  std::string_view name;
  std::uint32_t min_arity;
  std::uint32_t max_arity;  // UINT32_MAX: unbounded
  bool is_predicate;        // returns a Boolean
};

/// The operator named `name` in the functional syntax ("add", "eq", ...), if any. "set" is
/// not an operator of its own here: the parser folds it into in / notin.
const ExprOpInfo* find_expr_op(std::string_view name);
const ExprOpInfo& expr_op_info(ExprOp op);

class Expr {
 public:
  Expr() = default;
  explicit Expr(std::vector<ExprInstr> code) : code_(std::move(code)) {}

  [[nodiscard]] const std::vector<ExprInstr>& code() const noexcept { return code_; }
  [[nodiscard]] bool empty() const noexcept { return code_.empty(); }

  /// Value over `slots` (values of the scope variables); nullopt when undefined.
  [[nodiscard]] std::optional<Value> evaluate(std::span<const Value> slots) const;
  /// True when the expression is defined and non-zero.
  [[nodiscard]] bool satisfied(std::span<const Value> slots) const {
    const std::optional<Value> v = evaluate(slots);
    return v.has_value() && *v != 0;
  }
  /// Number of scope slots referenced (1 + largest slot index; 0 if none).
  [[nodiscard]] std::size_t slot_count() const;
  /// Number of parameters referenced (1 + largest parameter number; 0 if none).
  [[nodiscard]] std::size_t param_count() const;
  /// Checks the program is well formed: every operator has its operands, one result.
  [[nodiscard]] bool well_formed() const;

  /// A leaf that a parameter is replaced by when binding.
  struct Binding {
    bool is_constant;
    Value value;  // constant, or slot index
  };
  /// Replaces each parameter p by bindings[p] (which must cover every parameter).
  [[nodiscard]] Expr bind(std::span<const Binding> bindings) const;
  /// Replaces slot s by slot map[s] (renumbering a scope).
  [[nodiscard]] Expr remap_slots(std::span<const std::uint32_t> map) const;

  /// Functional syntax; slots are printed with `slot_names` when given, else as %i-like "_i".
  [[nodiscard]] std::string to_string(std::span<const std::string> slot_names = {}) const;

  friend bool operator==(const Expr&, const Expr&) = default;

 private:
  std::vector<ExprInstr> code_;
};

}  // namespace arcwave
