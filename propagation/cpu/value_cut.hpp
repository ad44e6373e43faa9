// propagation/cpu/value_cut.hpp — where a value bound cuts a sorted domain: the first value
// index at or above a (wide) value, the last at or below it. Bound propagators turn "x >= v"
// into one Context::raise_min at that index, so that a large domain moves its bound in one step
// and an enumerated one loses exactly the values it lost before.
#pragma once

#include <algorithm>
#include <limits>

#include "arcwave/domain.hpp"

namespace arcwave::cpu {

__extension__ typedef __int128 WideCut;

/// The first index whose value is >= v (size() when none).
inline int first_at_least(const Domain& d, WideCut v) noexcept {
  if (v <= d.front()) return 0;
  if (v > d.back()) return static_cast<int>(d.size());
  const auto it = std::lower_bound(d.begin(), d.end(), static_cast<Value>(v));
  return static_cast<int>(it - d.begin());
}

/// The last index whose value is <= v (-1 when none).
inline int last_at_most(const Domain& d, WideCut v) noexcept {
  if (v < d.front()) return -1;
  if (v >= d.back()) return static_cast<int>(d.size()) - 1;
  const auto it = std::upper_bound(d.begin(), d.end(), static_cast<Value>(v));
  return static_cast<int>(it - d.begin()) - 1;
}

}  // namespace arcwave::cpu
