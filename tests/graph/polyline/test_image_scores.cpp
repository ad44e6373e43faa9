// Sobel gradient, link integrals and the whole image pipeline on the CPU: a road drawn on noise
// is followed within one pixel.
#include "arcwave/error.hpp"
#include "graph/polyline/angle_limit.hpp"
#include "graph/polyline/brute_force.hpp"
#include "graph/polyline/dp_cpu.hpp"
#include "graph/polyline/draw.hpp"
#include "graph/polyline/image_scores.hpp"
#include "tests/graph/polyline/synthetic_road.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave::polyline;

TEST_CASE("Sobel on a linear ramp, with replicated borders", "[polyline]") {
  const int w = 9, h = 7;
  std::vector<std::uint16_t> px(static_cast<std::size_t>(w * h));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      px[static_cast<std::size_t>(y * w + x)] = static_cast<std::uint16_t>(3 * x + 5 * y);
  const Gradient g = sobel(GreyRaster{w, h, px});
  auto gx = [&](int x, int y) { return g.xy[static_cast<std::size_t>(2 * (y * w + x))]; };
  auto gy = [&](int x, int y) { return g.xy[static_cast<std::size_t>(2 * (y * w + x) + 1)]; };
  CHECK(gx(4, 3) == 24.0F);  // 8 x slope
  CHECK(gy(4, 3) == 40.0F);
  CHECK(gx(0, 3) == 12.0F);  // one-sided at the border: half
  CHECK(gy(4, 6) == 20.0F);
  CHECK(g.max_magnitude == Approx(std::sqrt(24.0 * 24.0 + 40.0 * 40.0)));
  CHECK_THROWS_AS(sobel(GreyRaster{w, h + 1, px}), arcwave::InputError);
}

TEST_CASE("link integrals sample one pixel per step", "[polyline]") {
  const int w = 40, h = 30;
  std::vector<float> xy(static_cast<std::size_t>(2 * w * h));
  for (std::size_t p = 0; p < xy.size(); p += 2) xy[p + 1] = 1.0F;  // g = (0, 1) everywhere
  const float* g = xy.data();
  // Across the gradient: |g| |sin 90| = 1 per sample, 10 samples.
  CHECK(link_integral(g, w, h, 10, 10, 20, 10, ScoreMode::kEdge) == 10.0);
  CHECK(link_integral(g, w, h, 10, 10, 20, 10, ScoreMode::kSin) == 10.0);
  // Along the gradient: nothing.
  CHECK(link_integral(g, w, h, 10, 5, 10, 25, ScoreMode::kEdge) == 0.0);
  // Diagonal: 10 samples of sin 45.
  CHECK(link_integral(g, w, h, 10, 10, 20, 20, ScoreMode::kEdge) == Approx(10.0 / std::sqrt(2.0)));
  // Half outside the image: samples at x = 35.5 .. 44.5 step 1, those at x >= 39.5 fall out.
  CHECK(link_integral(g, w, h, 35, 10, 45, 10, ScoreMode::kEdge) == 4.0);
  // A link shorter than a pixel still takes one sample.
  CHECK(link_integral(g, w, h, 10, 10, 10.5, 10, ScoreMode::kEdge) == 1.0);
}

TEST_CASE("image link scores fit the budget and scale back to the integrals", "[polyline]") {
  const test::RoadImage img = test::road_image(3);
  const Geometry geometry(test::road_spec());
  const Gradient gradient = sobel(img.raster());
  for (const ScoreMode mode : {ScoreMode::kEdge, ScoreMode::kSin}) {
    const LinkScores scores = image_link_scores(geometry, gradient, mode);
    scores.check_budget();
    const double scale = scores.scale();
    const Vec2 p = geometry.point(2, 7), q = geometry.point(3, 30);
    const double raw =
        link_integral(gradient.xy.data(), img.width, img.height, p.x, p.y, q.x, q.y, mode);
    CHECK(scores.at(2, 7, 30) == static_cast<std::int32_t>(std::nearbyint(raw * scale)));
  }
}

TEST_CASE("a road drawn on noise is followed within one pixel (CPU)", "[polyline]") {
  for (const std::uint32_t seed : {1U, 2U, 3U}) {
    const test::RoadImage img = test::road_image(seed);
    const PolylineSpec spec = test::road_spec();
    const Geometry geometry(spec);
    const AngleLimit angle(geometry, spec.max_angle_deg);
    const LinkScores scores = image_link_scores(geometry, sobel(img.raster()), ScoreMode::kEdge);
    const Polyline dp = solve_dp_cpu(scores, angle);
    REQUIRE(dp.found);
    CHECK(respects_angle(angle, spec.nodes, dp.indices));
    const std::vector<Vec2> line = test::vertices(geometry, dp.indices);
    // Within one pixel of the road: at most its half-width + 1 from the centre line — while the
    // straight segment [a,b] is far from it (the road bends 14 pixels away).
    CHECK(test::worst_distance(line, img.centre) <= img.half_width + 1.0);
    const std::vector<int> straight(static_cast<std::size_t>(spec.nodes), spec.points / 2);
    CHECK(test::worst_distance(test::vertices(geometry, straight), img.centre) > 10.0);
    const Polyline window = solve_dp_cpu(scores, angle, {CpuMethod::kWindow, 0});
    CHECK(window.indices == dp.indices);
    CHECK(window.score == dp.score);
    // The drawing marks the vertices and keeps the image elsewhere.
    const auto rgb = draw_polyline(img.raster(), 255, line);
    REQUIRE(rgb.size() == 3 * img.pixels.size());
    const std::size_t a = 3 * (80 * 240 + 20);
    CHECK(rgb[a] == 255);
    CHECK(rgb[a + 1] == 255);
    CHECK(rgb[a + 2] == 0);
    CHECK(rgb[0] == rgb[1]);
  }
}

TEST_CASE("brute force and DP agree on image scores", "[polyline]") {
  const test::RoadImage img = test::road_image(9);
  PolylineSpec spec = test::road_spec();
  spec.nodes = 4;
  spec.points = 11;
  spec.half_width = 12.0;
  spec.max_angle_deg = 20.0;
  const Geometry geometry(spec);
  const AngleLimit angle(geometry, spec.max_angle_deg);
  const LinkScores scores = image_link_scores(geometry, sobel(img.raster()), ScoreMode::kEdge);
  const Polyline brute = solve_brute_force(scores, angle);
  const Polyline dp = solve_dp_cpu(scores, angle);
  REQUIRE(brute.found);
  CHECK(dp.indices == brute.indices);
  CHECK(dp.score == brute.score);
}
