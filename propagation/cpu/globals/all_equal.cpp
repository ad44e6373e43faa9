// Definitions for propagation/cpu/globals/all_equal.hpp.
#include "propagation/cpu/globals/all_equal.hpp"

#include <algorithm>

namespace arcwave::cpu {

AllEqualPropagator::AllEqualPropagator(int constraint, std::vector<int> scope,
                                       const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)) {
  std::vector<Value> all;
  for (int x : vars_) {
    const auto& d = domains[static_cast<std::size_t>(x)];
    all.insert(all.end(), d.begin(), d.end());
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  offset_.push_back(0);
  for (int x : vars_) {
    for (Value v : domains[static_cast<std::size_t>(x)])
      ids_.push_back(static_cast<int>(std::lower_bound(all.begin(), all.end(), v) - all.begin()));
    offset_.push_back(ids_.size());
  }
  holders_.assign(all.size(), 0);
}

bool AllEqualPropagator::propagate(Context& ctx) {
  // vars_ are distinct: a value every variable holds is held vars_.size() times.
  const Domains& d = ctx.domains;
  const auto n = static_cast<int>(vars_.size());
  std::fill(holders_.begin(), holders_.end(), 0);
  for (std::size_t i = 0; i < vars_.size(); ++i) {
    const std::int32_t* dense = d.dense(vars_[i]);
    for (int k = 0; k < d.size(vars_[i]); ++k)
      ++holders_[static_cast<std::size_t>(ids_[offset_[i] + static_cast<std::size_t>(dense[k])])];
  }
  for (std::size_t i = 0; i < vars_.size(); ++i) {
    const int x = vars_[i];
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      if (holders_[static_cast<std::size_t>(ids_[offset_[i] + static_cast<std::size_t>(a)])] == n)
        continue;
      if (!ctx.remove(x, a)) return false;
    }
  }
  return true;
}

}  // namespace arcwave::cpu
