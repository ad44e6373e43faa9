// propagation/cpu/linear/linear_eq.hpp — sum(coeff_i * x_i) + constant = 0 over a few variables
// (`e = s + d`, `x + y = z`, `x = 1440 * y`): bounds consistency, and GAC once at most two
// variables are unfixed (every value of each needs a partner in the other; on two intervals with
// unit coefficients the bounds say so already; y = x + k by shifted bitset words) — other
// binary equalities while the two hold at most LinearSum::kPairsLimit values together.
#pragma once

#include <vector>

#include "propagation/cpu/linear/linear_sum.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class LinearEqual final : public Propagator {
 public:
  LinearEqual(int constraint, const LinearLiteral& literal, const std::vector<Domain>& domains)
      : Propagator(constraint, literal.vars), sum_(literal, domains) {}

  bool propagate(Context& ctx) override {
    last_run = ctx.now();
    bool changed = false;
    return sum_.enforce_eq(ctx, changed);
  }

 private:
  LinearSum sum_;
};

}  // namespace arcwave::cpu
