// propagation/cpu/ac3bit.hpp — bitset AC3 with residual supports (AC3bit+rm, Lecoutre & Vion
// 2008) for one binary constraint: each value's supports are a bitset row, a value is
// supported while its row meets the other domain's bitset; the word where a support was last
// found (the residue) is tried first, and residues need no restoring on backtrack.
#pragma once

#include <memory>
#include <vector>

#include "propagation/cpu/propagator.hpp"
#include "propagation/indexed/bit_relation.hpp"

namespace arcwave::cpu {

class Ac3BitPropagator final : public Propagator {
 public:
  /// `xy`: rows are values of x, bits values of y; `yx` its transpose (shared between
  /// constraints with the same relation).
  Ac3BitPropagator(int constraint, int x, int y, std::shared_ptr<const BitRelation> xy,
                   std::shared_ptr<const BitRelation> yx);
  bool propagate(Context& ctx) override;

 private:
  // Removes the values of `a_var` without support in D(b_var); sets `removed` when it did.
  bool revise(Context& ctx, int a_var, int b_var, const BitRelation& rel,
              std::vector<int>& residues, bool& removed);

  int x_, y_;
  std::shared_ptr<const BitRelation> xy_, yx_;
  std::vector<int> res_x_, res_y_;  // word index of the last support found
};

}  // namespace arcwave::cpu
