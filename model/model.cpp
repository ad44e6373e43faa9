// The CSP model (include/arcwave/model.hpp): construction with validation.
#include <fmt/format.h>
#include <algorithm>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"

namespace arcwave {

namespace {

void check_variable(const Model& m, int v, std::string_view what) {
  if (v < 0 || static_cast<std::size_t>(v) >= m.variable_count())
    throw InputError(fmt::format("{}: variable index {} out of range", what, v));
}

void check_scope(const Model& m, const std::vector<int>& scope, std::string_view what) {
  for (int v : scope) check_variable(m, v, what);
}

void check_operands(const Model& m, const std::vector<Operand>& ops, std::string_view what) {
  for (const Operand& o : ops)
    if (o.is_variable) check_variable(m, static_cast<int>(o.value), what);
}

void check_condition(const Model& m, const Condition& c, std::string_view what) {
  if (c.kind == Condition::Kind::kVariable) check_variable(m, static_cast<int>(c.value), what);
  const bool set_like = c.kind == Condition::Kind::kRange || c.kind == Condition::Kind::kSet;
  const bool set_op = c.op == Relation::kIn || c.op == Relation::kNotIn;
  if (set_like != set_op)
    throw InputError(
        fmt::format("{}: 'in'/'notin' need a range or set, other operators a "
                    "value or variable",
                    what));
  if (c.kind == Condition::Kind::kSet && !std::is_sorted(c.set.begin(), c.set.end()))
    throw InputError(fmt::format("{}: condition set not sorted", what));
}

struct Validator {
  const Model& m;
  void operator()(const ExtensionConstraint& c) const {
    check_scope(m, c.scope, "extension");
    if (!c.table) throw InputError("extension: no table");
    if (static_cast<std::size_t>(c.table->arity) != c.scope.size())
      throw InputError(fmt::format("extension: table arity {} but scope of {} variables",
                                   c.table->arity, c.scope.size()));
  }
  void operator()(const IntensionConstraint& c) const {
    check_scope(m, c.scope, "intension");
    if (!c.expr || !c.expr->well_formed()) throw InputError("intension: malformed expression");
    if (c.expr->param_count() != 0) throw InputError("intension: unbound parameters");
    if (c.expr->slot_count() > c.scope.size())
      throw InputError("intension: expression refers past the end of its scope");
  }
  void operator()(const AllDifferentConstraint& c) const {
    check_scope(m, c.scope, "allDifferent");
  }
  void operator()(const SumConstraint& c) const {
    check_scope(m, c.scope, "sum");
    if (c.coeffs.size() != c.scope.size())
      throw InputError(
          fmt::format("sum: {} coefficients for {} variables", c.coeffs.size(), c.scope.size()));
    check_condition(m, c.condition, "sum");
  }
  void operator()(const ElementConstraint& c) const {
    if (c.list.empty()) throw InputError("element: empty list");
    for (const Operand& o : c.list)
      if (o.is_variable) check_variable(m, static_cast<int>(o.value), "element");
    if (c.index != -1) check_variable(m, c.index, "element index");
    check_condition(m, c.condition, "element");
  }
  void operator()(const InstantiationConstraint& c) const {
    check_scope(m, c.scope, "instantiation");
    if (c.values.size() != c.scope.size())
      throw InputError(fmt::format("instantiation: {} values for {} variables", c.values.size(),
                                   c.scope.size()));
  }
  void operator()(const RegularConstraint& c) const {
    const std::string_view what = c.mdd ? "mdd" : "regular";
    check_scope(m, c.scope, what);
    if (!c.automaton) throw InputError(fmt::format("{}: no automaton", what));
    const Automaton& a = *c.automaton;
    auto state_ok = [&](int q) { return q >= 0 && q < a.states; };
    if (!state_ok(a.start)) throw InputError(fmt::format("{}: start state out of range", what));
    for (int q : a.finals)
      if (!state_ok(q)) throw InputError(fmt::format("{}: final state out of range", what));
    if (!std::is_sorted(a.finals.begin(), a.finals.end()))
      throw InputError(fmt::format("{}: final states not sorted", what));
    for (const Automaton::Transition& t : a.transitions)
      if (!state_ok(t.from) || !state_ok(t.to))
        throw InputError(fmt::format("{}: transition state out of range", what));
  }
  void operator()(const StretchConstraint& c) const {
    check_scope(m, c.scope, "stretch");
    if (c.values.empty() || c.min_width.size() != c.values.size() ||
        c.max_width.size() != c.values.size())
      throw InputError("stretch: values and widths differ in number");
    for (std::size_t i = 0; i < c.values.size(); ++i)
      if (c.min_width[i] < 0 || c.min_width[i] > c.max_width[i])
        throw InputError(fmt::format("stretch: width {}..{} is empty or negative", c.min_width[i],
                                     c.max_width[i]));
  }
  void operator()(const AllEqualConstraint& c) const { check_scope(m, c.scope, "allEqual"); }
  void operator()(const AllDifferentListsConstraint& c) const {
    if (c.lists.size() < 2) throw InputError("allDifferent over lists: fewer than two lists");
    for (const auto& l : c.lists) {
      check_scope(m, l, "allDifferent");
      if (l.size() != c.lists.front().size())
        throw InputError("allDifferent over lists: lists of different lengths");
    }
    for (const auto& e : c.except)
      if (e.size() != c.lists.front().size())
        throw InputError("allDifferent over lists: an except tuple of the wrong length");
  }
  void operator()(const OrderedConstraint& c) const {
    check_scope(m, c.scope, "ordered");
    check_order_op(c.op, "ordered");
    if (!c.lengths.empty() && c.lengths.size() + 1 != c.scope.size())
      throw InputError(
          fmt::format("ordered: {} lengths for {} variables", c.lengths.size(), c.scope.size()));
    check_operands(m, c.lengths, "ordered");
  }
  void operator()(const LexConstraint& c) const {
    check_order_op(c.op, "lex");
    if (c.lists.size() < 2) throw InputError("lex: fewer than two lists");
    for (const auto& l : c.lists) {
      check_operands(m, l, "lex");
      if (l.size() != c.lists.front().size()) throw InputError("lex: lists of different lengths");
    }
  }
  void operator()(const PrecedenceConstraint& c) const {
    check_scope(m, c.scope, "precedence");
    std::vector<Value> v = c.values;
    std::sort(v.begin(), v.end());
    if (std::adjacent_find(v.begin(), v.end()) != v.end())
      throw InputError("precedence: a value listed twice");
  }
  void operator()(const CountConstraint& c) const {
    check_scope(m, c.scope, "count");
    check_operands(m, c.values, "count");
    check_condition(m, c.condition, "count");
  }
  void operator()(const NValuesConstraint& c) const {
    check_scope(m, c.scope, "nValues");
    if (!std::is_sorted(c.except.begin(), c.except.end()))
      throw InputError("nValues: except values not sorted");
    check_condition(m, c.condition, "nValues");
  }
  void operator()(const CardinalityConstraint& c) const {
    check_scope(m, c.scope, "cardinality");
    check_operands(m, c.values, "cardinality");
    if (c.occurs.size() != c.values.size())
      throw InputError(fmt::format("cardinality: {} occurrence conditions for {} values",
                                   c.occurs.size(), c.values.size()));
    for (const Condition& o : c.occurs) check_condition(m, o, "cardinality");
  }
  void operator()(const ExtremumConstraint& c) const {
    const std::string_view what = c.maximum ? "maximum" : "minimum";
    check_scope(m, c.scope, what);
    if (c.scope.empty()) throw InputError(fmt::format("{}: empty list", what));
    check_condition(m, c.condition, what);
  }
  void operator()(const ExtremumArgConstraint& c) const {
    const std::string_view what = c.maximum ? "maximumArg" : "minimumArg";
    check_scope(m, c.scope, what);
    if (c.scope.empty()) throw InputError(fmt::format("{}: empty list", what));
    check_condition(m, c.condition, what);
  }
  void operator()(const ElementMatrixConstraint& c) const {
    if (c.matrix.empty() || c.matrix.front().empty()) throw InputError("element: empty matrix");
    for (const auto& row : c.matrix) {
      if (row.size() != c.matrix.front().size())
        throw InputError("element: matrix rows of different lengths");
      check_operands(m, row, "element");
    }
    check_operands(m, {c.row, c.col}, "element index");
    check_condition(m, c.condition, "element");
  }
  void operator()(const ChannelConstraint& c) const {
    check_scope(m, c.list, "channel");
    check_scope(m, c.other, "channel");
    if (c.list.empty()) throw InputError("channel: empty list");
    if (!c.other.empty() && c.other.size() < c.list.size())
      throw InputError("channel: the second list is shorter than the first");
    if (c.value >= 0) {
      check_variable(m, c.value, "channel value");
      if (!c.other.empty()) throw InputError("channel: both a second list and a value");
    }
  }
  void operator()(const NoOverlapConstraint& c) const {
    if (c.origins.size() != c.lengths.size())
      throw InputError(
          fmt::format("noOverlap: {} origins for {} lengths", c.origins.size(), c.lengths.size()));
    for (std::size_t i = 0; i < c.origins.size(); ++i) {
      check_scope(m, c.origins[i], "noOverlap");
      check_operands(m, c.lengths[i], "noOverlap");
      if (c.origins[i].empty() || c.origins[i].size() != c.origins.front().size() ||
          c.lengths[i].size() != c.origins[i].size())
        throw InputError("noOverlap: boxes of different dimensions");
    }
  }
  void operator()(const CumulativeConstraint& c) const {
    check_scope(m, c.origins, "cumulative");
    check_operands(m, c.lengths, "cumulative");
    check_operands(m, c.heights, "cumulative");
    check_scope(m, c.ends, "cumulative");
    if (c.lengths.size() != c.origins.size() || c.heights.size() != c.origins.size() ||
        (!c.ends.empty() && c.ends.size() != c.origins.size()))
      throw InputError("cumulative: origins, lengths, heights and ends differ in number");
    check_condition(m, c.condition, "cumulative");
  }
  void operator()(const BinPackingConstraint& c) const {
    check_scope(m, c.scope, "binPacking");
    if (c.sizes.size() != c.scope.size())
      throw InputError(
          fmt::format("binPacking: {} sizes for {} items", c.sizes.size(), c.scope.size()));
    const int forms =
        (c.condition ? 1 : 0) + (c.limits.empty() ? 0 : 1) + (c.loads.empty() ? 0 : 1);
    if (forms != 1) throw InputError("binPacking: needs exactly one of condition, limits, loads");
    if (c.condition) check_condition(m, *c.condition, "binPacking");
    check_operands(m, c.limits, "binPacking");
    check_operands(m, c.loads, "binPacking");
  }
  void operator()(const CircuitConstraint& c) const {
    check_scope(m, c.scope, "circuit");
    if (c.scope.empty()) throw InputError("circuit: empty list");
    if (c.size) check_operands(m, {*c.size}, "circuit size");
  }

