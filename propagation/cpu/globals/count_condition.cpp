// Definitions for propagation/cpu/globals/count_condition.hpp.
#include "propagation/cpu/globals/count_condition.hpp"

#include <algorithm>

#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

namespace {

CountHull make(Value first, Value last) {
  CountHull h;
  h.empty = first > last;
  h.first = first;
  h.last = last;
  return h;
}

// Counts of lo..hi against the constant k (every operator but in / notin).
CountHull against_constant(Relation op, Value k, Value lo, Value hi) {
  switch (op) {
    case Relation::kEq:
      return lo <= k && k <= hi ? make(k, k) : CountHull{};
    case Relation::kNe: {
      if (lo > hi || (lo == k && hi == k)) return {};
      return make(lo == k ? lo + 1 : lo, hi == k ? hi - 1 : hi);
    }
    case Relation::kLt:  // c <= k - 1; k > lo keeps k - 1 from overflowing
      return k > lo ? make(lo, std::min(hi, k - 1)) : CountHull{};
    case Relation::kLe:
      return make(lo, std::min(hi, k));
    case Relation::kGt:
      return k < hi ? make(std::max(lo, k + 1), hi) : CountHull{};
    case Relation::kGe:
      return make(std::max(lo, k), hi);
    default:
      return {};
  }
}

// Counts of lo..hi inside (or outside) the sorted set.
CountHull against_set(const std::vector<Value>& set, bool inside, Value lo, Value hi) {
  if (lo > hi) return {};
  if (inside) {
    const auto a = std::lower_bound(set.begin(), set.end(), lo);
    const auto b = std::upper_bound(set.begin(), set.end(), hi);
    return a < b ? make(*a, *(b - 1)) : CountHull{};
  }
  // The first count from lo up, and the last from hi down, that the set does not hold.
  Value first = lo;
  for (auto it = std::lower_bound(set.begin(), set.end(), lo); it != set.end() && *it == first;
       ++it) {
    if (first == hi) return {};
    ++first;
  }
  Value last = hi;
  for (auto it = std::upper_bound(set.begin(), set.end(), hi); it != set.begin();) {
    --it;
    if (*it != last) break;
    --last;  // last > first here: first is not in the set
  }
  return make(first, last);
}

}  // namespace

CountHull count_hull(const Condition& c, const Domains& d, const std::vector<Domain>& values,
                     Value lo, Value hi) {
  if (lo > hi) return {};
  switch (c.kind) {
    case Condition::Kind::kConstant:
      return against_constant(c.op, c.value, lo, hi);
    case Condition::Kind::kRange: {
      if (c.op == Relation::kIn) return make(std::max(lo, c.lo), std::min(hi, c.hi));
      // notin lo..hi of the condition: the counts below c.lo or above c.hi
      const Value first = lo < c.lo || lo > c.hi ? lo : (c.hi < hi ? c.hi + 1 : hi + 1);
      const Value last = hi > c.hi || hi < c.lo ? hi : (c.lo > lo ? c.lo - 1 : lo - 1);
      return make(first, last);
    }
    case Condition::Kind::kSet:
      return against_set(c.set, c.op == Relation::kIn, lo, hi);
    case Condition::Kind::kVariable:
      break;
  }
  const int r = static_cast<int>(c.value);
  const Domain& dom = values[static_cast<std::size_t>(r)];
  auto value = [&](int a) { return dom[static_cast<std::size_t>(a)]; };
  switch (c.op) {
    case Relation::kEq: {
      // The smallest and largest present values of lo..hi.
      int a = static_cast<int>(std::lower_bound(dom.begin(), dom.end(), lo) - dom.begin());
      if (a >= static_cast<int>(dom.size())) return {};
      if (!d.contains(r, a)) a = d.next(r, a);
      if (a < 0 || value(a) > hi) return {};
      int b = static_cast<int>(std::upper_bound(dom.begin(), dom.end(), hi) - dom.begin()) - 1;
      if (!d.contains(r, b)) b = d.prev(r, b);
      return make(value(a), value(b));
    }
    case Relation::kNe:
      return d.size(r) == 1 ? against_constant(Relation::kNe, value(d.min(r)), lo, hi)
                            : make(lo, hi);
    case Relation::kLt:
    case Relation::kLe:
      return against_constant(c.op, value(d.max(r)), lo, hi);
    case Relation::kGt:
    case Relation::kGe:
      return against_constant(c.op, value(d.min(r)), lo, hi);
    default:
      return {};  // in / notin take no variable (the model refuses it)
  }
}

bool filter_count_rhs(Context& ctx, const Condition& c, const std::vector<Domain>& values, Value lo,
                      Value hi, bool& changed) {
  if (c.kind != Condition::Kind::kVariable) return true;
  const int r = static_cast<int>(c.value);
  const Domain& dom = values[static_cast<std::size_t>(r)];
  const Domains& d = ctx.domains;
  auto value = [&](int a) { return dom[static_cast<std::size_t>(a)]; };
  if (lo > hi) {  // no count at all: nothing stays
    changed = true;
    while (ctx.remove(r, d.min(r))) {
    }
    return false;
  }
  // The values kept form an interval (all but one value, for ne): trim the domain's ends. Kept:
  // v >= keep_lo (v > keep_lo when strict_low) if trim_low, v <= keep_hi (v <) if trim_high.
  bool trim_low = false;
  bool strict_low = false;
  bool trim_high = false;
  bool strict_high = false;
  Value keep_lo = 0;
  Value keep_hi = 0;
  switch (c.op) {
    case Relation::kEq:
      trim_low = trim_high = true, keep_lo = lo, keep_hi = hi;
      break;
    case Relation::kLt:  // some count < v: v > lo
      trim_low = strict_low = true, keep_lo = lo;
      break;
    case Relation::kLe:
      trim_low = true, keep_lo = lo;
      break;
    case Relation::kGt:  // some count > v: v < hi
      trim_high = strict_high = true, keep_hi = hi;
      break;
    case Relation::kGe:
      trim_high = true, keep_hi = hi;
      break;
    case Relation::kNe: {
      if (lo != hi) return true;
      const int a = index_of(dom, lo);
      if (a < 0 || !d.contains(r, a)) return true;
      changed = true;
      return ctx.remove(r, a);
    }
    default:
      return true;
  }
  while (trim_low) {
    const int a = d.min(r);
    const Value v = value(a);
    if (strict_low ? v > keep_lo : v >= keep_lo) break;
    changed = true;
    if (!ctx.remove(r, a)) return false;
  }
  while (trim_high) {
    const int a = d.max(r);
    const Value v = value(a);
    if (strict_high ? v < keep_hi : v <= keep_hi) break;
    changed = true;
    if (!ctx.remove(r, a)) return false;
  }
  return true;
}

}  // namespace arcwave::cpu
