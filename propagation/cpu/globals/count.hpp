// propagation/cpu/globals/count.hpp — count (and among, atLeast, atMost, exactly): the number of
// list variables taking one of `values` satisfies a condition.
//
// A list variable surely counts when its domain lies inside the values, may count when the two
// meet; the reachable counts then lie in lb..ub (lb: the sure ones, ub: lb plus those that
// may). The condition's variable keeps the values some count of lb..ub satisfies; when no count
// above lb (below ub) can satisfy the condition, the undecided variables lose the values (keep
// only the values). With constant values, distinct list variables and a right-hand side outside
// the list, every count of lb..ub is reachable and this is GAC, for every operator and kind of
// right-hand side. Otherwise it reasons on a relaxation that loses no solution: a variable
// listed k times moves the count by k; a value variable's values count as sure once it is
// fixed and as possible while it is not; variables in several roles are taken as independent.
// It is exact on full assignments.
#pragma once

#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class CountPropagator final : public Propagator {
 public:
  CountPropagator(int constraint, std::vector<int> scope, const CountConstraint& c,
                  const std::vector<std::vector<Value>>& domains);
  bool propagate(Context& ctx) override;

 private:
  enum class Status : std::uint8_t { kOut, kMay, kSure };
  bool once(Context& ctx, bool& changed);
  void classify(const Domains& d);
  [[nodiscard]] bool surely_counted(std::size_t i, int a) const;
  [[nodiscard]] bool maybe_counted(std::size_t i, int a) const;
  bool filter_value_variables(Context& ctx, Value lb, Value ub, bool& changed);
  [[nodiscard]] Value value(int x, int a) const {
    return (*domains_)[static_cast<std::size_t>(x)][static_cast<std::size_t>(a)];
  }

  const std::vector<std::vector<Value>>* domains_;
  Condition condition_;
  std::vector<int> list_;     // distinct list variables
  std::vector<Value> times_;  // how often each is listed
  // Per list variable: a bitset over its value indices of the constant values.
  std::vector<std::vector<std::uint64_t>> constant_mask_;
  std::vector<int> value_vars_;  // distinct value variables
  std::vector<Status> status_;
  // Values of the fixed value variables, and of the others (sorted, distinct): rebuilt per run.
  std::vector<Value> fixed_values_, open_values_;
  std::vector<std::pair<Value, Value>> fixed_list_;  // (value, times) of fixed list variables
};

}  // namespace arcwave::cpu
