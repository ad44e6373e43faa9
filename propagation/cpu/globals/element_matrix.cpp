// Definitions for propagation/cpu/globals/element_matrix.hpp.
#include "propagation/cpu/globals/element_matrix.hpp"

#include <algorithm>

namespace arcwave::cpu {

ElementMatrixPropagator::ElementMatrixPropagator(int constraint, std::vector<int> scope,
                                                 ElementMatrixConstraint c,
                                                 const std::vector<std::vector<Value>>& domains)
    : Propagator(constraint, std::move(scope)),
      c_(std::move(c)),
      rhs_(c_.condition, domains),
      domains_(&domains) {
  row_ok_.resize(c_.matrix.size());
  col_ok_.resize(c_.matrix.front().size());
}

bool ElementMatrixPropagator::indices(Context& ctx, const Operand& o, Value start, std::size_t size,
                                      std::vector<std::size_t>& out, bool& changed) {
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

bool ElementMatrixPropagator::keep_indices(Context& ctx, const Operand& o, Value start,
                                           const std::vector<std::uint8_t>& keep, bool& changed) {
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

bool ElementMatrixPropagator::possible(const Domains& d, const Operand& entry) const {
  if (!entry.is_variable) return rhs_.accepts(d, entry.value);
  const int x = static_cast<int>(entry.value);
  const std::int32_t* dense = d.dense(x);
  for (int k = 0; k < d.size(x); ++k)
    if (rhs_.accepts(d, value(x, dense[k]))) return true;
  return false;
}

bool ElementMatrixPropagator::once(Context& ctx, bool& changed) {
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

bool ElementMatrixPropagator::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
