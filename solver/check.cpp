// Constraint semantics over full assignments: the checker every solver path is verified with.
#include <algorithm>
#include <unordered_set>

#include "arcwave/model.hpp"

namespace arcwave {

namespace {

std::vector<Value> gather(const std::vector<int>& scope, std::span<const Value> assignment) {
  std::vector<Value> values(scope.size());
  for (std::size_t i = 0; i < scope.size(); ++i) values[i] = assignment[scope[i]];
  return values;
}

bool table_contains(const Table& t, const std::vector<Value>& tuple) {
  for (std::size_t k = 0; k < t.size(); ++k) {
    const std::span<const std::int32_t> row = t.tuple(k);
    bool match = true;
    for (std::size_t i = 0; i < row.size() && match; ++i)
      match = row[i] == Table::kStar || row[i] == tuple[i];
    if (match) return true;
  }
  return false;
}

struct Satisfied {
  std::span<const Value> a;
  bool operator()(const ExtensionConstraint& c) const {
    return table_contains(*c.table, gather(c.scope, a)) == c.table->supports;
  }
  bool operator()(const IntensionConstraint& c) const {
    return c.expr->satisfied(gather(c.scope, a));
  }
  bool operator()(const AllDifferentConstraint& c) const {
    std::unordered_set<Value> seen;
    for (int v : c.scope) {
      const Value x = a[v];
      if (std::find(c.except.begin(), c.except.end(), x) != c.except.end()) continue;
      if (!seen.insert(x).second) return false;
    }
    return true;
  }
  bool operator()(const SumConstraint& c) const {
    Value sum = 0;
    for (std::size_t i = 0; i < c.scope.size(); ++i) {
      Value term = 0;
      if (__builtin_mul_overflow(c.coeffs[i], a[c.scope[i]], &term) ||
          __builtin_add_overflow(sum, term, &sum))
        return false;
    }
    return c.condition.holds(sum, a);
  }
  bool operator()(const ElementConstraint& c) const {
    auto entry = [&](std::size_t i) {
      const Operand& o = c.list[i];
      return o.is_variable ? a[o.value] : o.value;
    };
    if (c.index < 0) {
      for (std::size_t i = 0; i < c.list.size(); ++i)
        if (c.condition.holds(entry(i), a)) return true;
      return false;
    }
    const Value pos = a[c.index] - c.start_index;
    if (pos < 0 || static_cast<std::size_t>(pos) >= c.list.size()) return false;
    return c.condition.holds(entry(static_cast<std::size_t>(pos)), a);
  }
  bool operator()(const InstantiationConstraint& c) const {
    for (std::size_t i = 0; i < c.scope.size(); ++i)
      if (a[c.scope[i]] != c.values[i]) return false;
    return true;
  }
};

struct ScopeOf {
  std::vector<int> operator()(const ExtensionConstraint& c) const { return c.scope; }
  std::vector<int> operator()(const IntensionConstraint& c) const { return c.scope; }
  std::vector<int> operator()(const AllDifferentConstraint& c) const { return c.scope; }
  std::vector<int> operator()(const SumConstraint& c) const {
    std::vector<int> s = c.scope;
    if (c.condition.kind == Condition::Kind::kVariable)
      s.push_back(static_cast<int>(c.condition.value));
    return s;
  }
  std::vector<int> operator()(const ElementConstraint& c) const {
    std::vector<int> s;
    for (const Operand& o : c.list)
      if (o.is_variable) s.push_back(static_cast<int>(o.value));
    if (c.index >= 0) s.push_back(c.index);
    if (c.condition.kind == Condition::Kind::kVariable)
      s.push_back(static_cast<int>(c.condition.value));
    return s;
  }
  std::vector<int> operator()(const InstantiationConstraint& c) const { return c.scope; }
};

}  // namespace

bool Condition::holds(Value lhs, std::span<const Value> assignment) const {
  Value rhs = value;
  if (kind == Kind::kVariable) rhs = assignment[static_cast<std::size_t>(value)];
  switch (op) {
    case Relation::kLt:
      return lhs < rhs;
    case Relation::kLe:
      return lhs <= rhs;
    case Relation::kEq:
      return lhs == rhs;
    case Relation::kNe:
      return lhs != rhs;
    case Relation::kGe:
      return lhs >= rhs;
    case Relation::kGt:
      return lhs > rhs;
    case Relation::kIn:
    case Relation::kNotIn: {
      const bool inside = kind == Kind::kRange ? (lo <= lhs && lhs <= hi)
                                               : std::binary_search(set.begin(), set.end(), lhs);
      return inside == (op == Relation::kIn);
    }
  }
  return false;
}

std::optional<Value> Objective::evaluate(std::span<const Value> assignment) const {
  switch (kind) {
    case Kind::kVariable:
      return assignment[static_cast<std::size_t>(variable)];
    case Kind::kSum: {
      Value sum = 0;
      for (std::size_t i = 0; i < scope.size(); ++i) {
        Value term = 0;
        if (__builtin_mul_overflow(coeffs[i], assignment[scope[i]], &term) ||
            __builtin_add_overflow(sum, term, &sum))
          return std::nullopt;
      }
      return sum;
    }
    case Kind::kExpression:
      return expr->evaluate(gather(scope, assignment));
  }
  return std::nullopt;
}

std::string_view constraint_kind(const Constraint& c) {
  static constexpr std::string_view kNames[] = {"extension", "intension", "allDifferent",
                                                "sum",       "element",   "instantiation"};
  return kNames[c.index()];
}

std::vector<int> constraint_scope(const Constraint& c) {
  std::vector<int> s = std::visit(ScopeOf{}, c);
  std::vector<int> distinct;
  distinct.reserve(s.size());
  for (int v : s)
    if (std::find(distinct.begin(), distinct.end(), v) == distinct.end()) distinct.push_back(v);
  return distinct;
}

bool constraint_satisfied(const Constraint& c, std::span<const Value> assignment) {
  return std::visit(Satisfied{assignment}, c);
}

}  // namespace arcwave
