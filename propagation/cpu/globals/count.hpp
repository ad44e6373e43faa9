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
                  const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  enum Status : std::int32_t { kOut, kMay, kSure };
  bool once(Context& ctx, bool& changed);
  // Brings status_, lb_ and ub_ up to date with the domains.
  void refresh(Context& ctx);
  void classify_all(const Domains& d);
  [[nodiscard]] Status status_of(const Domains& d, std::size_t i) const;
  void set_status(Trail& trail, std::size_t i, Status s);
  [[nodiscard]] bool surely_counted(std::size_t i, int a) const;
  [[nodiscard]] bool maybe_counted(std::size_t i, int a) const;
  bool filter_value_variables(Context& ctx, bool& changed);
  [[nodiscard]] Value value(int x, int a) const {
    return (*domains_)[static_cast<std::size_t>(x)][static_cast<std::size_t>(a)];
  }

  const std::vector<Domain>* domains_;
  Condition condition_;
  std::vector<int> list_;            // distinct list variables
  std::vector<std::int32_t> times_;  // how often each is listed
  bool once_each_ = true;            // every list variable listed once
  // Per list variable: a bitset over its value indices of the constant values.
  std::vector<std::vector<std::uint64_t>> constant_mask_;
  std::vector<int> value_vars_;  // distinct value variables

  // With constant values, kept up to date incrementally and saved on the trail: each list
  // variable's status and the domain size it was computed at, and the count bounds (the
  // sure ones, and the sure plus undecided ones). With value variables, rebuilt per run.
  std::vector<std::int32_t> status_;
  std::vector<std::int32_t> seen_size_;
  std::vector<std::uint64_t> saved_;  // per list variable: the trail epoch it was saved in
  std::int32_t lb_ = 0, ub_ = 0;
  std::uint64_t bounds_saved_ = 0;

  // Values of the fixed value variables, and of the others (sorted, distinct): rebuilt per run.
  std::vector<Value> fixed_values_, open_values_;
  std::vector<std::pair<Value, Value>> fixed_list_;  // (value, times) of fixed list variables
};

}  // namespace arcwave::cpu
