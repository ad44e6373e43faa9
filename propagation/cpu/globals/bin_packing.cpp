// Definitions for propagation/cpu/globals/bin_packing.hpp.
#include "propagation/cpu/globals/bin_packing.hpp"

#include <algorithm>

namespace arcwave::cpu {

namespace {

using Wide = BinPackingPropagator::Wide;
constexpr Wide kInfinity = Wide{1} << 100;  // no bound (sums of a few million stay apart)

// A bound to write into a domain; the propagator's values are within kSafeMagnitude, so
// clamping far outside that range changes nothing.
Value clamp(Wide w) {
  constexpr Wide kFar = Wide{1} << 62;
  return static_cast<Value>(std::clamp(w, -kFar, kFar));
}

}  // namespace

BinPackingPropagator::BinPackingPropagator(int constraint, std::vector<int> scope,
                                           std::vector<int> items, std::vector<Value> sizes,
                                           Spec spec, const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)),
      items_(std::move(items)),
      sizes_(std::move(sizes)),
      spec_(std::move(spec)) {
  for (std::size_t k = 0; k < items_.size(); ++k) {
    const std::vector<Value>& values = domains[static_cast<std::size_t>(items_[k])].values();
    std::vector<int> bins(values.size(), -1);
    for (std::size_t a = 0; a < values.size(); ++a) {
      const auto it = std::lower_bound(spec_.bins.begin(), spec_.bins.end(), values[a]);
      if (it != spec_.bins.end() && *it == values[a])
        bins[a] = static_cast<int>(it - spec_.bins.begin());
    }
    bin_of_.push_back(std::move(bins));
    total_ += sizes_[k];
  }
  const std::size_t m = spec_.bins.size();
  low_.resize(m);
  high_.resize(m);
  lo_.resize(m);
  hi_.resize(m);
}

void BinPackingPropagator::form_bounds(const Domains& d, std::size_t b, Wide& lo, Wide& hi) const {
  lo = -kInfinity;
  hi = kInfinity;
  if (spec_.form == Form::kLimits) {
    hi = spec_.bounds[b].max(d);
    return;
  }
  if (spec_.form == Form::kLoads) {
    lo = spec_.bounds[b].min(d);
    hi = spec_.bounds[b].max(d);
    return;
  }
  const Wide rmin = spec_.rhs.min(d);
  const Wide rmax = spec_.rhs.max(d);
  switch (spec_.op) {
    case Relation::kLt:
      hi = rmax - 1;
      break;
    case Relation::kLe:
      hi = rmax;
      break;
    case Relation::kGe:
      lo = rmin;
      break;
    case Relation::kGt:
      lo = rmin + 1;
      break;
    case Relation::kEq:
      lo = rmin;
      hi = rmax;
      break;
    default:  // kIn a range (the factory sends no other condition here)
      lo = spec_.range_lo;
      hi = spec_.range_hi;
      break;
  }
}

bool BinPackingPropagator::narrow_form(Context& ctx, bool& changed) {
  const std::size_t m = spec_.bins.size();
  if (spec_.form != Form::kCondition) {
    for (std::size_t b = 0; b < m; ++b) {
      const Term& t = spec_.bounds[b];
      if (!t.raise_min(ctx, clamp(lo_[b]), changed)) return false;
      if (spec_.form == Form::kLoads && !t.lower_max(ctx, clamp(hi_[b]), changed)) return false;
    }
    return true;
  }
  if (!spec_.rhs.is_variable() || m == 0) return true;
  const Wide most = *std::max_element(lo_.begin(), lo_.end());   // the largest load is this
  const Wide least = *std::min_element(hi_.begin(), hi_.end());  // the smallest is this
  const Term& r = spec_.rhs;
  switch (spec_.op) {
    case Relation::kLt:
      return r.raise_min(ctx, clamp(most + 1), changed);
    case Relation::kLe:
      return r.raise_min(ctx, clamp(most), changed);
    case Relation::kGe:
      return r.lower_max(ctx, clamp(least), changed);
    case Relation::kGt:
      return r.lower_max(ctx, clamp(least - 1), changed);
    case Relation::kEq:
      return r.raise_min(ctx, clamp(most), changed) && r.lower_max(ctx, clamp(least), changed);
    default:
      return true;
  }
}

bool BinPackingPropagator::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  const std::size_t m = spec_.bins.size();
  std::fill(low_.begin(), low_.end(), 0);
  std::fill(high_.begin(), high_.end(), 0);
  for (std::size_t k = 0; k < items_.size(); ++k) {
    const int x = items_[k];
    const Value s = sizes_[k];
    const std::int32_t* dense = d.dense(x);
    for (int p = d.size(x) - 1; p >= 0; --p)  // values that are no bin go first
      if (bin_of_[k][static_cast<std::size_t>(dense[p])] < 0) {
        changed = true;
        if (!ctx.remove(x, dense[p])) return false;
      }
    const bool fixed = d.size(x) == 1;
    for (int p = 0; p < d.size(x); ++p) {
      const auto b = static_cast<std::size_t>(bin_of_[k][static_cast<std::size_t>(dense[p])]);
      low_[b] += fixed ? s : std::min<Value>(s, 0);
      high_[b] += fixed ? s : std::max<Value>(s, 0);
    }
  }
  // The bins' bounds, from the form and from the items; then from the total size.
  Wide sum_lo = 0, sum_hi = 0;
  for (std::size_t b = 0; b < m; ++b) {
    form_bounds(d, b, lo_[b], hi_[b]);
    lo_[b] = std::max(lo_[b], low_[b]);
    hi_[b] = std::min(hi_[b], high_[b]);
    if (lo_[b] > hi_[b]) return false;
    sum_lo += lo_[b];
    sum_hi += hi_[b];
  }
  for (std::size_t b = 0; b < m; ++b) {
    const Wide lo = std::max(lo_[b], total_ - (sum_hi - hi_[b]));
    const Wide hi = std::min(hi_[b], total_ - (sum_lo - lo_[b]));
    if (lo > hi) return false;
    lo_[b] = lo;
    hi_[b] = hi;
  }
  if (!narrow_form(ctx, changed)) return false;
  // Items: out of a bin they would overflow (or underfill), into a bin they are needed in.
  for (std::size_t k = 0; k < items_.size(); ++k) {
    const int x = items_[k];
    if (d.size(x) == 1) continue;
    const Wide s = sizes_[k];
    const Wide neg = std::min<Wide>(s, 0), pos = std::max<Wide>(s, 0);
    const std::int32_t* dense = d.dense(x);
    for (int p = d.size(x) - 1; p >= 0; --p) {
      const int a = dense[p];
      const auto b = static_cast<std::size_t>(bin_of_[k][static_cast<std::size_t>(a)]);
      if (low_[b] - neg > hi_[b] || high_[b] - pos < lo_[b]) {  // b needs it
        changed = true;
        if (!ctx.reduce_to(x, a)) return false;
        break;
      }
      if (low_[b] - neg + s > hi_[b] || high_[b] - pos + s < lo_[b]) {  // b cannot take it
        changed = true;
        if (!ctx.remove(x, a)) return false;
      }
    }
  }
  return true;
}

bool BinPackingPropagator::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
