// propagation/cpu/interval_intension.hpp — bounds reasoning for an intension constraint too
// large to tabulate or to enumerate: interval evaluation (model/expr_interval) of the
// expression over the box of the current bounds. A box where it is definitely false holds no
// solution, so the propagator fails on it and shaves each variable's bounds: the lowest values
// are removed while the box with that variable in [lowest .. v] is definitely false (the range
// doubled at each step), and likewise the highest. This is bounds consistency on the interval
// relaxation: exact on linear inequalities and on disjunctions of them (precedences, pairs of
// tasks that may not overlap), weaker on products and holes.
#pragma once

#include <memory>
#include <vector>

#include "arcwave/domain.hpp"
#include "arcwave/expr.hpp"
#include "model/expr_interval.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class IntervalIntensionPropagator final : public Propagator {
 public:
  IntervalIntensionPropagator(int constraint, std::vector<int> scope,
                              std::shared_ptr<const Expr> expr, const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  // Removes the lowest (low = true) or highest values of position i while the box is
  // definitely false with them; false on a wipe-out.
  bool shave(Context& ctx, std::size_t i, bool low, bool& changed);
  [[nodiscard]] bool possible();
  [[nodiscard]] Value value(std::size_t i, int a) const {
    return (*values_[i])[static_cast<std::size_t>(a)];
  }
  void set_bounds(const Domains& d, std::size_t i);

  std::shared_ptr<const Expr> expr_;
  std::vector<const Domain*> values_;
  [[nodiscard]] bool fixed(const Domains& d) const noexcept {
    for (int x : vars_)
      if (d.size(x) != 1) return false;
    return true;
  }
  // Every variable fixed (box_ holds the points): the expression decides exactly.
  bool exact_on_fixed() {
    point_.resize(box_.size());
    for (std::size_t i = 0; i < box_.size(); ++i) point_[i] = box_[i].lo;
    return expr_->satisfied(point_);
  }

  std::vector<ValueInterval> box_;
  std::vector<Value> point_;
  std::vector<ValueInterval> stack_;
};

}  // namespace arcwave::cpu
