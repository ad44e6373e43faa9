// Definitions for propagation/cpu/globals/ordered.hpp.
#include "propagation/cpu/globals/ordered.hpp"

#include "propagation/cpu/globals/bounds.hpp"

namespace arcwave::cpu {

OrderedPropagator::OrderedPropagator(int constraint, std::vector<int> vars,
                                     const OrderedConstraint& c, const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(vars)), domains_(&domains) {
  const bool increasing = c.op == Relation::kLt || c.op == Relation::kLe;
  const bool strict = c.op == Relation::kLt || c.op == Relation::kGt;
  for (std::size_t i = 0; i + 1 < c.scope.size(); ++i) {
    Link l;
    // x + len <= y (le), or y - len <= x (ge: x + len >= y)
    l.a = increasing ? c.scope[i] : c.scope[i + 1];
    l.b = increasing ? c.scope[i + 1] : c.scope[i];
    l.length = c.lengths.empty() ? Operand{false, 0} : c.lengths[i];
    l.sign = increasing ? 1 : -1;
    l.gap = strict ? 1 : 0;
    links_.push_back(l);
  }
}

bool OrderedPropagator::filter(Context& ctx, const Link& link, bool& changed) {
  const auto& dom = *domains_;
  // The range of sign * length.
  WideValue lo = link.length.value;
  WideValue hi = link.length.value;
  const int len = link.length.is_variable ? static_cast<int>(link.length.value) : -1;
  if (len >= 0) {
    lo = link.sign > 0 ? min_value(ctx, dom, len) : -WideValue{max_value(ctx, dom, len)};
    hi = link.sign > 0 ? max_value(ctx, dom, len) : -WideValue{min_value(ctx, dom, len)};
  } else if (link.sign < 0) {
    lo = hi = -WideValue{link.length.value};
  }
  if (!remove_below(ctx, dom, link.b, min_value(ctx, dom, link.a) + lo + link.gap, changed))
    return false;
  if (!remove_above(ctx, dom, link.a, max_value(ctx, dom, link.b) - lo - link.gap, changed))
    return false;
  if (len < 0) return true;
  // sign * len <= max b - min a - gap
  const WideValue room =
      WideValue{max_value(ctx, dom, link.b)} - min_value(ctx, dom, link.a) - link.gap;
  if (hi <= room) return true;
  return link.sign > 0 ? remove_above(ctx, dom, len, room, changed)
                       : remove_below(ctx, dom, len, -room, changed);
}

bool OrderedPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  for (bool changed = true; changed;) {
    changed = false;
    for (const Link& l : links_)
      if (!filter(ctx, l, changed)) return false;
    for (auto it = links_.rbegin(); it != links_.rend(); ++it)
      if (!filter(ctx, *it, changed)) return false;
  }
  return true;
}

}  // namespace arcwave::cpu
