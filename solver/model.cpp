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
};

}  // namespace

int Model::add_variable(std::string name, std::vector<Value> domain, bool declare) {
  if (domain.empty()) throw InputError(fmt::format("variable '{}' has an empty domain", name));
  std::sort(domain.begin(), domain.end());
  domain.erase(std::unique(domain.begin(), domain.end()), domain.end());
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

int Model::value_index(int variable, Value value) const {
  const std::vector<Value>& d = variables_[static_cast<std::size_t>(variable)].domain;
  const auto it = std::lower_bound(d.begin(), d.end(), value);
  return it != d.end() && *it == value ? static_cast<int>(it - d.begin()) : -1;
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
