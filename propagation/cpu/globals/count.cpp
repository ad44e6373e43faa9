// Definitions for propagation/cpu/globals/count.hpp.
#include "propagation/cpu/globals/count.hpp"

#include <algorithm>
#include <unordered_map>

#include "propagation/cpu/globals/count_condition.hpp"

namespace arcwave::cpu {

CountPropagator::CountPropagator(int constraint, std::vector<int> scope, const CountConstraint& c,
                                 const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)), domains_(&domains), condition_(c.condition) {
  std::unordered_map<int, std::size_t> at;  // list variable -> its place in list_
  for (int x : c.scope) {
    const auto [it, fresh] = at.try_emplace(x, list_.size());
    if (fresh) {
      list_.push_back(x);
      times_.push_back(1);
    } else {
      ++times_[it->second];
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
    const std::vector<Value>& dom = domains[static_cast<std::size_t>(x)].values();
    std::vector<std::uint64_t> mask((dom.size() + 63) / 64, 0);
    for (std::size_t a = 0; a < dom.size(); ++a)
      if (std::binary_search(constants.begin(), constants.end(), dom[a]))
        mask[a >> 6] |= std::uint64_t{1} << (a & 63);
    constant_mask_.push_back(std::move(mask));
  }
  for (std::int32_t t : times_) once_each_ = once_each_ && t == 1;
  status_.assign(list_.size(), kOut);
  seen_size_.assign(list_.size(), -1);  // nothing seen: the first run classifies everything
  saved_.assign(list_.size(), 0);
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

CountPropagator::Status CountPropagator::status_of(const Domains& d, std::size_t i) const {
  // Word by word: D(x) inside the constants (sure), or meeting them (may).
  const std::uint64_t* bits = d.bits(list_[i]);
  const std::uint64_t* mask = constant_mask_[i].data();
  bool meets = false;
  bool inside = true;
  for (int w = 0; w < d.words(list_[i]); ++w) {
    meets = meets || (bits[w] & mask[w]) != 0;
    inside = inside && (bits[w] & ~mask[w]) == 0;
  }
  return inside ? kSure : (meets ? kMay : kOut);
}

void CountPropagator::set_status(Trail& trail, std::size_t i, Status s) {
  if (saved_[i] != trail.epoch()) {
    saved_[i] = trail.epoch();
    trail.save(status_[i]);
    trail.save(seen_size_[i]);
  }
  if (s == status_[i]) return;
  if (bounds_saved_ != trail.epoch()) {
    bounds_saved_ = trail.epoch();
    trail.save(lb_);
    trail.save(ub_);
  }
  const std::int32_t w = times_[i];
  lb_ += (s == kSure ? w : 0) - (status_[i] == kSure ? w : 0);
  ub_ += (s != kOut ? w : 0) - (status_[i] != kOut ? w : 0);
  status_[i] = s;
}

void CountPropagator::refresh(Context& ctx) {
  const Domains& d = ctx.domains;
  if (!value_vars_.empty()) {
    classify_all(d);
    return;
  }
  for (std::size_t i = 0; i < list_.size(); ++i) {
    const int size = d.size(list_[i]);
    if (size == seen_size_[i]) continue;
    set_status(ctx.trail, i, status_of(d, i));
    seen_size_[i] = size;
  }
}

void CountPropagator::classify_all(const Domains& d) {
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
  lb_ = ub_ = 0;
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
    status_[i] = all_sure ? kSure : (any_maybe ? kMay : kOut);
    lb_ += status_[i] == kSure ? times_[i] : 0;
    ub_ += status_[i] != kOut ? times_[i] : 0;
  }
}

bool CountPropagator::filter_value_variables(Context& ctx, bool& changed) {
  // A value variable taking v makes every list variable fixed to v count: when lb plus their
  // number can satisfy no condition, v goes.
  const Domains& d = ctx.domains;
  fixed_list_.clear();
  for (std::size_t i = 0; i < list_.size(); ++i)
    if (status_[i] == kMay && d.size(list_[i]) == 1)
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
      if (added == 0 || count_possible(condition_, d, *domains_, lb_ + added, ub_)) continue;
      changed = true;
      if (!ctx.remove(y, a)) return false;
    }
  }
  return true;
}

bool CountPropagator::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  refresh(ctx);
  const Value lb = lb_;
  const Value ub = ub_;
  if (!count_possible(condition_, d, *domains_, lb, ub)) return false;
  if (!filter_count_rhs(ctx, condition_, *domains_, lb, ub, changed)) return false;
  // Can an undecided variable listed once count / miss? (Asked once; others ask for their own.)
  const bool count_one = count_possible(condition_, d, *domains_, lb + 1, ub);
  const bool miss_one = count_possible(condition_, d, *domains_, lb, ub - 1);
  if (once_each_ && count_one && miss_one) {
    return value_vars_.empty() || filter_value_variables(ctx, changed);
  }
  for (std::size_t i = 0; i < list_.size(); ++i) {
    if (status_[i] != kMay) continue;
    const Value w = times_[i];
    const bool can_count =
        w == 1 ? count_one : count_possible(condition_, d, *domains_, lb + w, ub);
    const bool can_miss = w == 1 ? miss_one : count_possible(condition_, d, *domains_, lb, ub - w);
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
  return value_vars_.empty() || filter_value_variables(ctx, changed);
}

bool CountPropagator::propagate(Context& ctx) {
  for (bool changed = true; changed;) {
    changed = false;
    if (!once(ctx, changed)) return false;
  }
  return true;
}

}  // namespace arcwave::cpu
