// trace_polyline against the engine's brute force on random images, every CPU method alike.
#include <random>

#include "arcwave/error.hpp"
#include "arcwave/polyline.hpp"
#include "tests/support/catch.hpp"

TEST_CASE("trace_polyline: every CPU method finds the brute force's polyline", "[api][polyline]") {
  std::mt19937_64 rng(20261123);
  for (int trial = 0; trial < 25; ++trial) {
    const int w = 24, h = 20;
    std::vector<std::uint16_t> pixels(static_cast<std::size_t>(w * h));
    for (auto& p : pixels) p = static_cast<std::uint16_t>(rng() % 256);
    const arcwave::GreyImage image = arcwave::GreyImage::from_pixels(w, h, pixels);
    arcwave::PolylineRequest q;
    q.from = {1.0 + static_cast<double>(rng() % 4), 2.0 + static_cast<double>(rng() % 15)};
    q.to = {19.0 + static_cast<double>(rng() % 4), 2.0 + static_cast<double>(rng() % 15)};
    q.nodes = static_cast<int>(rng() % 3 + 1);
    q.points = static_cast<int>(rng() % 4 + 2);
    q.max_angle_deg = 30.0 + static_cast<double>(rng() % 150);
    q.method = arcwave::PolylineMethod::kBruteForce;
    const arcwave::PolylineResult brute = arcwave::trace_polyline(image, q);
    for (const auto m : {arcwave::PolylineMethod::kAuto, arcwave::PolylineMethod::kWindow,
                         arcwave::PolylineMethod::kCubic}) {
      q.method = m;
      q.backend = arcwave::Backend::kCpu;
      const arcwave::PolylineResult r = arcwave::trace_polyline(image, q);
      CHECK(r.found == brute.found);
      CHECK(r.integer_score == brute.integer_score);
      CHECK(r.candidates == brute.candidates);
      if (r.found) {
        REQUIRE(r.vertices.size() == static_cast<std::size_t>(q.nodes) + 2);
        CHECK(r.vertices.front().x == q.from.x);
        CHECK(r.vertices.back().y == q.to.y);
      }
    }
  }
}

TEST_CASE("trace_polyline: bad requests", "[api][polyline]") {
  const std::vector<std::uint16_t> pixels(100, 5);
  const arcwave::GreyImage image = arcwave::GreyImage::from_pixels(10, 10, pixels);
  arcwave::PolylineRequest q;
  q.from = {1, 1};
  q.to = {8, 8};
  q.nodes = 2;
  q.points = 3;
  CHECK_NOTHROW(arcwave::trace_polyline(image, q));
  q.to = {12, 8};
  CHECK_THROWS_AS(arcwave::trace_polyline(image, q), arcwave::InputError);
  q.to = {8, 8};
  q.nodes = 0;
  CHECK_THROWS_AS(arcwave::trace_polyline(image, q), arcwave::InputError);
  q.nodes = 2;
  q.method = arcwave::PolylineMethod::kTiled;
  q.backend = arcwave::Backend::kCpu;
  CHECK_THROWS_AS(arcwave::trace_polyline(image, q), arcwave::InputError);
  CHECK_THROWS_AS(arcwave::GreyImage::from_pixels(10, 9, pixels), arcwave::InputError);
  CHECK_THROWS_AS(arcwave::GreyImage::from_pixels(10, 10, pixels, 4), arcwave::InputError);
}
