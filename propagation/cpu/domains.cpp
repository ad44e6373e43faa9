// Definitions for propagation/cpu/domains.hpp.
#include "propagation/cpu/domains.hpp"

#include <algorithm>

namespace arcwave::cpu {

namespace {

std::vector<int> enumerated_sizes(std::vector<int> sizes, const std::vector<std::int64_t>& large) {
  for (std::size_t x = 0; x < large.size(); ++x)
    if (large[x] > 0) sizes[x] = 0;
  return sizes;
}

int saturated(std::int64_t n) {
  return static_cast<int>(std::min<std::int64_t>(n, std::numeric_limits<int>::max()));
}

}  // namespace

Domains::Domains(const std::vector<int>& all_sizes, const std::vector<std::int64_t>& large_sizes)
    : large_(all_sizes.size(), -1), value_offset_(all_sizes.size() + 1, 0) {
  const std::vector<int> sizes = enumerated_sizes(all_sizes, large_sizes);
  size_ = sizes;
  word_offset_.assign(sizes.size() + 1, 0);
  for (std::size_t x = 0; x < sizes.size(); ++x) {
    value_offset_[x + 1] = value_offset_[x] + static_cast<std::size_t>(sizes[x]);
    word_offset_[x + 1] = word_offset_[x] + (sizes[x] + 63) / 64;
    if (x < large_sizes.size() && large_sizes[x] > 0) {
      large_[x] = static_cast<int>(intervals_.size());
      intervals_.push_back({0, static_cast<int>(large_sizes[x] - 1), {}});
      size_[x] = saturated(large_sizes[x]);
    }
  }
  initial_ = size_;
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
  if (large_[x] >= 0) {
    const Interval& iv = intervals_[static_cast<std::size_t>(large_[x])];
    return iv.lo <= iv.hi ? iv.lo : -1;
  }
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
  if (large_[x] >= 0) {
    const Interval& iv = intervals_[static_cast<std::size_t>(large_[x])];
    return iv.lo <= iv.hi ? iv.hi : -1;
  }
  const std::uint64_t* w = bits(x);
  for (int i = high_word_[x]; i >= 0; --i)
    if (w[i] != 0) {
      high_word_[x] = i;
      return i * 64 + 63 - __builtin_clzll(w[i]);
    }
  return -1;
}

int Domains::next(int x, int a) const noexcept {
  if (large_[x] >= 0) {
    const Interval& iv = intervals_[static_cast<std::size_t>(large_[x])];
    for (a = std::max(a + 1, iv.lo); a <= iv.hi; ++a)
      if (!std::binary_search(iv.holes.begin(), iv.holes.end(), a)) return a;
    return -1;
  }
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
  if (large_[x] >= 0) {
    const Interval& iv = intervals_[static_cast<std::size_t>(large_[x])];
    for (a = std::min(a - 1, iv.hi); a >= iv.lo; --a)
      if (!std::binary_search(iv.holes.begin(), iv.holes.end(), a)) return a;
    return -1;
  }
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
  floor_ = std::min(floor_, mark);
  while (log_.size() > mark) {
    const Removal r = log_.back();
    log_.pop_back();
    if (large_[r.var] >= 0) {
      restore_large(r.var, r.value);
      continue;
    }
    // The newest removal of x sits at dense[size]: growing the size puts it back.
    ++size_[r.var];
    const int w = r.value >> 6;
    bits_[word_offset_[r.var] + w] |= std::uint64_t{1} << (r.value & 63);
    // Rarely below (above) the hint: a compare, no store, on most restores.
    if (w < low_word_[r.var]) low_word_[r.var] = w;
    if (w > high_word_[r.var]) high_word_[r.var] = w;
  }
}

bool Domains::contains_large(int x, int a) const noexcept {
  const Interval& iv = intervals_[static_cast<std::size_t>(large_[x])];
  return a >= iv.lo && a <= iv.hi && !std::binary_search(iv.holes.begin(), iv.holes.end(), a);
}

// The size from the bounds and the holes between them, saturated.
int Domains::update_large_size(int x) noexcept {
  const Interval& iv = intervals_[static_cast<std::size_t>(large_[x])];
  if (iv.lo > iv.hi) return size_[x] = 0;
  const auto first = std::lower_bound(iv.holes.begin(), iv.holes.end(), iv.lo);
  const auto last = std::upper_bound(first, iv.holes.end(), iv.hi);
  return size_[x] =
             saturated(std::int64_t{iv.hi} - iv.lo + 1 - static_cast<std::int64_t>(last - first));
}

// The first change of x within the current choice point saves x's state and logs it (the entry's
// value is the save's index); later ones within it need nothing. (A stale position fails the
// checks: popped, or reused by another variable's entry.)
void Domains::save_large(int x) {
  Interval& iv = intervals_[static_cast<std::size_t>(large_[x])];
  if (iv.last >= floor_ && iv.last < log_.size() && log_[iv.last].var == x) return;
  saved_.push_back(iv);
  iv.last = log_.size();
  log_.push_back({x, static_cast<std::int32_t>(saved_.size() - 1)});
}

int Domains::raise_min(int x, int a) noexcept {
  save_large(x);
  Interval& iv = intervals_[static_cast<std::size_t>(large_[x])];
  iv.lo = a;
  while (iv.lo <= iv.hi && std::binary_search(iv.holes.begin(), iv.holes.end(), iv.lo)) ++iv.lo;
  return update_large_size(x);
}

int Domains::lower_max(int x, int a) noexcept {
  save_large(x);
  Interval& iv = intervals_[static_cast<std::size_t>(large_[x])];
  iv.hi = a;
  while (iv.lo <= iv.hi && std::binary_search(iv.holes.begin(), iv.holes.end(), iv.hi)) --iv.hi;
  return update_large_size(x);
}

int Domains::remove_large(int x, int a) noexcept {
  Interval& iv = intervals_[static_cast<std::size_t>(large_[x])];
  if (a == iv.lo) return raise_min(x, a + 1);
  if (a == iv.hi) return lower_max(x, a - 1);
  save_large(x);
  iv.holes.insert(std::lower_bound(iv.holes.begin(), iv.holes.end(), a), a);
  return update_large_size(x);
}

// Saves are made and undone in the log's order: the entry's save is the newest one.
void Domains::restore_large(int x, int saved) noexcept {
  intervals_[static_cast<std::size_t>(large_[x])] =
      std::move(saved_[static_cast<std::size_t>(saved)]);
  saved_.pop_back();
  update_large_size(x);
}

}  // namespace arcwave::cpu
