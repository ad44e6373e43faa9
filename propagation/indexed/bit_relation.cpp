// Definitions for propagation/indexed/bit_relation.hpp.
#include "propagation/indexed/bit_relation.hpp"

namespace arcwave {

namespace {
// Mask of the valid bits of the last word of a row of `cols` bits.
std::uint64_t tail_mask(int cols) {
  const int r = cols & 63;
  return r == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << r) - 1;
}
}  // namespace

void BitRelation::set_row(int a) noexcept {
  std::uint64_t* r = row(a);
  for (int w = 0; w < words_; ++w) r[w] = ~std::uint64_t{0};
  if (words_ > 0) r[words_ - 1] &= tail_mask(cols_);
}

void BitRelation::set_column(int b) noexcept {
  for (int a = 0; a < rows_; ++a) set(a, b);
}

std::size_t BitRelation::count() const noexcept {
  std::size_t n = 0;
  for (std::uint64_t w : bits_) n += static_cast<std::size_t>(__builtin_popcountll(w));
  return n;
}

int BitRelation::row_count(int a) const noexcept {
  int n = 0;
  const std::uint64_t* r = row(a);
  for (int w = 0; w < words_; ++w) n += __builtin_popcountll(r[w]);
  return n;
}

BitRelation BitRelation::transposed() const {
  BitRelation t(cols_, rows_);
  for (int a = 0; a < rows_; ++a) for_each_bit(row(a), words_, [&](int b) { t.set(b, a); });
  return t;
}

BitRelation BitRelation::complemented() const {
  BitRelation c(rows_, cols_);
  const std::uint64_t mask = tail_mask(cols_);
  for (int a = 0; a < rows_; ++a) {
    const std::uint64_t* src = row(a);
    std::uint64_t* dst = c.row(a);
    for (int w = 0; w < words_; ++w) dst[w] = ~src[w];
    if (words_ > 0) dst[words_ - 1] &= mask;
  }
  return c;
}

}  // namespace arcwave
