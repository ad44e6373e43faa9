// Parameters and geometry: bad input is an InputError naming the option, and the guides and
// candidate points sit where problem.hpp says.
#include <cmath>
#include <limits>

#include "arcwave/error.hpp"
#include "graph/polyline/problem.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave::polyline;

namespace {

PolylineSpec good() {
  PolylineSpec s;
  s.from = {10.0, 20.0};
  s.to = {110.0, 20.0};
  s.nodes = 4;
  s.points = 5;
  s.max_angle_deg = 45.0;
  return s;
}

std::string error_of(const PolylineSpec& s) {
  try {
    validate(s);
  } catch (const arcwave::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("bad parameters are input errors", "[polyline]") {
  CHECK(error_of(good()).empty());
  PolylineSpec s = good();
  s.nodes = 0;
  CHECK_THAT(error_of(s), Catch::Matchers::Contains("--nodes 0"));
  s = good();
  s.points = 1;
  CHECK_THAT(error_of(s), Catch::Matchers::Contains("--points 1"));
  for (const double angle : {0.0, -5.0, 180.5, std::numeric_limits<double>::quiet_NaN()}) {
    s = good();
    s.max_angle_deg = angle;
    CHECK_THAT(error_of(s), Catch::Matchers::Contains("--max-angle"));
  }
  s = good();
  s.max_angle_deg = 180.0;
  CHECK(error_of(s).empty());
  s = good();
  s.to = s.from;
  CHECK_THAT(error_of(s), Catch::Matchers::Contains("same point"));
  s = good();
  s.half_width = -1.0;
  CHECK_THAT(error_of(s), Catch::Matchers::Contains("--half-width"));
  s = good();
  s.from.x = std::numeric_limits<double>::infinity();
  CHECK_THAT(error_of(s), Catch::Matchers::Contains("finite"));
  CHECK_THROWS_AS(Geometry(PolylineSpec{}), arcwave::InputError);
}

TEST_CASE("guides split [a,b] evenly and carry points across it", "[polyline]") {
  PolylineSpec s = good();
  s.half_width = 8.0;
  const Geometry g(s);
  CHECK(g.length() == 100.0);
  CHECK(g.guide_spacing() == 20.0);
  CHECK(g.half_step() == 2.0);  // W / (N-1)
  CHECK(g.guide_count() == 6);
  CHECK(g.guide_size(0) == 1);
  CHECK(g.guide_size(5) == 1);
  CHECK(g.guide_size(3) == 5);
  // v = u turned by +90 degrees: u = (1, 0), v = (0, 1).
  CHECK(g.point(1, 0).x == 30.0);
  CHECK(g.point(1, 0).y == 12.0);
  CHECK(g.point(1, 2).y == 20.0);
  CHECK(g.point(1, 4).y == 28.0);
  CHECK(g.point(4, 3).x == 90.0);
  CHECK(g.point(0, 0).x == 10.0);
  CHECK(g.point(5, 0).x == 110.0);
  REQUIRE(g.all_points().size() == 2 + 4 * 5);
  CHECK(g.all_points()[g.point_index(3, 1)].x == g.point(3, 1).x);
  CHECK(g.all_points()[g.point_index(5, 0)].x == 110.0);
  // Default half-width: one pixel between candidates.
  const Geometry d(good());
  CHECK(d.half_width() == 2.0);
  CHECK(d.half_step() == 0.5);
  // A diagonal segment: guides stay perpendicular to it.
  s.to = {110.0, 120.0};
  const Geometry diag(s);
  const Vec2 p = diag.point(2, 0), q = diag.point(2, 4);
  CHECK(std::fabs((q.x - p.x) * 100.0 + (q.y - p.y) * 100.0) < 1e-9);
  CHECK(std::hypot(q.x - p.x, q.y - p.y) == Approx(16.0));
}
