// solver/batch/props/cumulative.hpp — cumulative on the device by time-tabling: the compulsory
// parts [max(s), min(s) + min(len)) of the tasks, each at its least height, form a profile that
// is a lower bound of the load at every time; the largest load the condition accepts (its upper
// end: le / lt / eq / in a range, a capacity variable's largest value) caps it. A profile above
// the cap fails; a task whose least height, added to the profile without its own part, exceeds
// the cap on some segment loses the starts that would make it cover that segment; a capacity
// variable keeps the values at or above the peak (the condition's right-hand filtering). Ends
// are kept at start + length by the linear sum's bounds consistency (props/sum.hpp). With every
// variable fixed the loads at each task's first and last times are checked against the whole
// condition, as the checker does, so the propagator is exact on full assignments. Weaker than
// the CPU's (which adds energetic reasoning and edge finding) and sound; heights are never
// negative (layout.cpp refuses the others: the profile would not be a lower bound).
//
// Layout: count, whether ends follow, the condition (props/condition.hpp), then per task: the
// origin variable, the length (is_variable, value), the height (is_variable, value) and the end
// variable (-1 without ends).
#pragma once

#include <climits>

#include "solver/batch/props/condition.hpp"
#include "solver/batch/props/prop_context.hpp"
#include "solver/batch/props/sum.hpp"

namespace arcwave::batch {

template <class G>
class CumulativeView {
 public:
  static constexpr int kStride = 6;

  ARCWAVE_HD CumulativeView(PropContext<G>& ctx, const long long* p) : ctx_(ctx) {
    count_ = static_cast<int>(p[0]);
    ends_ = p[1] != 0;
    p += 2;
    cond_ = DeviceCondition::read(p);
    tasks_ = p;
  }
  [[nodiscard]] ARCWAVE_HD int count() const { return count_; }
  [[nodiscard]] ARCWAVE_HD bool ends() const { return ends_; }
  [[nodiscard]] ARCWAVE_HD const DeviceCondition& condition() const { return cond_; }
  [[nodiscard]] ARCWAVE_HD int origin(int i) const { return static_cast<int>(at(i)[0]); }
  [[nodiscard]] ARCWAVE_HD int end(int i) const { return static_cast<int>(at(i)[5]); }
  [[nodiscard]] ARCWAVE_HD const long long* length(int i) const { return at(i) + 1; }
  [[nodiscard]] ARCWAVE_HD const long long* height(int i) const { return at(i) + 3; }

  /// The least / largest value of an operand (is_variable, value).
  [[nodiscard]] ARCWAVE_HD long long least(const long long* o) const {
    return o[0] != 0 ? ctx_.min(static_cast<int>(o[1])) : o[1];
  }
  [[nodiscard]] ARCWAVE_HD long long largest(const long long* o) const {
    return o[0] != 0 ? ctx_.max(static_cast<int>(o[1])) : o[1];
  }
  [[nodiscard]] ARCWAVE_HD bool fixed(const long long* o) const {
    return o[0] == 0 || ctx_.fixed(static_cast<int>(o[1]));
  }

  /// Task i's compulsory part [from, to) at height h; false when it has none.
  ARCWAVE_HD bool compulsory(int i, long long& from, long long& to, long long& h) const {
    const int s = origin(i);
    h = least(height(i));
    const long long len = least(length(i));
    if (h <= 0 || len <= 0) return false;
    from = ctx_.max(s);
    to = ctx_.min(s) + len;
    return from < to;
  }
  /// The profile at time t (the compulsory parts covering it) and the next time after t at
  /// which it changes (LLONG_MAX: none).
  ARCWAVE_HD long long profile(long long t, long long& next) const {
    long long load = 0;
    next = LLONG_MAX;
    for (int k = 0; k < count_; ++k) {
      long long from = 0;
      long long to = 0;
      long long h = 0;
      if (!compulsory(k, from, to, h)) continue;
      if (from <= t && t < to) load += h;
      if (from > t && from < next) next = from;
      if (to > t && to < next) next = to;
    }
    return load;
  }

