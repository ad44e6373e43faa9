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
#include <utility>
#include <variant>
#include <vector>

#include "arcwave/domain.hpp"
#include "arcwave/expr.hpp"

namespace arcwave {

struct Variable {
  std::string name;  // as printed: "X3", "x[2][0]"
  Domain domain;     // sorted, distinct, non-empty (large: an interval)
  /// A symbolic variable (XCSP3 type="symbolic"): its values are symbol numbers, printed back
  /// as Model::symbols()[value].
  bool symbolic = false;
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

// ---- XCSP3-core global constraints ----------------------------------------------------------
// Each is stated with the semantics of the XCSP3 specification; constraint_satisfied() is the
// reference every propagator is tested against. Lists that XCSP3 allows to hold expressions
// refer to auxiliary variables (declared, but not printed) that the reader introduces.

/// A finite automaton over values. regular: any (possibly non-deterministic) automaton;
/// mdd: a layered DAG whose root is `start` and whose terminal is the only final state.
struct Automaton {
  struct Transition {
    int from = 0;
    Value value = 0;
    int to = 0;
    friend bool operator==(const Transition&, const Transition&) = default;
  };
  int states = 0;  // states are 0..states-1
  int start = 0;
  std::vector<int> finals;  // sorted, distinct
  std::vector<Transition> transitions;
  /// Does the automaton accept the word (some path from start to a final state)?
  [[nodiscard]] bool accepts(std::span<const Value> word) const;
};
/// regular / mdd: the values of `scope`, in order, form a word the automaton accepts.
struct RegularConstraint {
  std::vector<int> scope;
  std::shared_ptr<const Automaton> automaton;
  bool mdd = false;  // read from <mdd> (for names and messages only)
};
/// stretch: every value of the list is one of `values`; each maximal run (stretch) of value
/// values[i] has a length in [min_width[i], max_width[i]]; with patterns, two successive
/// stretches of values (v, w) must form one of the pairs.
struct StretchConstraint {
  std::vector<int> scope;
  std::vector<Value> values;
  std::vector<Value> min_width;
  std::vector<Value> max_width;
  std::vector<std::pair<Value, Value>> patterns;  // empty: any succession
};
/// allEqual: every variable takes the same value.
struct AllEqualConstraint {
  std::vector<int> scope;
};
/// allDifferent over several lists of equal length: the lists, read as tuples, are pairwise
/// distinct (a list equal to one of `except` tuples is exempt).
struct AllDifferentListsConstraint {
  std::vector<std::vector<int>> lists;
  std::vector<std::vector<Value>> except;
};
/// ordered: x[i] + lengths[i] <op> x[i+1] for each i (lengths empty: 0); op is kLt, kLe, kGe
/// or kGt.
struct OrderedConstraint {
  std::vector<int> scope;
  std::vector<Operand> lengths;  // empty, or scope.size() - 1 entries
  Relation op = Relation::kLe;
};
/// lex: each list is lexicographically <op> the next (op kLt, kLe, kGe or kGt). Lists have the
/// same length; entries are variables or constants.
struct LexConstraint {
  std::vector<std::vector<Operand>> lists;
  Relation op = Relation::kLe;
};
/// precedence: for each i > 0, if some x takes values[i], then an earlier x takes values[i-1];
/// covered: every value of `values` is taken.
struct PrecedenceConstraint {
  std::vector<int> scope;
  std::vector<Value> values;
  bool covered = false;
};
/// count: |{ i : scope[i] is one of values }| satisfies the condition (values may be variables).
struct CountConstraint {
  std::vector<int> scope;
  std::vector<Operand> values;
  Condition condition;
};
/// nValues: the number of distinct values taken (those in `except` not counted) satisfies the
/// condition.
struct NValuesConstraint {
  std::vector<int> scope;
  std::vector<Value> except;  // sorted, distinct
  Condition condition;
};
/// cardinality: the number of occurrences of values[j] in the list satisfies occurs[j]
/// (a kEq constant or variable, or a kIn range); closed: every variable takes one of values.
struct CardinalityConstraint {
  std::vector<int> scope;
  std::vector<Operand> values;
  std::vector<Condition> occurs;
  bool closed = false;
};
/// minimum / maximum: the smallest (largest) value of the list satisfies the condition.
struct ExtremumConstraint {
  bool maximum = false;
  std::vector<int> scope;
  Condition condition;
};
/// minimumArg / maximumArg (and the <index> of minimum / maximum): the position (start_index
/// based) of an extremum of the list satisfies the condition: any position holding it, or the
/// first, or the last.
struct ExtremumArgConstraint {
  enum class Rank : std::uint8_t { kAny, kFirst, kLast };
  bool maximum = false;
  std::vector<int> scope;
  Value start_index = 0;
  Rank rank = Rank::kAny;
  Condition condition;
};
/// element on a matrix: matrix[row - start_row][col - start_col] <op> rhs.
struct ElementMatrixConstraint {
  std::vector<std::vector<Operand>> matrix;  // rows of equal length
  Operand row;
  Operand col;
  Value start_row = 0;
  Value start_col = 0;
  Condition condition;
};
/// channel. One list: x[i] = j => x[j] = i. Two lists: x[i] = j <=> y[j] = i (with |x| <= |y|;
/// when |x| < |y| only x[i] = j => y[j] = i). With a value variable v (list of 0/1 variables):
/// x[i] = 1 <=> v = i, and some x[i] = 1. Indices count from the lists' start indices.
struct ChannelConstraint {
  std::vector<int> list;
  Value start = 0;
  std::vector<int> other;  // the second list, or empty
  Value other_start = 0;
  int value = -1;  // the value variable, or -1
};
/// noOverlap in k dimensions (k = origins[i].size(), 1 for the 1-D form): for every two boxes
/// i < j, some dimension d has origins[i][d] + lengths[i][d] <= origins[j][d] or the converse;
/// with zero_ignored, a box with a zero length in some dimension overlaps nothing.
struct NoOverlapConstraint {
  std::vector<std::vector<int>> origins;
  std::vector<std::vector<Operand>> lengths;
  bool zero_ignored = true;
};
/// cumulative: at every time t, the sum of heights[i] over the tasks with origins[i] <= t <
/// origins[i] + lengths[i] satisfies the condition (normally (le, capacity)); with ends,
/// ends[i] = origins[i] + lengths[i] too.
struct CumulativeConstraint {
  std::vector<int> origins;
  std::vector<Operand> lengths;
  std::vector<Operand> heights;
  std::vector<int> ends;  // empty, or one per task
  Condition condition;
};
/// binPacking: item i (size sizes[i]) goes into bin scope[i]; the load of a bin is the sum of
/// its items' sizes. With a condition: the load of every bin of `bins` satisfies it (the reader
/// lists every value of the items' domains). With limits: the load of bin start_index + j is at
/// most limits[j]. With loads: the load of bin start_index + j equals loads[j]. With limits or
/// loads, every item goes to one of those bins.
struct BinPackingConstraint {
  std::vector<int> scope;
  std::vector<Value> sizes;
  std::optional<Condition> condition;
  std::vector<Value> bins;  // condition form: sorted, distinct
  std::vector<Operand> limits;
  std::vector<Operand> loads;
  Value start_index = 0;
};
/// circuit: the arcs (i, scope[i] - start_index) with scope[i] != i + start_index form exactly
/// one cycle, of at least two nodes (a node with scope[i] = i + start_index is outside it);
/// with a size, the cycle has that many nodes.
struct CircuitConstraint {
  std::vector<int> scope;
  Value start_index = 0;
  std::optional<Operand> size;
};

using Constraint =
    std::variant<ExtensionConstraint, IntensionConstraint, AllDifferentConstraint, SumConstraint,
                 ElementConstraint, InstantiationConstraint, RegularConstraint, StretchConstraint,
                 AllEqualConstraint, AllDifferentListsConstraint, OrderedConstraint, LexConstraint,
                 PrecedenceConstraint, CountConstraint, NValuesConstraint, CardinalityConstraint,
                 ExtremumConstraint, ExtremumArgConstraint, ElementMatrixConstraint,
                 ChannelConstraint, NoOverlapConstraint, CumulativeConstraint, BinPackingConstraint,
                 CircuitConstraint>;

/// The XCSP3 element name of the constraint's kind: "extension", "intension", "allDifferent",
/// "sum", "element", "instantiation", "regular" (or "mdd"), "stretch", "allEqual", "ordered",
/// "lex", "precedence", "count", "nValues", "cardinality", "minimum", "maximum",
/// "minimumArg", "maximumArg", "channel", "noOverlap", "cumulative", "binPacking", "circuit".
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
  int add_variable(std::string name, Domain domain, bool declare = true);
  /// Adds an array (cells start without variables) and declares it; returns its index.
  int add_array(std::string name, std::vector<int> sizes);
  void set_array_cell(int array, std::size_t flat_index, int variable);
  /// Marks a variable symbolic: its values are symbol numbers (see symbols()).
  void set_symbolic(int variable);
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

  /// Symbols of symbolic variables: value v of a symbolic variable is printed as symbols()[v].
  [[nodiscard]] const std::vector<std::string>& symbols() const noexcept { return symbols_; }
  /// The number of a symbol, added at the end when new.
  Value symbol_value(std::string_view symbol);
  /// A value as printed: the symbol for a symbolic variable, the integer otherwise.
  [[nodiscard]] std::string value_text(int variable, Value value) const;

 private:
  std::vector<Variable> variables_;
  std::vector<VarArray> arrays_;
  std::vector<Declaration> decls_;
  std::vector<Constraint> constraints_;
  std::optional<Objective> objective_;
  std::vector<std::string> symbols_;
};

}  // namespace arcwave
