// solver/batch/props/prop_context.hpp — what a device propagator of the batched search sees: the
// searcher's domains (bitsets of value indices, solver/batch/batch_network.hpp), the values
// behind the indices, and the marks a removal leaves (the variable changed this round, the
// constraint to blame if it empties). A propagator runs on one thread of the group; other
// threads shrink domains at the same time, so every read is a snapshot that can only be a
// superset of the domain later, and removals are atomic: a value removed from a superset of the
// current domains has no support in the current ones either, so every removal stays justified.
//
// A propagator fails by emptying a variable of its scope (fail()): the round's wipe-out check
// then reports the failure and blames the constraint, as for any other wipe-out.
#pragma once

#include <climits>
#include <cstdint>

#include "solver/batch/group.hpp"
#include "solver/batch/searcher_memory.hpp"

namespace arcwave::batch {

template <class G>
class PropContext {
 public:
  ARCWAVE_HD PropContext(const G& g, const NetworkView& net, std::uint64_t* dom, unsigned* changed,
                         int* blame, int* any, int constraint, int anchor)
      : g_(g),
        net_(net),
        dom_(dom),
        changed_(changed),
        blame_(blame),
        any_(any),
        constraint_(constraint),
        anchor_(anchor),
        W_(net.words) {}

  // ---- reading -------------------------------------------------------------------------------

