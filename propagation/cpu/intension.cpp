// Definitions for propagation/cpu/intension.hpp.
#include "propagation/cpu/intension.hpp"

namespace arcwave::cpu {

IntensionPropagator::IntensionPropagator(int constraint, std::vector<int> scope,
                                         std::shared_ptr<const Expr> expr,
                                         const std::vector<Domain>& domains,
                                         std::size_t enumeration_limit)
    : Propagator(constraint, std::move(scope)), expr_(std::move(expr)), limit_(enumeration_limit) {
  const std::size_t r = vars_.size();
  base_.assign(r + 1, 0);
  for (std::size_t i = 0; i < r; ++i) {
    values_.push_back(&domains[static_cast<std::size_t>(vars_[i])]);
    large_ = large_ || values_[i]->large();
  }
  for (std::size_t i = 0; i < r; ++i)
    base_[i + 1] = base_[i] + (large_ ? 0 : values_[i]->size() * r);
  residues_.assign(base_[r], -1);
  tuple_.resize(r);
  index_.resize(r);
  cursor_.resize(r);
}

void IntensionPropagator::set_expr(std::shared_ptr<const Expr> expr) {
  expr_ = std::move(expr);
  std::fill(residues_.begin(), residues_.end(), -1);
}

bool IntensionPropagator::find_support(const Domains& d, std::size_t pos, int a) {
  const std::size_t r = vars_.size();
  std::int32_t* res = residues_.data() + base_[pos] + static_cast<std::size_t>(a) * r;
  if (res[0] >= 0) {
    bool valid = true;
    for (std::size_t j = 0; j < r && valid; ++j) valid = d.contains(vars_[j], res[j]);
    if (valid) return true;
  }
  // Odometer over the other positions' present values (dense order).
  for (std::size_t j = 0; j < r; ++j) {
    cursor_[j] = 0;
    index_[j] = j == pos ? a : d.dense(vars_[j])[0];
    tuple_[j] = (*values_[j])[static_cast<std::size_t>(index_[j])];
  }
  for (;;) {
    if (expr_->satisfied(tuple_)) {
      for (std::size_t j = 0; j < r; ++j) res[j] = index_[j];
      return true;
    }
    std::size_t j = r;
    for (;;) {
      if (j == 0) return false;
      --j;
      if (j == pos) continue;
      const int x = vars_[j];
      if (++cursor_[j] < d.size(x)) {
        index_[j] = d.dense(x)[cursor_[j]];
        tuple_[j] = (*values_[j])[static_cast<std::size_t>(index_[j])];
        break;
      }
      cursor_[j] = 0;
      index_[j] = d.dense(x)[0];
      tuple_[j] = (*values_[j])[static_cast<std::size_t>(index_[j])];
    }
  }
}

bool IntensionPropagator::revise(Context& ctx, std::size_t pos, bool& changed) {
  Domains& d = ctx.domains;
  // The whole revision enumerates at most |D(x)| x (product of the others) tuples: beyond the
  // limit it waits for smaller domains (the interval propagator bounds meanwhile).
  std::size_t tuples = static_cast<std::size_t>(d.size(vars_[pos]));
  for (std::size_t j = 0; j < vars_.size(); ++j) {
    if (j == pos) continue;
    if (__builtin_mul_overflow(tuples, static_cast<std::size_t>(d.size(vars_[j])), &tuples) ||
        tuples > limit_)
      return true;  // too many tuples to enumerate for now
  }
  const int x = vars_[pos];
  const std::int32_t* dense = d.dense(x);
  for (int k = d.size(x) - 1; k >= 0; --k) {
    const int a = dense[k];
    if (find_support(d, pos, a)) continue;
    changed = true;
    if (!ctx.remove(x, a)) return false;
  }
  return true;
}

bool IntensionPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  if (large_) {
    const Domains& d = ctx.domains;
    for (std::size_t j = 0; j < vars_.size(); ++j) {
      if (d.size(vars_[j]) != 1) return true;
      tuple_[j] = (*values_[j])[static_cast<std::size_t>(d.min(vars_[j]))];
    }
    return expr_->satisfied(tuple_);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < vars_.size(); ++i)
      if (!revise(ctx, i, changed)) return false;
  }
  return true;
}

}  // namespace arcwave::cpu
