// solver/batch/props/regular.hpp — regular and mdd on the device (GAC on the layered graph): value
// v of the i-th variable stays while some transition (q, v, q') has q reachable from the start
// through the domains of the variables before it and q' reaching a final state through those
// after it. States are sets of at most kRegularStates bits in the thread's own memory (layout.cpp
// refuses larger automata). When (n + 1) sets fit kRegularCacheWords words, every layer's forward
// set is kept and one pass backward filters (2n passes over the transitions); otherwise the
// forward set is carried from layer to layer and each layer's backward set computed again from
// the last layer (n^2 passes, three sets of memory). The layered graph's fixpoint, as the CPU's;
// exact on full assignments (the word is accepted).
//
// Layout: n, the number of state words, start, the number of finals, the finals, the number of
// transitions, the transitions as (value, from, to) sorted by value, the n variables.
#pragma once

#include <cstdint>

#include "solver/batch/props/prop_context.hpp"

namespace arcwave::batch {

/// The most states an automaton may have on the device (words of 64 of them: 8).
inline constexpr int kRegularStateWords = 8;
inline constexpr int kRegularStates = 64 * kRegularStateWords;
/// The words of forward sets one call may keep for all its layers ((n + 1) x state words).
inline constexpr int kRegularCacheWords = 64;

class RegularView {
 public:
  ARCWAVE_HD explicit RegularView(const long long* p) {
    n_ = static_cast<int>(p[0]);
    words_ = static_cast<int>(p[1]);
    start_ = static_cast<int>(p[2]);
    finals_count_ = static_cast<int>(p[3]);
    finals_ = p + 4;
    transitions_ = static_cast<int>(finals_[finals_count_]);
    triples_ = finals_ + finals_count_ + 1;
    vars_ = triples_ + 3 * transitions_;
  }
  [[nodiscard]] ARCWAVE_HD int n() const { return n_; }
  [[nodiscard]] ARCWAVE_HD int words() const { return words_; }
  [[nodiscard]] ARCWAVE_HD int var(int i) const { return static_cast<int>(vars_[i]); }
  [[nodiscard]] ARCWAVE_HD int transitions() const { return transitions_; }
  [[nodiscard]] ARCWAVE_HD long long value(int t) const { return triples_[3 * t]; }
  [[nodiscard]] ARCWAVE_HD int from(int t) const { return static_cast<int>(triples_[3 * t + 1]); }
  [[nodiscard]] ARCWAVE_HD int to(int t) const { return static_cast<int>(triples_[3 * t + 2]); }
  /// The first transition whose value is at least v.
  [[nodiscard]] ARCWAVE_HD int lower(long long v) const {
    int a = 0;
    int b = transitions_;
    while (a < b) {
      const int m = (a + b) / 2;
      if (value(m) < v)
        a = m + 1;
      else
        b = m;
    }
    return a;
  }
  ARCWAVE_HD void start_set(std::uint64_t* s) const {
    clear(s);
    add(s, start_);
  }
  ARCWAVE_HD void final_set(std::uint64_t* s) const {
    clear(s);
    for (int f = 0; f < finals_count_; ++f) add(s, static_cast<int>(finals_[f]));
  }
  ARCWAVE_HD void clear(std::uint64_t* s) const {
    for (int w = 0; w < words_; ++w) s[w] = 0;
  }
  static ARCWAVE_HD void add(std::uint64_t* s, int q) { s[q >> 6] |= std::uint64_t{1} << (q & 63); }
  static ARCWAVE_HD bool in(const std::uint64_t* s, int q) {
    return ((s[q >> 6] >> (q & 63)) & 1U) != 0;
  }
  [[nodiscard]] ARCWAVE_HD bool empty(const std::uint64_t* s) const {
    for (int w = 0; w < words_; ++w)
      if (s[w] != 0) return false;
    return true;
  }

