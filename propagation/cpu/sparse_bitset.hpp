// propagation/cpu/sparse_bitset.hpp — the reversible sparse bitset of Compact-Table
// (Demeulenaere et al. 2016): the set of valid tuples as words, with the indices of the
// non-zero words kept first (up to `limit`) so that every operation touches only those. Words
// and limit are saved on the trail once per choice point; the index permutation needs no
// saving (restoring the limit brings back exactly the words swapped out).
#pragma once

#include <cstdint>
#include <vector>

#include "propagation/cpu/trail.hpp"

namespace arcwave::cpu {

class ReversibleSparseBitset {
 public:
  explicit ReversibleSparseBitset(std::size_t bits);

  [[nodiscard]] bool empty() const noexcept { return limit_ < 0; }
  [[nodiscard]] std::size_t word_count() const noexcept { return words_.size(); }

  void clear_mask() noexcept {
    for (int i = 0; i <= limit_; ++i) mask_[index_[i]] = 0;
  }
  void add_to_mask(const std::uint64_t* m) noexcept {
    for (int i = 0; i <= limit_; ++i) mask_[index_[i]] |= m[index_[i]];
  }
  void reverse_mask() noexcept {
    for (int i = 0; i <= limit_; ++i) mask_[index_[i]] = ~mask_[index_[i]];
  }
  /// words &= mask, saving changed words on the trail; zero words leave the active part.
  void intersect_with_mask(Trail& trail) noexcept;
  /// A word index where words & m is non-zero, or -1.
  [[nodiscard]] int intersect_index(const std::uint64_t* m) const noexcept {
    for (int i = 0; i <= limit_; ++i)
      if ((words_[index_[i]] & m[index_[i]]) != 0) return index_[i];
    return -1;
  }
  [[nodiscard]] std::uint64_t word(int w) const noexcept { return words_[w]; }

 private:
  std::vector<std::uint64_t> words_;
  std::vector<std::int32_t> index_;
  std::int32_t limit_;
  std::vector<std::uint64_t> mask_;
  std::vector<std::uint64_t> saved_epoch_;  // per word: trail epoch of the last save
  std::uint64_t limit_epoch_ = 0;
};

}  // namespace arcwave::cpu
