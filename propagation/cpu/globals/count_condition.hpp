// propagation/cpu/globals/count_condition.hpp — a condition on a count (count, nValues, the
// occurrences of cardinality), read against an interval of counts the constraint can still
// reach: which counts in lo..hi can satisfy it (rhs ranging over its variable's domain), and
// which right-hand-side values some count in lo..hi satisfies. Both answers are exact, so a
// propagator that knows the reachable counts form an interval filters its rhs to GAC.
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

struct CountHull {
  bool empty = true;
  Value first = 0;  // the smallest count of lo..hi that can satisfy the condition
  Value last = 0;   // the largest
};

/// The counts c of lo..hi for which `c op rhs` holds for some rhs (a constant, a range, a set,
/// or a value of the variable's current domain): their smallest and largest.
CountHull count_hull(const Condition& c, const Domains& d, const std::vector<Domain>& values,
                     Value lo, Value hi);

/// Does some count of lo..hi satisfy the condition?
inline bool count_possible(const Condition& c, const Domains& d, const std::vector<Domain>& values,
                           Value lo, Value hi) {
  return !count_hull(c, d, values, lo, hi).empty;
}

/// Removes from the condition's variable (when it has one) every value v for which no count of
/// lo..hi satisfies `c op v`; sets `changed` when it removes one. False on a wipe-out.
bool filter_count_rhs(Context& ctx, const Condition& c, const std::vector<Domain>& values, Value lo,
                      Value hi, bool& changed);

}  // namespace arcwave::cpu
