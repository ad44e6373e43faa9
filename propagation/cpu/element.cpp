// Definitions for propagation/cpu/element.hpp.
#include "propagation/cpu/element.hpp"

#include <algorithm>
#include <limits>

namespace arcwave::cpu {

ElementPropagator::ElementPropagator(int constraint, std::vector<int> scope,
                                     ElementConstraint element, const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)), e_(std::move(element)), domains_(&domains) {
  if (e_.condition.kind == Condition::Kind::kVariable) {
    rhs_var_ = static_cast<int>(e_.condition.value);
    rhs_index_ = ValueIndex(domains[static_cast<std::size_t>(rhs_var_)]);
  }
  for (const Operand& o : e_.list)
    entry_index_.push_back(o.is_variable ? ValueIndex(domains[static_cast<std::size_t>(o.value)])
                                         : ValueIndex());
  in_entries_.assign(e_.list.size(), 0);
  witness_.assign(e_.list.size(), -1);
  std::vector<int> vars;
  for (const Operand& o : e_.list)
    if (o.is_variable) vars.push_back(static_cast<int>(o.value));
  std::sort(vars.begin(), vars.end());
  vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
  distinct_roles_ = !std::binary_search(vars.begin(), vars.end(), e_.index) &&
                    (rhs_var_ < 0 || (rhs_var_ != e_.index &&
                                      !std::binary_search(vars.begin(), vars.end(), rhs_var_)));
  if (rhs_var_ >= 0) support_.assign(domains[static_cast<std::size_t>(rhs_var_)].size(), -1);
}

bool ElementPropagator::rhs_accepts(const Domains& d, Value lhs) const {
  if (rhs_var_ < 0) return e_.condition.holds(lhs, {});
  const int r = rhs_var_;
  switch (e_.condition.op) {
    case Relation::kEq: {
      const int a = rhs_index_(lhs);
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

bool ElementPropagator::entry_holds(const Domains& d, std::size_t p, Value v) const {
  const Operand& o = e_.list[p];
  if (!o.is_variable) return o.value == v;
  const int x = static_cast<int>(o.value);
  const int a = entry_index_[p](v);
  return a >= 0 && d.contains(x, a);
}

bool ElementPropagator::entry_possible(const Domains& d, std::size_t p) {
  const Operand& o = e_.list[p];
  if (!o.is_variable) return rhs_accepts(d, o.value);
  const int x = static_cast<int>(o.value);
  if (rhs_var_ >= 0) {
    // Against a variable, an order relation is decided by the entry's extreme value.
    switch (e_.condition.op) {
      case Relation::kLt:
      case Relation::kLe:
        return rhs_accepts(d, value(x, d.min(x)));
      case Relation::kGt:
      case Relation::kGe:
        return rhs_accepts(d, value(x, d.max(x)));
      case Relation::kNe:
        return d.size(x) > 1 || rhs_accepts(d, value(x, d.min(x)));
      default:
        break;
    }
  }
  std::int32_t& w = witness_[p];
  if (w >= 0 && d.contains(x, w) && rhs_accepts(d, value(x, w))) return true;
  if (rhs_var_ >= 0 && e_.condition.op == Relation::kEq && d.size(rhs_var_) < d.size(x)) {
    // D(x) ∩ D(rhs) from the smaller side.
    const int r = rhs_var_;
    const std::int32_t* dense = d.dense(r);
    for (int k = 0; k < d.size(r); ++k) {
      const int a = entry_index_[p](value(r, dense[k]));
      if (a >= 0 && d.contains(x, a)) {
        w = a;
        return true;
      }
    }
    return false;
  }
  const std::int32_t* dense = d.dense(x);
  for (int k = 0; k < d.size(x); ++k)
    if (rhs_accepts(d, value(x, dense[k]))) {
      w = dense[k];
      return true;
    }
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

bool ElementPropagator::filter_rhs_equal(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  const int r = rhs_var_;
  const std::int32_t* dense = d.dense(r);
  for (int k = d.size(r) - 1; k >= 0; --k) {
    const int b = dense[k];
    const Value v = value(r, b);
    std::int32_t& s = support_[static_cast<std::size_t>(b)];
    if (s >= 0 && in_entries_[static_cast<std::size_t>(s)] != 0 &&
        entry_holds(d, static_cast<std::size_t>(s), v))
      continue;
    const auto it = std::find_if(entries_.begin(), entries_.end(),
                                 [&](std::size_t p) { return entry_holds(d, p, v); });
    if (it != entries_.end()) {
      s = static_cast<std::int32_t>(*it);
      continue;
    }
    changed = true;
    if (!ctx.remove(r, b)) return false;
  }
  return true;
}

bool ElementPropagator::filter_rhs_order(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  Value lo = std::numeric_limits<Value>::max();
  Value hi = std::numeric_limits<Value>::min();
  for (std::size_t p : entries_) {
    const Operand& o = e_.list[p];
    if (!o.is_variable) {
      lo = std::min(lo, o.value);
      hi = std::max(hi, o.value);
      continue;
    }
    const int x = static_cast<int>(o.value);
    lo = std::min(lo, value(x, d.min(x)));
    hi = std::max(hi, value(x, d.max(x)));
  }
  const int r = rhs_var_;
  const std::int32_t* dense = d.dense(r);
  for (int k = d.size(r) - 1; k >= 0; --k) {
    const int a = dense[k];
    const Value v = value(r, a);
    bool ok = true;
    switch (e_.condition.op) {
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
  if (entries_.size() == 1 && !filter_entry(ctx, entries_[0], changed)) return false;
  if (rhs_var_ < 0) return true;
  for (std::size_t p : entries_) in_entries_[p] = 1;
  const bool ok = e_.condition.op == Relation::kEq ? filter_rhs_equal(ctx, changed)
                                                   : filter_rhs_order(ctx, changed);
  for (std::size_t p : entries_) in_entries_[p] = 0;
  return ok;
}

bool ElementPropagator::relevant_change(const Context& ctx) const {
  if (last_run == 0) return true;
  if (e_.index >= 0 && ctx.changed_since(e_.index, last_run)) return true;
  if (rhs_var_ >= 0 && ctx.changed_since(rhs_var_, last_run)) return true;
  auto entry_changed = [&](Value pos) {
    if (pos < 0 || static_cast<std::size_t>(pos) >= e_.list.size()) return false;
    const Operand& o = e_.list[static_cast<std::size_t>(pos)];
    return o.is_variable && ctx.changed_since(static_cast<int>(o.value), last_run);
  };
  if (e_.index < 0) {
    for (std::size_t p = 0; p < e_.list.size(); ++p)
      if (entry_changed(static_cast<Value>(p))) return true;
    return false;
  }
  const Domains& d = ctx.domains;
  const std::int32_t* dense = d.dense(e_.index);
  for (int k = 0; k < d.size(e_.index); ++k)
    if (entry_changed(value(e_.index, dense[k]) - e_.start_index)) return true;
  return false;
}

bool ElementPropagator::propagate(Context& ctx) {
  // The domains were at this propagator's fixpoint after its last run (or, after a backtrack,
  // at an earlier one): only changes since then to the index, the rhs or an entry the index
  // still allows can filter anything.
  if (!relevant_change(ctx)) {
    last_run = ctx.now();
    return true;
  }
  if (distinct_roles_) {
    // One pass is the fixpoint: the right-hand values it keeps hold every possible entry's
    // witness, so no entry becomes impossible, and a lone entry is filtered before the rhs.
    last_run = ctx.now();
    bool changed = false;
    return once(ctx, changed);
  }
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
