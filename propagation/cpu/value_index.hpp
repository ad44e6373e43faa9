// propagation/cpu/value_index.hpp — a value's index in one variable's sorted domain, inline:
// a subtraction when the domain is a range (most are), a binary search otherwise. Propagators
// that test "does x still hold the value v?" in their inner loops keep one per variable.
#pragma once

#include <algorithm>
#include <limits>
#include <vector>

#include "arcwave/domain.hpp"

#include "arcwave/model.hpp"

namespace arcwave::cpu {

class ValueIndex {
 public:
  ValueIndex() = default;
  explicit ValueIndex(const Domain& values)
      : values_(&values),
        first_(values.empty() ? 0 : values.front()),
        size_(static_cast<Value>(values.size())),
        range_(!values.empty() && values.back() - values.front() + 1 == size_) {}

  /// The index of v, or -1 when the domain never held it.
  [[nodiscard]] int operator()(Value v) const noexcept {
    if (range_) {
      Value k = 0;
      return __builtin_sub_overflow(v, first_, &k) || k < 0 || k >= size_ ? -1
                                                                          : static_cast<int>(k);
    }
    const auto it = std::lower_bound(values_->begin(), values_->end(), v);
    return it != values_->end() && *it == v ? static_cast<int>(it - values_->begin()) : -1;
  }
  /// The number of values of the domain (count(): unsaturated, for large domains).
  [[nodiscard]] int size() const noexcept {
    return static_cast<int>(std::min<Value>(size_, std::numeric_limits<int>::max()));
  }
  [[nodiscard]] std::int64_t count() const noexcept { return size_; }
  /// Are the values consecutive integers (index order = value order, no gaps)?
  [[nodiscard]] bool range() const noexcept { return range_; }
  [[nodiscard]] Value value(int a) const noexcept {
    return (*values_)[static_cast<std::size_t>(a)];
  }

 private:
  const Domain* values_ = nullptr;
  Value first_ = 0;
  Value size_ = 0;
  bool range_ = false;
};

}  // namespace arcwave::cpu
