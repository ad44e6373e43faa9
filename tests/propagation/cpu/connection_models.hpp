// tests/propagation/cpu/connection_models.hpp — small random models of the "connection"
// constraints (minimum / maximum, minimumArg / maximumArg, element on a matrix, the three
// channel forms, circuit), shaped by a seed. With `distinct`, every role (list entry, index,
// right-hand side...) is its own variable, the setting where the propagators claim GAC;
// without, roles draw from a small pool of variables, so one variable can play several.
#pragma once

#include <algorithm>
#include <random>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "arcwave/model.hpp"

namespace arcwave::test {

enum class ConnectionKind : std::uint8_t {
  kExtremum,
  kExtremumArg,
  kElementMatrix,
  kChannelValue,
  kChannelLists,
  kChannelSelf,
  kCircuit,
};

inline constexpr ConnectionKind kConnectionKinds[] = {
    ConnectionKind::kExtremum,     ConnectionKind::kExtremumArg,  ConnectionKind::kElementMatrix,
    ConnectionKind::kChannelValue, ConnectionKind::kChannelLists, ConnectionKind::kChannelSelf,
    ConnectionKind::kCircuit};

inline std::string_view to_string(ConnectionKind k) {
  switch (k) {
    case ConnectionKind::kExtremum:
      return "extremum";
    case ConnectionKind::kExtremumArg:
      return "extremumArg";
    case ConnectionKind::kElementMatrix:
      return "elementMatrix";
    case ConnectionKind::kChannelValue:
      return "channel-value";
    case ConnectionKind::kChannelLists:
      return "channel-lists";
    case ConnectionKind::kChannelSelf:
      return "channel-self";
    case ConnectionKind::kCircuit:
      return "circuit";
  }
  return "?";
}

/// Does the propagator of this kind claim GAC (with distinct variables)?
inline bool claims_gac(ConnectionKind k) {
  return k != ConnectionKind::kCircuit;
}

class ConnectionModels {
 public:
  explicit ConnectionModels(std::uint64_t seed) : rng_(seed) {}

