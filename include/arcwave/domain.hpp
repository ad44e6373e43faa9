// arcwave/domain.hpp — a variable's domain: a sorted list of distinct values, or, for a domain
// too large to enumerate, the interval lo..hi kept as its two bounds (a large domain). Both read
// as a sorted sequence (size(), operator[], front(), back(), random-access iterators), so code
// that indexes values works on either; code that needs every value (tables, masks) must check
// large() first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <vector>

namespace arcwave {

using Value = std::int64_t;

class Domain {
 public:
  /// Domains of more values than this are kept as intervals (Domain::range decides).
  static constexpr std::uint64_t kMaxEnumerated = std::uint64_t{1} << 24;
  /// The most values a large domain may hold: value indices stay 32-bit (0..2^31-1).
  static constexpr std::uint64_t kMaxValues = std::uint64_t{1} << 31;

  Domain() = default;
  /// Sorted, distinct values (the caller's duty).
  Domain(std::vector<Value> values) : values_(std::move(values)) {}  // NOLINT: implicit
  Domain(std::initializer_list<Value> values) : values_(values) {}
  /// lo..hi (lo <= hi, at most kMaxValues values), enumerated when it has at most
  /// kMaxEnumerated values and kept as an interval otherwise.
  static Domain range(Value lo, Value hi);

  /// An interval kept as its bounds (never enumerated).
  [[nodiscard]] bool large() const noexcept { return large_; }
  [[nodiscard]] std::size_t size() const noexcept {
    return large_ ? static_cast<std::size_t>(hi_ - lo_) + 1 : values_.size();
  }
  [[nodiscard]] bool empty() const noexcept { return !large_ && values_.empty(); }
  [[nodiscard]] Value operator[](std::size_t i) const noexcept {
    return large_ ? lo_ + static_cast<Value>(i) : values_[i];
  }
  [[nodiscard]] Value front() const noexcept { return large_ ? lo_ : values_.front(); }
  [[nodiscard]] Value back() const noexcept { return large_ ? hi_ : values_.back(); }
  /// The enumerated values; throws Unsupported (exit code 3) on a large domain.
  [[nodiscard]] const std::vector<Value>& values() const;
  /// Position of v, or -1.
  [[nodiscard]] std::int64_t index_of(Value v) const noexcept;
  [[nodiscard]] bool contains(Value v) const noexcept { return index_of(v) >= 0; }

  class const_iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = Value;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Value;
    const_iterator() = default;
    const_iterator(const Domain* d, std::ptrdiff_t i) : d_(d), i_(i) {}
    Value operator*() const noexcept { return (*d_)[static_cast<std::size_t>(i_)]; }
    Value operator[](std::ptrdiff_t k) const noexcept {
      return (*d_)[static_cast<std::size_t>(i_ + k)];
    }
    const_iterator& operator++() noexcept { return ++i_, *this; }
    const_iterator& operator--() noexcept { return --i_, *this; }
    const_iterator operator++(int) noexcept { return {d_, i_++}; }
    const_iterator operator--(int) noexcept { return {d_, i_--}; }
    const_iterator& operator+=(std::ptrdiff_t k) noexcept { return i_ += k, *this; }
    const_iterator& operator-=(std::ptrdiff_t k) noexcept { return i_ -= k, *this; }
    friend const_iterator operator+(const_iterator it, std::ptrdiff_t k) noexcept {
      return it += k;
    }
    friend const_iterator operator+(std::ptrdiff_t k, const_iterator it) noexcept {
      return it += k;
    }
    friend const_iterator operator-(const_iterator it, std::ptrdiff_t k) noexcept {
      return it -= k;
    }
    friend std::ptrdiff_t operator-(const const_iterator& a, const const_iterator& b) noexcept {
      return a.i_ - b.i_;
    }
    friend bool operator==(const const_iterator& a, const const_iterator& b) noexcept {
      return a.i_ == b.i_;
    }
    friend auto operator<=>(const const_iterator& a, const const_iterator& b) noexcept {
      return a.i_ <=> b.i_;
    }

   private:
    const Domain* d_ = nullptr;
    std::ptrdiff_t i_ = 0;
  };
  [[nodiscard]] const_iterator begin() const noexcept { return {this, 0}; }
  [[nodiscard]] const_iterator end() const noexcept {
    return {this, static_cast<std::ptrdiff_t>(size())};
  }

  friend bool operator==(const Domain& a, const Domain& b) noexcept {
    return a.large_ == b.large_ && a.lo_ == b.lo_ && a.hi_ == b.hi_ && a.values_ == b.values_;
  }
  friend bool operator==(const Domain& a, const std::vector<Value>& b) noexcept {
    return !a.large_ && a.values_ == b;
  }

 private:
  std::vector<Value> values_;
  bool large_ = false;
  Value lo_ = 0, hi_ = -1;
};

}  // namespace arcwave
