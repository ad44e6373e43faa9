// propagation/cpu/globals/extremum.hpp — minimum / maximum: the smallest (largest) value of the
// list satisfies a condition (against a constant, range, set or variable). Maximum is minimum
// on negated values ("keys"); below, "min" is over keys.
//
// With H the smallest upper bound of the list, the possible minima are V = the list's values
// <= H; a value v of V is allowed when the condition accepts it for some right-hand value. Then
//  - a right-hand value r stays iff some v of V satisfies v <op> r;
//  - x_i = a stays iff either a is allowed and every other entry can be >= a (a <= H without
//    x_i), or some allowed value held by another entry is < a (that entry takes it, the rest
//    their maxima).
// This is GAC when the list and the right-hand variable are distinct variables; a variable in
// several roles is filtered as if its occurrences were independent (weaker, never wrong, exact
// once they are fixed).
//
// A pass never enumerates V: with `=` against a variable each right-hand value keeps a residue
// (a position holding it), other relations need only V's extremes ([smallest low key, H]);
// the smallest allowed key of each position is found scanning its values in key order from
// the smallest; and only values that go (or the first that stays) are visited when filtering
// the list. The fixpoint is the one of the filter that collected and sorted V on every pass
// (tests/propagation/cpu/test_extremum.cpp compares them).
#pragma once

#include <limits>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/condition_rhs.hpp"
#include "propagation/cpu/propagator.hpp"
#include "propagation/cpu/value_index.hpp"

namespace arcwave::cpu {

class ExtremumPropagator final : public Propagator {
 public:
  ExtremumPropagator(int constraint, std::vector<int> scope, const ExtremumConstraint& c,
                     const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  // Filters the right-hand variable against V (the keys <= h).
  bool filter_rhs(Context& ctx, Value h, bool& changed);
  // The smallest key <= h of position i that the condition accepts (kNone: none).
  [[nodiscard]] Value smallest_allowed(const Domains& d, std::size_t i, Value h) const;
  // The key of value index a of variable x: the value, negated for maximum.
  [[nodiscard]] Value key(int x, int a) const {
    const Value v = (*domains_)[static_cast<std::size_t>(x)][static_cast<std::size_t>(a)];
    return maximum_ ? -v : v;
  }
  [[nodiscard]] Value value_of_key(Value k) const { return maximum_ ? -k : k; }
  // Smallest / largest key of x.
  [[nodiscard]] Value low_key(const Domains& d, int x) const {
    return maximum_ ? key(x, d.max(x)) : key(x, d.min(x));
  }
  [[nodiscard]] Value high_key(const Domains& d, int x) const {
    return maximum_ ? key(x, d.min(x)) : key(x, d.max(x));
  }

  // Present value indices in increasing key order.
  [[nodiscard]] int first_by_key(const Domains& d, int x) const {
    return maximum_ ? d.max(x) : d.min(x);
  }
  [[nodiscard]] int next_by_key(const Domains& d, int x, int a) const {
    return maximum_ ? d.prev(x, a) : d.next(x, a);
  }

  static constexpr Value kNone = std::numeric_limits<Value>::max();

  bool maximum_;
  Relation op_;
  std::vector<int> list_;  // positions (a variable may repeat)
  ConditionRhs rhs_;
  const std::vector<Domain>* domains_;
  std::vector<ValueIndex> index_;      // per position
  std::vector<std::int32_t> support_;  // per right-hand value index: a position, or -1
};

}  // namespace arcwave::cpu
