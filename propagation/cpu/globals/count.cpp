// Definitions for propagation/cpu/globals/count.hpp.
#include "propagation/cpu/globals/count.hpp"

#include <algorithm>

#include "propagation/cpu/globals/count_condition.hpp"

namespace arcwave::cpu {

CountPropagator::CountPropagator(int constraint, std::vector<int> scope, const CountConstraint& c,
                                 const std::vector<std::vector<Value>>& domains)
    : Propagator(constraint, std::move(scope)), domains_(&domains), condition_(c.condition) {
  for (int x : c.scope) {
    const auto it = std::find(list_.begin(), list_.end(), x);
    if (it != list_.end()) {
      ++times_[static_cast<std::size_t>(it - list_.begin())];
    } else {
      list_.push_back(x);
      times_.push_back(1);
    }
  }
  std::vector<Value> constants;
  for (const Operand& o : c.values) {
    if (!o.is_variable) {
      constants.push_back(o.value);
    } else if (std::find(value_vars_.begin(), value_vars_.end(), static_cast<int>(o.value)) ==
               value_vars_.end()) {
      value_vars_.push_back(static_cast<int>(o.value));
    }
  }
  std::sort(constants.begin(), constants.end());
  for (int x : list_) {
    const std::vector<Value>& dom = domains[static_cast<std::size_t>(x)];
    std::vector<std::uint64_t> mask((dom.size() + 63) / 64, 0);
    for (std::size_t a = 0; a < dom.size(); ++a)
      if (std::binary_search(constants.begin(), constants.end(), dom[a]))
        mask[a >> 6] |= std::uint64_t{1} << (a & 63);
    constant_mask_.push_back(std::move(mask));
  }
  status_.resize(list_.size());
}

bool CountPropagator::surely_counted(std::size_t i, int a) const {
  if (((constant_mask_[i][static_cast<std::size_t>(a) >> 6] >> (a & 63)) & 1U) != 0) return true;
  return !fixed_values_.empty() &&
         std::binary_search(fixed_values_.begin(), fixed_values_.end(), value(list_[i], a));
}

bool CountPropagator::maybe_counted(std::size_t i, int a) const {
  return surely_counted(i, a) ||
         (!open_values_.empty() &&
          std::binary_search(open_values_.begin(), open_values_.end(), value(list_[i], a)));
}

void CountPropagator::classify(const Domains& d) {
  if (value_vars_.empty()) {
    // Word by word: D(x) inside the constants (sure), or meeting them (may).
    for (std::size_t i = 0; i < list_.size(); ++i) {
      const std::uint64_t* bits = d.bits(list_[i]);
      const std::uint64_t* mask = constant_mask_[i].data();
      bool meets = false;
      bool inside = true;
      for (int w = 0; w < d.words(list_[i]); ++w) {
        meets = meets || (bits[w] & mask[w]) != 0;
        inside = inside && (bits[w] & ~mask[w]) == 0;
      }
      status_[i] = inside ? Status::kSure : (meets ? Status::kMay : Status::kOut);
    }
    return;
  }
  fixed_values_.clear();
  open_values_.clear();
  for (int y : value_vars_) {
    const std::int32_t* dense = d.dense(y);
    std::vector<Value>& into = d.size(y) == 1 ? fixed_values_ : open_values_;
    for (int k = 0; k < d.size(y); ++k) into.push_back(value(y, dense[k]));
  }
  for (std::vector<Value>* v : {&fixed_values_, &open_values_}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
  for (std::size_t i = 0; i < list_.size(); ++i) {
    const int x = list_[i];
    const std::int32_t* dense = d.dense(x);
    bool all_sure = true;
    bool any_maybe = false;
    for (int k = 0; k < d.size(x) && (all_sure || !any_maybe); ++k) {
      const bool sure = surely_counted(i, dense[k]);
      all_sure = all_sure && sure;
      any_maybe = any_maybe || sure || maybe_counted(i, dense[k]);
    }
    status_[i] = all_sure ? Status::kSure : (any_maybe ? Status::kMay : Status::kOut);
  }
}

bool CountPropagator::filter_value_variables(Context& ctx, Value lb, Value ub, bool& changed) {
  // A value variable taking v makes every list variable fixed to v count: when lb plus their
  // number can satisfy no condition, v goes.
  const Domains& d = ctx.domains;
  fixed_list_.clear();
  for (std::size_t i = 0; i < list_.size(); ++i)
    if (status_[i] == Status::kMay && d.size(list_[i]) == 1)
      fixed_list_.emplace_back(value(list_[i], d.min(list_[i])), times_[i]);
  if (fixed_list_.empty()) return true;
  std::sort(fixed_list_.begin(), fixed_list_.end());
  for (int y : value_vars_) {
    if (d.size(y) == 1) continue;
    const std::int32_t* dense = d.dense(y);
    for (int k = d.size(y) - 1; k >= 0; --k) {
      const int a = dense[k];
      const Value v = value(y, a);
      Value added = 0;
      for (auto it = std::lower_bound(fixed_list_.begin(), fixed_list_.end(),
                                      std::pair<Value, Value>{v, 0});
           it != fixed_list_.end() && it->first == v; ++it)
        added += it->second;
      if (added == 0 || count_possible(condition_, d, *domains_, lb + added, ub)) continue;
      changed = true;
      if (!ctx.remove(y, a)) return false;
    }
  }
  return true;
}

bool CountPropagator::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  classify(d);
  Value lb = 0;
  Value ub = 0;
  for (std::size_t i = 0; i < list_.size(); ++i) {
    if (status_[i] == Status::kSure) lb += times_[i];
    if (status_[i] != Status::kOut) ub += times_[i];
  }
  if (!count_possible(condition_, d, *domains_, lb, ub)) return false;
  if (!filter_count_rhs(ctx, condition_, *domains_, lb, ub, changed)) return false;
  for (std::size_t i = 0; i < list_.size(); ++i) {
    if (status_[i] != Status::kMay) continue;
    const Value w = times_[i];
    const bool can_count = count_possible(condition_, d, *domains_, lb + w, ub);
    const bool can_miss = count_possible(condition_, d, *domains_, lb, ub - w);
    if (can_count && can_miss) continue;
    const int x = list_[i];
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      // Counting is impossible: the surely counted values go; missing is: the others go.
      const bool drop = (!can_count && surely_counted(i, a)) || (!can_miss && !maybe_counted(i, a));
      if (!drop) continue;
      changed = true;
      if (!ctx.remove(x, a)) return false;
    }
  }
  if (!value_vars_.empty()) return filter_value_variables(ctx, lb, ub, changed);
  return true;
}

bool CountPropagator::propagate(Context& ctx) {
  for (bool changed = true; changed;) {
    changed = false;
    if (!once(ctx, changed)) return false;
  }
  return true;
}

}  // namespace arcwave::cpu
