// propagation/cpu/globals/all_different_lists.hpp — allDifferent over lists: the lists, read as
// tuples, are pairwise distinct (a list equal to an `except` tuple is exempt).
//
// Forward checking on tuples: the fixed lists' tuples (not exempt) must be distinct (else a
// conflict), and a list whose positions are all fixed but one loses, at that position, every
// value that would make it equal to a fixed list's tuple. Exact on full assignments; far from
// GAC while several positions of every list are open.
#pragma once

#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class AllDifferentListsPropagator final : public Propagator {
 public:
  AllDifferentListsPropagator(int constraint, std::vector<int> scope,
                              const AllDifferentListsConstraint& c,
                              const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  [[nodiscard]] bool exempt(const std::vector<Value>& tuple) const;
  // Is `tuple` one of the fixed tuples (sorted_ rows)?
  [[nodiscard]] bool fixed_tuple(const std::vector<Value>& tuple) const;

  const std::vector<Domain>* domains_;
  std::vector<std::vector<int>> lists_;
  std::vector<std::vector<Value>> except_;  // sorted
  std::size_t width_ = 0;
  std::vector<std::vector<Value>> fixed_;  // scratch: the fixed lists' tuples (not exempt)
  std::vector<Value> tuple_;
};

}  // namespace arcwave::cpu
