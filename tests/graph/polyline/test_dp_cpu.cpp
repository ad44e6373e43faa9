// The CPU DP (both methods) against the brute force on random score tables: the same polyline
// (tie-break rule of solution.hpp), the same exact score, every turn within the limit; K = 1
// and N = 2 edge cases; infeasible limits; ties.
#include <cmath>
#include <random>

#include "arcwave/error.hpp"
#include "graph/polyline/brute_force.hpp"
#include "graph/polyline/dp_cpu.hpp"
#include "graph/polyline/problem.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave::polyline;

namespace {

void require_same(const Polyline& expected, const Polyline& got) {
  REQUIRE(got.found == expected.found);
  if (!expected.found) return;
  CHECK(got.score == expected.score);
  CHECK(got.indices == expected.indices);
}

void check_all(const LinkScores& scores, const AngleLimit& angle) {
  const Polyline brute = solve_brute_force(scores, angle);
  for (const CpuMethod method : {CpuMethod::kCubic, CpuMethod::kWindow}) {
    INFO("method " << static_cast<int>(method));
    const Polyline dp = solve_dp_cpu(scores, angle, {method, 0});
    require_same(brute, dp);
    if (dp.found) {
      CHECK(dp.indices.size() == static_cast<std::size_t>(scores.nodes()));
      CHECK(respects_angle(angle, scores.nodes(), dp.indices));
      CHECK(polyline_score(scores, dp.indices) == dp.score);
    }
  }
}

}  // namespace

TEST_CASE("CPU DP equals brute force on random score tables", "[polyline]") {
  std::uint64_t seed = 1;
  int found = 0;
  int infeasible = 0;
  for (int nodes = 1; nodes <= 5; ++nodes) {
    for (int points = 2; points <= 7; ++points) {
      if (std::pow(points, nodes) > 20000) continue;
      for (const double limit : {180.0, 60.0, 25.0, 4.0}) {
        for (const std::int32_t max_value : {0, 3}) {  // 3: many ties
          const AngleLimit angle(points, 0.9, 2.0, limit);
          const LinkScores scores = random_link_scores(nodes, points, ++seed, max_value);
          INFO("K " << nodes << " N " << points << " limit " << limit << " max " << max_value);
          check_all(scores, angle);
          (solve_brute_force(scores, angle).found ? found : infeasible)++;
        }
      }
    }
  }
  CHECK(found > 100);
  CHECK(infeasible > 0);  // small limits with even N leave no straight line
}

TEST_CASE("K = 1: one guide between a and b", "[polyline]") {
  for (const int points : {2, 3, 10, 33}) {
    for (const double limit : {180.0, 20.0}) {
      const AngleLimit angle(points, 0.5, 4.0, limit);
      const LinkScores scores = random_link_scores(1, points, 77 + points, 0);
      check_all(scores, angle);
      // Independent of the brute force: the best allowed point by direct scan.
      std::int64_t best = -1;
      int best_i = -1;
      for (int i = 0; i < points; ++i) {
        const int q1 = guide_offset(false, points, i);
        if (!angle.allowed(q1, -q1)) continue;
        const std::int64_t s = std::int64_t{scores.at(0, 0, i)} + scores.at(1, i, 0);
        if (s > best) {
          best = s;
          best_i = i;
        }
      }
      const Polyline dp = solve_dp_cpu(scores, angle);
      REQUIRE(dp.found == (best_i >= 0));
      if (dp.found) {
        CHECK(dp.indices == std::vector<int>{best_i});
        CHECK(dp.score == best);
      }
    }
  }
}

TEST_CASE("N = 2: two candidates per guide", "[polyline]") {
  for (int nodes = 1; nodes <= 10; ++nodes) {
    for (const double limit : {180.0, 90.0, 10.0}) {
      const AngleLimit angle(2, 1.0, 1.0, limit);
      check_all(random_link_scores(nodes, 2, 500 + nodes, 0), angle);
      check_all(random_link_scores(nodes, 2, 900 + nodes, 1), angle);
    }
  }
}

TEST_CASE("no polyline respects a tiny angle when no straight line exists", "[polyline]") {
  // N even: no candidate on [a,b], every first link turns at least atan(h/D) into the next.
  const AngleLimit angle(4, 1.0, 1.0, 1.0);
  const LinkScores scores = random_link_scores(3, 4, 5, 0);
  CHECK_FALSE(solve_brute_force(scores, angle).found);
  CHECK_FALSE(solve_dp_cpu(scores, angle).found);
  CHECK_FALSE(solve_dp_cpu(scores, angle, {CpuMethod::kWindow, 0}).found);
}

TEST_CASE("ties: an all-zero table gives the smallest key", "[polyline]") {
  for (int nodes = 1; nodes <= 6; ++nodes) {
    const AngleLimit angle(5, 1.0, 1.0, 180.0);
    const LinkScores zeros(nodes, 5);
    const Polyline dp = solve_dp_cpu(zeros, angle);
    REQUIRE(dp.found);
    CHECK(dp.score == 0);
    CHECK(dp.indices == std::vector<int>(static_cast<std::size_t>(nodes), 0));
  }
  // With a limit, index 0 everywhere may be excluded: the rule still decides.
  const AngleLimit tight(5, 3.0, 1.0, 30.0);
  for (int nodes = 1; nodes <= 5; ++nodes) {
    const LinkScores zeros(nodes, 5);
    const Polyline brute = solve_brute_force(zeros, tight);
    require_same(brute, solve_dp_cpu(zeros, tight));
    require_same(brute, solve_dp_cpu(zeros, tight, {CpuMethod::kWindow, 0}));
  }
}

TEST_CASE("cubic and window DP agree on larger tables, any thread count", "[polyline]") {
  for (const double limit : {180.0, 45.0, 12.0}) {
    const AngleLimit angle(97, 0.5, 6.0, limit);
    const LinkScores scores = random_link_scores(7, 97, 31, 0);
    const Polyline cubic = solve_dp_cpu(scores, angle, {CpuMethod::kCubic, 0});
    require_same(cubic, solve_dp_cpu(scores, angle, {CpuMethod::kWindow, 0}));
    require_same(cubic, solve_dp_cpu(scores, angle, {CpuMethod::kCubic, 1}));
    require_same(cubic, solve_dp_cpu(scores, angle, {CpuMethod::kWindow, 3}));
    REQUIRE(cubic.found);
    CHECK(respects_angle(angle, 7, cubic.indices));
    CHECK(polyline_score(scores, cubic.indices) == cubic.score);
  }
}

TEST_CASE("the brute force refuses what it cannot enumerate", "[polyline]") {
  const AngleLimit angle(1000, 1.0, 1.0, 180.0);
  CHECK_THROWS_AS(solve_brute_force(LinkScores(4, 1000), angle), arcwave::ResourceError);
}
