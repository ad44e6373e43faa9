// propagation/cpu/domains.hpp — the CPU engine's domains: for each variable a sparse set of
// value indices (dense array + positions + size, so removal is O(1) and the removed values sit
// after the size in removal order) and a bitset of the same values (for bitset AC3 and bounds),
// plus one log of every removal in order. Backtracking replays the log backwards; AC4 uses the
// log as its deletion queue. min() and max() start their scan at a remembered word (below the
// first non-empty word, above the last), which removals never invalidate and restores lower
// (raise): long domains are not rescanned from their first word on every call.
//
// A large variable (its model domain is an interval too large to enumerate, see
// arcwave/domain.hpp) keeps only bounds lo..hi on its value indices and a short sorted list of
// holes (interior values removed one at a time); it has no dense array nor bitset (dense(),
// bits() and words() are for the others). Its first change within a choice point saves its
// state (bounds and holes) on a stack of its own and logs one entry naming that save; later
// changes within the choice point log nothing, and restore() puts the saved state back. Bounds
// reasoning that converges a step at a time over 2^31 values thus keeps the log and the saves
// at one entry per variable and choice point. size() of a large variable saturates at INT_MAX.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace arcwave::cpu {

struct Removal {
  std::int32_t var;
  std::int32_t value;
};

class Domains {
 public:
  /// `large_sizes` (empty, or one per variable): a positive entry makes that variable large
  /// with that many values (its entry in `sizes` is then ignored).
  explicit Domains(const std::vector<int>& sizes,
                   const std::vector<std::int64_t>& large_sizes = {});

  [[nodiscard]] int variable_count() const noexcept { return static_cast<int>(size_.size()); }
  [[nodiscard]] int size(int x) const noexcept { return size_[x]; }
  [[nodiscard]] int initial_size(int x) const noexcept { return initial_[x]; }
  [[nodiscard]] bool large(int x) const noexcept { return large_[x] >= 0; }
  [[nodiscard]] bool contains(int x, int a) const noexcept {
    if (large_[x] >= 0) return contains_large(x, a);
    return ((bits_[word_offset_[x] + (a >> 6)] >> (a & 63)) & 1U) != 0;
  }
  /// The bitset of D(x): words(x) 64-bit words.
  [[nodiscard]] const std::uint64_t* bits(int x) const noexcept {
    return bits_.data() + word_offset_[x];
  }
  [[nodiscard]] int words(int x) const noexcept { return word_offset_[x + 1] - word_offset_[x]; }
  /// dense(x)[0..size) are the present values (in no particular order); dense(x)[size..) the
  /// removed ones, most recently removed first.
  [[nodiscard]] const std::int32_t* dense(int x) const noexcept {
    return dense_.data() + value_offset_[x];
  }
  /// Smallest / largest present value index (the domain must not be empty).
  [[nodiscard]] int min(int x) const noexcept;
  [[nodiscard]] int max(int x) const noexcept;
  /// Next present value index after a (or -1), previous present before a (or -1).
  [[nodiscard]] int next(int x, int a) const noexcept;
  [[nodiscard]] int prev(int x, int a) const noexcept;

  /// Removes a present value and logs it; returns the new size.
  int remove(int x, int a) noexcept {
    if (large_[x] >= 0) return remove_large(x, a);
    const std::size_t base = value_offset_[x];
    const int p = pos_[base + a];
    const int last = --size_[x];
    const std::int32_t moved = dense_[base + last];
    dense_[base + p] = moved;
    pos_[base + moved] = p;
    dense_[base + last] = a;
    pos_[base + a] = last;
    bits_[word_offset_[x] + (a >> 6)] &= ~(std::uint64_t{1} << (a & 63));
    log_.push_back({x, a});
    return last;
  }

  /// Large variables: removes every value below a (above a), logged as one entry; returns the
  /// new size (0: wiped out). a must lie above min (below max).
  int raise_min(int x, int a) noexcept;
  int lower_max(int x, int a) noexcept;

  [[nodiscard]] std::size_t log_size() const noexcept { return log_.size(); }
  [[nodiscard]] const Removal& logged(std::size_t i) const noexcept { return log_[i]; }
  /// Puts back every value removed after log position `mark`, newest first.
  void restore(std::size_t mark) noexcept;
  /// A choice point starts here: a large variable saves its state again on its next change.
  void mark_level() noexcept { floor_ = log_.size(); }

 private:
  struct Interval {
    int lo = 0, hi = -1;     // present indices lie in lo..hi (lo > hi: empty)
    std::vector<int> holes;  // sorted; removed values (some may lie outside lo..hi)
    std::size_t last = 0;    // log position of this variable's newest entry (may be stale)
  };
  void save_large(int x);
  [[nodiscard]] bool contains_large(int x, int a) const noexcept;
  int remove_large(int x, int a) noexcept;
  void restore_large(int x, int saved) noexcept;
  int update_large_size(int x) noexcept;

  std::vector<int> large_;  // per variable: index into intervals_, or -1
  std::vector<Interval> intervals_;
  // Large variables' states before their first change in a choice point: a stack, in the log's
  // order.
  std::vector<Interval> saved_;
  std::vector<int> size_;
  std::vector<int> initial_;
  std::vector<std::size_t> value_offset_;
  std::vector<int> word_offset_;
  std::vector<std::int32_t> dense_;
  std::vector<std::int32_t> pos_;
  std::vector<std::uint64_t> bits_;
  std::vector<Removal> log_;
  std::size_t floor_ = 0;  // log entries from here on belong to the current choice point
  // Per variable: no present value below word low_word_ nor above word high_word_ (hints that
  // min() / max() tighten as they scan).
  mutable std::vector<int> low_word_;
  mutable std::vector<int> high_word_;
};

}  // namespace arcwave::cpu
