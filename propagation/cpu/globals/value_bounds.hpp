// propagation/cpu/globals/value_bounds.hpp — bounds reasoning on the engine's value-indexed
// domains for the scheduling and packing propagators. A Term is a variable or a constant (an
// XCSP3 Operand); its smallest and largest present values, and tightening a bound by removing
// the values beyond it. The model's domains are sorted, so value index order is value order and
// the bounds are the smallest and largest present indices.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"
#include "propagation/cpu/value_cut.hpp"

namespace arcwave::cpu {

class Term {
 public:
  Term() = default;
  static Term variable(int x, const std::vector<Domain>& domains) {
    Term t;
    t.x_ = x;
    t.values_ = &domains[static_cast<std::size_t>(x)];
    return t;
  }
  static Term constant(Value c) {
    Term t;
    t.c_ = c;
    return t;
  }
  static Term of(const Operand& o, const std::vector<Domain>& domains) {
    return o.is_variable ? variable(static_cast<int>(o.value), domains) : constant(o.value);
  }

  [[nodiscard]] bool is_variable() const noexcept { return x_ >= 0; }
  [[nodiscard]] int var() const noexcept { return x_; }
  [[nodiscard]] Value value_at(int a) const noexcept {
    return (*values_)[static_cast<std::size_t>(a)];
  }
  [[nodiscard]] Value min(const Domains& d) const noexcept {
    return x_ < 0 ? c_ : value_at(d.min(x_));
  }
  [[nodiscard]] Value max(const Domains& d) const noexcept {
    return x_ < 0 ? c_ : value_at(d.max(x_));
  }
  [[nodiscard]] bool fixed(const Domains& d) const noexcept { return x_ < 0 || d.size(x_) == 1; }
  /// The smallest and largest value the term can ever take (its initial domain).
  [[nodiscard]] Value initial_min() const noexcept { return x_ < 0 ? c_ : values_->front(); }
  [[nodiscard]] Value initial_max() const noexcept { return x_ < 0 ? c_ : values_->back(); }

  /// Removes the values below v; false when nothing is left (for a constant: c < v). `changed`
  /// is set when a value was removed.
  bool raise_min(Context& ctx, Value v, bool& changed) const {
    if (x_ < 0) return c_ >= v;
    if (value_at(ctx.domains.min(x_)) >= v) return true;
    changed = true;
    return ctx.raise_min(x_, first_at_least(*values_, v));
  }
  /// Removes the values above v; false when nothing is left.
  bool lower_max(Context& ctx, Value v, bool& changed) const {
    if (x_ < 0) return c_ <= v;
    if (value_at(ctx.domains.max(x_)) <= v) return true;
    changed = true;
    return ctx.lower_max(x_, last_at_most(*values_, v));
  }

  /// Removes the present values within [lo, hi]; false when nothing is left. On a large
  /// domain a range inside the bounds that holds more than kMaxHoles values stays (weaker).
  bool remove_range(Context& ctx, Value lo, Value hi, bool& changed) const {
    if (lo > hi) return true;
    if (x_ < 0) return c_ < lo || c_ > hi;
    Domains& d = ctx.domains;
    const int first = first_at_least(*values_, lo);
    const int last = last_at_most(*values_, hi);
    if (first > last || first > d.max(x_) || last < d.min(x_)) return true;
    if (first <= d.min(x_)) {
      changed = true;
      return ctx.raise_min(x_, last + 1);
    }
    if (last >= d.max(x_)) {
      changed = true;
      return ctx.lower_max(x_, first - 1);
    }
    if (d.large(x_) && last - first >= kMaxHoles) return true;
    for (int a = d.contains(x_, first) ? first : d.next(x_, first); a >= 0 && a <= last;) {
      const int next = d.next(x_, a);
      changed = true;
      if (!ctx.remove(x_, a)) return false;
      a = next;
    }
    return true;
  }

  /// The most values remove_range takes out of the middle of a large domain at once.
  static constexpr int kMaxHoles = 64;

 private:
  int x_ = -1;
  Value c_ = 0;
  const Domain* values_ = nullptr;
};

/// Values whose magnitude stays below this can be added and subtracted a few thousand times
/// in 64 bits; the scheduling propagators fall back to the generic one beyond it.
inline constexpr Value kSafeMagnitude = Value{1} << 40;

inline bool safe_magnitude(const Term& t) {
  return t.initial_min() > -kSafeMagnitude && t.initial_max() < kSafeMagnitude;
}

}  // namespace arcwave::cpu
