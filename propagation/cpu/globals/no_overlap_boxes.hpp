// propagation/cpu/globals/no_overlap_boxes.hpp — noOverlap in k >= 2 dimensions: no two boxes
// overlap, i.e. every pair is separated in some dimension (o_i + l_i <= o_j or the converse).
// Pairwise bounds reasoning with the lengths' minima, to a fixpoint:
//   - no separation possible in any dimension and direction: failure;
//   - one separation left (dimension d, i before j): o_j >= min o_i + min l_i,
//     o_i <= max o_j - min l_i, and l_i <= max o_j - min o_i;
//   - only dimension d left (both directions): the origins lose the values where neither
//     direction fits (where the box would overlap the other box's compulsory part along d).
// With zeroIgnored a box takes part once all its lengths are known positive. The pairwise test
// is exact when everything is fixed, so no violating assignment is accepted.
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/value_bounds.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class NoOverlapBoxesPropagator final : public Propagator {
 public:
  /// origins[i][d] and lengths[i][d] for box i and dimension d.
  NoOverlapBoxesPropagator(int constraint, std::vector<int> scope,
                           std::vector<std::vector<Term>> origins,
                           std::vector<std::vector<Term>> lengths, bool zero_ignored);
  bool propagate(Context& ctx) override;
  /// Runs after the cheap propagators (sums, binary constraints) have settled the bounds.
  [[nodiscard]] bool expensive() const override { return true; }

 private:
  struct Box {
    std::vector<Value> omin, omax, lmin;
    bool active = false;
  };
  void read(const Domains& d, std::size_t i);
  bool separate(Context& ctx, std::size_t i, std::size_t j, bool& changed);

  std::vector<std::vector<Term>> origins_;
  std::vector<std::vector<Term>> lengths_;
  bool zero_ignored_;
  std::vector<Box> boxes_;
};

}  // namespace arcwave::cpu
