// tests/solver/search/counting_models.hpp — random small models of the counting family (count,
// nValues, cardinality, allEqual, allDifferent over lists) for the property tests, each
// constraint tagged with whether its propagators claim GAC on it.
#pragma once

#include <algorithm>
#include <random>
#include <string>

#include <fmt/format.h>

#include "arcwave/model.hpp"

namespace arcwave::test {

enum class CountingKind { kCount, kNValues, kCardinality, kAllEqual, kAllDifferentLists };

inline const CountingKind kCountingKinds[] = {CountingKind::kCount, CountingKind::kNValues,
                                              CountingKind::kCardinality, CountingKind::kAllEqual,
                                              CountingKind::kAllDifferentLists};

inline std::string to_string(CountingKind k) {
  switch (k) {
    case CountingKind::kCount:
      return "count";
    case CountingKind::kNValues:
      return "nValues";
    case CountingKind::kCardinality:
      return "cardinality";
    case CountingKind::kAllEqual:
      return "allEqual";
    case CountingKind::kAllDifferentLists:
      return "allDifferent(lists)";
  }
  return "?";
}

class CountingGenerator {
 public:
  explicit CountingGenerator(std::uint64_t seed) : rng_(seed) {}

  /// The longest list a constraint gets (5 unless set).
  void set_max_list(int k) { max_list_ = k; }

  int pick(int lo, int hi) {
    return lo + static_cast<int>(rng_() % static_cast<std::uint64_t>(hi - lo + 1));
  }

  /// n variables with domains of 1 to 5 distinct values of -1..4 (x0, x1: of 0..3, fit for
  /// counts).
  void add_variables(Model& m, int n) {
    for (int i = 0; i < n; ++i) {
      std::vector<Value> d =
          i < 2 ? std::vector<Value>{0, 1, 2, 3} : std::vector<Value>{-1, 0, 1, 2, 3, 4};
      std::shuffle(d.begin(), d.end(), rng_);
      d.resize(
          std::min(d.size(), static_cast<std::size_t>(pick(0, 4) == 0 ? pick(1, 5) : pick(2, 4))));
      m.add_variable(fmt::format("x{}", i), d);
    }
  }

  /// A constraint of `kind` over the model's variables; `gac` says whether the propagators
  /// claim GAC on it (alone).
  Constraint make(CountingKind kind, int n, bool& gac) {
    relaxed_ = pick(0, 3) == 0;  // repeats, variables in several roles, value variables
    switch (kind) {
      case CountingKind::kCount:
        return count(n, gac);
      case CountingKind::kNValues:
        return n_values(n, gac);
      case CountingKind::kCardinality:
        return cardinality(n, gac);
      case CountingKind::kAllEqual:
        gac = true;
        return AllEqualConstraint{list(n, pick(1, std::min(n, max_list_ - 1)))};
      case CountingKind::kAllDifferentLists:
        gac = false;
        return all_different_lists(n);
    }
    return AllEqualConstraint{};
  }

 private:
  std::vector<int> list(int n, int k) {
    std::vector<int> all(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) all[static_cast<std::size_t>(i)] = i;
    std::shuffle(all.begin(), all.end(), rng_);
    all.resize(static_cast<std::size_t>(k));
    if (relaxed_ && pick(0, 1) == 0) all.push_back(all[static_cast<std::size_t>(pick(0, k - 1))]);
    return all;
  }

  // A condition on a count of 0..k; a variable right-hand side avoids `avoid` unless relaxed.
  Condition condition(int n, int k, const std::vector<int>& avoid) {
    Condition c;
    switch (pick(0, 3)) {
      case 0:
        c.kind = Condition::Kind::kConstant;
        c.op = static_cast<Relation>(pick(0, 5));
        c.value = pick(-1, k + 1);
        break;
      case 1:
        c.kind = Condition::Kind::kRange;
        c.op = pick(0, 2) == 0 ? Relation::kNotIn : Relation::kIn;
        c.lo = pick(-1, k);
        c.hi = c.lo + pick(0, 3);
        break;
      case 2:
        c.kind = Condition::Kind::kSet;
        c.op = pick(0, 2) == 0 ? Relation::kNotIn : Relation::kIn;
        for (int t = pick(1, 3); t > 0; --t) c.set.push_back(pick(-1, k + 1));
        std::sort(c.set.begin(), c.set.end());
        c.set.erase(std::unique(c.set.begin(), c.set.end()), c.set.end());
        break;
      default: {
        c.kind = Condition::Kind::kVariable;
        c.op = static_cast<Relation>(pick(0, 5));
        std::vector<int> free;
        for (int v = 0; v < n; ++v)
          if (relaxed_ || std::find(avoid.begin(), avoid.end(), v) == avoid.end())
            free.push_back(v);
        if (free.empty()) return condition(n, k, avoid);
        c.value = free[static_cast<std::size_t>(pick(0, static_cast<int>(free.size()) - 1))];
        break;
      }
    }
    return c;
  }

