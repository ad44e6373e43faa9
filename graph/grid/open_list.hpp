// graph/grid/open_list.hpp — the open list of the jump searches: entries ordered by exact
// packed f = g + h (octile.hpp), ties to the larger g, kept in buckets of f an eighth wide
// (exact: floor(8 f) from the packed counts) in a ring, each bucket a small binary heap. With
// a consistent heuristic f never falls below the smallest f in the list and a successor's f
// exceeds its parent's by at most twice the segment's length, so a ring of more than
// 8 (3 (width + height) + 8) buckets never wraps onto itself; popping scans forward from the
// last bucket popped. Exact: entries in a lower bucket have a smaller f, and a bucket's heap
// compares exactly.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "graph/grid/octile.hpp"

namespace arcwave::grid {

class OctileOpenList {
 public:
  struct Entry {
    double f_value;  // octile_value(f): decides unless two entries are very close
    std::uint64_t f;
    std::uint64_t g;
    std::uint32_t cell;
  };

  /// For maps of this size (the ring's length).
  OctileOpenList(int width, int height)
      : buckets_(std::bit_ceil(
            (3 * (static_cast<std::uint64_t>(width) + static_cast<std::uint64_t>(height)) + 8)
            << kFraction)),
        mask_(buckets_.size() - 1) {}

  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  void clear() {
    for (std::uint64_t b = low_; size_ > 0; ++b) {
      size_ -= buckets_[b & mask_].size();
      buckets_[b & mask_].clear();
    }
    size_ = 0;
    started_ = false;
  }

  void push(std::uint64_t f, std::uint64_t g, std::uint32_t cell) {
    const std::uint64_t b = bucket(f);
    if (!started_ || b < low_) {
      low_ = b;
      started_ = true;
    }
    std::vector<Entry>& bucket = buckets_[b & mask_];
    bucket.push_back({octile_value(f), f, g, cell});
    std::push_heap(bucket.begin(), bucket.end(), Later{});
    ++size_;
  }

  /// The entry of smallest f (ties: largest g); the list must not be empty.
  Entry pop() {
    while (buckets_[low_ & mask_].empty()) ++low_;
    std::vector<Entry>& bucket = buckets_[low_ & mask_];
    std::pop_heap(bucket.begin(), bucket.end(), Later{});
    const Entry top = bucket.back();
    bucket.pop_back();
    --size_;
    return top;
  }

 private:
  /// Buckets are 1 / 2^kFraction wide: floor(2^k f) exactly, 2^k orth + floor(sqrt(2^(2k+1)
  /// diag²)) (in 128 bits: no count is too large).
  static constexpr int kFraction = 3;
  __extension__ typedef unsigned __int128 Wide;
  static std::uint64_t bucket(std::uint64_t f) {
    const Wide d = octile_diag(f);
    const Wide v = (d * d) << (2 * kFraction + 1);
    auto r = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(v)));
    while (static_cast<Wide>(r) * r > v) --r;
    while (static_cast<Wide>(r + 1) * (r + 1) <= v) ++r;
    return (static_cast<std::uint64_t>(octile_orth(f)) << kFraction) + r;
  }

  // A max-heap: "a below b" when a comes out later (larger f, then smaller g).
  struct Later {
    bool operator()(const Entry& a, const Entry& b) const {
      if (std::abs(a.f_value - b.f_value) > 1e-9 * (a.f_value + b.f_value))
        return a.f_value > b.f_value;
      if (a.f != b.f) return octile_less(b.f, a.f);
      return octile_less(a.g, b.g);
    }
  };

  std::vector<std::vector<Entry>> buckets_;
  std::uint64_t mask_;
  std::uint64_t low_ = 0;  // no entry lies in a bucket below it
  std::uint64_t size_ = 0;
  bool started_ = false;
};

}  // namespace arcwave::grid
