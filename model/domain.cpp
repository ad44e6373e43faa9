// Definitions for include/arcwave/domain.hpp.
#include "arcwave/domain.hpp"

#include <algorithm>
#include <string>

#include "arcwave/error.hpp"

namespace arcwave {

Domain Domain::range(Value lo, Value hi) {
  const std::uint64_t count = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
  if (count <= kMaxEnumerated) {
    std::vector<Value> values;
    values.reserve(static_cast<std::size_t>(count));
    for (Value v = lo;; ++v) {
      values.push_back(v);
      if (v == hi) break;
    }
    return {std::move(values)};
  }
  Domain d;
  d.large_ = true;
  d.lo_ = lo;
  d.hi_ = hi;
  return d;
}

const std::vector<Value>& Domain::values() const {
  if (large_)
    throw Unsupported(SourcePosition{},
                      "a domain of more than 2^24 values (" + std::to_string(lo_) + ".." +
                          std::to_string(hi_) +
                          ") where this part of arcwave needs every value enumerated");
  return values_;
}

std::int64_t Domain::index_of(Value v) const noexcept {
  if (large_) return v < lo_ || v > hi_ ? -1 : static_cast<std::int64_t>(v - lo_);
  const auto it = std::lower_bound(values_.begin(), values_.end(), v);
  return it != values_.end() && *it == v ? it - values_.begin() : -1;
}

}  // namespace arcwave
