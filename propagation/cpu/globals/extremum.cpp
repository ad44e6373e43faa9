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
      domains_(&domains) {
  for (int x : list_)
    for (std::size_t a = 0; a < domains[static_cast<std::size_t>(x)].size(); ++a)
      keys_.push_back(key(x, static_cast<int>(a)));
  std::sort(keys_.begin(), keys_.end());
  keys_.erase(std::unique(keys_.begin(), keys_.end()), keys_.end());
  for (int x : list_) {
    std::vector<int>& r = rank_.emplace_back();
    for (std::size_t a = 0; a < domains[static_cast<std::size_t>(x)].size(); ++a)
      r.push_back(static_cast<int>(
          std::lower_bound(keys_.begin(), keys_.end(), key(x, static_cast<int>(a))) -
          keys_.begin()));
  }
  holders_.assign(keys_.size(), 0);
  holder_.assign(keys_.size(), -1);
}

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
  // The ranks of the keys <= H, with how many positions hold each (0, 1 or "2+").
  touched_.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const int x = list_[i];
    const std::vector<int>& rank = rank_[i];
    // Values in increasing key order (increasing value indices for minimum, decreasing for
    // maximum) while the key is <= H.
    for (int a = first_by_key(d, x); a >= 0; a = next_by_key(d, x, a)) {
      const int r = rank[static_cast<std::size_t>(a)];
      if (keys_[static_cast<std::size_t>(r)] > h) break;
      int& count = holders_[static_cast<std::size_t>(r)];
      if (count == 0) {
        touched_.push_back(r);
        holder_[static_cast<std::size_t>(r)] = static_cast<int>(i);
        count = 1;
      } else if (holder_[static_cast<std::size_t>(r)] != static_cast<int>(i)) {
        count = 2;
      }
    }
  }
  std::sort(touched_.begin(), touched_.end());
  auto reset = [&] {
    for (int r : touched_) holders_[static_cast<std::size_t>(r)] = 0;
  };
  if (rhs_.variable() >= 0) {
    minima_.clear();
    for (int r : touched_) minima_.push_back(value_of_key(keys_[static_cast<std::size_t>(r)]));
    std::sort(minima_.begin(), minima_.end());
    if (!rhs_.filter(ctx, minima_, changed)) {
      reset();
      return false;
    }
  }
  // The smallest allowed key (at position first_at) and the smallest allowed key held by
  // another position.
  Value first = kNone;
  Value second = kNone;
  int first_at = -1;
  for (int r : touched_) {
    const Value kv = keys_[static_cast<std::size_t>(r)];
    const int count = holders_[static_cast<std::size_t>(r)];
    const int at = holder_[static_cast<std::size_t>(r)];
    if (first_at >= 0 && count == 1 && at == first_at) continue;
    if (!rhs_.accepts(d, value_of_key(kv))) continue;
    if (first_at < 0) {
      first = kv;
      first_at = at;
      if (count >= 2) {
        second = kv;
        break;
      }
    } else {
      second = kv;
      break;
    }
  }
  reset();
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
