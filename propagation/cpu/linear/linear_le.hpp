// propagation/cpu/linear/linear_le.hpp — sum(coeff_i * x_i) + constant <= 0 over a few
// variables (precedences `x + c <= y`, `x <= y - z`, ...): bounds consistency, which is GAC for
// a linear inequality. One pass reaches the fixpoint: cutting terms from above leaves every
// term's minimum where it was.
#pragma once

#include <vector>

#include "propagation/cpu/linear/linear_sum.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class LinearLessEqual final : public Propagator {
 public:
  LinearLessEqual(int constraint, const LinearLiteral& literal, const std::vector<Domain>& domains)
      : Propagator(constraint, literal.vars), sum_(literal, domains) {}

  bool propagate(Context& ctx) override {
    last_run = ctx.now();
    bool changed = false;
    return sum_.enforce_le(ctx, changed);
  }

 private:
  LinearSum sum_;
};

}  // namespace arcwave::cpu
