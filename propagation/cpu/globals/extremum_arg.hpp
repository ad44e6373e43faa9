// propagation/cpu/globals/extremum_arg.hpp — minimumArg / maximumArg: the position (from
// start_index) of an extremum of the list satisfies a condition, the position being any one
// holding the extremum, the first, or the last. Maximum is minimum on negated values (keys).
//
// Position p "beats" position j when x_p's key must be <= x_j's (< when j would win the tie:
// j before p for rank first, after p for rank last). With lo/hi the key bounds,
//  - p can be the arg iff lo_p fits under every other position: lo_p <= hi_j (- 1 on a tie
//    that j would win) for all j != p; the index values kept are those of such positions that
//    the condition accepts with some right-hand value (and the right-hand variable keeps what
//    some such position satisfies);
//  - x_i = a stays iff i may be the arg (i allowed by the condition) and a fits under every
//    other position, or some other allowed possible arg p has lo_p <= a (< on a tie that i
//    would win): x_p takes lo_p, the others their maxima. (A position that only i keeps from
//    being the arg does not count: x_i stays below it whatever its value.)
// Prefix and suffix minima make a pass linear in the list plus the domains. GAC when the
// variables are distinct (occurrences of a variable in several roles are filtered as if
// independent: weaker, never wrong).
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/condition_rhs.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class ExtremumArgPropagator final : public Propagator {
 public:
  ExtremumArgPropagator(int constraint, std::vector<int> scope, const ExtremumArgConstraint& c,
                        const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  [[nodiscard]] Value key(int x, int a) const {
    const Value v = (*domains_)[static_cast<std::size_t>(x)][static_cast<std::size_t>(a)];
    return maximum_ ? -v : v;
  }

  bool maximum_;
  ExtremumArgConstraint::Rank rank_;
  Value start_;
  std::vector<int> list_;
  ConditionRhs rhs_;
  const std::vector<Domain>* domains_;
  std::vector<Value> lo_, hi_, fit_, threshold_;
  std::vector<std::uint8_t> allowed_;
  std::vector<Value> positions_;
};

}  // namespace arcwave::cpu
