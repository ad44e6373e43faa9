// Definitions for propagation/cpu/globals/precedence.hpp.
#include "propagation/cpu/globals/precedence.hpp"

#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

PrecedencePropagator::PrecedencePropagator(int constraint, std::vector<int> vars,
                                           const PrecedenceConstraint& c,
                                           const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(vars)),
      positions_(c.scope),
      values_(c.values.size()),
      covered_(c.covered) {
  for (int x : positions_) {
    std::vector<int>& index = index_.emplace_back();
    for (Value v : c.values) index.push_back(index_of(domains[static_cast<std::size_t>(x)], v));
  }
}

bool PrecedencePropagator::filter_pair(Context& ctx, std::size_t k, bool& changed) {
  // s = value k - 1 must precede t = value k.
  const std::size_t n = positions_.size();
  std::size_t alpha = 0;
  while (alpha < n && !can_take(ctx, alpha, k - 1)) ++alpha;
  // No t up to alpha: nothing before can be s.
  for (std::size_t i = 0; i <= alpha && i < n; ++i)
    if (can_take(ctx, i, k)) {
      changed = true;
      if (!ctx.remove(positions_[i], index_[i][k])) return false;
    }
  if (alpha == n) return true;
  std::size_t beta = alpha + 1;
  while (beta < n && !can_take(ctx, beta, k - 1)) ++beta;
  // A position fixed to t before beta needs its s at alpha.
  for (std::size_t i = alpha + 1; i < beta; ++i) {
    const int x = positions_[i];
    if (ctx.domains.size(x) == 1 && can_take(ctx, i, k)) {
      const int x_alpha = positions_[alpha];
      if (ctx.domains.size(x_alpha) > 1) {
        changed = true;
        return ctx.reduce_to(x_alpha, index_[alpha][k - 1]);
      }
      return true;
    }
  }
  return true;
}

bool PrecedencePropagator::filter_covered(Context& ctx, std::size_t k, bool& changed) {
  std::size_t only = positions_.size();
  std::size_t count = 0;
  for (std::size_t i = 0; i < positions_.size() && count < 2; ++i)
    if (can_take(ctx, i, k)) {
      only = i;
      ++count;
    }
  if (count == 0) return false;
  if (count == 1 && ctx.domains.size(positions_[only]) > 1) {
    changed = true;
    return ctx.reduce_to(positions_[only], index_[only][k]);
  }
  return true;
}

bool PrecedencePropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t k = 1; k < values_; ++k)
      if (!filter_pair(ctx, k, changed)) return false;
    if (covered_)
      for (std::size_t k = 0; k < values_; ++k)
        if (!filter_covered(ctx, k, changed)) return false;
  }
  return true;
}

}  // namespace arcwave::cpu
