// Definitions for propagation/network/compact_relations.hpp.
#include "propagation/network/compact_relations.hpp"

#include <algorithm>
#include <numeric>

namespace arcwave::compact {

namespace {

inline void set_bit(std::uint32_t* words, std::uint64_t bit) {
  words[bit >> 5] |= 1U << (bit & 31U);
}

std::vector<std::uint64_t> strides_of(std::span<const std::uint32_t> sizes) {
  std::vector<std::uint64_t> stride(sizes.size(), 1);
  for (std::size_t p = sizes.size(); p > 1; --p) stride[p - 2] = stride[p - 1] * sizes[p - 1];
  return stride;
}

std::uint64_t product_of(std::span<const std::uint32_t> sizes) {
  std::uint64_t p = 1;
  for (std::uint32_t s : sizes) p *= s;
  return p;
}

void complement(std::uint32_t* words, std::uint64_t bits) {
  const std::uint64_t full = bits / 32;
  for (std::uint64_t w = 0; w < full; ++w) words[w] = ~words[w];
  if (bits % 32 != 0) words[full] = ~words[full] & ((1U << (bits % 32)) - 1U);
}

// Binary rows without `*` (most of the bytes of large files): two conversions and a bit each.
void pair_bits(const Table& table, const ValueIndex& ix, const ValueIndex& iy, std::uint32_t dy,
               std::uint32_t* words) {
  const std::int32_t* cells = table.cells.data();
  const std::size_t rows = table.size();
  if (ix.contiguous() && iy.contiguous()) {
    const auto lx = static_cast<std::uint64_t>(ix.lo());
    const auto ly = static_cast<std::uint64_t>(iy.lo());
    const std::uint64_t dx = ix.size();
    for (std::size_t k = 0; k < rows; ++k) {
      const std::uint64_t a = static_cast<std::uint64_t>(Value{cells[2 * k]}) - lx;
      const std::uint64_t b = static_cast<std::uint64_t>(Value{cells[2 * k + 1]}) - ly;
      if (a < dx && b < dy) set_bit(words, a * dy + b);
    }
    return;
  }
  for (std::size_t k = 0; k < rows; ++k) {
    const std::int32_t a = ix(cells[2 * k]);
    const std::int32_t b = iy(cells[2 * k + 1]);
    if (a >= 0 && b >= 0)
      set_bit(words, static_cast<std::uint64_t>(a) * dy + static_cast<std::uint64_t>(b));
  }
}

// Rows of any arity without `*`: per cell a conversion (a subtraction on contiguous domains) and
// a multiply-add into the product index.
void plain_row_bits(const Table& table, std::span<const ValueIndex* const> index,
                    std::span<const std::uint32_t> sizes, std::uint32_t* words) {
  const std::size_t r = sizes.size();
  const std::vector<std::uint64_t> stride = strides_of(sizes);
  std::vector<std::uint64_t> lo(r);
  bool contiguous = true;
  for (std::size_t p = 0; p < r; ++p) {
    lo[p] = static_cast<std::uint64_t>(index[p]->lo());
    contiguous = contiguous && index[p]->contiguous();
  }
  const std::int32_t* row = table.cells.data();
  for (std::size_t k = 0; k < table.size(); ++k, row += r) {
    std::uint64_t bit = 0;
    bool valid = true;
    for (std::size_t p = 0; p < r; ++p) {
      std::uint64_t a = 0;
      if (contiguous) {
        a = static_cast<std::uint64_t>(Value{row[p]}) - lo[p];
        valid = valid && a < sizes[p];
      } else {
        const std::int32_t i = (*index[p])(row[p]);
        valid = valid && i >= 0;
        a = static_cast<std::uint64_t>(std::max(i, 0));
      }
      bit += a * stride[p];
    }
    if (valid) set_bit(words, bit);
  }
}

// Calls emit(bit) for every tuple a row stands for (its `*` cells ranging over their domains);
// nothing for a row with a value outside its domain.
template <typename Emit>
void for_each_row_bit(const Table& table, std::span<const ValueIndex* const> index,
                      std::span<const std::uint32_t> sizes, Emit&& emit) {
  const std::size_t r = sizes.size();
  const std::vector<std::uint64_t> stride = strides_of(sizes);
  std::vector<std::size_t> stars;
  std::vector<std::uint32_t> digit;
  for (std::size_t k = 0; k < table.size(); ++k) {
    const std::int32_t* row = table.cells.data() + k * r;
    std::uint64_t base = 0;
    bool valid = true;
    stars.clear();
    for (std::size_t p = 0; p < r && valid; ++p) {
      if (row[p] == Table::kStar) {
        stars.push_back(p);
        continue;
      }
      const std::int32_t a = (*index[p])(row[p]);
      valid = a >= 0;
      base += static_cast<std::uint64_t>(std::max(a, 0)) * stride[p];
    }
    if (!valid) continue;
    if (stars.empty()) {
      emit(base);
      continue;
    }
    digit.assign(stars.size(), 0);
    for (;;) {
      std::uint64_t bit = base;
      for (std::size_t q = 0; q < stars.size(); ++q) bit += digit[q] * stride[stars[q]];
      emit(bit);
      std::size_t q = stars.size();
      while (q > 0 && ++digit[q - 1] == sizes[stars[q - 1]]) digit[--q] = 0;
      if (q == 0) break;
    }
  }
}

}  // namespace

void table_bits(const Table& table, std::span<const ValueIndex* const> index,
                std::span<const std::uint32_t> sizes, std::uint32_t* words) {
  if (sizes.size() == 2 && !table.has_star)
    pair_bits(table, *index[0], *index[1], sizes[1], words);
  else if (!table.has_star && !sizes.empty())
    plain_row_bits(table, index, sizes, words);
  else
    for_each_row_bit(table, index, sizes, [words](std::uint64_t bit) { set_bit(words, bit); });
  if (!table.supports) complement(words, product_of(sizes));
}

std::uint64_t table_tuples(const Table& table, std::span<const ValueIndex* const> index,
                           std::span<const std::uint32_t> sizes, std::vector<std::uint32_t>& out) {
  const std::size_t r = sizes.size();
  std::vector<std::uint32_t> cells;
  cells.reserve(table.cells.size());
  std::vector<std::uint32_t> idx(r);
  const std::vector<std::uint64_t> stride = strides_of(sizes);
  // Rows through their product index (the digits are recovered from it), `*` expanded.
  for_each_row_bit(table, index, sizes, [&](std::uint64_t bit) {
    for (std::size_t p = 0; p < r; ++p) {
      idx[p] = static_cast<std::uint32_t>(bit / stride[p]);
      bit %= stride[p];
    }
    cells.insert(cells.end(), idx.begin(), idx.end());
  });
  // Sorted, without repeats (lexicographic order of the tuples).
  const std::size_t n = r == 0 ? 0 : cells.size() / r;
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0U);
  auto row = [&](std::uint32_t t) { return cells.begin() + static_cast<std::ptrdiff_t>(t * r); };
  auto less = [&](std::uint32_t a, std::uint32_t b) {
    return std::lexicographical_compare(row(a), row(a) + static_cast<std::ptrdiff_t>(r), row(b),
                                        row(b) + static_cast<std::ptrdiff_t>(r));
  };
  std::sort(order.begin(), order.end(), less);
  std::uint64_t kept = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0 && !less(order[i - 1], order[i])) continue;  // equal to the previous one
    out.insert(out.end(), row(order[i]), row(order[i]) + static_cast<std::ptrdiff_t>(r));
    ++kept;
  }
  return kept;
}

