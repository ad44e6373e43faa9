// tests/propagation/cpu/reference_extremum.hpp — the minimum / maximum filter as it was before
// it stopped enumerating V (commit 451e858): every pass collects the list's keys <= H, sorts
// them and filters the right-hand side against them. Kept as the reference that the
// incremental propagator (propagation/cpu/globals/extremum) must reach the same fixpoint as.
#pragma once

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/condition_rhs.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::test {

using cpu::ConditionRhs;
using cpu::Context;
using cpu::Domains;
using cpu::Propagator;

class ReferenceExtremum final : public Propagator {
 public:
  ReferenceExtremum(int constraint, std::vector<int> scope, const ExtremumConstraint& c,
                    const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  // The key of value index a of variable x: the value, negated for maximum.
  [[nodiscard]] Value key(int x, int a) const {
    const Value v = (*domains_)[static_cast<std::size_t>(x)][static_cast<std::size_t>(a)];
    return maximum_ ? -v : v;
  }
  [[nodiscard]] Value value_of_key(Value k) const { return maximum_ ? -k : k; }
  // Smallest / largest key of x.
  [[nodiscard]] Value low_key(const Domains& d, int x) const {
    return maximum_ ? key(x, d.max(x)) : key(x, d.min(x));
  }
  [[nodiscard]] Value high_key(const Domains& d, int x) const {
    return maximum_ ? key(x, d.min(x)) : key(x, d.max(x));
  }

  // Present value indices in increasing key order.
  [[nodiscard]] int first_by_key(const Domains& d, int x) const {
    return maximum_ ? d.max(x) : d.min(x);
  }
  [[nodiscard]] int next_by_key(const Domains& d, int x, int a) const {
    return maximum_ ? d.prev(x, a) : d.next(x, a);
  }

  bool maximum_;
  std::vector<int> list_;  // positions (a variable may repeat)
  ConditionRhs rhs_;
  const std::vector<Domain>* domains_;
  std::vector<Value> keys_;             // the list's distinct keys, increasing
  std::vector<std::vector<int>> rank_;  // per list position: the rank of each value's key
  std::vector<int> holders_;            // per rank this pass: positions holding it (<= 2)
  std::vector<int> holder_;             // per rank: the first position holding it
  std::vector<int> touched_;            // ranks <= H this pass
  std::vector<Value> minima_;           // V as values, sorted
};

inline ReferenceExtremum::ReferenceExtremum(int constraint, std::vector<int> scope,
                                            const ExtremumConstraint& c,
                                            const std::vector<Domain>& domains)
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

inline bool ReferenceExtremum::once(Context& ctx, bool& changed) {
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

inline bool ReferenceExtremum::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::test
