// Definitions for propagation/cpu/globals/n_values.hpp.
#include "propagation/cpu/globals/n_values.hpp"

#include <algorithm>
#include <unordered_set>

#include "propagation/cpu/globals/count_condition.hpp"

namespace arcwave::cpu {

NValuesPropagator::NValuesPropagator(int constraint, std::vector<int> scope,
                                     const NValuesConstraint& c, const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)), domains_(&domains), condition_(c.condition) {
  std::unordered_set<int> listed;
  for (int x : c.scope)
    if (listed.insert(x).second) list_.push_back(x);
  std::vector<Value> all;
  for (int x : list_) {
    const auto& d = domains[static_cast<std::size_t>(x)];
    all.insert(all.end(), d.begin(), d.end());
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  offset_.push_back(0);
  for (int x : list_) {
    for (Value v : domains[static_cast<std::size_t>(x)])
      ids_.push_back(static_cast<int>(std::lower_bound(all.begin(), all.end(), v) - all.begin()));
    offset_.push_back(ids_.size());
  }
  except_.assign(all.size(), 0);
  for (std::size_t g = 0; g < all.size(); ++g)
    except_[g] = std::binary_search(c.except.begin(), c.except.end(), all[g]) ? 1 : 0;
  taken_.assign(all.size(), 0);
  seen_.assign(all.size(), 0);
  greedy_.assign(all.size(), 0);
  holders_.assign(all.size(), 0);
  holder_.assign(all.size(), -1);
}

template <typename Drop>
bool NValuesPropagator::remove_if(Context& ctx, std::size_t i, Drop drop, bool& changed) {
  const int x = list_[i];
  const std::int32_t* dense = ctx.domains.dense(x);
  for (int k = ctx.domains.size(x) - 1; k >= 0; --k) {
    const int a = dense[k];
    if (!drop(id(i, a))) continue;
    changed = true;
    if (!ctx.remove(x, a)) return false;
  }
  return true;
}

bool NValuesPropagator::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  const std::uint64_t s = ++stamp_;
  const std::size_t n = list_.size();
  auto counted = [&](int g) { return except_[static_cast<std::size_t>(g)] == 0; };
  auto taken = [&](int g) { return taken_[static_cast<std::size_t>(g)] == s; };
  // The distinct counted values of the fixed variables.
  Value fixed = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (d.size(list_[i]) != 1) continue;
    const int g = id(i, d.min(list_[i]));
    if (counted(g) && !taken(g)) {
      taken_[static_cast<std::size_t>(g)] = s;
      ++fixed;
    }
  }
  // The union of the domains, who holds each value, and the unfixed variables that can bring a
  // new value (`fresh`) or can only bring one (`greedy` picks those with disjoint domains).
  Value in_union = 0;
  Value fresh = 0;
  Value greedy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const int x = list_[i];
    const std::int32_t* dense = d.dense(x);
    const bool open = d.size(x) > 1;
    bool can_bring = false;
    bool only_new = true;
    bool disjoint = true;
    for (int k = 0; k < d.size(x); ++k) {
      const int g = id(i, dense[k]);
      const auto gg = static_cast<std::size_t>(g);
      if (seen_[gg] != s) {
        seen_[gg] = s;
        holders_[gg] = 0;
        if (counted(g)) ++in_union;
      }
      if (!open) continue;
      ++holders_[gg];
      holder_[gg] = static_cast<int>(i);
      const bool brings = counted(g) && !taken(g);
      can_bring = can_bring || brings;
      only_new = only_new && brings;
      disjoint = disjoint && greedy_[gg] != s;
    }
    if (!open) continue;
    if (can_bring) ++fresh;
    if (only_new && disjoint) {
      ++greedy;
      for (int k = 0; k < d.size(x); ++k) greedy_[static_cast<std::size_t>(id(i, dense[k]))] = s;
    }
  }
  const Value lb = fixed + greedy;
  const Value ub = std::min(in_union, fixed + fresh);
  if (!count_possible(condition_, d, *domains_, lb, ub)) return false;
  if (!filter_count_rhs(ctx, condition_, *domains_, lb, ub, changed)) return false;

  if (greedy == 0 && !count_possible(condition_, d, *domains_, lb + 1, ub)) {
    // No new value may appear: the unfixed variables keep the taken and except values.
    for (std::size_t i = 0; i < n; ++i)
      if (d.size(list_[i]) > 1 &&
          !remove_if(
              ctx, i, [&](int g) { return counted(g) && !taken(g); }, changed))
        return false;
    return true;
  }
  if (ub > lb && !count_possible(condition_, d, *domains_, lb, ub - 1)) {
    if (ub == fixed + fresh) {
      // Every variable that can bring a new value must: the taken and except values go.
      for (std::size_t i = 0; i < n; ++i) {
        if (d.size(list_[i]) == 1) continue;
        bool can_bring = false;
        const std::int32_t* dense = d.dense(list_[i]);
        for (int k = 0; k < d.size(list_[i]) && !can_bring; ++k) {
          const int g = id(i, dense[k]);
          can_bring = counted(g) && !taken(g);
        }
        if (can_bring && !remove_if(
                             ctx, i, [&](int g) { return !counted(g) || taken(g); }, changed))
          return false;
      }
    }
    if (ub == in_union) {
      // Every counted value of the union must be taken: a value only one
      // variable holds goes to it.
      for (std::size_t gg = 0; gg < seen_.size(); ++gg) {
        const int g = static_cast<int>(gg);
        if (seen_[gg] != s || !counted(g) || taken(g) || holders_[gg] != 1) continue;
        const auto i = static_cast<std::size_t>(holder_[gg]);
        if (!remove_if(
                ctx, i, [&](int h) { return h != g; }, changed))
          return false;
      }
    }
  }
  return true;
}

bool NValuesPropagator::propagate(Context& ctx) {
  for (bool changed = true; changed;) {
    changed = false;
    if (!once(ctx, changed)) return false;
  }
  return true;
}

}  // namespace arcwave::cpu