 private:
  int n_ = 0;
  int words_ = 1;
  int start_ = 0;
  int finals_count_ = 0;
  const long long* finals_ = nullptr;
  int transitions_ = 0;
  const long long* triples_ = nullptr;
  const long long* vars_ = nullptr;
};

// The states of `next` reached from `from` (forward) or reaching `from` (backward) by a
// transition on a value of D(x).
template <class G>
ARCWAVE_HD void regular_step(const PropContext<G>& ctx, const RegularView& r, int x, bool forward,
                             const std::uint64_t* from, std::uint64_t* next) {
  r.clear(next);
  for (int t = 0; t < r.transitions(); ++t) {
    const int q = forward ? r.from(t) : r.to(t);
    if (!RegularView::in(from, q)) continue;
    const int q2 = forward ? r.to(t) : r.from(t);
    if (RegularView::in(next, q2)) continue;
    if (ctx.has_value(x, r.value(t))) RegularView::add(next, q2);
  }
}

// Removes the values of D(x) without a transition from `fwd` into `bwd`. False on a wipe-out.
template <class G>
ARCWAVE_HD bool regular_supports(PropContext<G>& ctx, const RegularView& r, int x,
                                 const std::uint64_t* fwd, const std::uint64_t* bwd) {
  for (int a = ctx.first(x); a >= 0; a = ctx.next(x, a)) {
    const long long v = ctx.value(x, a);
    bool supported = false;
    for (int t = r.lower(v); t < r.transitions() && r.value(t) == v && !supported; ++t)
      supported = RegularView::in(fwd, r.from(t)) && RegularView::in(bwd, r.to(t));
    if (!supported && !ctx.remove(x, a)) return false;
  }
  return true;
}

// Every layer's forward set kept (when they fit the cache): one pass forward, one backward.
// The values left lie on start-to-final paths through values left, so one pass is the fixpoint.
template <class G>
ARCWAVE_HD bool regular_cached(PropContext<G>& ctx, const RegularView& r) {
  std::uint64_t cache[kRegularCacheWords] = {};
  std::uint64_t bwd[kRegularStateWords] = {};
  std::uint64_t tmp[kRegularStateWords] = {};
  const int W = r.words();
  r.start_set(cache);
  for (int i = 0; i < r.n(); ++i)
    regular_step(ctx, r, r.var(i), true, cache + i * W, cache + (i + 1) * W);
  r.final_set(bwd);
  for (int i = r.n() - 1; i >= 0; --i) {
    const int x = r.var(i);
    if (!regular_supports(ctx, r, x, cache + i * W, bwd)) return false;
    regular_step(ctx, r, x, false, bwd, tmp);
    for (int w = 0; w < W; ++w) bwd[w] = tmp[w];
  }
  return true;
}

template <class G>
ARCWAVE_HD bool propagate_regular(PropContext<G>& ctx, const long long* p) {
  const RegularView r(p);
  if ((r.n() + 1) * r.words() <= kRegularCacheWords) return regular_cached(ctx, r);
  std::uint64_t fwd[kRegularStateWords] = {};
  std::uint64_t bwd[kRegularStateWords] = {};
  std::uint64_t tmp[kRegularStateWords] = {};
  r.start_set(fwd);
  for (int i = 0; i < r.n(); ++i) {
    const int x = r.var(i);
    // The states after layer i that reach a final state.
    r.final_set(bwd);
    for (int k = r.n() - 1; k > i; --k) {
      regular_step(ctx, r, r.var(k), false, bwd, tmp);
      for (int w = 0; w < r.words(); ++w) bwd[w] = tmp[w];
    }
    if (!regular_supports(ctx, r, x, fwd, bwd)) return false;
    regular_step(ctx, r, x, true, fwd, tmp);
    for (int w = 0; w < r.words(); ++w) fwd[w] = tmp[w];
    if (r.empty(fwd)) return ctx.fail(x);
  }
  return true;
}

}  // namespace arcwave::batch
