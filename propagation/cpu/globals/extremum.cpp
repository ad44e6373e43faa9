// Definitions for propagation/cpu/globals/extremum.hpp.
#include "propagation/cpu/globals/extremum.hpp"

#include <algorithm>
#include <limits>

namespace arcwave::cpu {

ExtremumPropagator::ExtremumPropagator(int constraint, std::vector<int> scope,
                                       const ExtremumConstraint& c,
                                       const std::vector<std::vector<Value>>& domains)
    : Propagator(constraint, std::move(scope)),
      maximum_(c.maximum),
      list_(c.scope),
      rhs_(c.condition, domains),
      domains_(&domains) {}

bool ExtremumPropagator::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  constexpr Value kNone = std::numeric_limits<Value>::max();
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
  keys_.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const int x = list_[i];
    const std::int32_t* dense = d.dense(x);
    for (int k = 0; k < d.size(x); ++k) {
      const Value kv = key(x, dense[k]);
      if (kv <= h) keys_.emplace_back(kv, static_cast<int>(i));
    }
  }
  std::sort(keys_.begin(), keys_.end());
  if (rhs_.variable() >= 0) {
    minima_.clear();
    for (const auto& [kv, i] : keys_) minima_.push_back(value_of_key(kv));
    std::sort(minima_.begin(), minima_.end());
    minima_.erase(std::unique(minima_.begin(), minima_.end()), minima_.end());
    if (!rhs_.filter(ctx, minima_, changed)) return false;
  }
  // The smallest allowed key (at position first_at) and the smallest allowed key held by
  // another position.
  Value first = kNone;
  Value second = kNone;
  int first_at = -1;
  for (const auto& [kv, i] : keys_) {
    if (first_at >= 0 && i == first_at) continue;
    if (!rhs_.accepts(d, value_of_key(kv))) continue;
    if (first_at < 0) {
      first = kv;
      first_at = i;
    } else {
      second = kv;
      break;
    }
  }
  if (first_at < 0) return false;
  for (std::size_t i = 0; i < n; ++i) {
    const int x = list_[i];
    const Value below = static_cast<int>(i) == first_at ? second : first;  // someone else's
    const Value room = i == h_at ? h_others : h;  // the others can all reach this
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      const Value kv = key(x, a);
      if (kv > below || (kv <= room && rhs_.accepts(d, value_of_key(kv)))) continue;
      changed = true;
      if (!ctx.remove(x, a)) return false;
    }
  }
  return true;
}

bool ExtremumPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  for (bool changed = true; changed;) {
    changed = false;
    if (!once(ctx, changed)) return false;
  }
  return true;
}

}  // namespace arcwave::cpu
