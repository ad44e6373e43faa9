// propagation/cpu/globals/bounds.hpp — bound reasoning on value indices: a variable's smallest
// and largest present value, and cutting its domain below or above a (wide) value.
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"
#include "propagation/cpu/value_cut.hpp"

namespace arcwave::cpu {

__extension__ typedef __int128 WideValue;  // sums of values and lengths never overflow

inline Value min_value(const Context& ctx, const std::vector<Domain>& domains, int x) {
  return domains[static_cast<std::size_t>(x)][static_cast<std::size_t>(ctx.domains.min(x))];
}
inline Value max_value(const Context& ctx, const std::vector<Domain>& domains, int x) {
  return domains[static_cast<std::size_t>(x)][static_cast<std::size_t>(ctx.domains.max(x))];
}

/// Removes the values of x below `bound`; false on a wipe-out. `changed` when one went.
inline bool remove_below(Context& ctx, const std::vector<Domain>& domains, int x, WideValue bound,
                         bool& changed) {
  const Domain& values = domains[static_cast<std::size_t>(x)];
  if (values[static_cast<std::size_t>(ctx.domains.min(x))] >= bound) return true;
  changed = true;
  return ctx.raise_min(x, first_at_least(values, bound));
}

/// Removes the values of x above `bound`; false on a wipe-out. `changed` when one went.
inline bool remove_above(Context& ctx, const std::vector<Domain>& domains, int x, WideValue bound,
                         bool& changed) {
  const Domain& values = domains[static_cast<std::size_t>(x)];
  if (values[static_cast<std::size_t>(ctx.domains.max(x))] <= bound) return true;
  changed = true;
  return ctx.lower_max(x, last_at_most(values, bound));
}

}  // namespace arcwave::cpu
