// Definitions for propagation/cpu/linear/linear_sum.hpp.
#include "propagation/cpu/linear/linear_sum.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace arcwave::cpu {

LinearSum::LinearSum(const LinearLiteral& literal, const std::vector<Domain>& domains)
    : vars_(literal.vars), coeffs_(literal.coeffs), constant_(literal.constant) {
  for (int x : vars_) index_.emplace_back(domains[static_cast<std::size_t>(x)]);
}

int LinearSum::position(int x) const noexcept {
  const auto it = std::find(vars_.begin(), vars_.end(), x);
  return it == vars_.end() ? -1 : static_cast<int>(it - vars_.begin());
}

LinearSum::Wide LinearSum::min(const Domains& d) const noexcept {
  Wide s = constant_;
  for (std::size_t i = 0; i < vars_.size(); ++i) s += term_min(d, i);
  return s;
}

LinearSum::Wide LinearSum::max(const Domains& d) const noexcept {
  Wide s = constant_;
  for (std::size_t i = 0; i < vars_.size(); ++i) s += term_max(d, i);
  return s;
}

int LinearSum::zero_of(std::size_t i, Wide rest) const noexcept {
  const Value k = coeffs_[i];
  if (rest > std::numeric_limits<Value>::min() && rest <= std::numeric_limits<Value>::max()) {
    // 64 bits (the common case): 128-bit division is a library call.
    const auto r = static_cast<Value>(rest);
    if (k == 1 || k == -1) return index_[i](k == 1 ? -r : r);
    if (r % k != 0) return -1;
    return index_[i](-(r / k));
  }
  const Wide c = k;
  if (rest % c != 0) return -1;
  const Wide v = -rest / c;
  if (v < std::numeric_limits<Value>::min() || v > std::numeric_limits<Value>::max()) return -1;
  return index_[i](static_cast<Value>(v));
}

int LinearSum::crossing(std::size_t i, Wide bound) const {
  // Terms rise with the index for a positive coefficient: the first index above the bound;
  // they fall otherwise: the first index at or below it.
  const bool rising = coeffs_[i] > 0;
  std::int64_t lo = 0;
  std::int64_t hi = index_[i].count();
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if ((term(i, static_cast<int>(mid)) > bound) == rising)
      hi = mid;
    else
      lo = mid + 1;
  }
  return static_cast<int>(std::min<std::int64_t>(lo, std::numeric_limits<int>::max()));
}

bool LinearSum::at_most(Context& ctx, std::size_t i, Wide bound, bool& changed) const {
  const Domains& d = ctx.domains;
  if (term_max(d, i) <= bound) return true;
  const int x = vars_[i];
  const int cut = crossing(i, bound);
  changed = true;
  // The values whose term exceeds the bound: indices from cut up (rising), below cut else.
  return coeffs_[i] > 0 ? ctx.lower_max(x, cut - 1) : ctx.raise_min(x, cut);
}

bool LinearSum::at_least(Context& ctx, std::size_t i, Wide bound, bool& changed) const {
  // term >= bound is -term <= -bound: the same cut with the sides swapped.
  const Domains& d = ctx.domains;
  if (term_min(d, i) >= bound) return true;
  const int x = vars_[i];
  const int cut = crossing(i, bound - 1);  // terms > bound - 1 are the ones kept
  changed = true;
  return coeffs_[i] > 0 ? ctx.raise_min(x, cut) : ctx.lower_max(x, cut - 1);
}

bool LinearSum::enforce_le(Context& ctx, bool& changed) const {
  const Domains& d = ctx.domains;
  const Wide smin = min(d);
  if (smin > 0) return false;
  // Pruning a term from above leaves every term's minimum (hence smin) as it was.
  for (std::size_t i = 0; i < vars_.size(); ++i)
    if (!at_most(ctx, i, term_min(d, i) - smin, changed)) return false;
  return true;
}

bool LinearSum::solid(const Domains& d, std::size_t i) const noexcept {
  const int x = vars_[i];
  return index_[i].range() && d.size(x) == d.max(x) - d.min(x) + 1;
}

bool LinearSum::pairs(Context& ctx, std::size_t i, std::size_t j, Wide rest, bool& changed) const {
  const Domains& d = ctx.domains;
  const int x = vars_[i];
  const int y = vars_[j];
  const std::int32_t* dense = d.dense(x);
  for (int k = d.size(x) - 1; k >= 0; --k) {
    const int a = dense[k];
    const int b = zero_of(j, rest + term(i, a));
    if (b >= 0 && d.contains(y, b)) continue;
    changed = true;
    if (!ctx.remove(x, a)) return false;
  }
  return true;
}

