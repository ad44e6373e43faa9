// Definitions for propagation/cpu/globals/element_matrix.hpp.
#include "propagation/cpu/globals/element_matrix.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

ElementMatrixPropagator::ElementMatrixPropagator(int constraint, std::vector<int> scope,
                                                 ElementMatrixConstraint c,
                                                 const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)),
      c_(std::move(c)),
      rhs_(c_.condition, domains),
      domains_(&domains) {
  cols_count_ = c_.matrix.front().size();
  row_in_.assign(c_.matrix.size(), 0);
  col_in_.assign(cols_count_, 0);
  witness_.assign(c_.matrix.size() * cols_count_, -1);
  row_support_.assign(c_.matrix.size(), -1);
  col_support_.assign(cols_count_, -1);
  if (rhs_.variable() >= 0)
    rhs_support_.assign(domains[static_cast<std::size_t>(rhs_.variable())].size(), -1);
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

bool ElementMatrixPropagator::possible(const Domains& d, std::size_t i, std::size_t j) {
  const Operand& entry = c_.matrix[i][j];
  if (!entry.is_variable) return rhs_.accepts(d, entry.value);
  const int x = static_cast<int>(entry.value);
  std::int32_t& w = witness_[i * cols_count_ + j];
  if (w >= 0 && d.contains(x, w) && rhs_.accepts(d, value(x, w))) return true;
  const std::int32_t* dense = d.dense(x);
  for (int k = 0; k < d.size(x); ++k)
    if (rhs_.accepts(d, value(x, dense[k]))) {
      w = dense[k];
      return true;
    }
  return false;
}

bool ElementMatrixPropagator::holds(const Domains& d, std::size_t i, std::size_t j, Value v) const {
  const Operand& entry = c_.matrix[i][j];
  if (!entry.is_variable) return entry.value == v;
  const int x = static_cast<int>(entry.value);
  const int a = index_of((*domains_)[static_cast<std::size_t>(x)], v);
  return a >= 0 && d.contains(x, a);
}

bool ElementMatrixPropagator::keep_supported(Context& ctx, bool by_row, bool& changed) {
  const Domains& d = ctx.domains;
  std::vector<std::size_t>& list = by_row ? rows_ : cols_;
  const std::vector<std::size_t>& across = by_row ? cols_ : rows_;
  const std::vector<std::uint8_t>& across_in = by_row ? col_in_ : row_in_;
  std::vector<std::uint8_t>& in = by_row ? row_in_ : col_in_;
  std::vector<std::int32_t>& support = by_row ? row_support_ : col_support_;
  auto cell = [&](std::size_t k, std::size_t other) {
    return by_row ? possible(d, k, other) : possible(d, other, k);
  };
  const Operand& o = by_row ? c_.row : c_.col;
  const Value start = by_row ? c_.start_row : c_.start_col;
  std::size_t kept = 0;
  for (std::size_t k : list) {
    std::int32_t& s = support[k];
    bool ok = s >= 0 && across_in[static_cast<std::size_t>(s)] != 0 &&
              cell(k, static_cast<std::size_t>(s));
    for (std::size_t t = 0; !ok && t < across.size(); ++t)
      if (cell(k, across[t])) {
        s = static_cast<std::int32_t>(across[t]);
        ok = true;
      }
    if (ok) {
      list[kept++] = k;
      continue;
    }
    in[k] = 0;
    if (!o.is_variable) return false;
    const int x = static_cast<int>(o.value);
    const int a = index_of((*domains_)[static_cast<std::size_t>(x)], static_cast<Value>(k) + start);
    // The row and column may be one variable: filtering the rows may have removed it already.
    if (!d.contains(x, a)) continue;
    changed = true;
    if (!ctx.remove(x, a)) return false;
  }
  list.resize(kept);
  return kept > 0;
}

bool ElementMatrixPropagator::filter_rhs_equal(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  const int r = rhs_.variable();
  const Domain& rv = (*domains_)[static_cast<std::size_t>(r)];
  const std::int32_t* dense = d.dense(r);
  for (int k = d.size(r) - 1; k >= 0; --k) {
    const int b = dense[k];
    const Value v = rv[static_cast<std::size_t>(b)];
    std::int32_t& s = rhs_support_[static_cast<std::size_t>(b)];
    if (s >= 0) {
      const std::size_t i = static_cast<std::size_t>(s) / cols_count_;
      const std::size_t j = static_cast<std::size_t>(s) % cols_count_;
      if (row_in_[i] != 0 && col_in_[j] != 0 && holds(d, i, j, v)) continue;
    }
    bool found = false;
    for (std::size_t i : rows_) {
      for (std::size_t j : cols_)
        if (holds(d, i, j, v)) {
          s = static_cast<std::int32_t>(i * cols_count_ + j);
          found = true;
          break;
        }
      if (found) break;
    }
    if (found) continue;
    changed = true;
    if (!ctx.remove(r, b)) return false;
  }
  return true;
}

bool ElementMatrixPropagator::once(Context& ctx, bool& changed) {
  if (!indices(ctx, c_.row, c_.start_row, c_.matrix.size(), rows_, changed) ||
      !indices(ctx, c_.col, c_.start_col, cols_count_, cols_, changed))
    return false;
  std::fill(row_in_.begin(), row_in_.end(), 0);
  std::fill(col_in_.begin(), col_in_.end(), 0);
  for (std::size_t i : rows_) row_in_[i] = 1;
  for (std::size_t j : cols_) col_in_[j] = 1;
  bool ok = keep_supported(ctx, true, changed) && keep_supported(ctx, false, changed);
  const Domains& d = ctx.domains;
  if (ok && rhs_.variable() >= 0) {
    if (c_.condition.op == Relation::kEq) {
      ok = filter_rhs_equal(ctx, changed);
    } else {
      // Order relations and != need only the extreme values of the possible cells.
      std::array<Value, 2> range = {std::numeric_limits<Value>::max(),
                                    std::numeric_limits<Value>::min()};
      for (std::size_t i : rows_)
        for (std::size_t j : cols_) {
          if (!possible(d, i, j)) continue;
          const Operand& entry = c_.matrix[i][j];
          const Value lo = entry.is_variable ? value(static_cast<int>(entry.value),
                                                     d.min(static_cast<int>(entry.value)))
                                             : entry.value;
          const Value hi = entry.is_variable ? value(static_cast<int>(entry.value),
                                                     d.max(static_cast<int>(entry.value)))
                                             : entry.value;
          range[0] = std::min(range[0], lo);
          range[1] = std::max(range[1], hi);
        }
      ok = rhs_.filter(ctx, range, changed);
    }
  }
  if (ok && rows_.size() == 1 && cols_.size() == 1) {
    // The only cell left (every present row and column has a possible cell).
    const Operand& only = c_.matrix[rows_[0]][cols_[0]];
    if (only.is_variable) {
      const int x = static_cast<int>(only.value);
      const std::int32_t* dense = d.dense(x);
      for (int k = d.size(x) - 1; k >= 0 && ok; --k) {
        const int a = dense[k];
        if (rhs_.accepts(d, value(x, a))) continue;
        changed = true;
        ok = ctx.remove(x, a);
      }
    } else {
      ok = rhs_.accepts(d, only.value);
    }
  }
  return ok;
}

bool ElementMatrixPropagator::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
