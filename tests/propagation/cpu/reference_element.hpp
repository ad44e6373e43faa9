// tests/propagation/cpu/reference_element.hpp — the element and matrix element filters as they
// were before they became incremental (commit f9a5eb1): every pass collects and sorts the values
// of every possible entry. Kept as the reference that the incremental propagators
// (propagation/cpu/element, globals/element_matrix) must reach the same fixpoint as.
#pragma once

#include <algorithm>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/condition_rhs.hpp"
#include "propagation/cpu/propagator.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::test {

using cpu::ConditionRhs;
using cpu::Context;
using cpu::Domains;
using cpu::Propagator;

class ReferenceElement final : public Propagator {
 public:
  ReferenceElement(int constraint, std::vector<int> scope, ElementConstraint element,
                   const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  // Is there a present rhs value v with lhs <op> v?
  [[nodiscard]] bool rhs_accepts(const Domains& d, Value lhs) const;
  // Is some value of the list entry accepted by the rhs?
  [[nodiscard]] bool entry_possible(const Domains& d, std::size_t p) const;
  bool filter_entry(Context& ctx, std::size_t p, bool& changed);
  bool filter_rhs(Context& ctx, const std::vector<std::size_t>& entries, bool& changed);
  [[nodiscard]] Value value(int var, int a) const {
    return (*domains_)[static_cast<std::size_t>(var)][static_cast<std::size_t>(a)];
  }

  ElementConstraint e_;
  const std::vector<Domain>* domains_;
  int rhs_var_ = -1;
  std::vector<std::size_t> entries_;
  std::vector<Value> lhs_values_;
};

inline ReferenceElement::ReferenceElement(int constraint, std::vector<int> scope,
                                          ElementConstraint element,
                                          const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)), e_(std::move(element)), domains_(&domains) {
  if (e_.condition.kind == Condition::Kind::kVariable)
    rhs_var_ = static_cast<int>(e_.condition.value);
}