namespace {

// The 64 bits of a bitset of n words from bit p on (bits outside the set read 0).
std::uint64_t bits_from(const std::uint64_t* w, int n, std::int64_t p) {
  const std::int64_t q = p >= 0 ? p / 64 : -((-p + 63) / 64);
  const auto r = static_cast<int>(p - q * 64);
  auto at = [&](std::int64_t i) { return i >= 0 && i < n ? w[i] : std::uint64_t{0}; };
  return r == 0 ? at(q) : (at(q) >> r) | (at(q + 1) << (64 - r));
}

// Removes the values a of x whose index a + off is absent from y's bitset.
bool keep_shifted(Context& ctx, int x, int y, std::int64_t off, bool& changed) {
  const Domains& d = ctx.domains;
  const std::uint64_t* wx = d.bits(x);
  const std::uint64_t* wy = d.bits(y);
  const int ny = d.words(y);
  for (int w = 0; w < d.words(x); ++w) {
    std::uint64_t miss = wx[w] & ~bits_from(wy, ny, std::int64_t{w} * 64 + off);
    while (miss != 0) {
      const int a = w * 64 + __builtin_ctzll(miss);
      miss &= miss - 1;
      changed = true;
      if (!ctx.remove(x, a)) return false;
    }
  }
  return true;
}

}  // namespace

bool LinearSum::pairs_shifted(Context& ctx, std::size_t i, std::size_t j, Wide rest,
                              bool& changed) const {
  // y = x + k, k = c_i * rest: value index a of x pairs with a + off of y.
  const Wide k = coeffs_[i] * rest;
  Wide off = Wide{index_[i].value(0)} + k - index_[j].value(0);
  constexpr Wide kFar = Wide{1} << 40;  // beyond every domain: no partner at all
  off = std::clamp(off, -kFar, kFar);
  const auto o = static_cast<std::int64_t>(off);
  return keep_shifted(ctx, vars_[i], vars_[j], o, changed) &&
         keep_shifted(ctx, vars_[j], vars_[i], -o, changed);
}

bool LinearSum::enforce_eq(Context& ctx, bool& changed) const {
  const Domains& d = ctx.domains;
  for (bool moved = true; moved;) {
    moved = false;
    const Wide smin = min(d);
    const Wide smax = max(d);
    if (smin > 0 || smax < 0) return false;
    for (std::size_t i = 0; i < vars_.size(); ++i) {
      const Wide lo = term_min(d, i);
      const Wide hi = term_max(d, i);
      if (!at_most(ctx, i, lo - smin, moved) || !at_least(ctx, i, hi - smax, moved)) return false;
    }
    changed = changed || moved;
  }
  std::size_t open[2] = {0, 0};
  std::size_t count = 0;
  Wide rest = constant_;
  for (std::size_t i = 0; i < vars_.size(); ++i) {
    if (d.size(vars_[i]) > 1) {
      if (++count > 2) return true;
      open[count - 1] = i;
    } else {
      rest += term(i, d.min(vars_[i]));
    }
  }
  if (count < 2) return true;  // bounds are exact on one variable
  const std::size_t i = open[0];
  const std::size_t j = open[1];
  // x + y = k over two intervals: every value has its partner once the bounds agree. Above
  // kPairsLimit values the pairs wait (bounds meanwhile): a pass costs a visit per value.
  // Large domains have neither bitsets nor dense lists: bounds only.
  if (d.large(vars_[i]) || d.large(vars_[j])) return true;
  const bool unit = std::abs(coeffs_[i]) == 1 && std::abs(coeffs_[j]) == 1;
  if (unit && solid(d, i) && solid(d, j)) return true;
  // y = x + k over range domains: one shifted AND of the bitsets per word.
  if (unit && coeffs_[i] == -coeffs_[j] && index_[i].range() && index_[j].range())
    return pairs_shifted(ctx, i, j, rest, changed);
  if (d.size(vars_[i]) + d.size(vars_[j]) > kPairsLimit) return true;
  return pairs(ctx, i, j, rest, changed) && pairs(ctx, j, i, rest, changed);
}

bool LinearSum::enforce_ne(Context& ctx, bool& changed) const {
  const Domains& d = ctx.domains;
  std::size_t open = vars_.size();
  Wide rest = constant_;
  for (std::size_t i = 0; i < vars_.size(); ++i) {
    if (d.size(vars_[i]) > 1) {
      if (open != vars_.size()) return true;  // two unfixed: each value has a support
      open = i;
    } else {
      rest += term(i, d.min(vars_[i]));
    }
  }
  if (open == vars_.size()) return rest != 0;
  const int a = zero_of(open, rest);
  if (a < 0 || !d.contains(vars_[open], a)) return true;
  changed = true;
  return ctx.remove(vars_[open], a);
}

}  // namespace arcwave::cpu