  /// The value behind index a of x.
  [[nodiscard]] ARCWAVE_HD long long value(int x, int a) const {
    return net_.values[net_.value_base[x] + a];
  }
  [[nodiscard]] ARCWAVE_HD int initial_size(int x) const { return net_.sizes[x]; }
  [[nodiscard]] ARCWAVE_HD std::uint64_t word(int x, int w) const { return g_.load(at(x, w)); }
  [[nodiscard]] ARCWAVE_HD bool has(int x, int a) const {
    return ((word(x, a >> 6) >> (a & 63)) & 1U) != 0;
  }
  [[nodiscard]] ARCWAVE_HD int size(int x) const {
    int c = 0;
    for (int w = 0; w < W_; ++w) c += G::popcount(word(x, w));
    return c;
  }
  [[nodiscard]] ARCWAVE_HD bool empty(int x) const {
    for (int w = 0; w < W_; ++w)
      if (word(x, w) != 0) return false;
    return true;
  }
  /// Whether D(x) holds one value at most (a snapshot: at least as many as now).
  [[nodiscard]] ARCWAVE_HD bool fixed(int x) const {
    bool one = false;
    for (int w = 0; w < W_; ++w) {
      const std::uint64_t b = word(x, w);
      if (b == 0) continue;
      if ((b & (b - 1)) != 0 || one) return false;
      one = true;
    }
    return true;
  }
  /// The smallest present index, or -1.
  [[nodiscard]] ARCWAVE_HD int first(int x) const {
    for (int w = 0; w < W_; ++w)
      if (const std::uint64_t b = word(x, w); b != 0) return w * 64 + G::ctz(b);
    return -1;
  }
  /// The largest present index, or -1.
  [[nodiscard]] ARCWAVE_HD int last(int x) const {
    for (int w = W_ - 1; w >= 0; --w)
      if (const std::uint64_t b = word(x, w); b != 0) return w * 64 + 63 - clz(b);
    return -1;
  }
  /// The smallest present index above a, or -1.
  [[nodiscard]] ARCWAVE_HD int next(int x, int a) const {
    int w = (a + 1) >> 6;
    if (w >= W_) return -1;
    std::uint64_t b = word(x, w) & (((a + 1) & 63) == 0 ? ~std::uint64_t{0}
                                                        : ~std::uint64_t{0} << ((a + 1) & 63));
    for (;;) {
      if (b != 0) return w * 64 + G::ctz(b);
      if (++w >= W_) return -1;
      b = word(x, w);
    }
  }
  /// The largest present index below a, or -1.
  [[nodiscard]] ARCWAVE_HD int prev(int x, int a) const {
    if (a <= 0) return -1;
    int w = (a - 1) >> 6;
    const int bit = (a - 1) & 63;
    std::uint64_t b = word(x, w) & (bit == 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << bit) - 1);
    for (;;) {
      if (b != 0) return w * 64 + 63 - clz(b);
      if (--w < 0) return -1;
      b = word(x, w);
    }
  }
  // The smallest / largest value of D(x); 0 for an empty domain (another thread may empty one
  // at any time: the round's wipe-out check then ends the node, whatever was computed from it).
  [[nodiscard]] ARCWAVE_HD long long min(int x) const {
    const int a = first(x);
    return a < 0 ? 0 : value(x, a);
  }
  [[nodiscard]] ARCWAVE_HD long long max(int x) const {
    const int a = last(x);
    return a < 0 ? 0 : value(x, a);
  }
  /// The first index whose value is at least v (initial_size(x) when none).
  [[nodiscard]] ARCWAVE_HD int lower(int x, long long v) const {
    int lo = 0;
    int hi = net_.sizes[x];
    const long long* vals = net_.values + net_.value_base[x];
    while (lo < hi) {
      const int mid = (lo + hi) / 2;
      if (vals[mid] < v)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  }
  /// The index of value v in the initial domain of x, or -1.
  [[nodiscard]] ARCWAVE_HD int index_of(int x, long long v) const {
    const int a = lower(x, v);
    return a < net_.sizes[x] && value(x, a) == v ? a : -1;
  }
  /// Whether D(x) holds value v.
  [[nodiscard]] ARCWAVE_HD bool has_value(int x, long long v) const {
    const int a = index_of(x, v);
    return a >= 0 && has(x, a);
  }

  // ---- changing (false: D(x) is empty now, the propagator should stop) ----------------------

  ARCWAVE_HD bool remove(int x, int a) {
    const std::uint64_t bit = std::uint64_t{1} << (a & 63);
    if ((word(x, a >> 6) & bit) == 0) return true;
    g_.and64(at(x, a >> 6), ~bit);
    mark(x);
    return !empty(x);
  }
  /// Keeps the indices lo..hi of D(x) (inclusive; lo > hi empties it).
  ARCWAVE_HD bool keep_indices(int x, int lo, int hi) {
    bool removed = false;
    for (int w = 0; w < W_; ++w) {
      const std::uint64_t b = word(x, w);
      if (b == 0) continue;
      const std::uint64_t keep = b & range_mask(w, lo, hi);
      if (keep == b) continue;
      g_.and64(at(x, w), keep);
      removed = true;
    }
    if (removed) mark(x);
    return !empty(x);
  }
  /// Keeps the values lo..hi of D(x).
  ARCWAVE_HD bool keep_values(int x, long long lo, long long hi) {
    if (lo > hi) return fail(x);
    const int from = lower(x, lo);
    const int to = hi == LLONG_MAX ? net_.sizes[x] - 1 : lower(x, hi + 1) - 1;
    return keep_indices(x, from, to);
  }
  /// D(x) := {a} (or empty when a is gone).
  ARCWAVE_HD bool fix(int x, int a) { return keep_indices(x, a, a); }
  /// Removes the indices lo..hi of D(x).
  ARCWAVE_HD bool remove_indices(int x, int lo, int hi) {
    bool removed = false;
    for (int w = lo >> 6; w <= (hi >> 6) && w < W_; ++w) {
      const std::uint64_t b = word(x, w);
      const std::uint64_t gone = b & range_mask(w, lo, hi);
      if (gone == 0) continue;
      g_.and64(at(x, w), ~gone);
      removed = true;
    }
    if (removed) mark(x);
    return !empty(x);
  }
  /// Removes value v from D(x) when it is there.
  ARCWAVE_HD bool remove_value(int x, long long v) {
    const int a = index_of(x, v);
    return a < 0 || remove(x, a);
  }
  /// No solution under the current domains: empties D(x) (x in the scope); returns false.
  /// Without x (or x < 0): the propagator's first scope variable.
  ARCWAVE_HD bool fail(int x = -1) {
    if (x < 0) x = anchor_;
    // An atomic AND rather than a store: other threads remove values from these words at the
    // same time (the result is empty either way, but a plain store racing with their atomics
    // is a hazard for compute-sanitizer's racecheck).
    for (int w = 0; w < W_; ++w) g_.and64(at(x, w), 0);
    mark(x);
    return false;
  }

 private:
  [[nodiscard]] ARCWAVE_HD std::uint64_t* at(int x, int w) const {
    return dom_ + static_cast<unsigned long long>(x) * static_cast<unsigned long long>(W_) +
           static_cast<unsigned>(w);
  }
  // The bits of word w whose indices lie in lo..hi.
  static ARCWAVE_HD std::uint64_t range_mask(int w, int lo, int hi) {
    const int base = w * 64;
    if (hi < base || lo > base + 63 || lo > hi) return 0;
    const int from = lo > base ? lo - base : 0;
    const int to = hi < base + 63 ? hi - base : 63;
    const std::uint64_t upper = to == 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << to) - 1;
    return upper & (~std::uint64_t{0} << from);
  }
  static ARCWAVE_HD int clz(std::uint64_t v) {
#if defined(__CUDA_ARCH__)
    return __clzll(static_cast<long long>(v));
#else
    return __builtin_clzll(v);
#endif
  }
  ARCWAVE_HD void mark(int x) {
    g_.or32(changed_ + (x >> 5), 1U << (x & 31));
    g_.store_int(blame_ + x, constraint_);
    g_.store_int(any_, 1);
  }

  const G& g_;
  const NetworkView& net_;
  std::uint64_t* dom_;
  unsigned* changed_;
  int* blame_;
  int* any_;
  int constraint_;
  int anchor_;  // a variable of the propagator's scope
  int W_;
};

}  // namespace arcwave::batch
