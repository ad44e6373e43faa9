// propagation/cpu/linear/linear_sum.hpp — sum(coeff_i * x_i) + constant over a few distinct
// variables, read on the engine's domains (value indices mapped through the sorted model
// domains), and the filtering of one linear literal: `sum <= 0` (bounds, which is GAC for an
// inequality), `sum = 0` (bounds; exact once at most two variables are unfixed, within a size
// limit) and `sum != 0` (forward checking, which is GAC for one disequality). Arithmetic is
// 128-bit: the recogniser (propagation/indexed/intension_shape) bounds every term well inside
// 64 bits.
#pragma once

#include <vector>

#include "propagation/cpu/propagator.hpp"
#include "propagation/cpu/value_index.hpp"
#include "propagation/indexed/intension_shape.hpp"

namespace arcwave::cpu {

class LinearSum {
 public:
  __extension__ typedef __int128 Wide;

  LinearSum(const LinearLiteral& literal, const std::vector<Domain>& domains);

  [[nodiscard]] std::size_t size() const noexcept { return vars_.size(); }
  [[nodiscard]] int var(std::size_t i) const noexcept { return vars_[i]; }
  [[nodiscard]] Value coeff(std::size_t i) const noexcept { return coeffs_[i]; }
  /// The number of values of the i-th variable's initial domain (not saturated).
  [[nodiscard]] std::int64_t count(std::size_t i) const noexcept { return index_[i].count(); }
  [[nodiscard]] Wide constant() const noexcept { return constant_; }
  /// Position of variable x in the sum, or -1.
  [[nodiscard]] int position(int x) const noexcept;

  /// The term coeff_i * (the value of index a of x_i).
  [[nodiscard]] Wide term(std::size_t i, int a) const noexcept {
    return Wide{coeffs_[i]} * index_[i].value(a);
  }
  [[nodiscard]] Wide term_min(const Domains& d, std::size_t i) const noexcept {
    return coeffs_[i] > 0 ? term(i, d.min(vars_[i])) : term(i, d.max(vars_[i]));
  }
  [[nodiscard]] Wide term_max(const Domains& d, std::size_t i) const noexcept {
    return coeffs_[i] > 0 ? term(i, d.max(vars_[i])) : term(i, d.min(vars_[i]));
  }
  /// Smallest and largest value of the sum over the box of the current bounds.
  [[nodiscard]] Wide min(const Domains& d) const noexcept;
  [[nodiscard]] Wide max(const Domains& d) const noexcept;
  /// The value index of x_i that makes the sum zero when the other terms and the constant add
  /// up to `rest`; -1 when there is none (not an integer, or not in the initial domain).
  [[nodiscard]] int zero_of(std::size_t i, Wide rest) const noexcept;

  /// Removes the values of x_i whose term exceeds `bound` (is below it); false on a wipe-out.
  bool at_most(Context& ctx, std::size_t i, Wide bound, bool& changed) const;
  bool at_least(Context& ctx, std::size_t i, Wide bound, bool& changed) const;

  /// sum <= 0: bounds consistency (one pass reaches it). False on a wipe-out.
  bool enforce_le(Context& ctx, bool& changed) const;
  /// sum = 0: bounds consistency, then, with two variables left unfixed, every value without a
  /// partner removed (with one unfixed, bounds are exact already): for y = x + k over range
  /// domains by shifted bitset words, otherwise value by value while the two hold at most
  /// kPairsLimit values (a pass visits each; the limit is above what the generic intension
  /// propagator enumerated, 5,000 pairs). False on a wipe-out.
  static constexpr int kPairsLimit = 4096;
  bool enforce_eq(Context& ctx, bool& changed) const;
  /// sum != 0: the value of the last unfixed variable that zeroes the sum removed; false when
  /// every variable is fixed and the sum is zero.
  bool enforce_ne(Context& ctx, bool& changed) const;

 private:
  // With x_i and x_j the only unfixed variables (the rest adding up to `rest`): removes the
  // values of x_i without a partner in x_j.
  bool pairs(Context& ctx, std::size_t i, std::size_t j, Wide rest, bool& changed) const;
  // The same for x_j = x_i + k over range domains, word by word on the bitsets.
  bool pairs_shifted(Context& ctx, std::size_t i, std::size_t j, Wide rest, bool& changed) const;
  // The value index where x_i's term crosses `bound` (binary search over the initial domain):
  // with a positive coefficient the first index whose term exceeds it, else the first whose
  // term does not.
  [[nodiscard]] int crossing(std::size_t i, Wide bound) const;
  // Is D(x_i) an interval of a range domain (no holes)?
  [[nodiscard]] bool solid(const Domains& d, std::size_t i) const noexcept;

  std::vector<int> vars_;
  std::vector<Value> coeffs_;
  Wide constant_;
  std::vector<ValueIndex> index_;
};

}  // namespace arcwave::cpu
