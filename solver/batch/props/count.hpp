// solver/batch/props/count.hpp — count on the device (and among, atLeast, atMost, exactly): the
// number of list variables taking one of the values satisfies a condition. As the CPU's
// CountPropagator (propagation/cpu/globals/count.hpp): a list variable surely counts when its
// domain lies inside the values, may count when the two meet; the reachable counts lie in
// lb..ub; the condition's variable keeps what some count of lb..ub satisfies, and when no count
// above lb (below ub) satisfies the condition, the undecided variables lose the values (keep
// only the values). A variable listed k times moves the count by k; a value variable's values
// count as sure once it is fixed and as possible while it is not. The same fixpoint as the CPU's
// with constant values; with value variables the CPU also filters the value variables, which
// this does not (weaker, still exact on full assignments).
//
// Layout: list size, the (variable, times listed) pairs, the number of constant values, the
// constants (sorted), the number of value variables, the value variables, the condition.
#pragma once

#include "solver/batch/props/condition.hpp"
#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

template <class G>
class CountView {
 public:
  ARCWAVE_HD CountView(const PropContext<G>& ctx, const long long* p) : ctx_(ctx) {
    list_ = static_cast<int>(p[0]);
    pairs_ = p + 1;
    p += 1 + 2 * list_;
    constants_ = static_cast<int>(p[0]);
    constant_ = p + 1;
    p += 1 + constants_;
    value_vars_ = static_cast<int>(p[0]);
    value_var_ = p + 1;
    p += 1 + value_vars_;
    cond_ = DeviceCondition::read(p);
  }
  [[nodiscard]] ARCWAVE_HD int list() const { return list_; }
  [[nodiscard]] ARCWAVE_HD int var(int i) const { return static_cast<int>(pairs_[2 * i]); }
  [[nodiscard]] ARCWAVE_HD long long times(int i) const { return pairs_[2 * i + 1]; }
  [[nodiscard]] ARCWAVE_HD const DeviceCondition& condition() const { return cond_; }

  [[nodiscard]] ARCWAVE_HD bool surely_counted(long long v) const {
    if (is_constant(v)) return true;
    for (int k = 0; k < value_vars_; ++k) {
      const int y = static_cast<int>(value_var_[k]);
      if (ctx_.fixed(y) && ctx_.first(y) >= 0 && ctx_.min(y) == v) return true;
    }
    return false;
  }
  [[nodiscard]] ARCWAVE_HD bool maybe_counted(long long v) const {
    if (is_constant(v)) return true;
    for (int k = 0; k < value_vars_; ++k)
      if (ctx_.has_value(static_cast<int>(value_var_[k]), v)) return true;
    return false;
  }
  /// 2: D(x) lies inside the values, 1: meets them, 0: misses them.
  [[nodiscard]] ARCWAVE_HD int status(int x) const {
    bool inside = true;
    bool meets = false;
    for (int a = ctx_.first(x); a >= 0 && (inside || !meets); a = ctx_.next(x, a)) {
      const long long v = ctx_.value(x, a);
      const bool sure = surely_counted(v);
      inside = inside && sure;
      meets = meets || sure || maybe_counted(v);
    }
    return inside ? 2 : (meets ? 1 : 0);
  }
  /// Can a count of lo..hi satisfy the condition?
  [[nodiscard]] ARCWAVE_HD bool possible(long long lo, long long hi) const {
    long long f = 0;
    long long l = 0;
    return cond_.hull(ctx_, lo, hi, f, l);
  }

 private:
  [[nodiscard]] ARCWAVE_HD bool is_constant(long long v) const {
    int a = 0;
    int b = constants_;
    while (a < b) {
      const int m = (a + b) / 2;
      if (constant_[m] < v)
        a = m + 1;
      else
        b = m;
    }
    return a < constants_ && constant_[a] == v;
  }

  const PropContext<G>& ctx_;
  int list_ = 0;
  const long long* pairs_ = nullptr;
  int constants_ = 0;
  const long long* constant_ = nullptr;
  int value_vars_ = 0;
  const long long* value_var_ = nullptr;
  DeviceCondition cond_;
};

template <class G>
ARCWAVE_HD bool propagate_count(PropContext<G>& ctx, const long long* p) {
  const CountView<G> c(ctx, p);
  for (bool changed = true; changed;) {
    changed = false;
    long long lb = 0;
    long long ub = 0;
    for (int i = 0; i < c.list(); ++i) {
      const int s = c.status(c.var(i));
      lb += s == 2 ? c.times(i) : 0;
      ub += s != 0 ? c.times(i) : 0;
    }
    if (!c.possible(lb, ub)) return ctx.fail();
    const int r = c.condition().variable();
    const int before = r >= 0 ? ctx.size(r) : 0;
    if (!c.condition().filter_rhs(ctx, lb, ub)) return false;
    if (r >= 0 && ctx.size(r) != before) changed = true;
    for (int i = 0; i < c.list(); ++i) {
      const int x = c.var(i);
      if (c.status(x) != 1) continue;
      const long long w = c.times(i);
      const bool can_count = c.possible(lb + w, ub);
      const bool can_miss = c.possible(lb, ub - w);
      if (can_count && can_miss) continue;
      for (int a = ctx.first(x); a >= 0; a = ctx.next(x, a)) {
        const long long v = ctx.value(x, a);
        // Counting is impossible: the surely counted values go; missing is: the others go.
        const bool drop = (!can_count && c.surely_counted(v)) || (!can_miss && !c.maybe_counted(v));
        if (!drop) continue;
        changed = true;
        if (!ctx.remove(x, a)) return false;
      }
    }
  }
  return true;
}

}  // namespace arcwave::batch