void semantic_bits(const Model& model, const Constraint& c, std::span<const std::uint32_t> scope,
                   std::vector<Value>& assignment, std::uint32_t* words) {
  const std::size_t r = scope.size();
  std::vector<const std::vector<Value>*> domain(r);
  for (std::size_t p = 0; p < r; ++p) domain[p] = &model.variables()[scope[p]].domain.values();
  std::vector<std::uint32_t> idx(r, 0);
  // An intension's expression reads its scope's values directly (slot p is scope[p]).
  const auto* intension = std::get_if<IntensionConstraint>(&c);
  std::vector<Value> slots(r);
  for (std::uint64_t bit = 0;; ++bit) {
    bool holds = false;
    if (intension != nullptr) {
      for (std::size_t p = 0; p < r; ++p) slots[p] = (*domain[p])[idx[p]];
      holds = intension->expr->satisfied(slots);
    } else {
      for (std::size_t p = 0; p < r; ++p) assignment[scope[p]] = (*domain[p])[idx[p]];
      holds = constraint_satisfied(c, assignment);
    }
    if (holds) set_bit(words, bit);
    std::size_t p = r;
    while (p > 0 && ++idx[p - 1] == domain[p - 1]->size()) idx[--p] = 0;
    if (p == 0) return;
  }
}

void not_equal_bits(const std::vector<Value>& dx, const std::vector<Value>& dy,
                    const std::vector<Value>& except, std::uint32_t* words) {
  const std::uint64_t cols = dy.size();
  const std::uint64_t bits = dx.size() * cols;
  std::fill_n(words, words_for(bits), 0U);
  complement(words, bits);  // every pair, then the equal ones taken out
  for (std::uint64_t a = 0; a < dx.size(); ++a) {
    if (std::find(except.begin(), except.end(), dx[a]) != except.end()) continue;
    const auto it = std::lower_bound(dy.begin(), dy.end(), dx[a]);
    if (it == dy.end() || *it != dx[a]) continue;
    const std::uint64_t bit = a * cols + static_cast<std::uint64_t>(it - dy.begin());
    words[bit >> 5] &= ~(1U << (bit & 31U));
  }
}

std::uint64_t count_bits(const std::uint32_t* words, std::uint64_t bits) {
  std::uint64_t n = 0;
  const std::uint64_t full = bits / 32;
  for (std::uint64_t w = 0; w < full; ++w)
    n += static_cast<std::uint64_t>(__builtin_popcount(words[w]));
  if (bits % 32 != 0)
    n += static_cast<std::uint64_t>(__builtin_popcount(words[full] & ((1U << (bits % 32)) - 1U)));
  return n;
}

}  // namespace arcwave::compact
