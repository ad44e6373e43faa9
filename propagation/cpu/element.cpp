// Definitions for propagation/cpu/element.hpp.
#include "propagation/cpu/element.hpp"

#include <algorithm>

#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

ElementPropagator::ElementPropagator(int constraint, std::vector<int> scope,
                                     ElementConstraint element,
                                     const std::vector<std::vector<Value>>& domains)
    : Propagator(constraint, std::move(scope)), e_(std::move(element)), domains_(&domains) {
  if (e_.condition.kind == Condition::Kind::kVariable)
    rhs_var_ = static_cast<int>(e_.condition.value);
}

bool ElementPropagator::rhs_accepts(const Domains& d, Value lhs) const {
  if (rhs_var_ < 0) return e_.condition.holds(lhs, {});
  const int r = rhs_var_;
  switch (e_.condition.op) {
    case Relation::kEq: {
      const int a = index_of((*domains_)[static_cast<std::size_t>(r)], lhs);
      return a >= 0 && d.contains(r, a);
    }
    case Relation::kNe:
      return d.size(r) > 1 || value(r, d.min(r)) != lhs;
    case Relation::kLt:
      return lhs < value(r, d.max(r));
    case Relation::kLe:
      return lhs <= value(r, d.max(r));
    case Relation::kGt:
      return lhs > value(r, d.min(r));
    case Relation::kGe:
      return lhs >= value(r, d.min(r));
    default:
      return true;  // in / notin take no variable (the model refuses it)
  }
}

bool ElementPropagator::entry_possible(const Domains& d, std::size_t p) const {
  const Operand& o = e_.list[p];
  if (!o.is_variable) return rhs_accepts(d, o.value);
  const int x = static_cast<int>(o.value);
  const std::int32_t* dense = d.dense(x);
  for (int k = 0; k < d.size(x); ++k)
    if (rhs_accepts(d, value(x, dense[k]))) return true;
  return false;
}

bool ElementPropagator::filter_entry(Context& ctx, std::size_t p, bool& changed) {
  const Operand& o = e_.list[p];
  if (!o.is_variable) return rhs_accepts(ctx.domains, o.value);
  const int x = static_cast<int>(o.value);
  const std::int32_t* dense = ctx.domains.dense(x);
  for (int k = ctx.domains.size(x) - 1; k >= 0; --k) {
    const int a = dense[k];
    if (rhs_accepts(ctx.domains, value(x, a))) continue;
    changed = true;
    if (!ctx.remove(x, a)) return false;
  }
  return true;
}

bool ElementPropagator::filter_rhs(Context& ctx, const std::vector<std::size_t>& entries,
                                   bool& changed) {
  if (rhs_var_ < 0) return true;
  const Domains& d = ctx.domains;
  lhs_values_.clear();
  for (std::size_t p : entries) {
    const Operand& o = e_.list[p];
    if (!o.is_variable) {
      lhs_values_.push_back(o.value);
      continue;
    }
    const int x = static_cast<int>(o.value);
    const std::int32_t* dense = d.dense(x);
    for (int k = 0; k < d.size(x); ++k) lhs_values_.push_back(value(x, dense[k]));
  }
  std::sort(lhs_values_.begin(), lhs_values_.end());
  lhs_values_.erase(std::unique(lhs_values_.begin(), lhs_values_.end()), lhs_values_.end());
  if (lhs_values_.empty()) return false;
  const Value lo = lhs_values_.front();
  const Value hi = lhs_values_.back();
  const int r = rhs_var_;
  const std::int32_t* dense = d.dense(r);
  for (int k = d.size(r) - 1; k >= 0; --k) {
    const int a = dense[k];
    const Value v = value(r, a);
    bool ok = true;
    switch (e_.condition.op) {
      case Relation::kEq:
        ok = std::binary_search(lhs_values_.begin(), lhs_values_.end(), v);
        break;
      case Relation::kNe:
        ok = lo != hi || lo != v;
        break;
      case Relation::kLt:
        ok = lo < v;
        break;
      case Relation::kLe:
        ok = lo <= v;
        break;
      case Relation::kGt:
        ok = hi > v;
        break;
      case Relation::kGe:
        ok = hi >= v;
        break;
      default:
        break;
    }
    if (ok) continue;
    changed = true;
    if (!ctx.remove(r, a)) return false;
  }
  return true;
}

bool ElementPropagator::once(Context& ctx, bool& changed) {
  Domains& d = ctx.domains;
  entries_.clear();
  const std::size_t n = e_.list.size();
  if (e_.index >= 0) {
    const int ix = e_.index;
    const std::int32_t* dense = d.dense(ix);
    for (int k = d.size(ix) - 1; k >= 0; --k) {
      const int a = dense[k];
      const Value pos = value(ix, a) - e_.start_index;
      if (pos >= 0 && static_cast<std::size_t>(pos) < n &&
          entry_possible(d, static_cast<std::size_t>(pos))) {
        entries_.push_back(static_cast<std::size_t>(pos));
        continue;
      }
      changed = true;
      if (!ctx.remove(ix, a)) return false;
    }
  } else {
    for (std::size_t p = 0; p < n; ++p)
      if (entry_possible(d, p)) entries_.push_back(p);
    if (entries_.empty()) return false;
  }
  std::sort(entries_.begin(), entries_.end());
  entries_.erase(std::unique(entries_.begin(), entries_.end()), entries_.end());
  if (entries_.size() == 1 && !filter_entry(ctx, entries_[0], changed)) return false;
  return filter_rhs(ctx, entries_, changed);
}

bool ElementPropagator::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