  int pick(int lo, int hi) {
    return lo + static_cast<int>(rng_() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool chance(int percent) { return pick(1, 100) <= percent; }

  /// A random non-empty subset of lo..hi, each value kept with probability `percent`.
  std::vector<Value> subset(Value lo, Value hi, int percent = 60) {
    std::vector<Value> d;
    for (Value v = lo; v <= hi; ++v)
      if (chance(percent)) d.push_back(v);
    if (d.empty()) d.push_back(lo + pick(0, static_cast<int>(hi - lo)));
    return d;
  }

  /// A model of `kind` over fresh variables (distinct roles) or a shared pool.
  Model make(ConnectionKind kind, bool distinct) {
    Model m;
    model_ = &m;
    distinct_ = distinct;
    pool_.clear();
    switch (kind) {
      case ConnectionKind::kExtremum:
        extremum(m);
        break;
      case ConnectionKind::kExtremumArg:
        extremum_arg(m);
        break;
      case ConnectionKind::kElementMatrix:
        element_matrix(m);
        break;
      case ConnectionKind::kChannelValue:
        channel_value(m);
        break;
      case ConnectionKind::kChannelLists:
        channel_lists(m);
        break;
      case ConnectionKind::kChannelSelf:
        channel_self(m);
        break;
      case ConnectionKind::kCircuit:
        circuit(m);
        break;
    }
    return m;
  }

  /// A condition: against a constant, a range, a set, or (when `var` >= 0) that variable.
  Condition condition(Value lo, Value hi, int var) {
    Condition c;
    const int kind = pick(0, var >= 0 ? 4 : 2);
    if (kind >= 3) {
      c.kind = Condition::Kind::kVariable;
      c.op = kind == 4 ? Relation::kEq : static_cast<Relation>(pick(0, 5));
      c.value = var;
    } else if (kind == 0) {
      c.op = static_cast<Relation>(pick(0, 5));
      c.value = pick(static_cast<int>(lo), static_cast<int>(hi));
    } else if (kind == 1) {
      c.kind = Condition::Kind::kRange;
      c.op = chance(50) ? Relation::kIn : Relation::kNotIn;
      c.lo = pick(static_cast<int>(lo), static_cast<int>(hi));
      c.hi = c.lo + pick(0, 3);
    } else {
      c.kind = Condition::Kind::kSet;
      c.op = chance(50) ? Relation::kIn : Relation::kNotIn;
      c.set = subset(lo, hi, 35);
    }
    return c;
  }

 private:
  // A variable for one role: fresh with a domain drawn from lo..hi, or one of the pool.
  int var(Value lo, Value hi, int percent = 60) {
    if (!distinct_ && !pool_.empty() && chance(60)) return pool_[rng_() % pool_.size()];
    const int x =
        model_->add_variable(fmt::format("v{}", model_->variable_count()), subset(lo, hi, percent));
    pool_.push_back(x);
    return x;
  }

  void extremum(Model& m) {
    ExtremumConstraint c;
    c.maximum = chance(50);
    for (int k = pick(1, 4); k > 0; --k) c.scope.push_back(var(-2, 4));
    const int rhs = chance(60) ? var(-3, 5) : -1;
    c.condition = condition(-3, 5, rhs);
    m.add_constraint(c);
  }

  void extremum_arg(Model& m) {
    ExtremumArgConstraint c;
    c.maximum = chance(50);
    c.rank = static_cast<ExtremumArgConstraint::Rank>(pick(0, 2));
    c.start_index = pick(-1, 1);
    const int n = pick(1, 4);
    for (int k = 0; k < n; ++k) c.scope.push_back(var(-1, 3, 50));
    const Value lo = c.start_index - 1;
    const Value hi = c.start_index + n;
    const int rhs = chance(70) ? var(lo, hi, 70) : -1;
    c.condition = condition(lo, hi, rhs);
    m.add_constraint(c);
  }

  void element_matrix(Model& m) {
    ElementMatrixConstraint c;
    const int rows = pick(1, 3);
    const int cols = pick(1, 3);
    c.start_row = pick(-1, 1);
    c.start_col = pick(-1, 1);
    int variables = 0;
    c.matrix.assign(static_cast<std::size_t>(rows), {});
    for (auto& row : c.matrix)
      for (int j = 0; j < cols; ++j) {
        if (variables < 4 && chance(45)) {
          ++variables;
          row.push_back({true, var(-1, 3, 45)});
        } else {
          row.push_back({false, pick(-1, 3)});
        }
      }
    auto index = [&](Value start, int size) -> Operand {
      if (chance(15)) return {false, start + pick(0, size - 1)};
      return {true, var(start - 1, start + size, 70)};
    };
    c.row = index(c.start_row, rows);
    c.col = index(c.start_col, cols);
    const int rhs = chance(60) ? var(-2, 4) : -1;
    c.condition = condition(-2, 4, rhs);
    // Without any variable the reference closure would not see the constraint at all.
    if (constraint_scope(c).empty()) c.row = {true, var(c.start_row, c.start_row + rows - 1)};
    m.add_constraint(c);
  }

  void channel_value(Model& m) {
    ChannelConstraint c;
    c.start = pick(-1, 1);
    const int n = pick(1, 5);
    for (int k = 0; k < n; ++k) c.list.push_back(var(chance(20) ? -1 : 0, chance(20) ? 2 : 1, 80));
    c.value = var(c.start - 1, c.start + n, 70);
    m.add_constraint(c);
  }

  void channel_lists(Model& m) {
    ChannelConstraint c;
    c.start = pick(-1, 1);
    c.other_start = pick(-1, 1);
    const int n = pick(1, 4);
    const int size = n + (chance(35) ? pick(1, 2) : 0);
    for (int k = 0; k < n; ++k)
      c.list.push_back(var(c.other_start - (chance(20) ? 1 : 0), c.other_start + size - 1, 70));
    for (int k = 0; k < size; ++k)
      c.other.push_back(var(c.start - (chance(20) ? 1 : 0), c.start + n, 70));
    m.add_constraint(c);
  }

  void channel_self(Model& m) {
    ChannelConstraint c;
    c.start = pick(-1, 1);
    const int n = pick(1, 6);
    for (int k = 0; k < n; ++k)
      c.list.push_back(var(c.start - (chance(20) ? 1 : 0), c.start + n - 1, 60));
    m.add_constraint(c);
  }

  void circuit(Model& m) {
    CircuitConstraint c;
    c.start_index = pick(-1, 1);
    const int n = pick(1, 6);
    for (int k = 0; k < n; ++k)
      c.scope.push_back(var(c.start_index - (chance(15) ? 1 : 0), c.start_index + n - 1, 55));
    const int size = pick(0, 5);
    if (size == 1) c.size = Operand{false, pick(1, n + 1)};
    if (size == 2) c.size = Operand{true, var(0, n + 1, 50)};
    m.add_constraint(c);
  }

  std::mt19937_64 rng_;
  Model* model_ = nullptr;
  bool distinct_ = true;
  std::vector<int> pool_;
};

}  // namespace arcwave::test