  Constraint count(int n, bool& gac) {
    CountConstraint c;
    c.scope = list(n, pick(1, std::min(n, max_list_)));
    bool constant_values = true;
    for (int t = pick(1, 3); t > 0; --t) {
      if (relaxed_ && pick(0, 1) == 0) {
        c.values.push_back({true, pick(0, n - 1)});
        constant_values = false;
      } else {
        c.values.push_back({false, pick(-1, 4)});
      }
    }
    c.condition = condition(n, static_cast<int>(c.scope.size()), c.scope);
    std::vector<int> distinct = c.scope;
    std::sort(distinct.begin(), distinct.end());
    const bool repeats = std::adjacent_find(distinct.begin(), distinct.end()) != distinct.end();
    const bool rhs_listed =
        c.condition.kind == Condition::Kind::kVariable &&
        std::binary_search(distinct.begin(), distinct.end(), static_cast<int>(c.condition.value));
    gac = constant_values && !repeats && !rhs_listed;
    return c;
  }

  Constraint n_values(int n, bool& gac) {
    NValuesConstraint c;
    c.scope = list(n, pick(1, std::min(n, max_list_)));
    if (pick(0, 2) == 0) c.except = {0};
    if (pick(0, 4) == 0) c.except = {-1, 2};
    c.condition = condition(n, static_cast<int>(c.scope.size()), c.scope);
    gac = false;
    return c;
  }

  Constraint cardinality(int n, bool& gac) {
    CardinalityConstraint c;
    c.scope = list(n, pick(1, std::min(n, max_list_)));
    const int k = static_cast<int>(c.scope.size());
    std::vector<Value> used;
    bool intervals = true;
    bool constant_values = true;
    for (int t = pick(1, 3); t > 0; --t) {
      if (relaxed_ && pick(0, 2) == 0) {
        c.values.push_back({true, pick(0, n - 1)});
        constant_values = false;
      } else {
        Value v = pick(-1, 4);
        if (!relaxed_)
          while (std::find(used.begin(), used.end(), v) != used.end()) v = pick(-1, 4);
        used.push_back(v);
        c.values.push_back({false, v});
      }
      Condition o;
      switch (pick(0, 5)) {
        case 0:
        case 1:
          o.kind = Condition::Kind::kConstant;
          o.value = pick(0, std::min(k, 2));
          break;
        case 2:
          o.kind = Condition::Kind::kRange;
          o.op = Relation::kIn;
          o.lo = pick(0, 2);
          o.hi = o.lo + pick(0, 2);
          break;
        case 3:
          o.kind = Condition::Kind::kVariable;
          o.value = pick(0, relaxed_ ? n - 1 : 1);  // x0, x1 have count-like domains
          intervals = false;
          break;
        case 4:
          o.kind = Condition::Kind::kConstant;
          o.op = static_cast<Relation>(pick(0, 5));
          o.value = pick(0, k);
          intervals = intervals && o.op != Relation::kNe;
          break;
        default:
          o.kind = Condition::Kind::kSet;
          o.op = Relation::kIn;
          o.set = {0, 2};
          intervals = false;
          break;
      }
      c.occurs.push_back(o);
    }
    c.closed = pick(0, 2) == 0;
    std::sort(used.begin(), used.end());
    std::vector<int> distinct = c.scope;
    std::sort(distinct.begin(), distinct.end());
    gac = constant_values && intervals &&
          std::adjacent_find(used.begin(), used.end()) == used.end() &&
          std::adjacent_find(distinct.begin(), distinct.end()) == distinct.end();
    return c;
  }

  Constraint all_different_lists(int n) {
    AllDifferentListsConstraint c;
    const int width = pick(1, 3);
    for (int l = pick(2, 4); l > 0; --l) {
      std::vector<int> row;
      for (int p = 0; p < width; ++p) row.push_back(pick(0, n - 1));
      c.lists.push_back(row);
    }
    if (pick(0, 2) == 0) {
      std::vector<Value> e;
      for (int p = 0; p < width; ++p) e.push_back(pick(-1, 2));
      c.except.push_back(e);
    }
    return c;
  }

  std::mt19937_64 rng_;
  bool relaxed_ = false;
  int max_list_ = 5;
};

}  // namespace arcwave::test