 private:
  [[nodiscard]] ARCWAVE_HD const long long* at(int i) const { return tasks_ + kStride * i; }

  PropContext<G>& ctx_;
  int count_ = 0;
  bool ends_ = false;
  DeviceCondition cond_;
  const long long* tasks_ = nullptr;
};

// end = origin + length by bounds (the length a term when it is a variable).
template <class G>
ARCWAVE_HD bool cumulative_end(PropContext<G>& ctx, const CumulativeView<G>& v, int i) {
  const long long* len = v.length(i);
  long long terms[6] = {v.origin(i), 1, v.end(i), -1, 0, 0};
  int n = 2;
  WideInt rhs = 0;
  if (len[0] != 0) {
    terms[4] = len[1];
    terms[5] = 1;
    n = 3;
  } else {
    rhs = -static_cast<WideInt>(len[1]);
  }
  return sum_bounds(ctx, terms, n, true, rhs, true, rhs);
}

// Every variable fixed: the load at each task's first and last times satisfies the condition.
template <class G>
ARCWAVE_HD bool cumulative_check(PropContext<G>& ctx, const CumulativeView<G>& v) {
  for (int i = 0; i < v.count(); ++i) {
    const long long len = v.least(v.length(i));
    if (len <= 0) continue;
    const long long s = ctx.min(v.origin(i));
    for (const long long t : {s, s + len - 1}) {
      long long load = 0;
      for (int k = 0; k < v.count(); ++k) {
        const long long o = ctx.min(v.origin(k));
        if (o <= t && t < o + v.least(v.length(k))) load += v.least(v.height(k));
      }
      if (!v.condition().accepts(ctx, load)) return ctx.fail();
    }
  }
  return true;
}

template <class G>
ARCWAVE_HD bool propagate_cumulative(PropContext<G>& ctx, const long long* p) {
  const CumulativeView<G> v(ctx, p);
  bool all_fixed = true;
  for (int i = 0; i < v.count(); ++i) {
    if (v.ends() && !cumulative_end(ctx, v, i)) return false;
    all_fixed = all_fixed && ctx.fixed(v.origin(i)) && v.fixed(v.length(i)) &&
                v.fixed(v.height(i)) && (!v.ends() || ctx.fixed(v.end(i)));
  }
  const int r = v.condition().variable();
  if (all_fixed && (r < 0 || ctx.fixed(r))) return cumulative_check(ctx, v);

  long long lo = 0;
  long long cap = 0;
  v.condition().lhs_bounds(ctx, lo, cap);
  // Segments of the profile start where a compulsory part starts or ends.
  long long peak = -1;
  for (int j = 0; j < v.count(); ++j) {
    long long from = 0;
    long long to = 0;
    long long hj = 0;
    if (!v.compulsory(j, from, to, hj)) continue;
    for (const long long t : {from, to}) {
      long long next = 0;
      const long long load = v.profile(t, next);
      if (load > peak) peak = load;
      if (cap == LLONG_MAX) continue;
      if (load > cap) return ctx.fail(v.origin(j));
      // Tasks that cannot run over [t, next) beside the profile there.
      for (int i = 0; i < v.count(); ++i) {
        const int s = v.origin(i);
        const long long h = v.least(v.height(i));
        const long long len = v.least(v.length(i));
        if (h <= 0 || len <= 0 || ctx.fixed(s)) continue;
        long long fi = 0;
        long long ti = 0;
        long long hi = 0;
        const long long own = v.compulsory(i, fi, ti, hi) && fi <= t && t < ti ? hi : 0;
        if (load - own + h <= cap) continue;
        const long long last = next == LLONG_MAX ? LLONG_MAX : next - 1;
        const long long first = t - len + 1;
        const int a = ctx.lower(s, first);
        const int b = last == LLONG_MAX ? ctx.initial_size(s) - 1 : ctx.lower(s, last + 1) - 1;
        if (a <= b && !ctx.remove_indices(s, a, b)) return false;
      }
    }
  }
  if (peak >= 0 && !v.condition().filter_rhs(ctx, peak, LLONG_MAX)) return false;
  return true;
}

}  // namespace arcwave::batch
