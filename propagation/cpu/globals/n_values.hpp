// propagation/cpu/globals/n_values.hpp — nValues: the number of distinct values the list takes
// (`except` values not counted) satisfies a condition.
//
// Bounds on that number: below, the distinct values of the fixed variables, plus one for each
// unfixed variable of a greedy set whose domains avoid those values, the except values and one
// another; above, the smaller of the size of the union of the domains and the fixed count plus
// the unfixed variables that can bring a new value. The condition's variable keeps the values
// some number between the bounds satisfies. When no number above the fixed count is allowed,
// the unfixed variables keep only the values already taken and the except values; when only
// the upper bound is allowed, the variables that must bring a new value lose the taken and
// except values, and a value of the union only one variable can take is given to it. Bounds
// consistency on the count; exact on full assignments.
#pragma once

#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class NValuesPropagator final : public Propagator {
 public:
  NValuesPropagator(int constraint, std::vector<int> scope, const NValuesConstraint& c,
                    const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  [[nodiscard]] int id(std::size_t i, int a) const noexcept {
    return ids_[offset_[i] + static_cast<std::size_t>(a)];
  }
  // Removes from list variable i the values `drop` says go; false on a wipe-out.
  template <typename Drop>
  bool remove_if(Context& ctx, std::size_t i, Drop drop, bool& changed);

  const std::vector<Domain>* domains_;
  Condition condition_;
  std::vector<int> list_;             // distinct list variables
  std::vector<std::size_t> offset_;   // per list variable, into ids_
  std::vector<int> ids_;              // (variable, value index) -> value id
  std::vector<std::uint8_t> except_;  // per value id
  // Per value id, scratch: stamps of "taken by a fixed variable", "in some domain", "in a
  // greedy domain", and how many unfixed variables hold it (with the last one).
  std::vector<std::uint64_t> taken_, seen_, greedy_;
  std::vector<int> holders_, holder_;
  std::uint64_t stamp_ = 0;
};

}  // namespace arcwave::cpu
