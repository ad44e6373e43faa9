// Definitions for propagation/cpu/globals/extremum.hpp.
#include "propagation/cpu/globals/extremum.hpp"

#include <algorithm>
#include <array>

namespace arcwave::cpu {

ExtremumPropagator::ExtremumPropagator(int constraint, std::vector<int> scope,
                                       const ExtremumConstraint& c,
                                       const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)),
      maximum_(c.maximum),
      op_(c.condition.op),
      list_(c.scope),
      rhs_(c.condition, domains),
      domains_(&domains) {
  for (int x : list_) index_.emplace_back(domains[static_cast<std::size_t>(x)]);
  if (rhs_.variable() >= 0)
    support_.assign(domains[static_cast<std::size_t>(rhs_.variable())].size(), -1);
}

bool ExtremumPropagator::filter_rhs(Context& ctx, Value h, bool& changed) {
  const Domains& d = ctx.domains;
  const int r = rhs_.variable();
  if (op_ != Relation::kEq) {
    // The other relations read only V's extremes: keys from the smallest low key to H.
    Value low = kNone;
    for (int x : list_) low = std::min(low, low_key(d, x));
    const Value a = value_of_key(low);
    const Value b = value_of_key(h);
    const std::array<Value, 2> range = {std::min(a, b), std::max(a, b)};
    return rhs_.filter(ctx, range, changed);
  }
  const Domain& rv = (*domains_)[static_cast<std::size_t>(r)];
  auto holds = [&](std::size_t i, Value v) {
    const int a = index_[i](v);
    return a >= 0 && d.contains(list_[i], a);
  };
  const std::int32_t* dense = d.dense(r);
  for (int k = d.size(r) - 1; k >= 0; --k) {
    const int b = dense[k];
    const Value v = rv[static_cast<std::size_t>(b)];
    bool ok = (maximum_ ? -v : v) <= h;
    if (ok) {
      std::int32_t& s = support_[static_cast<std::size_t>(b)];
      ok = s >= 0 && holds(static_cast<std::size_t>(s), v);
      for (std::size_t i = 0; !ok && i < list_.size(); ++i)
        if (holds(i, v)) {
          s = static_cast<std::int32_t>(i);
          ok = true;
        }
    }
    if (ok) continue;
    changed = true;
    if (!ctx.remove(r, b)) return false;
  }
  return true;
}

Value ExtremumPropagator::smallest_allowed(const Domains& d, std::size_t i, Value h) const {
  const int x = list_[i];
  for (int a = first_by_key(d, x); a >= 0; a = next_by_key(d, x, a)) {
    const Value kv = key(x, a);
    if (kv > h) return kNone;
    if (rhs_.accepts(d, value_of_key(kv))) return kv;
  }
  return kNone;
}

bool ExtremumPropagator::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  const std::size_t n = list_.size();
  // H, the position holding it (first such), and the smallest upper bound of the others.
  Value h = kNone;
  Value h_others = kNone;
  std::size_t h_at = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Value hi = high_key(d, list_[i]);
    if (hi < h) {
      h_others = h;
      h = hi;
      h_at = i;
    } else if (hi < h_others) {
      h_others = hi;
    }
  }
  if (rhs_.variable() >= 0 && !filter_rhs(ctx, h, changed)) return false;
  // The smallest allowed key (at position first_at, the first position holding it) and the
  // smallest allowed key held by another position.
  Value first = kNone;
  Value second = kNone;
  int first_at = -1;
  for (std::size_t i = 0; i < n; ++i) {
    const Value k = smallest_allowed(d, i, h);
    if (k < first) {
      second = first;
      first = k;
      first_at = static_cast<int>(i);
    } else if (k < second) {
      second = k;
    }
  }
  if (first_at < 0) return false;
  for (std::size_t i = 0; i < n; ++i) {
    const int x = list_[i];
    const Value below = static_cast<int>(i) == first_at ? second : first;  // someone else's
    const Value room = i == h_at ? h_others : h;  // the others can all reach this
    // Only values with a key <= below can go: visit them in key order.
    for (int a = first_by_key(d, x); a >= 0;) {
      const Value kv = key(x, a);
      if (kv > below) break;
      const int next = next_by_key(d, x, a);
      if (!(kv <= room && rhs_.accepts(d, value_of_key(kv)))) {
        changed = true;
        if (!ctx.remove(x, a)) return false;
      }
      a = next;
    }
  }
  return true;
}

bool ExtremumPropagator::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
