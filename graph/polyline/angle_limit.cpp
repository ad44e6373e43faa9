// The direction table and allowed intervals of graph/polyline/angle_limit.hpp.
#include "graph/polyline/angle_limit.hpp"

#include <cmath>
#include <numbers>

#include "arcwave/error.hpp"

namespace arcwave::polyline {

AngleLimit::AngleLimit(int points, double half_step, double guide_spacing, double max_angle_deg)
    : points_(points),
      q_max_(2 * (points - 1)),
      max_angle_deg_(max_angle_deg),
      max_angle_rad_(max_angle_deg * (std::numbers::pi / 180.0)),
      unconstrained_(max_angle_deg >= 180.0) {
  if (points < 2 || !(max_angle_deg > 0.0 && max_angle_deg <= 180.0) || !(half_step >= 0.0) ||
      !(guide_spacing > 0.0))
    throw InputError("angle limit: points >= 2, max angle in (0, 180], positive spacings");
  const auto size = static_cast<std::size_t>(2 * q_max_ + 1);
  alpha_.assign(size, 0.0);
  double previous = 0.0;
  for (int q = 1; q <= q_max_; ++q) {
    // A running maximum keeps the table monotone even if atan2 were not, so that the allowed
    // q1 of every q2 are exactly an interval.
    const double a =
        std::max(previous, std::atan2(static_cast<double>(q) * half_step, guide_spacing));
    alpha_[static_cast<std::size_t>(q_max_ + q)] = a;
    alpha_[static_cast<std::size_t>(q_max_ - q)] = -a;
    previous = a;
  }
  intervals_.resize(size);
  for (int q2 = -q_max_; q2 <= q_max_; ++q2) {
    QInterval iv{-q_max_, q_max_};
    if (!unconstrained_) {
      // alpha[q2] - alpha[q1] is non-increasing in q1: "<= limit" holds from some q1 on,
      // ">= -limit" up to some q1.
      int lo = -q_max_;
      int hi = q_max_ + 1;  // first q1 with diff <= limit, in [lo, hi]
      while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (direction(q2) - direction(mid) <= max_angle_rad_)
          hi = mid;
        else
          lo = mid + 1;
      }
      iv.lo = lo;
      lo = -q_max_ - 1;  // last q1 with diff >= -limit, in [lo, hi]
      hi = q_max_;
      while (lo < hi) {
        const int mid = lo + (hi - lo + 1) / 2;
        if (direction(q2) - direction(mid) >= -max_angle_rad_)
          lo = mid;
        else
          hi = mid - 1;
      }
      iv.hi = lo;
    }
    intervals_[static_cast<std::size_t>(q2 + q_max_)] = iv;
  }
}

bool AngleLimit::allowed(int q1, int q2) const {
  if (unconstrained_) return true;
  return std::fabs(direction(q2) - direction(q1)) <= max_angle_rad_;
}

}  // namespace arcwave::polyline
