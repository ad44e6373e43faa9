// [gpu] The GPU schemes (paper, tiled, window) against the CPU DP and the brute force, and the
// GPU link scorer against the CPU scorer (bit-identical). Skips where no GPU is usable.
#include <algorithm>
#include <cmath>
#include <vector>

#include "graph/polyline/brute_force.hpp"
#include "graph/polyline/dp_cpu.hpp"
#include "graph/polyline/gpu_solver.hpp"
#include "graph/polyline/image_scores.hpp"
#include "tests/graph/polyline/synthetic_road.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave::polyline;

namespace {

constexpr GpuMethod kMethods[] = {GpuMethod::kPaper, GpuMethod::kTiled, GpuMethod::kWindow};

void require_same(const Polyline& expected, const Polyline& got) {
  REQUIRE(got.found == expected.found);
  if (!expected.found) return;
  CHECK(got.score == expected.score);
  CHECK(got.indices == expected.indices);
}

void check_gpu(const LinkScores& scores, const AngleLimit& angle, const Polyline& expected) {
  GpuPolylineSolver solver(angle, scores.nodes());
  solver.upload_scores(scores);
  for (const GpuMethod method : kMethods) {
    INFO("GPU method " << static_cast<int>(method));
    // Twice: the second solve must not see the first one's tables.
    require_same(expected, solver.solve(method));
    require_same(expected, solver.solve(method));
  }
}

}  // namespace

TEST_CASE("GPU schemes equal brute force on small random tables", "[gpu][polyline]") {
  ARCWAVE_REQUIRE_GPU();
  std::uint64_t seed = 100;
  for (int nodes = 1; nodes <= 5; ++nodes) {
    for (const int points : {2, 3, 5, 6}) {
      if (std::pow(points, nodes) > 20000) continue;
      for (const double limit : {180.0, 50.0, 4.0}) {
        for (const std::int32_t max_value : {0, 2}) {
          const AngleLimit angle(points, 0.9, 2.0, limit);
          const LinkScores scores = random_link_scores(nodes, points, ++seed, max_value);
          INFO("K " << nodes << " N " << points << " limit " << limit << " max " << max_value);
          check_gpu(scores, angle, solve_brute_force(scores, angle));
        }
      }
    }
  }
}

TEST_CASE("GPU schemes equal the CPU DP on larger tables", "[gpu][polyline]") {
  ARCWAVE_REQUIRE_GPU();
  // Sizes that are not multiples of the tiles (32, 64, 128) and span several chunks.
  struct Case {
    int nodes, points;
    double limit;
    std::int32_t max_value;
  };
  const Case cases[] = {{2, 300, 180.0, 0}, {3, 257, 35.0, 0},  {6, 129, 20.0, 0},
                        {7, 200, 180.0, 5}, {8, 333, 60.0, 1},  {9, 64, 10.0, 0},
                        {4, 1000, 45.0, 0}, {1, 4097, 30.0, 0}, {5, 520, 3.0, 0},
                        {3, 6000, 20.0, 0}};  // 6000: the window step needs > 48 KiB shared
  std::uint64_t seed = 7000;
  for (const Case& c : cases) {
    INFO("K " << c.nodes << " N " << c.points << " limit " << c.limit);
    const AngleLimit angle(c.points, 0.6, 40.0, c.limit);
    const LinkScores scores = random_link_scores(c.nodes, c.points, ++seed, c.max_value);
    const Polyline cpu = solve_dp_cpu(scores, angle, {CpuMethod::kWindow, 0});
    if (c.points <= 400) require_same(cpu, solve_dp_cpu(scores, angle, {CpuMethod::kCubic, 0}));
    check_gpu(scores, angle, cpu);
  }
}

TEST_CASE("GPU link scores are bit-identical to the CPU scorer", "[gpu][polyline]") {
  ARCWAVE_REQUIRE_GPU();
  const test::RoadImage img = test::road_image(5);
  const Gradient gradient = sobel(img.raster());
  for (const ScoreMode mode : {ScoreMode::kEdge, ScoreMode::kSin}) {
    for (const int nodes : {1, 3, 7}) {
      PolylineSpec spec = test::road_spec();
      spec.nodes = nodes;
      spec.points = 37;
      spec.half_width = 30.0;  // some candidates fall outside the image
      spec.to = {231.7, 141.3};
      const Geometry geometry(spec);
      const LinkScores cpu = image_link_scores(geometry, gradient, mode);
      GpuPolylineSolver solver(AngleLimit(geometry, 30.0), nodes);
      solver.score_image(geometry, gradient, mode);
      const LinkScores gpu = solver.download_scores();
      CHECK(gpu.scale() == cpu.scale());
      const auto a = cpu.all();
      const auto b = gpu.all();
      REQUIRE(a.size() == b.size());
      std::size_t differ = 0;
      for (std::size_t e = 0; e < a.size(); ++e) differ += a[e] != b[e] ? 1 : 0;
      CHECK(differ == 0);
    }
  }
}

TEST_CASE("a road drawn on noise is followed within one pixel (GPU)", "[gpu][polyline]") {
  ARCWAVE_REQUIRE_GPU();
  for (const std::uint32_t seed : {1U, 2U, 3U}) {
    const test::RoadImage img = test::road_image(seed);
    const PolylineSpec spec = test::road_spec();
    const Geometry geometry(spec);
    const AngleLimit angle(geometry, spec.max_angle_deg);
    const Gradient gradient = sobel(img.raster());
    const Polyline cpu =
        solve_dp_cpu(image_link_scores(geometry, gradient, ScoreMode::kEdge), angle);
    GpuPolylineSolver solver(angle, spec.nodes);
    solver.score_image(geometry, gradient, ScoreMode::kEdge);
    for (const GpuMethod method : kMethods) {
      const Polyline gpu = solver.solve(method);
      require_same(cpu, gpu);
      REQUIRE(gpu.found);
      CHECK(respects_angle(angle, spec.nodes, gpu.indices));
      CHECK(test::worst_distance(test::vertices(geometry, gpu.indices), img.centre) <=
            img.half_width + 1.0);
    }
  }
}

TEST_CASE("GPU schemes on a few small cases (for compute-sanitizer)", "[gpu][polyline][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  struct Case {
    int nodes, points;
    double limit;
  };
  // Partial tiles and several h chunks (300 > 2 x 128), both chains, K = 1, N = 2, an
  // infeasible limit (N even, 1 degree).
  const Case cases[] = {{4, 300, 40.0}, {3, 70, 180.0}, {1, 33, 20.0}, {5, 2, 90.0}, {3, 4, 1.0}};
  std::uint64_t seed = 90;
  for (const Case& c : cases) {
    INFO("K " << c.nodes << " N " << c.points << " limit " << c.limit);
    const AngleLimit angle(c.points, 1.0, 1.0, c.limit);
    const LinkScores scores = random_link_scores(c.nodes, c.points, ++seed, 0);
    check_gpu(scores, angle, solve_dp_cpu(scores, angle, {CpuMethod::kWindow, 0}));
  }
  const test::RoadImage img = test::road_image(8);
  PolylineSpec spec = test::road_spec();
  spec.points = 21;
  const Geometry geometry(spec);
  GpuPolylineSolver solver(AngleLimit(geometry, 30.0), spec.nodes);
  solver.score_image(geometry, sobel(img.raster()), ScoreMode::kEdge);
  const auto cpu = image_link_scores(geometry, sobel(img.raster()), ScoreMode::kEdge).all();
  const LinkScores gpu = solver.download_scores();
  CHECK(std::equal(cpu.begin(), cpu.end(), gpu.all().begin(), gpu.all().end()));
}
