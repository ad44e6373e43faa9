// arcwave/model.hpp — the CSP model: variables with finite integer domains, constraints of any
// arity, an optional objective, and the declaration order used to print solutions.
//
// Variables are stored by index (0..n-1, in declaration order); domains are sorted sets of
// arbitrary 64-bit values. Constraints refer to variables by index. Extension tables are shared
// (an XCSP 2.1 relation, an XCSP3 group) and hold 32-bit cells; kStar marks a `*` of a short table.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "arcwave/expr.hpp"

namespace arcwave {

using Value = std::int64_t;

struct Variable {
  std::string name;           // as printed: "X3", "x[2][0]"
  std::vector<Value> domain;  // sorted, distinct, non-empty
};

/// An XCSP3 array, kept so that solutions print as `x[]` lists.
struct VarArray {
  std::string name;
  std::vector<int> sizes;  // one per dimension
  std::vector<int> cells;  // row-major; variable index, or -1 for a cell without a domain
};

/// One entry of the declaration order: a single variable or a whole array.
struct Declaration {
  bool is_array = false;
  int index = 0;  // into variables() or arrays()
};

/// A table of tuples, tuple-major. Cells are 32-bit values; kStar is the `*` of short tables.
struct Table {
  static constexpr std::int32_t kStar = std::numeric_limits<std::int32_t>::min();
  int arity = 0;
  bool supports = true;  // false: the tuples are conflicts
  bool has_star = false;
  std::vector<std::int32_t> cells;
  [[nodiscard]] std::size_t size() const { return arity > 0 ? cells.size() / arity : 0; }
  [[nodiscard]] std::span<const std::int32_t> tuple(std::size_t t) const {
    return {cells.data() + t * arity, static_cast<std::size_t>(arity)};
  }
};

enum class Relation : std::uint8_t { kLt, kLe, kEq, kNe, kGe, kGt, kIn, kNotIn };

/// The right-hand side of a condition: `op` against a constant, a variable, a range or a set.
struct Condition {
  enum class Kind : std::uint8_t { kConstant, kVariable, kRange, kSet };
  Relation op = Relation::kEq;
  Kind kind = Kind::kConstant;
  Value value = 0;         // the constant, or the variable index
  Value lo = 0, hi = 0;    // range lo..hi (inclusive)
  std::vector<Value> set;  // sorted, distinct
  /// Does `lhs op rhs` hold, rhs read from `assignment` when it is a variable?
  [[nodiscard]] bool holds(Value lhs, std::span<const Value> assignment) const;
};

/// A variable or a constant (element lists may mix them).
struct Operand {
  bool is_variable = true;
  Value value = 0;  // variable index, or the constant
};

struct ExtensionConstraint {
  std::vector<int> scope;
  std::shared_ptr<const Table> table;
};
struct IntensionConstraint {
  std::vector<int> scope;  // distinct variables; slot i of the expression is scope[i]
  std::shared_ptr<const Expr> expr;
};
struct AllDifferentConstraint {
  std::vector<int> scope;
  std::vector<Value> except;  // values that may repeat
};
struct SumConstraint {
  std::vector<int> scope;  // may repeat a variable
  std::vector<Value> coeffs;
  Condition condition;
};
/// list[index - start_index] <op> rhs; without an index variable: some list entry satisfies it.
struct ElementConstraint {
  std::vector<Operand> list;
  int index = -1;  // variable index, -1 when absent (membership form)
  Value start_index = 0;
  Condition condition;
};
struct InstantiationConstraint {
  std::vector<int> scope;
  std::vector<Value> values;
};

using Constraint = std::variant<ExtensionConstraint, IntensionConstraint, AllDifferentConstraint,
                                SumConstraint, ElementConstraint, InstantiationConstraint>;

/// "extension", "intension", "allDifferent", "sum", "element" or "instantiation".
std::string_view constraint_kind(const Constraint& c);
/// The distinct variables a constraint involves, in first-appearance order.
std::vector<int> constraint_scope(const Constraint& c);
/// Does the constraint hold under a full assignment (indexed by variable)?
bool constraint_satisfied(const Constraint& c, std::span<const Value> assignment);

struct Objective {
  enum class Kind : std::uint8_t { kVariable, kSum, kExpression };
  bool minimize = true;
  Kind kind = Kind::kVariable;
  int variable = -1;                 // kVariable
  std::vector<int> scope;            // kSum: the terms; kExpression: slot i is scope[i]
  std::vector<Value> coeffs;         // kSum
  std::shared_ptr<const Expr> expr;  // kExpression
  /// The objective's value under a full assignment; nullopt when the expression is undefined.
  [[nodiscard]] std::optional<Value> evaluate(std::span<const Value> assignment) const;
};

class Model {
 public:
  /// Adds a variable; the domain is sorted and deduplicated. Throws InputError on an empty
  /// domain. `declare` lists it as a single variable in the output order.
  int add_variable(std::string name, std::vector<Value> domain, bool declare = true);
  /// Adds an array (cells start without variables) and declares it; returns its index.
  int add_array(std::string name, std::vector<int> sizes);
  void set_array_cell(int array, std::size_t flat_index, int variable);
  /// Validates (indices in range, arities consistent) and appends. Throws InputError.
  void add_constraint(Constraint c);
  void set_objective(Objective objective);

  [[nodiscard]] const std::vector<Variable>& variables() const noexcept { return variables_; }
  [[nodiscard]] const std::vector<VarArray>& arrays() const noexcept { return arrays_; }
  [[nodiscard]] const std::vector<Declaration>& declarations() const noexcept { return decls_; }
  [[nodiscard]] const std::vector<Constraint>& constraints() const noexcept { return constraints_; }
  [[nodiscard]] const std::optional<Objective>& objective() const noexcept { return objective_; }
  [[nodiscard]] std::size_t variable_count() const noexcept { return variables_.size(); }

  /// Index of the first constraint the full assignment violates (or a variable whose value is
  /// outside its domain: returned as constraint_count() + variable); nullopt if it is a solution.
  [[nodiscard]] std::optional<std::size_t> first_violation(std::span<const Value> assignment) const;
  [[nodiscard]] bool check(std::span<const Value> assignment) const {
    return !first_violation(assignment).has_value();
  }

  /// Position of a value in a variable's domain, or -1.
  [[nodiscard]] int value_index(int variable, Value value) const;

  /// Free-form metadata (source file, format) for `info` and output.
  std::string source_format;

 private:
  std::vector<Variable> variables_;
  std::vector<VarArray> arrays_;
  std::vector<Declaration> decls_;
  std::vector<Constraint> constraints_;
  std::optional<Objective> objective_;
};

}  // namespace arcwave
