// Constraint semantics over full assignments: the checker every solver path is verified with.
#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
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
  bool operator()(const RegularConstraint& c) const {
    return c.automaton->accepts(gather(c.scope, a));
  }
  bool operator()(const StretchConstraint& c) const {
    const std::vector<Value> x = gather(c.scope, a);
    std::size_t prev_kind = SIZE_MAX;
    for (std::size_t i = 0; i < x.size();) {
      std::size_t j = i;
      while (j < x.size() && x[j] == x[i]) ++j;
      const auto it = std::find(c.values.begin(), c.values.end(), x[i]);
      if (it == c.values.end()) return false;
      const auto k = static_cast<std::size_t>(it - c.values.begin());
      const auto width = static_cast<Value>(j - i);
      if (width < c.min_width[k] || width > c.max_width[k]) return false;
      if (prev_kind != SIZE_MAX && !c.patterns.empty() &&
          std::find(c.patterns.begin(), c.patterns.end(),
                    std::pair<Value, Value>{c.values[prev_kind], x[i]}) == c.patterns.end())
        return false;
      prev_kind = k;
      i = j;
    }
    return true;
  }
  bool operator()(const AllEqualConstraint& c) const {
    for (int v : c.scope)
      if (a[v] != a[c.scope.front()]) return false;
    return true;
  }
  bool operator()(const AllDifferentListsConstraint& c) const {
    std::set<std::vector<Value>> seen;
    for (const std::vector<int>& l : c.lists) {
      std::vector<Value> t = gather(l, a);
      if (std::find(c.except.begin(), c.except.end(), t) != c.except.end()) continue;
      if (!seen.insert(std::move(t)).second) return false;
    }
    return true;
  }
  bool operator()(const OrderedConstraint& c) const {
    for (std::size_t i = 0; i + 1 < c.scope.size(); ++i) {
      Value lhs = a[c.scope[i]];
      if (!c.lengths.empty() && __builtin_add_overflow(lhs, operand(c.lengths[i]), &lhs))
        return false;
      if (!compare(lhs, c.op, a[c.scope[i + 1]])) return false;
    }
    return true;
  }
  bool operator()(const LexConstraint& c) const {
    for (std::size_t l = 0; l + 1 < c.lists.size(); ++l) {
      const std::vector<Operand>& x = c.lists[l];
      const std::vector<Operand>& y = c.lists[l + 1];
      // The first differing position decides; equal lists satisfy only le / ge.
      int order = 0;
      for (std::size_t i = 0; i < x.size() && order == 0; ++i) {
        const Value u = operand(x[i]);
        const Value v = operand(y[i]);
        order = u < v ? -1 : (u > v ? 1 : 0);
      }
      if (!compare(order, c.op, 0)) return false;
    }
    return true;
  }
  bool operator()(const PrecedenceConstraint& c) const {
    const std::vector<Value> x = gather(c.scope, a);
    // first[k]: position of the first occurrence of values[k], or x.size() when absent
    std::vector<std::size_t> first(c.values.size(), x.size());
    for (std::size_t k = 0; k < c.values.size(); ++k) {
      const auto it = std::find(x.begin(), x.end(), c.values[k]);
      first[k] = static_cast<std::size_t>(it - x.begin());
      if (c.covered && it == x.end()) return false;
      if (k > 0 && first[k] < x.size() && first[k - 1] >= first[k]) return false;
    }
    return true;
  }
  bool operator()(const CountConstraint& c) const {
    Value n = 0;
    for (int v : c.scope)
      for (const Operand& o : c.values)
        if (a[v] == operand(o)) {
          ++n;
          break;
        }
    return c.condition.holds(n, a);
  }
  bool operator()(const NValuesConstraint& c) const {
    std::set<Value> seen;
    for (int v : c.scope)
      if (!std::binary_search(c.except.begin(), c.except.end(), a[v])) seen.insert(a[v]);
    return c.condition.holds(static_cast<Value>(seen.size()), a);
  }
  bool operator()(const CardinalityConstraint& c) const {
    for (std::size_t j = 0; j < c.values.size(); ++j) {
      Value n = 0;
      for (int v : c.scope) n += a[v] == operand(c.values[j]) ? 1 : 0;
      if (!c.occurs[j].holds(n, a)) return false;
    }
    if (c.closed)
      for (int v : c.scope)
        if (std::none_of(c.values.begin(), c.values.end(),
                         [&](const Operand& o) { return operand(o) == a[v]; }))
          return false;
    return true;
  }
  bool operator()(const ExtremumConstraint& c) const {
    return c.condition.holds(extremum(c.scope, c.maximum), a);
  }
  bool operator()(const ExtremumArgConstraint& c) const {
    const Value best = extremum(c.scope, c.maximum);
    bool any = false;
    for (std::size_t i = 0; i < c.scope.size(); ++i) {
      if (a[c.scope[i]] != best) continue;
      const std::size_t p = c.rank == ExtremumArgConstraint::Rank::kLast
                                ? last_of(c.scope, best)
                                : i;  // kFirst stops at the first, kAny tries each
      if (c.condition.holds(static_cast<Value>(p) + c.start_index, a)) any = true;
      if (c.rank != ExtremumArgConstraint::Rank::kAny) break;
    }
    return any;
  }
  bool operator()(const ElementMatrixConstraint& c) const {
    const Value r = operand(c.row) - c.start_row;
    const Value k = operand(c.col) - c.start_col;
    if (r < 0 || static_cast<std::size_t>(r) >= c.matrix.size() || k < 0 ||
        static_cast<std::size_t>(k) >= c.matrix.front().size())
      return false;
    return c.condition.holds(
        operand(c.matrix[static_cast<std::size_t>(r)][static_cast<std::size_t>(k)]), a);
  }
  bool operator()(const ChannelConstraint& c) const {
    const auto n = static_cast<Value>(c.list.size());
    if (c.value >= 0) {
      bool one = false;
      for (Value i = 0; i < n; ++i) {
        const Value x = a[c.list[static_cast<std::size_t>(i)]];
        if (x != 0 && x != 1) return false;
        if ((x == 1) != (a[c.value] == i + c.start)) return false;
        one = one || x == 1;
      }
      return one;
    }
    const bool self = c.other.empty();
    const std::vector<int>& y = self ? c.list : c.other;
    const Value y_start = self ? c.start : c.other_start;
    const auto m = static_cast<Value>(y.size());
    for (Value i = 0; i < n; ++i) {
      const Value j = a[c.list[static_cast<std::size_t>(i)]] - y_start;
      if (j < 0 || j >= m) return false;
      if (a[y[static_cast<std::size_t>(j)]] != i + c.start) return false;
    }
    return true;
  }
  bool operator()(const NoOverlapConstraint& c) const {
    const std::size_t n = c.origins.size();
    for (std::size_t i = 0; i < n; ++i) {
      if (c.zero_ignored && has_zero_length(c.lengths[i])) continue;
      for (std::size_t j = i + 1; j < n; ++j) {
        if (c.zero_ignored && has_zero_length(c.lengths[j])) continue;
        bool apart = false;
        for (std::size_t d = 0; d < c.origins[i].size() && !apart; ++d) {
          const Value oi = a[c.origins[i][d]];
          const Value oj = a[c.origins[j][d]];
          apart = oi + operand(c.lengths[i][d]) <= oj || oj + operand(c.lengths[j][d]) <= oi;
        }
        if (!apart) return false;
      }
    }
    return true;
  }
  bool operator()(const CumulativeConstraint& c) const {
    const std::size_t n = c.origins.size();
    for (std::size_t i = 0; i < n; ++i)
      if (!c.ends.empty() && a[c.ends[i]] != a[c.origins[i]] + operand(c.lengths[i])) return false;
    // The load only changes at task starts: check it there (and at each end for conditions
    // such as (ge, k) that an idle time could violate between tasks).
    std::vector<Value> times;
    for (std::size_t i = 0; i < n; ++i) {
      if (operand(c.lengths[i]) <= 0) continue;
      times.push_back(a[c.origins[i]]);
      times.push_back(a[c.origins[i]] + operand(c.lengths[i]) - 1);
    }
    for (Value t : times) {
      Value load = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const Value o = a[c.origins[i]];
        if (o <= t && t < o + operand(c.lengths[i])) load += operand(c.heights[i]);
      }
      if (!c.condition.holds(load, a)) return false;
    }
    return true;
  }
  bool operator()(const BinPackingConstraint& c) const {
    std::map<Value, Value> load;
    for (std::size_t i = 0; i < c.scope.size(); ++i) load[a[c.scope[i]]] += c.sizes[i];
    if (c.condition) {
      // Every bin that an item may go to: the values of the items' domains.
      for (const auto& [bin, l] : load)
        if (!c.condition->holds(l, a)) return false;
      for (Value bin : c.bins)
        if (load.find(bin) == load.end() && !c.condition->holds(0, a)) return false;
      return true;
    }
    const std::vector<Operand>& bounds = c.limits.empty() ? c.loads : c.limits;
    const auto m = static_cast<Value>(bounds.size());
    for (const auto& [bin, l] : load)
      if (bin - c.start_index < 0 || bin - c.start_index >= m) return false;
    for (Value j = 0; j < m; ++j) {
      const auto it = load.find(j + c.start_index);
      const Value l = it == load.end() ? 0 : it->second;
      const Value bound = operand(bounds[static_cast<std::size_t>(j)]);
      if (c.limits.empty() ? l != bound : l > bound) return false;
    }
    return true;
  }
  bool operator()(const CircuitConstraint& c) const {
    const auto n = static_cast<Value>(c.scope.size());
    std::vector<Value> next(c.scope.size());
    Value first = -1;
    Value outside = 0;
    for (Value i = 0; i < n; ++i) {
      const Value j = a[c.scope[static_cast<std::size_t>(i)]] - c.start_index;
      if (j < 0 || j >= n) return false;
      next[static_cast<std::size_t>(i)] = j;
      if (j == i)
        ++outside;
      else if (first < 0)
        first = i;
    }
    if (first < 0) return false;  // no cycle at all
    Value length = 0;
    Value at = first;
    do {
      at = next[static_cast<std::size_t>(at)];
      if (++length > n) return false;
    } while (at != first);
    if (length != n - outside) return false;  // several cycles
    return !c.size || length == operand(*c.size);
  }

  // Helpers over the assignment.
  [[nodiscard]] Value operand(const Operand& o) const {
    return o.is_variable ? a[static_cast<std::size_t>(o.value)] : o.value;
  }
  [[nodiscard]] bool has_zero_length(const std::vector<Operand>& lengths) const {
    return std::any_of(lengths.begin(), lengths.end(),
                       [&](const Operand& o) { return operand(o) == 0; });
  }
  [[nodiscard]] Value extremum(const std::vector<int>& scope, bool maximum) const {
    Value best = a[scope.front()];
    for (int v : scope) best = maximum ? std::max(best, a[v]) : std::min(best, a[v]);
    return best;
  }
  [[nodiscard]] std::size_t last_of(const std::vector<int>& scope, Value v) const {
    std::size_t p = 0;
    for (std::size_t i = 0; i < scope.size(); ++i)
      if (a[scope[i]] == v) p = i;
    return p;
  }
  static bool compare(Value lhs, Relation op, Value rhs) {
    switch (op) {
      case Relation::kLt:
        return lhs < rhs;
      case Relation::kLe:
        return lhs <= rhs;
      case Relation::kGe:
        return lhs >= rhs;
      case Relation::kGt:
        return lhs > rhs;
      case Relation::kEq:
        return lhs == rhs;
      case Relation::kNe:
        return lhs != rhs;
      default:
        return false;
    }
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
  std::vector<int> operator()(const RegularConstraint& c) const { return c.scope; }
  std::vector<int> operator()(const StretchConstraint& c) const { return c.scope; }
  std::vector<int> operator()(const AllEqualConstraint& c) const { return c.scope; }
  std::vector<int> operator()(const AllDifferentListsConstraint& c) const {
    std::vector<int> s;
    for (const auto& l : c.lists) s.insert(s.end(), l.begin(), l.end());
    return s;
  }
  std::vector<int> operator()(const OrderedConstraint& c) const {
    std::vector<int> s = c.scope;
    add(s, c.lengths);
    return s;
  }
  std::vector<int> operator()(const LexConstraint& c) const {
    std::vector<int> s;
    for (const auto& l : c.lists) add(s, l);
    return s;
  }
  std::vector<int> operator()(const PrecedenceConstraint& c) const { return c.scope; }
  std::vector<int> operator()(const CountConstraint& c) const {
    std::vector<int> s = c.scope;
    add(s, c.values);
    add(s, c.condition);
    return s;
  }
  std::vector<int> operator()(const NValuesConstraint& c) const {
    std::vector<int> s = c.scope;
    add(s, c.condition);
    return s;
  }
  std::vector<int> operator()(const CardinalityConstraint& c) const {
    std::vector<int> s = c.scope;
    add(s, c.values);
    for (const Condition& o : c.occurs) add(s, o);
    return s;
  }
  std::vector<int> operator()(const ExtremumConstraint& c) const {
    std::vector<int> s = c.scope;
    add(s, c.condition);
    return s;
  }
  std::vector<int> operator()(const ExtremumArgConstraint& c) const {
    std::vector<int> s = c.scope;
    add(s, c.condition);
    return s;
  }
  std::vector<int> operator()(const ElementMatrixConstraint& c) const {
    std::vector<int> s;
    for (const auto& row : c.matrix) add(s, row);
    add(s, {c.row, c.col});
    add(s, c.condition);
    return s;
  }
  std::vector<int> operator()(const ChannelConstraint& c) const {
    std::vector<int> s = c.list;
    s.insert(s.end(), c.other.begin(), c.other.end());
    if (c.value >= 0) s.push_back(c.value);
    return s;
  }
  std::vector<int> operator()(const NoOverlapConstraint& c) const {
    std::vector<int> s;
    for (std::size_t i = 0; i < c.origins.size(); ++i) {
      s.insert(s.end(), c.origins[i].begin(), c.origins[i].end());
      add(s, c.lengths[i]);
    }
    return s;
  }
  std::vector<int> operator()(const CumulativeConstraint& c) const {
    std::vector<int> s = c.origins;
    add(s, c.lengths);
    add(s, c.heights);
    s.insert(s.end(), c.ends.begin(), c.ends.end());
    add(s, c.condition);
    return s;
  }
  std::vector<int> operator()(const BinPackingConstraint& c) const {
    std::vector<int> s = c.scope;
    if (c.condition) add(s, *c.condition);
    add(s, c.limits);
    add(s, c.loads);
    return s;
  }
  std::vector<int> operator()(const CircuitConstraint& c) const {
    std::vector<int> s = c.scope;
    if (c.size) add(s, {*c.size});
    return s;
  }

  static void add(std::vector<int>& s, const std::vector<Operand>& ops) {
    for (const Operand& o : ops)
      if (o.is_variable) s.push_back(static_cast<int>(o.value));
  }
  static void add(std::vector<int>& s, const Condition& c) {
    if (c.kind == Condition::Kind::kVariable) s.push_back(static_cast<int>(c.value));
  }
};