inline bool ReferenceElement::rhs_accepts(const Domains& d, Value lhs) const {
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

inline bool ReferenceElement::entry_possible(const Domains& d, std::size_t p) const {
  const Operand& o = e_.list[p];
  if (!o.is_variable) return rhs_accepts(d, o.value);
  const int x = static_cast<int>(o.value);
  const std::int32_t* dense = d.dense(x);
  for (int k = 0; k < d.size(x); ++k)
    if (rhs_accepts(d, value(x, dense[k]))) return true;
  return false;
}

inline bool ReferenceElement::filter_entry(Context& ctx, std::size_t p, bool& changed) {
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

inline bool ReferenceElement::filter_rhs(Context& ctx, const std::vector<std::size_t>& entries,
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

inline bool ReferenceElement::once(Context& ctx, bool& changed) {
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

inline bool ReferenceElement::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

class ReferenceElementMatrix final : public Propagator {
 public:
  ReferenceElementMatrix(int constraint, std::vector<int> scope, ElementMatrixConstraint c,
                         const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;

 private:
  bool once(Context& ctx, bool& changed);
  // The in-range indices an index operand still allows (`size` rows or columns); removes the
  // values of an index variable that fall outside. False when none is left.
  bool indices(Context& ctx, const Operand& o, Value start, std::size_t size,
               std::vector<std::size_t>& out, bool& changed);
  // Keeps the values of an index variable whose index is marked in `keep`.
  bool keep_indices(Context& ctx, const Operand& o, Value start,
                    const std::vector<std::uint8_t>& keep, bool& changed);
  [[nodiscard]] bool possible(const Domains& d, const Operand& entry) const;
  [[nodiscard]] Value value(int x, int a) const {
    return (*domains_)[static_cast<std::size_t>(x)][static_cast<std::size_t>(a)];
  }

  ElementMatrixConstraint c_;
  ConditionRhs rhs_;
  const std::vector<Domain>* domains_;
  std::vector<std::size_t> rows_, cols_;
  std::vector<std::uint8_t> row_ok_, col_ok_;
  std::vector<Value> values_;
};

inline ReferenceElementMatrix::ReferenceElementMatrix(int constraint, std::vector<int> scope,
                                                      ElementMatrixConstraint c,
                                                      const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)),
      c_(std::move(c)),
      rhs_(c_.condition, domains),
      domains_(&domains) {
  row_ok_.resize(c_.matrix.size());
  col_ok_.resize(c_.matrix.front().size());
}

inline bool ReferenceElementMatrix::indices(Context& ctx, const Operand& o, Value start,
                                            std::size_t size, std::vector<std::size_t>& out,
                                            bool& changed) {
  out.clear();
  auto in_range = [&](Value v) { return v >= start && v - start < static_cast<Value>(size); };
  if (!o.is_variable) {
    if (!in_range(o.value)) return false;
    out.push_back(static_cast<std::size_t>(o.value - start));
    return true;
  }
  const int x = static_cast<int>(o.value);
  const std::int32_t* dense = ctx.domains.dense(x);
  for (int k = ctx.domains.size(x) - 1; k >= 0; --k) {
    const int a = dense[k];
    const Value v = value(x, a);
    if (in_range(v)) {
      out.push_back(static_cast<std::size_t>(v - start));
      continue;
    }
    changed = true;
    if (!ctx.remove(x, a)) return false;
  }
  return !out.empty();
}

inline bool ReferenceElementMatrix::keep_indices(Context& ctx, const Operand& o, Value start,
                                                 const std::vector<std::uint8_t>& keep,
                                                 bool& changed) {
  if (!o.is_variable) return keep[static_cast<std::size_t>(o.value - start)] != 0;
  const int x = static_cast<int>(o.value);
  const std::int32_t* dense = ctx.domains.dense(x);
  for (int k = ctx.domains.size(x) - 1; k >= 0; --k) {
    const int a = dense[k];
    if (keep[static_cast<std::size_t>(value(x, a) - start)] != 0) continue;
    changed = true;
    if (!ctx.remove(x, a)) return false;
  }
  return true;
}

inline bool ReferenceElementMatrix::possible(const Domains& d, const Operand& entry) const {
  if (!entry.is_variable) return rhs_.accepts(d, entry.value);
  const int x = static_cast<int>(entry.value);
  const std::int32_t* dense = d.dense(x);
  for (int k = 0; k < d.size(x); ++k)
    if (rhs_.accepts(d, value(x, dense[k]))) return true;
  return false;
}

inline bool ReferenceElementMatrix::once(Context& ctx, bool& changed) {
  if (!indices(ctx, c_.row, c_.start_row, c_.matrix.size(), rows_, changed) ||
      !indices(ctx, c_.col, c_.start_col, c_.matrix.front().size(), cols_, changed))
    return false;
  const Domains& d = ctx.domains;
  std::fill(row_ok_.begin(), row_ok_.end(), 0);
  std::fill(col_ok_.begin(), col_ok_.end(), 0);
  std::size_t cells = 0;
  const Operand* only = nullptr;
  for (std::size_t i : rows_)
    for (std::size_t j : cols_) {
      const Operand& entry = c_.matrix[i][j];
      if (!possible(d, entry)) continue;
      row_ok_[i] = col_ok_[j] = 1;
      ++cells;
      only = &entry;
    }
  if (cells == 0) return false;
  if (!keep_indices(ctx, c_.row, c_.start_row, row_ok_, changed) ||
      !keep_indices(ctx, c_.col, c_.start_col, col_ok_, changed))
    return false;
  if (rhs_.variable() >= 0) {
    // Entry values over the remaining rows x columns (a cell that is not possible adds only
    // values that no right-hand value accepts, so it changes nothing).
    values_.clear();
    for (std::size_t i : rows_) {
      if (row_ok_[i] == 0) continue;
      for (std::size_t j : cols_) {
        if (col_ok_[j] == 0) continue;
        const Operand& entry = c_.matrix[i][j];
        if (!entry.is_variable) {
          values_.push_back(entry.value);
          continue;
        }
        const int x = static_cast<int>(entry.value);
        const std::int32_t* dense = d.dense(x);
        for (int k = 0; k < d.size(x); ++k) values_.push_back(value(x, dense[k]));
      }
    }
    std::sort(values_.begin(), values_.end());
    values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
    if (!rhs_.filter(ctx, values_, changed)) return false;
  }
  if (cells == 1 && only->is_variable) {
    const int x = static_cast<int>(only->value);
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      if (rhs_.accepts(d, value(x, a))) continue;
      changed = true;
      if (!ctx.remove(x, a)) return false;
    }
  }
  return true;
}

inline bool ReferenceElementMatrix::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::test
