// The angle limit: the allowed intervals equal the per-triple predicate, the predicate matches
// the geometric turning angle of the actual points, and the DP's predecessor ranges
// (layout.hpp) equal the predicate for every kind of guide.
#include <cmath>
#include <numbers>
#include <random>

#include "graph/polyline/angle_limit.hpp"
#include "graph/polyline/layout.hpp"
#include "graph/polyline/problem.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave::polyline;

namespace {

double turning_angle_deg(Vec2 p, Vec2 q, Vec2 r) {
  const double ux = q.x - p.x, uy = q.y - p.y, vx = r.x - q.x, vy = r.y - q.y;
  return std::fabs(std::atan2(ux * vy - uy * vx, ux * vx + uy * vy)) * 180.0 / std::numbers::pi;
}

}  // namespace

TEST_CASE("direction table is odd, monotone and within (-90, 90) degrees", "[polyline]") {
  const AngleLimit angle(9, 0.7, 3.0, 30.0);
  REQUIRE(angle.q_max() == 16);
  for (int q = -16; q <= 16; ++q) {
    CHECK(angle.direction(-q) == -angle.direction(q));
    CHECK(std::fabs(angle.direction(q)) < std::numbers::pi / 2);
    if (q > -16) CHECK(angle.direction(q) >= angle.direction(q - 1));
  }
  CHECK(angle.direction(0) == 0.0);
}

TEST_CASE("allowed intervals equal the per-triple predicate", "[polyline]") {
  for (const double limit : {0.5, 5.0, 30.0, 45.0, 89.9, 90.0, 135.0, 179.0, 180.0}) {
    for (const double h_over_d : {0.01, 0.3, 1.0, 7.0}) {
      const AngleLimit angle(6, h_over_d * 10.0, 10.0, limit);
      for (int q2 = -angle.q_max(); q2 <= angle.q_max(); ++q2) {
        const QInterval iv = angle.intervals()[static_cast<std::size_t>(q2 + angle.q_max())];
        for (int q1 = -angle.q_max(); q1 <= angle.q_max(); ++q1) {
          INFO("limit " << limit << " h/D " << h_over_d << " q1 " << q1 << " q2 " << q2);
          CHECK(angle.allowed(q1, q2) == (iv.lo <= q1 && q1 <= iv.hi));
          CHECK(angle.allowed(q1, q2) == angle.allowed(-q2, -q1));  // reversal
        }
        CHECK(angle.allowed(q2, q2));  // going straight is always allowed
      }
    }
  }
  const AngleLimit none(5, 100.0, 0.001, 180.0);
  CHECK(none.unconstrained());
  CHECK(none.allowed(-8, 8));
}

TEST_CASE("the predicate is the turning angle of the actual points", "[polyline]") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> coord(0.0, 500.0);
  int checked = 0;
  for (int trial = 0; trial < 40; ++trial) {
    PolylineSpec spec;
    spec.from = {coord(rng), coord(rng)};
    spec.to = {coord(rng), coord(rng)};
    spec.nodes = 1 + trial % 6;
    spec.points = 2 + trial % 9;
    spec.max_angle_deg = 5.0 + 170.0 * (trial % 7) / 6.0;
    spec.half_width = 1.0 + trial * 3.0;
    const Geometry g(spec);
    const AngleLimit angle(g, spec.max_angle_deg);
    std::uniform_int_distribution<int> pick(0, spec.points - 1);
    for (int sample = 0; sample < 200; ++sample) {
      const int guide = 1 + sample % spec.nodes;
      const int h = g.guide_size(guide - 1) == 1 ? 0 : pick(rng);
      const int i = pick(rng);
      const int j = g.guide_size(guide + 1) == 1 ? 0 : pick(rng);
      const Vec2 p = g.point(guide - 1, h), q = g.point(guide, i), r = g.point(guide + 1, j);
      const double turn = turning_angle_deg(p, q, r);
      if (std::fabs(turn - spec.max_angle_deg) < 1e-7) continue;  // on the boundary
      const int q1 = guide_offset(false, spec.points, i) -
                     guide_offset(g.guide_size(guide - 1) == 1, spec.points, h);
      const int q2 = guide_offset(g.guide_size(guide + 1) == 1, spec.points, j) -
                     guide_offset(false, spec.points, i);
      INFO("turn " << turn << " limit " << spec.max_angle_deg);
      CHECK(angle.allowed(q1, q2) == (turn <= spec.max_angle_deg));
      ++checked;
    }
  }
  CHECK(checked > 7000);
}

TEST_CASE("predecessor ranges equal the predicate for every kind of guide", "[polyline]") {
  for (const int n : {2, 3, 7, 8}) {
    for (const double limit : {3.0, 40.0, 100.0, 180.0}) {
      const AngleLimit angle(n, 1.3, 2.0, limit);
      for (int mask = 0; mask < 8; ++mask) {
        const bool end_prev = (mask & 1) != 0, end_cur = (mask & 2) != 0,
                   end_next = (mask & 4) != 0;
        if (end_cur) continue;  // a and b are never the middle of a triple
        const StepShape s{n, end_prev ? 1 : n, n, end_next ? 1 : n, end_prev, end_cur, end_next};
        for (int i = 0; i < s.n_cur; ++i) {
          for (int j = 0; j < s.n_next; ++j) {
            const IndexRange r =
                allowed_prev_range(s, angle.intervals().data(), angle.q_max(), i, j);
            for (int h = 0; h < s.n_prev; ++h) {
              const int q1 = guide_offset(false, n, i) - guide_offset(end_prev, n, h);
              const int q2 = guide_offset(end_next, n, j) - guide_offset(false, n, i);
              INFO("n " << n << " limit " << limit << " mask " << mask << " h " << h << " i " << i
                        << " j " << j);
              CHECK(angle.allowed(q1, q2) == (r.lo <= h && h <= r.hi));
            }
          }
        }
      }
    }
  }
}

TEST_CASE("floor_half and ceil_half round towards minus and plus infinity", "[polyline]") {
  for (int x = -9; x <= 9; ++x) {
    CHECK(floor_half(x) == static_cast<int>(std::floor(x / 2.0)));
    CHECK(ceil_half(x) == static_cast<int>(std::ceil(x / 2.0)));
  }
}