  static void check_order_op(Relation op, std::string_view what) {
    if (op != Relation::kLt && op != Relation::kLe && op != Relation::kGe && op != Relation::kGt)
      throw InputError(fmt::format("{}: the operator must be lt, le, ge or gt", what));
  }
};

}  // namespace

int Model::add_variable(std::string name, Domain domain, bool declare) {
  if (domain.empty()) throw InputError(fmt::format("variable '{}' has an empty domain", name));
  if (domain.large() && domain.size() > Domain::kMaxValues)
    throw Unsupported(SourcePosition{},
                      fmt::format("the domain of '{}' has more than 2^31 values", name));
  // Readers hand over sorted domains (millions of values): check before sorting.
  if (!domain.large() && std::adjacent_find(domain.begin(), domain.end(), [](Value a, Value b) {
                           return a >= b;
                         }) != domain.end()) {
    std::vector<Value> values = domain.values();
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    domain = Domain(std::move(values));
  }
  variables_.push_back({std::move(name), std::move(domain)});
  const int index = static_cast<int>(variables_.size() - 1);
  if (declare) decls_.push_back({false, index});
  return index;
}

int Model::add_array(std::string name, std::vector<int> sizes) {
  std::size_t cells = 1;
  for (int s : sizes) {
    if (s <= 0) throw InputError(fmt::format("array '{}': non-positive size {}", name, s));
    cells *= static_cast<std::size_t>(s);
  }
  arrays_.push_back({std::move(name), std::move(sizes), std::vector<int>(cells, -1)});
  const int index = static_cast<int>(arrays_.size() - 1);
  decls_.push_back({true, index});
  return index;
}

void Model::set_array_cell(int array, std::size_t flat_index, int variable) {
  arrays_.at(static_cast<std::size_t>(array)).cells.at(flat_index) = variable;
}

void Model::set_symbolic(int variable) {
  check_variable(*this, variable, "set_symbolic");
  variables_[static_cast<std::size_t>(variable)].symbolic = true;
}

void Model::add_constraint(Constraint c) {
  std::visit(Validator{*this}, c);
  constraints_.push_back(std::move(c));
}

void Model::set_objective(Objective objective) {
  switch (objective.kind) {
    case Objective::Kind::kVariable:
      check_variable(*this, objective.variable, "objective");
      break;
    case Objective::Kind::kSum:
      check_scope(*this, objective.scope, "objective");
      if (objective.coeffs.size() != objective.scope.size())
        throw InputError("objective: coefficients and terms differ in number");
      break;
    case Objective::Kind::kExpression:
      check_scope(*this, objective.scope, "objective");
      if (!objective.expr || !objective.expr->well_formed() ||
          objective.expr->slot_count() > objective.scope.size())
        throw InputError("objective: malformed expression");
      break;
  }
  objective_ = std::move(objective);
}

Value Model::symbol_value(std::string_view symbol) {
  for (std::size_t i = 0; i < symbols_.size(); ++i)
    if (symbols_[i] == symbol) return static_cast<Value>(i);
  symbols_.emplace_back(symbol);
  return static_cast<Value>(symbols_.size() - 1);
}

std::string Model::value_text(int variable, Value value) const {
  if (variables_[static_cast<std::size_t>(variable)].symbolic && value >= 0 &&
      static_cast<std::size_t>(value) < symbols_.size())
    return symbols_[static_cast<std::size_t>(value)];
  return std::to_string(value);
}

int Model::value_index(int variable, Value value) const {
  return static_cast<int>(variables_[static_cast<std::size_t>(variable)].domain.index_of(value));
}

std::optional<std::size_t> Model::first_violation(std::span<const Value> assignment) const {
  if (assignment.size() != variables_.size())
    throw InputError(fmt::format("assignment of {} values for {} variables", assignment.size(),
                                 variables_.size()));
  for (std::size_t v = 0; v < variables_.size(); ++v)
    if (value_index(static_cast<int>(v), assignment[v]) < 0) return constraints_.size() + v;
  for (std::size_t i = 0; i < constraints_.size(); ++i)
    if (!constraint_satisfied(constraints_[i], assignment)) return i;
  return std::nullopt;
}

}  // namespace arcwave
