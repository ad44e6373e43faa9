// propagation/cpu/globals/ordered.hpp — ordered: x[i] + len[i] <op> x[i+1] along the list,
// lengths constants or variables (op lt, le, ge or gt). Each link is written a + s*len + gap
// <= b (ge / gt swap the two ends and negate the length; lt / gt add a gap of 1) and filtered
// on bounds: b >= min a + min(s*len) + gap, a <= max b - min(s*len) - gap, and the length
// within max b - min a - gap. Sweeps forwards and backwards repeat until nothing moves.
// With constant lengths the bounds of a chain of such links are supported by the chain's
// extreme values, so the result is GAC; with variable lengths it is bounds consistency on
// each link. Variables occurring several times are treated as independent (sound).
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class OrderedPropagator final : public Propagator {
 public:
  OrderedPropagator(int constraint, std::vector<int> vars, const OrderedConstraint& c,
                    const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  struct Link {
    int a = 0;
    int b = 0;
    Operand length;  // a constant 0 when the constraint has no lengths
    int sign = 1;    // +1: a + len; -1: a - len
    Value gap = 0;   // 1 for the strict operators
  };
  bool filter(Context& ctx, const Link& link, bool& changed);

  std::vector<Link> links_;
  const std::vector<Domain>* domains_;
};

}  // namespace arcwave::cpu