struct KindOf {
  std::string_view operator()(const ExtensionConstraint&) const { return "extension"; }
  std::string_view operator()(const IntensionConstraint&) const { return "intension"; }
  std::string_view operator()(const AllDifferentConstraint&) const { return "allDifferent"; }
  std::string_view operator()(const SumConstraint&) const { return "sum"; }
  std::string_view operator()(const ElementConstraint&) const { return "element"; }
  std::string_view operator()(const InstantiationConstraint&) const { return "instantiation"; }
  std::string_view operator()(const RegularConstraint& c) const {
    return c.mdd ? "mdd" : "regular";
  }
  std::string_view operator()(const StretchConstraint&) const { return "stretch"; }
  std::string_view operator()(const AllEqualConstraint&) const { return "allEqual"; }
  std::string_view operator()(const AllDifferentListsConstraint&) const { return "allDifferent"; }
  std::string_view operator()(const OrderedConstraint&) const { return "ordered"; }
  std::string_view operator()(const LexConstraint&) const { return "lex"; }
  std::string_view operator()(const PrecedenceConstraint&) const { return "precedence"; }
  std::string_view operator()(const CountConstraint&) const { return "count"; }
  std::string_view operator()(const NValuesConstraint&) const { return "nValues"; }
  std::string_view operator()(const CardinalityConstraint&) const { return "cardinality"; }
  std::string_view operator()(const ExtremumConstraint& c) const {
    return c.maximum ? "maximum" : "minimum";
  }
  std::string_view operator()(const ExtremumArgConstraint& c) const {
    return c.maximum ? "maximumArg" : "minimumArg";
  }
  std::string_view operator()(const ElementMatrixConstraint&) const { return "element"; }
  std::string_view operator()(const ChannelConstraint&) const { return "channel"; }
  std::string_view operator()(const NoOverlapConstraint&) const { return "noOverlap"; }
  std::string_view operator()(const CumulativeConstraint&) const { return "cumulative"; }
  std::string_view operator()(const BinPackingConstraint&) const { return "binPacking"; }
  std::string_view operator()(const CircuitConstraint&) const { return "circuit"; }
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
  return std::visit(KindOf{}, c);
}

bool Automaton::accepts(std::span<const Value> word) const {
  // Subset simulation: the states reachable after each prefix.
  std::vector<std::uint8_t> now(static_cast<std::size_t>(states), 0);
  std::vector<std::uint8_t> next(now.size(), 0);
  now[static_cast<std::size_t>(start)] = 1;
  for (Value v : word) {
    std::fill(next.begin(), next.end(), 0);
    bool any = false;
    for (const Transition& t : transitions)
      if (t.value == v && now[static_cast<std::size_t>(t.from)] != 0) {
        next[static_cast<std::size_t>(t.to)] = 1;
        any = true;
      }
    if (!any) return false;
    now.swap(next);
  }
  return std::any_of(finals.begin(), finals.end(),
                     [&](int q) { return now[static_cast<std::size_t>(q)] != 0; });
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
