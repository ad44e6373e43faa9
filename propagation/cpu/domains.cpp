// Definitions for propagation/cpu/domains.hpp.
#include "propagation/cpu/domains.hpp"

#include <algorithm>

namespace arcwave::cpu {

Domains::Domains(const std::vector<int>& sizes)
    : size_(sizes), initial_(sizes), value_offset_(sizes.size() + 1, 0) {
  word_offset_.assign(sizes.size() + 1, 0);
  for (std::size_t x = 0; x < sizes.size(); ++x) {
    value_offset_[x + 1] = value_offset_[x] + static_cast<std::size_t>(sizes[x]);
    word_offset_[x + 1] = word_offset_[x] + (sizes[x] + 63) / 64;
  }
  dense_.resize(value_offset_.back());
  pos_.resize(value_offset_.back());
  bits_.assign(static_cast<std::size_t>(word_offset_.back()), 0);
  low_word_.assign(sizes.size(), 0);
  high_word_.resize(sizes.size());
  for (std::size_t x = 0; x < sizes.size(); ++x) {
    high_word_[x] = words(static_cast<int>(x)) - 1;
    for (int a = 0; a < sizes[x]; ++a) {
      dense_[value_offset_[x] + a] = a;
      pos_[value_offset_[x] + a] = a;
      bits_[word_offset_[x] + (a >> 6)] |= std::uint64_t{1} << (a & 63);
    }
  }
}

int Domains::min(int x) const noexcept {
  const std::uint64_t* w = bits(x);
  const int n = words(x);
  for (int i = low_word_[x]; i < n; ++i)
    if (w[i] != 0) {
      low_word_[x] = i;
      return i * 64 + __builtin_ctzll(w[i]);
    }
  return -1;
}

int Domains::max(int x) const noexcept {
  const std::uint64_t* w = bits(x);
  for (int i = high_word_[x]; i >= 0; --i)
    if (w[i] != 0) {
      high_word_[x] = i;
      return i * 64 + 63 - __builtin_clzll(w[i]);
    }
  return -1;
}

int Domains::next(int x, int a) const noexcept {
  const std::uint64_t* w = bits(x);
  const int n = words(x);
  ++a;
  int i = a >> 6;
  if (i >= n) return -1;
  std::uint64_t cur = (a & 63) == 0 ? w[i] : w[i] & (~std::uint64_t{0} << (a & 63));
  for (;;) {
    if (cur != 0) return i * 64 + __builtin_ctzll(cur);
    if (++i >= n) return -1;
    cur = w[i];
  }
}

int Domains::prev(int x, int a) const noexcept {
  if (a <= 0) return -1;
  const std::uint64_t* w = bits(x);
  --a;
  int i = a >> 6;
  const int r = a & 63;
  std::uint64_t cur = r == 63 ? w[i] : w[i] & ((std::uint64_t{1} << (r + 1)) - 1);
  for (;;) {
    if (cur != 0) return i * 64 + 63 - __builtin_clzll(cur);
    if (--i < 0) return -1;
    cur = w[i];
  }
}

void Domains::restore(std::size_t mark) noexcept {
  while (log_.size() > mark) {
    const Removal r = log_.back();
    log_.pop_back();
    // The newest removal of x sits at dense[size]: growing the size puts it back.
    ++size_[r.var];
    const int w = r.value >> 6;
    bits_[word_offset_[r.var] + w] |= std::uint64_t{1} << (r.value & 63);
    // Rarely below (above) the hint: a compare, no store, on most restores.
    if (w < low_word_[r.var]) low_word_[r.var] = w;
    if (w > high_word_[r.var]) high_word_[r.var] = w;
  }
}

}  // namespace arcwave::cpu
