// trace_polyline against the engine's brute force on random images, every CPU method alike;
// PolylineTracer's two steps, the drawing, the errors.
#include <filesystem>
#include <random>

#include "arcwave/error.hpp"
#include "arcwave/polyline.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/cli.hpp"

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

TEST_CASE("PolylineTracer: the backend first, then the run trace_polyline makes",
          "[api][polyline]") {
  std::vector<std::uint16_t> pixels(40 * 30);
  for (std::size_t i = 0; i < pixels.size(); ++i) pixels[i] = static_cast<std::uint16_t>(i % 97);
  const arcwave::GreyImage image = arcwave::GreyImage::from_pixels(40, 30, pixels);
  CHECK(image.name() == "pixels");
  CHECK(image.load_seconds() == 0);
  arcwave::PolylineRequest q;
  q.from = {2, 15};
  q.to = {37, 12};
  q.nodes = 3;
  q.points = 7;
  q.max_angle_deg = 60;
  q.backend = arcwave::Backend::kCpu;
  CHECK_NOTHROW(arcwave::validate(q));
  const arcwave::PolylineTracer tracer(image, q);
  CHECK(tracer.backend() == "cpu (requested)");
  CHECK(tracer.half_width() == 3.0);  // (N - 1) / 2
  const arcwave::PolylineResult r = tracer.run();
  const arcwave::PolylineResult same = arcwave::trace_polyline(image, q);
  REQUIRE(r.found);
  CHECK(r.candidates == same.candidates);
  CHECK(r.method == "cpu window");
  CHECK(r.score == static_cast<double>(r.integer_score) / r.scale);
  CHECK(r.times.dp_ms >= 0);
  const std::filesystem::path png =
      arcwave::test::scratch_dir("arcwave_polyline_api") / "drawn.png";
  std::filesystem::remove(png);
  arcwave::draw_polyline_png(image, r.vertices, png.string());
  const arcwave::GreyImage drawn = arcwave::GreyImage::load(png.string());
  CHECK(drawn.width() == 40);
  CHECK(drawn.name() == png.string());
  q.source = "my request";
  q.nodes = 0;
  try {
    arcwave::validate(q);
    FAIL("nodes 0 was accepted");
  } catch (const arcwave::InputError& e) {
    CHECK(e.where().file == "my request");
  }
}
