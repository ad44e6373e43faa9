// Definitions for propagation/cpu/sum.hpp.
#include "propagation/cpu/sum.hpp"

#include <algorithm>
#include <limits>

#include "propagation/cpu/value_cut.hpp"

namespace arcwave::cpu {

namespace {

using Wide = SumPropagator::Wide;
Wide floor_div(Wide a, Wide b) {
  const Wide q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
Wide ceil_div(Wide a, Wide b) {
  const Wide q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

}  // namespace

SumPropagator::SumPropagator(int constraint, std::vector<int> scope, std::vector<Value> coeffs,
                             Condition condition, const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)),
      coeffs_(std::move(coeffs)),
      condition_(std::move(condition)) {
  for (int x : vars_) values_.push_back(&domains[static_cast<std::size_t>(x)]);
  tmin_.resize(vars_.size());
  tmax_.resize(vars_.size());
  const Condition& c = condition_;
  if (c.kind == Condition::Kind::kConstant) {
    const Wide k = c.value;
    switch (c.op) {
      case Relation::kLt:
        has_hi_ = true, hi_ = k - 1;
        break;
      case Relation::kLe:
        has_hi_ = true, hi_ = k;
        break;
      case Relation::kEq:
        has_lo_ = has_hi_ = true, lo_ = hi_ = k;
        break;
      case Relation::kGe:
        has_lo_ = true, lo_ = k;
        break;
      case Relation::kGt:
        has_lo_ = true, lo_ = k + 1;
        break;
      default:
        break;
    }
  } else if (c.op == Relation::kIn) {
    has_lo_ = has_hi_ = true;
    if (c.kind == Condition::Kind::kRange) {
      lo_ = c.lo, hi_ = c.hi;
    } else if (c.set.empty()) {
      lo_ = 1, hi_ = 0;
    } else {
      lo_ = c.set.front(), hi_ = c.set.back();
    }
  }
}

std::unique_ptr<SumPropagator> SumPropagator::objective(int constraint, std::vector<int> scope,
                                                        std::vector<Value> coeffs,
                                                        const std::vector<Domain>& domains) {
  Condition always;  // notin {}
  always.op = Relation::kNotIn;
  always.kind = Condition::Kind::kSet;
  auto p = std::make_unique<SumPropagator>(constraint, std::move(scope), std::move(coeffs),
                                           std::move(always), domains);
  p->bound_only_ = true;
  return p;
}

void SumPropagator::restrict_upper(Value bound) {
  hi_ = has_hi_ ? std::min<Wide>(hi_, bound) : Wide{bound};
  has_hi_ = true;
}

bool SumPropagator::bounds(Context& ctx, bool& changed) {
  Domains& d = ctx.domains;
  const std::size_t n = vars_.size();
  Wide smin = 0, smax = 0;
  Wide widest = 0;  // the largest range of one term
  for (std::size_t i = 0; i < n; ++i) {
    const Wide lo = (*values_[i])[static_cast<std::size_t>(d.min(vars_[i]))];
    const Wide hi = (*values_[i])[static_cast<std::size_t>(d.max(vars_[i]))];
    const Wide c = coeffs_[i];
    tmin_[i] = c > 0 ? c * lo : c * hi;
    tmax_[i] = c > 0 ? c * hi : c * lo;
    smin += tmin_[i];
    smax += tmax_[i];
    widest = std::max(widest, tmax_[i] - tmin_[i]);
  }
  if ((has_lo_ && smax < lo_) || (has_hi_ && smin > hi_)) return false;
  // No term can be cut when even the widest one fits what the others leave.
  if ((!has_hi_ || smin + widest <= hi_) && (!has_lo_ || smax - widest >= lo_)) return true;
  for (std::size_t i = 0; i < n; ++i) {
    const int x = vars_[i];
    const Wide c = coeffs_[i];
    const Domain& vals = *values_[i];
    // c*v must lie in [lb, ub]: the other terms' extremes leave that much room
    const bool cut_hi = has_hi_ && smin - tmin_[i] + tmax_[i] > hi_;
    const bool cut_lo = has_lo_ && smax - tmax_[i] + tmin_[i] < lo_;
    if (!cut_hi && !cut_lo) continue;
    const Wide ub = hi_ - (smin - tmin_[i]);
    const Wide lb = lo_ - (smax - tmax_[i]);
    // lb <= c*v <= ub bounds v (rounded inward); one cut at each end.
    Wide vlo = 0, vhi = 0;
    bool has_vlo = false, has_vhi = false;
    if (c > 0) {
      if (cut_hi) has_vhi = true, vhi = floor_div(ub, c);
      if (cut_lo) has_vlo = true, vlo = ceil_div(lb, c);
    } else {
      if (cut_hi) has_vlo = true, vlo = ceil_div(ub, c);
      if (cut_lo) has_vhi = true, vhi = floor_div(lb, c);
    }
    if (has_vhi && vals[static_cast<std::size_t>(d.max(x))] > vhi) {
      changed = true;
      if (!ctx.lower_max(x, last_at_most(vals, vhi))) return false;
    }
    if (has_vlo && vals[static_cast<std::size_t>(d.min(x))] < vlo) {
      changed = true;
      if (!ctx.raise_min(x, first_at_least(vals, vlo))) return false;
    }
  }
  return true;
}

bool SumPropagator::exact(Context& ctx) {
  Domains& d = ctx.domains;
  Wide fixed = 0;
  std::size_t free_pos = vars_.size();
  for (std::size_t i = 0; i < vars_.size(); ++i) {
    const int x = vars_[i];
    if (d.size(x) > 1) {
      if (free_pos != vars_.size()) return true;  // two unfixed: bounds only
      free_pos = i;
      continue;
    }
    fixed += Wide{coeffs_[i]} * (*values_[i])[static_cast<std::size_t>(d.min(x))];
  }
  auto holds = [&](Wide s) {
    if (s < std::numeric_limits<Value>::min() || s > std::numeric_limits<Value>::max())
      return false;
    if ((has_hi_ && s > hi_) || (has_lo_ && s < lo_)) return false;
    return condition_.holds(static_cast<Value>(s), {});
  };
  if (free_pos == vars_.size()) return holds(fixed);
  const int x = vars_[free_pos];
  if (d.large(x)) return exact_large(ctx, x, coeffs_[free_pos], *values_[free_pos], fixed);
  const std::int32_t* dense = d.dense(x);
  for (int k = d.size(x) - 1; k >= 0; --k) {
    const int a = dense[k];
    if (!holds(fixed + Wide{coeffs_[free_pos]} * (*values_[free_pos])[static_cast<std::size_t>(a)]))
      if (!ctx.remove(x, a)) return false;
  }
  return true;
}

// One free large variable: the bounds have done the ranges; != and notin remove the few values
// they name (holes); `in` a set is left to the bounds of its hull and the final check.
bool SumPropagator::exact_large(Context& ctx, int x, Value coeff, const Domain& vals, Wide fixed) {
  if (condition_.op != Relation::kNe && condition_.op != Relation::kNotIn) return true;
  std::vector<Value> forbidden;
  if (condition_.kind == Condition::Kind::kConstant) {
    forbidden.push_back(condition_.value);
  } else if (condition_.kind == Condition::Kind::kSet) {
    forbidden = condition_.set;
  } else if (condition_.kind == Condition::Kind::kRange) {
    // x outside lo..hi: a cut when the range covers an end, otherwise no filtering
    const Wide lo = condition_.lo - fixed, hi = condition_.hi - fixed;
    const Wide vlo = coeff > 0 ? ceil_div(lo, coeff) : ceil_div(hi, coeff);
    const Wide vhi = coeff > 0 ? floor_div(hi, coeff) : floor_div(lo, coeff);
    const Domains& d = ctx.domains;
    if (vlo > vhi) return true;
    if (vlo <= vals[static_cast<std::size_t>(d.min(x))])
      return ctx.raise_min(x, last_at_most(vals, vhi) + 1);
    if (vhi >= vals[static_cast<std::size_t>(d.max(x))])
      return ctx.lower_max(x, first_at_least(vals, vlo) - 1);
    return true;
  }
  for (const Value s : forbidden) {
    const Wide rest = Wide{s} - fixed;
    if (rest % coeff != 0 || rest / coeff < vals.front() || rest / coeff > vals.back()) continue;
    const std::int64_t a = vals.index_of(static_cast<Value>(rest / coeff));
    if (a >= 0 && ctx.domains.contains(x, static_cast<int>(a)) &&
        !ctx.remove(x, static_cast<int>(a)))
      return false;
  }
  return true;
}

bool SumPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  if (bound_only_ && !has_hi_) return true;
  if (has_lo_ || has_hi_) {
    for (bool changed = true; changed;) {
      changed = false;
      if (!bounds(ctx, changed)) return false;
    }
  }
  return exact(ctx);
}

}  // namespace arcwave::cpu
