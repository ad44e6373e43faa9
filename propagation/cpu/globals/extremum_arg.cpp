// Definitions for propagation/cpu/globals/extremum_arg.hpp.
#include "propagation/cpu/globals/extremum_arg.hpp"

#include <algorithm>
#include <limits>

namespace arcwave::cpu {

namespace {
constexpr Value kNone = std::numeric_limits<Value>::max();
}  // namespace

ExtremumArgPropagator::ExtremumArgPropagator(int constraint, std::vector<int> scope,
                                             const ExtremumArgConstraint& c,
                                             const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)),
      maximum_(c.maximum),
      rank_(c.rank),
      start_(c.start_index),
      list_(c.scope),
      rhs_(c.condition, domains),
      domains_(&domains) {
  const std::size_t n = list_.size();
  lo_.resize(n);
  hi_.resize(n);
  fit_.resize(n);
  threshold_.resize(n);
  allowed_.resize(n);
}

bool ExtremumArgPropagator::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  const std::size_t n = list_.size();
  // A position j before (after) p bounds x_p by hi_j - tie_before (hi_j - tie_after).
  const Value tie_before = rank_ == ExtremumArgConstraint::Rank::kFirst ? 1 : 0;
  const Value tie_after = rank_ == ExtremumArgConstraint::Rank::kLast ? 1 : 0;
  for (std::size_t i = 0; i < n; ++i) {
    const int x = list_[i];
    const Value a = key(x, d.min(x));
    const Value b = key(x, d.max(x));
    lo_[i] = std::min(a, b);
    hi_[i] = std::max(a, b);
  }
  // fit_[p]: the bound all other positions put on x_p (prefix and suffix minima).
  Value bound = kNone;
  for (std::size_t p = 0; p < n; ++p) {
    fit_[p] = bound;
    bound = std::min(bound, hi_[p] - tie_before);
  }
  bound = kNone;
  for (std::size_t p = n; p-- > 0;) {
    fit_[p] = std::min(fit_[p], bound);
    bound = std::min(bound, hi_[p] - tie_after);
  }
  // The index values of the positions that can be the arg; allowed_: those the condition
  // accepts. (The filter keeps every right-hand value that an allowed arg accepts.)
  positions_.clear();
  for (std::size_t p = 0; p < n; ++p) {
    const Value index = static_cast<Value>(p) + start_;
    if (lo_[p] <= fit_[p]) positions_.push_back(index);
  }
  if (rhs_.variable() >= 0 && !rhs_.filter(ctx, positions_, changed)) return false;
  for (std::size_t p = 0; p < n; ++p)
    allowed_[p] = lo_[p] <= fit_[p] && rhs_.accepts(d, static_cast<Value>(p) + start_) ? 1 : 0;
  // threshold_[i]: the smallest key x_i may take while another allowed arg p has x_p = lo_p
  // (one more on a tie that i would win). A position that only i blocks never counts: x_i is
  // then below it whatever its value.
  bool any = false;
  Value best = kNone;  // over allowed p < i: lo_p + tie_after
  for (std::size_t i = 0; i < n; ++i) {
    threshold_[i] = best;
    if (allowed_[i] != 0) {
      any = true;
      best = std::min(best, lo_[i] + tie_after);
    }
  }
  if (!any) return false;
  best = kNone;  // over allowed p > i: lo_p + tie_before
  for (std::size_t i = n; i-- > 0;) {
    threshold_[i] = std::min(threshold_[i], best);
    if (allowed_[i] != 0) best = std::min(best, lo_[i] + tie_before);
  }
  // x_i = a: i is the arg (a fits under the others), or another allowed arg leaves room.
  for (std::size_t i = 0; i < n; ++i) {
    const int x = list_[i];
    const Value own = allowed_[i] != 0 ? fit_[i] : std::numeric_limits<Value>::min();
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      const Value kv = key(x, a);
      if (kv >= threshold_[i] || kv <= own) continue;
      changed = true;
      if (!ctx.remove(x, a)) return false;
    }
  }
  return true;
}

bool ExtremumArgPropagator::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
