// parsers/xcsp/domain_ranges.hpp — what the XCSP 2.1 and XCSP3 readers share once a domain's
// ranges are read: sorting and merging them, counting their values without overflow, and
// enumerating a domain that stays small (each reader raises its own errors between).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "arcwave/domain.hpp"

namespace arcwave::parsers {

/// Values in lo..hi (lo <= hi), saturated at UINT64_MAX (the full 64-bit range).
inline std::uint64_t range_width(Value lo, Value hi) {
  const std::uint64_t w = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  return w == std::numeric_limits<std::uint64_t>::max() ? w : w + 1;
}

/// Sorted ranges with adjacent or overlapping ones merged, and how many values they hold
/// (saturated at UINT64_MAX).
struct MergedRanges {
  std::vector<std::pair<Value, Value>> ranges;
  std::uint64_t count = 0;
};

inline MergedRanges merge_ranges(std::vector<std::pair<Value, Value>> ranges) {
  std::sort(ranges.begin(), ranges.end());
  MergedRanges m;
  for (const auto& r : ranges) {
    // hi + 1 cannot overflow when hi < INT64_MAX.
    if (!m.ranges.empty() && (m.ranges.back().second == std::numeric_limits<Value>::max() ||
                              r.first <= m.ranges.back().second + 1)) {
      m.ranges.back().second = std::max(m.ranges.back().second, r.second);
    } else {
      m.ranges.push_back(r);
    }
  }
  for (const auto& [lo, hi] : m.ranges) {
    const std::uint64_t width = range_width(lo, hi);
    m.count = width > std::numeric_limits<std::uint64_t>::max() - m.count
                  ? std::numeric_limits<std::uint64_t>::max()
                  : m.count + width;
  }
  return m;
}

/// Every value of the merged ranges, as an enumerated domain (the caller checked the count).
inline Domain enumerated_domain(const MergedRanges& m) {
  std::vector<Value> values;
  values.reserve(static_cast<std::size_t>(m.count));
  for (const auto& [lo, hi] : m.ranges)
    for (Value v = lo;; ++v) {
      values.push_back(v);
      if (v == hi) break;
    }
  return Domain(std::move(values));
}

}  // namespace arcwave::parsers
