// propagation/network/value_index.hpp — value -> value index of one variable's sorted domain,
// for converting table cells: a subtraction for a contiguous domain (the common case), a lookup
// table for a domain spread over a short range, a binary search otherwise.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"

namespace arcwave {

class ValueIndex {
 public:
  explicit ValueIndex(const std::vector<Value>& domain) : domain_(&domain) {
    if (domain.empty()) return;
    lo_ = domain.front();
    span_ = static_cast<std::uint64_t>(domain.back()) - static_cast<std::uint64_t>(lo_) + 1;
    contiguous_ = span_ == domain.size();
    // A lookup table when the range is at most a few times the domain (bounded memory).
    if (!contiguous_ && span_ <= 8 * domain.size() + 4096) {
      lookup_.assign(span_, -1);
      for (std::size_t a = 0; a < domain.size(); ++a)
        lookup_[static_cast<std::uint64_t>(domain[a]) - static_cast<std::uint64_t>(lo_)] =
            static_cast<std::int32_t>(a);
    }
  }

  /// The index of `v` in the domain, or -1.
  [[nodiscard]] std::int32_t operator()(Value v) const noexcept {
    // Unsigned: wraps (past span_) for v < lo.
    const std::uint64_t off = static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(lo_);
    if (off >= span_) return -1;
    if (contiguous_) return static_cast<std::int32_t>(off);
    if (!lookup_.empty()) return lookup_[static_cast<std::size_t>(off)];
    const auto it = std::lower_bound(domain_->begin(), domain_->end(), v);
    return it != domain_->end() && *it == v ? static_cast<std::int32_t>(it - domain_->begin()) : -1;
  }
  [[nodiscard]] bool contiguous() const noexcept { return contiguous_; }
  [[nodiscard]] Value lo() const noexcept { return lo_; }
  [[nodiscard]] std::uint32_t size() const noexcept {
    return static_cast<std::uint32_t>(domain_->size());
  }

 private:
  const std::vector<Value>* domain_;
  Value lo_ = 0;
  std::uint64_t span_ = 0;
  bool contiguous_ = false;
  std::vector<std::int32_t> lookup_;
};

}  // namespace arcwave
