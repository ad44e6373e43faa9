// propagation/cpu/globals/bin_packing.hpp — binPacking: item i (size s_i) goes into the bin its
// variable names; each bin's load lies within bounds given by a shared condition (lt, le, ge,
// gt, eq against a constant or variable, or in a range), by limits (load <= limit) or by loads
// (load = load variable or constant). Reasoning per bin b, to a fixpoint:
//   - the load is within [L_b, U_b]: the items fixed to b, plus the negative (positive) sizes of
//     the items that may still go there; it must meet the bin's bounds [lo_b, hi_b];
//   - every item goes to some bin, so the loads add up to the total size S: each load is also
//     within [S - sum of the other bins' upper bounds, S - sum of their lower bounds];
//   - an item leaves b when putting it there pushes b's load out of those bounds, and is placed
//     in b when keeping it out does (it is needed to reach b's minimum load);
//   - a load variable is narrowed to its bin's bounds; a limit variable's minimum and the
//     condition's variable follow from the loads' bounds.
// Items whose values are not bins (limits and loads forms) lose those values. Sizes may be of
// either sign. Once everything is fixed the bounds are the exact loads, so the check is exact.
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/value_bounds.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class BinPackingPropagator final : public Propagator {
 public:
  __extension__ typedef __int128 Wide;  // sums of sizes and of unbounded loads never overflow

  /// How the bins' loads are bounded.
  enum class Form : std::uint8_t { kCondition, kLimits, kLoads };
  struct Spec {
    Form form = Form::kCondition;
    std::vector<Value> bins;  // the bin values, sorted
    // kCondition: load <op> rhs for every bin, op in lt, le, ge, gt, eq, or in [lo, hi]
    Relation op = Relation::kLe;
    Term rhs;
    Value range_lo = 0, range_hi = 0;  // op == kIn
    // kLimits / kLoads: one per bin
    std::vector<Term> bounds;
  };
  BinPackingPropagator(int constraint, std::vector<int> scope, std::vector<int> items,
                       std::vector<Value> sizes, Spec spec, const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;
  /// Runs after the cheap propagators (sums, binary constraints) have settled the bounds.
  [[nodiscard]] bool expensive() const override { return true; }

 private:
  bool once(Context& ctx, bool& changed);
  // [lo_b, hi_b] from the form (before the loads' own bounds).
  void form_bounds(const Domains& d, std::size_t b, Wide& lo, Wide& hi) const;
  bool narrow_form(Context& ctx, bool& changed);

  std::vector<int> items_;
  std::vector<Value> sizes_;
  Spec spec_;
  std::vector<std::vector<int>> bin_of_;  // item, value index -> bin position or -1
  Wide total_ = 0;
  std::vector<Wide> low_, high_;  // L_b, U_b
  std::vector<Wide> lo_, hi_;     // the bins' load bounds
};

}  // namespace arcwave::cpu
