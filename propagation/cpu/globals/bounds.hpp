// propagation/cpu/globals/bounds.hpp — bound reasoning on value indices: a variable's smallest
// and largest present value, and cutting its domain below or above a (wide) value.
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

__extension__ typedef __int128 WideValue;  // sums of values and lengths never overflow

inline Value min_value(const Context& ctx, const std::vector<std::vector<Value>>& domains, int x) {
  return domains[static_cast<std::size_t>(x)][static_cast<std::size_t>(ctx.domains.min(x))];
}
inline Value max_value(const Context& ctx, const std::vector<std::vector<Value>>& domains, int x) {
  return domains[static_cast<std::size_t>(x)][static_cast<std::size_t>(ctx.domains.max(x))];
}

/// Removes the values of x below `bound`; false on a wipe-out. `changed` when one went.
inline bool remove_below(Context& ctx, const std::vector<std::vector<Value>>& domains, int x,
                         WideValue bound, bool& changed) {
  const std::vector<Value>& values = domains[static_cast<std::size_t>(x)];
  for (int a = ctx.domains.min(x); values[static_cast<std::size_t>(a)] < bound;) {
    const int next = ctx.domains.next(x, a);
    changed = true;
    if (!ctx.remove(x, a)) return false;
    a = next;  // present: the domain is not empty
  }
  return true;
}

/// Removes the values of x above `bound`; false on a wipe-out. `changed` when one went.
inline bool remove_above(Context& ctx, const std::vector<std::vector<Value>>& domains, int x,
                         WideValue bound, bool& changed) {
  const std::vector<Value>& values = domains[static_cast<std::size_t>(x)];
  for (int a = ctx.domains.max(x); values[static_cast<std::size_t>(a)] > bound;) {
    const int prev = ctx.domains.prev(x, a);
    changed = true;
    if (!ctx.remove(x, a)) return false;
    a = prev;  // present: the domain is not empty
  }
  return true;
}

}  // namespace arcwave::cpu
