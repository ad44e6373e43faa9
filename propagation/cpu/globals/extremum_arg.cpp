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
                                             const std::vector<std::vector<Value>>& domains)
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
  before_.resize(n + 1);
  after_.resize(n + 1);
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
  // before_[p]: bounds from positions < p; after_[p]: from positions > p.
  before_[0] = {kNone, kNone, -1};
  for (std::size_t p = 0; p < n; ++p) {
    before_[p + 1] = before_[p];
    before_[p + 1].add(hi_[p] - tie_before, static_cast<int>(p));
  }
  after_[n] = {kNone, kNone, -1};
  for (std::size_t p = n; p-- > 0;) {
    after_[p] = after_[p + 1];
    after_[p].add(hi_[p] - tie_after, static_cast<int>(p));
  }
  // fit_[p]: the bound every other position puts on x_p. The index values positions_ that
  // some position able to be the arg gives, and allowed_: those the condition accepts.
  positions_.clear();
  for (std::size_t p = 0; p < n; ++p) {
    fit_[p] = std::min(before_[p].v1, after_[p + 1].v1);
    const Value index = static_cast<Value>(p) + start_;
    allowed_[p] = rhs_.accepts(d, index) ? 1 : 0;
    if (lo_[p] <= fit_[p]) positions_.push_back(index);
  }
  if (rhs_.variable() >= 0 && !rhs_.filter(ctx, positions_, changed)) return false;
  // threshold_[i]: the smallest key x_i may take while another allowed position p is the arg.
  // Positions fitting under all others serve every i (prefix / suffix minima below); a
  // position blocked by exactly one position j serves only j.
  std::fill(threshold_.begin(), threshold_.end(), kNone);
  bool any = false;
  Value best_before = kNone;  // min lo_p + tie_after over fitting allowed p < i
  for (std::size_t i = 0; i < n; ++i) {
    threshold_[i] = best_before;
    if (allowed_[i] != 0 && lo_[i] <= fit_[i]) {
      any = true;
      best_before = std::min(best_before, lo_[i] + tie_after);
    }
  }
  if (!any) return false;
  Value best_after = kNone;  // min lo_p + tie_before over fitting allowed p > i
  for (std::size_t i = n; i-- > 0;) {
    threshold_[i] = std::min(threshold_[i], best_after);
    if (allowed_[i] != 0 && lo_[i] <= fit_[i])
      best_after = std::min(best_after, lo_[i] + tie_before);
  }
  for (std::size_t p = 0; p < n; ++p) {
    if (allowed_[p] == 0 || lo_[p] <= fit_[p]) continue;
    // The smallest bound comes from one position j; without j, the next smallest applies.
    const TwoSmallest& b = before_[p];
    const TwoSmallest& a = after_[p + 1];
    const int j = b.v1 <= a.v1 ? b.at1 : a.at1;
    const Value rest = b.v1 <= a.v1 ? std::min(b.v2, a.v1) : std::min(b.v1, a.v2);
    if (lo_[p] > rest) continue;
    const auto jj = static_cast<std::size_t>(j);
    threshold_[jj] = std::min(threshold_[jj], lo_[p] + (jj < p ? tie_before : tie_after));
  }
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
  last_run = ctx.now();
  for (bool changed = true; changed;) {
    changed = false;
    if (!once(ctx, changed)) return false;
  }
  return true;
}

}  // namespace arcwave::cpu
