// propagation/cpu/sum.hpp — sum(c_i * x_i) against a constant, range or set: bounds consistency
// (each term is cut to what the other terms' bounds leave room for), then exact filtering once
// at most one variable is unfixed (which also covers != and notin). Arithmetic is 128-bit, so
// no intermediate overflows; a total outside 64 bits never satisfies (as in the checker).
#pragma once

#include <memory>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class SumPropagator final : public Propagator {
 public:
  __extension__ typedef __int128 Wide;  // no overflow in sums of 64-bit products
  SumPropagator(int constraint, std::vector<int> scope, std::vector<Value> coeffs,
                Condition condition, const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;
  /// Adds sum <= bound (the objective's cut; never undone).
  void restrict_upper(Value bound);
  /// A sum without condition that only enforces the bounds given by restrict_upper (it does
  /// nothing before the first one).
  static std::unique_ptr<SumPropagator> objective(int constraint, std::vector<int> scope,
                                                  std::vector<Value> coeffs,
                                                  const std::vector<Domain>& domains);

 private:
  bool bounds(Context& ctx, bool& changed);
  bool exact(Context& ctx);
  bool exact_large(Context& ctx, int x, Value coeff, const Domain& vals, Wide fixed);

  std::vector<Value> coeffs_;
  Condition condition_;
  std::vector<const Domain*> values_;
  bool bound_only_ = false;
  bool has_lo_ = false, has_hi_ = false;
  Wide lo_ = 0, hi_ = 0;
  std::vector<Wide> tmin_, tmax_;
};

}  // namespace arcwave::cpu
