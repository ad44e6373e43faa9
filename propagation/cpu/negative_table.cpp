// Definitions for propagation/cpu/negative_table.hpp.
#include "propagation/cpu/negative_table.hpp"

#include <algorithm>
#include <numeric>

namespace arcwave::cpu {

NegativeTablePropagator::NegativeTablePropagator(int constraint, std::vector<int> scope,
                                                 const IndexedTable& conflicts,
                                                 const Domains& domains)
    : Propagator(constraint, std::move(scope)),
      arity_(conflicts.arity),
      has_star_(conflicts.has_star) {
  // Distinct tuples, so that counting is exact.
  const auto r = static_cast<std::size_t>(arity_);
  std::vector<std::size_t> order(conflicts.size());
  std::iota(order.begin(), order.end(), 0);
  auto less = [&](std::size_t a, std::size_t b) {
    return std::lexicographical_compare(conflicts.tuple(a), conflicts.tuple(a) + r,
                                        conflicts.tuple(b), conflicts.tuple(b) + r);
  };
  std::sort(order.begin(), order.end(), less);
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (k > 0 && !less(order[k - 1], order[k])) continue;
    cells_.insert(cells_.end(), conflicts.tuple(order[k]), conflicts.tuple(order[k]) + r);
  }
  tuples_ = cells_.size() / r;
  base_.assign(r + 1, 0);
  for (std::size_t i = 0; i < r; ++i)
    base_[i + 1] = base_[i] + static_cast<std::size_t>(domains.initial_size(vars_[i]));
  counts_.assign(base_[r], 0);
  others_.resize(r);
}

bool NegativeTablePropagator::once(Context& ctx, bool& changed) {
  Domains& d = ctx.domains;
  const auto r = static_cast<std::size_t>(arity_);
  bool any = false;
  for (std::size_t i = 0; i < r; ++i) {
    std::size_t p = 1;
    for (std::size_t j = 0; j < r && p <= tuples_; ++j)
      if (j != i) p *= static_cast<std::size_t>(d.size(vars_[j]));
    // With `*`, overlapping conflicts would be counted twice: only P = 1 is decided.
    others_[i] = (has_star_ ? p == 1 : p <= tuples_) ? p : 0;
    if (others_[i] != 0) {
      any = true;
      std::fill(counts_.begin() + static_cast<std::ptrdiff_t>(base_[i]),
                counts_.begin() + static_cast<std::ptrdiff_t>(base_[i + 1]), 0);
    }
  }
  if (!any) return true;
  for (std::size_t t = 0; t < tuples_; ++t) {
    const std::int32_t* row = cells_.data() + t * r;
    bool valid = true;
    for (std::size_t j = 0; j < r && valid; ++j)
      valid = row[j] == IndexedTable::kAny || d.contains(vars_[j], row[j]);
    if (!valid) continue;
    for (std::size_t i = 0; i < r; ++i) {
      if (others_[i] == 0) continue;
      if (row[i] != IndexedTable::kAny) {
        ++counts_[base_[i] + static_cast<std::size_t>(row[i])];
        continue;
      }
      const std::int32_t* dense = d.dense(vars_[i]);
      for (int k = 0; k < d.size(vars_[i]); ++k) ++counts_[base_[i] + dense[k]];
    }
  }
  for (std::size_t i = 0; i < r; ++i) {
    if (others_[i] == 0) continue;
    const int x = vars_[i];
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      if (counts_[base_[i] + static_cast<std::size_t>(a)] < others_[i]) continue;
      changed = true;
      if (!ctx.remove(x, a)) return false;
    }
  }
  return true;
}

bool NegativeTablePropagator::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
