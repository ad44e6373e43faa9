// Definitions for propagation/cpu/globals/lex.hpp.
#include "propagation/cpu/globals/lex.hpp"

#include "propagation/cpu/globals/bounds.hpp"

namespace arcwave::cpu {

LexPropagator::LexPropagator(int constraint, std::vector<int> vars, std::vector<Operand> x,
                             std::vector<Operand> y, bool strict,
                             const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(vars)),
      x_(std::move(x)),
      y_(std::move(y)),
      strict_(strict),
      domains_(&domains) {}

Value LexPropagator::low(const Context& ctx, const Operand& o) const {
  return o.is_variable ? min_value(ctx, *domains_, static_cast<int>(o.value)) : o.value;
}

Value LexPropagator::high(const Context& ctx, const Operand& o) const {
  return o.is_variable ? max_value(ctx, *domains_, static_cast<int>(o.value)) : o.value;
}

bool LexPropagator::same(const Context& ctx, std::size_t i) const {
  const Operand& a = x_[i];
  const Operand& b = y_[i];
  if (a.is_variable && b.is_variable && a.value == b.value) return true;
  return fixed(ctx, a) && fixed(ctx, b) && low(ctx, a) == low(ctx, b);
}

bool LexPropagator::rest_can_hold(const Context& ctx, std::size_t from) const {
  // x's smallest rest against y's largest: the first difference decides.
  for (std::size_t i = from; i < x_.size(); ++i) {
    if (x_[i].is_variable && y_[i].is_variable && x_[i].value == y_[i].value) continue;
    const Value lo = low(ctx, x_[i]);
    const Value hi = high(ctx, y_[i]);
    if (lo != hi) return lo < hi;
  }
  return !strict_;
}

bool LexPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  const auto& dom = *domains_;
  std::size_t alpha = 0;
  for (;;) {
    while (alpha < x_.size() && same(ctx, alpha)) ++alpha;
    if (alpha == x_.size()) return !strict_;
    const Operand& a = x_[alpha];
    const Operand& b = y_[alpha];
    // x[alpha] <= y[alpha], strictly when the rest cannot make up for equality.
    const Value gap = rest_can_hold(ctx, alpha + 1) ? 0 : 1;
    bool changed = false;
    if (a.is_variable) {
      if (!remove_above(ctx, dom, static_cast<int>(a.value), WideValue{high(ctx, b)} - gap,
                        changed))
        return false;
    } else if (WideValue{a.value} > WideValue{high(ctx, b)} - gap) {
      return false;
    }
    if (b.is_variable) {
      if (!remove_below(ctx, dom, static_cast<int>(b.value), WideValue{low(ctx, a)} + gap, changed))
        return false;
    } else if (WideValue{b.value} < WideValue{low(ctx, a)} + gap) {
      return false;
    }
    if (!same(ctx, alpha)) return true;
  }
}

}  // namespace arcwave::cpu
