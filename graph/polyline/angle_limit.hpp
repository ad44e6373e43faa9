// graph/polyline/angle_limit.hpp — the angle limit between consecutive links, defined once
// and shared by every solver so that they all see the same feasible polylines.
//
// The angle between consecutive links is the turning angle: the angle between the direction
// vectors of link (p, q) and link (q, r), 0 for a straight continuation, in [0, 180) degrees.
// A triple is allowed when that angle is at most --max-angle (180 allows everything).
//
// Every link goes from guide g to guide g+1, so it advances D = |b-a|/(K+1) along [a,b] and
// q half-steps h across (q an integer, layout.hpp). Its direction angle is
// alpha(q) = atan2(q h, D), in (-90, 90) degrees, and the turning angle of links q1 then q2 is
// |alpha(q2) - alpha(q1)|. alpha is tabulated once in double for q in [-2(N-1), 2(N-1)] (made
// exactly odd, alpha(-q) = -alpha(q), and non-decreasing), and a triple is allowed when
// |alpha[q2] - alpha[q1]| <= max_angle in radians, evaluated in double. Because the table is
// monotone, the q1 allowed with a q2 form an interval, which the DP uses to skip excluded
// triples; the brute force evaluates the predicate itself. Reversing a polyline (b to a)
// negates every q and swaps q1 and q2, which leaves the predicate unchanged exactly.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "graph/polyline/layout.hpp"
#include "graph/polyline/problem.hpp"

namespace arcwave::polyline {

class AngleLimit {
 public:
  /// `half_step` h and `guide_spacing` D in pixels; `max_angle_deg` in (0, 180].
  AngleLimit(int points, double half_step, double guide_spacing, double max_angle_deg);
  AngleLimit(const Geometry& geometry, double max_angle_deg)
      : AngleLimit(geometry.points(), geometry.half_step(), geometry.guide_spacing(),
                   max_angle_deg) {}

  [[nodiscard]] int points() const { return points_; }
  /// Largest |q|: 2 (N-1).
  [[nodiscard]] int q_max() const { return q_max_; }
  [[nodiscard]] bool unconstrained() const { return unconstrained_; }
  [[nodiscard]] double max_angle_deg() const { return max_angle_deg_; }
  [[nodiscard]] double max_angle_rad() const { return max_angle_rad_; }
  /// alpha(q) in radians, q in [-q_max, q_max].
  [[nodiscard]] double direction(int q) const {
    return alpha_[static_cast<std::size_t>(q + q_max_)];
  }
  /// Is a turn from a link of difference q1 into a link of difference q2 allowed?
  [[nodiscard]] bool allowed(int q1, int q2) const;
  /// For each q2 (index q2 + q_max), the interval of q1 in [-q_max, q_max] allowed with it.
  [[nodiscard]] std::span<const QInterval> intervals() const { return intervals_; }
  /// The alpha table, index q + q_max (for the GPU scheme that tests each triple).
  [[nodiscard]] std::span<const double> directions() const { return alpha_; }

 private:
  int points_;
  int q_max_;
  double max_angle_deg_;
  double max_angle_rad_;
  bool unconstrained_;
  std::vector<double> alpha_;
  std::vector<QInterval> intervals_;
};

}  // namespace arcwave::polyline
