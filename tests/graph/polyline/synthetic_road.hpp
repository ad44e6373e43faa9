// tests/graph/polyline/synthetic_road.hpp — a road drawn on noise with a known centre line,
// for the image tests of the polyline DP (CPU and GPU).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "graph/polyline/gradient.hpp"
#include "graph/polyline/problem.hpp"

namespace arcwave::polyline::test {

struct RoadImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint16_t> pixels;
  std::vector<Vec2> centre;  // the road's centre line
  double half_width = 0.0;   // pixels within this distance of the centre line are road

  [[nodiscard]] GreyRaster raster() const { return GreyRaster{width, height, pixels}; }
};

inline double distance_to_segment(Vec2 p, Vec2 a, Vec2 b) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double t =
      std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy), 0.0, 1.0);
  return std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

inline double distance_to_polyline(Vec2 p, const std::vector<Vec2>& line) {
  double best = 1e300;
  for (std::size_t k = 1; k < line.size(); ++k)
    best = std::min(best, distance_to_segment(p, line[k - 1], line[k]));
  return best;
}

/// Background `background` +- `noise` (uniform, seeded), road pixels `road`.
inline RoadImage draw_road(int width, int height, std::vector<Vec2> centre, double half_width,
                           int background, int noise, int road, std::uint32_t seed) {
  RoadImage img{width, height, {}, std::move(centre), half_width};
  img.pixels.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> jitter(-noise, noise);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const bool on_road =
          distance_to_polyline(Vec2{double(x), double(y)}, img.centre) <= half_width;
      const int value = on_road ? road : background + jitter(rng);
      img.pixels[static_cast<std::size_t>(y) * width + x] = static_cast<std::uint16_t>(value);
    }
  }
  return img;
}

/// The road of the tests: a to b across a 240 x 160 image, bending at the nodes of K = 7.
inline PolylineSpec road_spec() {
  PolylineSpec spec;
  spec.from = {20.0, 80.0};
  spec.to = {220.0, 80.0};
  spec.nodes = 7;
  spec.points = 41;  // spacing one pixel: the candidates include the road's vertices
  spec.max_angle_deg = 30.0;
  return spec;
}

inline RoadImage road_image(std::uint32_t seed) {
  const int offsets[] = {0, 4, 10, 14, 12, 6, 2, -2, 0};  // across (+y) at guides 0..8
  std::vector<Vec2> centre;
  for (int g = 0; g <= 8; ++g) centre.push_back(Vec2{20.0 + 25.0 * g, 80.0 + offsets[g]});
  return draw_road(240, 160, centre, 1.0, 100, 25, 200, seed);
}

/// The largest distance from the polyline (vertices and every half pixel along its links) to
/// the road's centre line.
inline double worst_distance(const std::vector<Vec2>& polyline, const std::vector<Vec2>& centre) {
  double worst = 0.0;
  for (std::size_t k = 1; k < polyline.size(); ++k) {
    const Vec2 p = polyline[k - 1], q = polyline[k];
    const int steps = static_cast<int>(std::ceil(2.0 * std::hypot(q.x - p.x, q.y - p.y)));
    for (int s = 0; s <= steps; ++s) {
      const double t = double(s) / steps;
      worst = std::max(
          worst, distance_to_polyline(Vec2{p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)}, centre));
    }
  }
  return worst;
}

inline std::vector<Vec2> vertices(const Geometry& g, const std::vector<int>& indices) {
  std::vector<Vec2> v{g.from()};
  for (std::size_t k = 0; k < indices.size(); ++k)
    v.push_back(g.point(static_cast<int>(k) + 1, indices[k]));
  v.push_back(g.to());
  return v;
}

}  // namespace arcwave::polyline::test
