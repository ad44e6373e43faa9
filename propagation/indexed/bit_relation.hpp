// propagation/indexed/bit_relation.hpp — a binary relation over value indices as a bit matrix:
// row a (a value index of the first variable) holds one bit per value index b of the second,
// set when the pair (a, b) is allowed. Bitset AC3 reads the rows directly; AC4 and Compact-Table
// enumerate the set bits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace arcwave {

class BitRelation {
 public:
  BitRelation() = default;
  BitRelation(int rows, int cols)
      : rows_(rows),
        cols_(cols),
        words_((cols + 63) / 64),
        bits_(static_cast<std::size_t>(rows) * static_cast<std::size_t>(words_), 0) {}

  [[nodiscard]] int rows() const noexcept { return rows_; }
  [[nodiscard]] int cols() const noexcept { return cols_; }
  /// 64-bit words per row.
  [[nodiscard]] int words() const noexcept { return words_; }

  [[nodiscard]] const std::uint64_t* row(int a) const noexcept {
    return bits_.data() + static_cast<std::size_t>(a) * static_cast<std::size_t>(words_);
  }
  [[nodiscard]] std::uint64_t* row(int a) noexcept {
    return bits_.data() + static_cast<std::size_t>(a) * static_cast<std::size_t>(words_);
  }
  [[nodiscard]] bool test(int a, int b) const noexcept {
    return ((row(a)[b >> 6] >> (b & 63)) & 1U) != 0;
  }
  void set(int a, int b) noexcept { row(a)[b >> 6] |= std::uint64_t{1} << (b & 63); }
  void set_row(int a) noexcept;
  void set_column(int b) noexcept;

  /// Number of allowed pairs.
  [[nodiscard]] std::size_t count() const noexcept;
  /// Allowed pairs of row a.
  [[nodiscard]] int row_count(int a) const noexcept;
  /// The relation seen from the second variable: (b, a) allowed when (a, b) is.
  [[nodiscard]] BitRelation transposed() const;
  /// Every pair not allowed here is allowed in the result (conflicts to supports).
  [[nodiscard]] BitRelation complemented() const;
  [[nodiscard]] std::size_t bytes() const noexcept { return bits_.size() * sizeof(std::uint64_t); }

  friend bool operator==(const BitRelation&, const BitRelation&) = default;

 private:
  int rows_ = 0;
  int cols_ = 0;
  int words_ = 0;
  std::vector<std::uint64_t> bits_;
};

/// Calls f(b) for every set bit b of `words` (count words), in increasing order.
template <typename F>
inline void for_each_bit(const std::uint64_t* words, int count, F&& f) {
  for (int w = 0; w < count; ++w) {
    std::uint64_t bits = words[w];
    while (bits != 0) {
      f(w * 64 + __builtin_ctzll(bits));
      bits &= bits - 1;
    }
  }
}

}  // namespace arcwave
