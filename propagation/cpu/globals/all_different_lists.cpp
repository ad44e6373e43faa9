// Definitions for propagation/cpu/globals/all_different_lists.hpp.
#include "propagation/cpu/globals/all_different_lists.hpp"

#include <algorithm>

namespace arcwave::cpu {

AllDifferentListsPropagator::AllDifferentListsPropagator(int constraint, std::vector<int> scope,
                                                         const AllDifferentListsConstraint& c,
                                                         const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)),
      domains_(&domains),
      lists_(c.lists),
      except_(c.except) {
  std::sort(except_.begin(), except_.end());
  width_ = lists_.empty() ? 0 : lists_.front().size();
  tuple_.resize(width_);
}

bool AllDifferentListsPropagator::exempt(const std::vector<Value>& tuple) const {
  return std::binary_search(except_.begin(), except_.end(), tuple);
}

bool AllDifferentListsPropagator::fixed_tuple(const std::vector<Value>& tuple) const {
  return std::binary_search(fixed_.begin(), fixed_.end(), tuple);
}

bool AllDifferentListsPropagator::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  auto value = [&](int x, int a) {
    return (*domains_)[static_cast<std::size_t>(x)][static_cast<std::size_t>(a)];
  };
  fixed_.clear();
  for (const std::vector<int>& l : lists_) {
    bool fixed = true;
    for (std::size_t p = 0; p < width_ && fixed; ++p) {
      fixed = d.size(l[p]) == 1;
      if (fixed) tuple_[p] = value(l[p], d.min(l[p]));
    }
    if (fixed && !exempt(tuple_)) fixed_.push_back(tuple_);
  }
  if (fixed_.empty()) return true;
  std::sort(fixed_.begin(), fixed_.end());
  if (std::adjacent_find(fixed_.begin(), fixed_.end()) != fixed_.end()) return false;
  for (const std::vector<int>& l : lists_) {
    // The one open position, if there is exactly one.
    std::size_t open = width_;
    bool single = true;
    for (std::size_t p = 0; p < width_ && single; ++p) {
      if (d.size(l[p]) == 1) {
        tuple_[p] = value(l[p], d.min(l[p]));
      } else if (open == width_) {
        open = p;
      } else {
        single = false;
      }
    }
    if (!single || open == width_) continue;
    const int x = l[open];
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      tuple_[open] = value(x, a);
      if (!fixed_tuple(tuple_)) continue;
      changed = true;
      if (!ctx.remove(x, a)) return false;
    }
  }
  return true;
}

bool AllDifferentListsPropagator::propagate(Context& ctx) {
  for (bool changed = true; changed;) {
    changed = false;
    if (!once(ctx, changed)) return false;
  }
  return true;
}

}  // namespace arcwave::cpu
