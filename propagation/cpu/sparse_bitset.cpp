// Definitions for propagation/cpu/sparse_bitset.hpp.
#include "propagation/cpu/sparse_bitset.hpp"

namespace arcwave::cpu {

ReversibleSparseBitset::ReversibleSparseBitset(std::size_t bits)
    : words_((bits + 63) / 64, ~std::uint64_t{0}),
      index_(words_.size()),
      limit_(static_cast<std::int32_t>(words_.size()) - 1),
      mask_(words_.size(), 0),
      saved_epoch_(words_.size(), 0) {
  if (bits % 64 != 0) words_.back() = (std::uint64_t{1} << (bits % 64)) - 1;
  for (std::size_t i = 0; i < index_.size(); ++i) index_[i] = static_cast<std::int32_t>(i);
}

void ReversibleSparseBitset::intersect_with_mask(Trail& trail) noexcept {
  const std::uint64_t epoch = trail.epoch();
  for (int i = limit_; i >= 0; --i) {
    const int offset = index_[i];
    const std::uint64_t w = words_[offset] & mask_[offset];
    if (w == words_[offset]) continue;
    if (saved_epoch_[offset] != epoch) {
      saved_epoch_[offset] = epoch;
      trail.save(words_[offset]);
    }
    words_[offset] = w;
    if (w == 0) {
      if (limit_epoch_ != epoch) {
        limit_epoch_ = epoch;
        trail.save(limit_);
      }
      index_[i] = index_[limit_];
      index_[limit_] = offset;
      --limit_;
    }
  }
}

}  // namespace arcwave::cpu
