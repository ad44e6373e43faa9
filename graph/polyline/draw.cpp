// Rasterising a polyline over its image (graph/polyline/draw.hpp).
#include "graph/polyline/draw.hpp"

#include <algorithm>
#include <cmath>

namespace arcwave::polyline {

namespace {

struct Canvas {
  int width;
  int height;
  std::vector<std::uint8_t>& rgb;

  void put(double x, double y, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
    const double xr = std::floor(x + 0.5);
    const double yr = std::floor(y + 0.5);
    if (xr < 0.0 || yr < 0.0 || xr >= width || yr >= height) return;
    const std::size_t e = 3 * (static_cast<std::size_t>(yr) * static_cast<std::size_t>(width) +
                               static_cast<std::size_t>(xr));
    rgb[e] = r;
    rgb[e + 1] = g;
    rgb[e + 2] = b;
  }
};

}  // namespace

std::vector<std::uint8_t> draw_polyline(const GreyRaster& image, int max_value,
                                        std::span<const Vec2> vertices) {
  std::vector<std::uint8_t> rgb(3 * image.pixels.size());
  const double to_byte = 255.0 / static_cast<double>(std::max(1, max_value));
  for (std::size_t p = 0; p < image.pixels.size(); ++p) {
    const auto v = static_cast<std::uint8_t>(
        std::min(255.0, std::floor(static_cast<double>(image.pixels[p]) * to_byte + 0.5)));
    rgb[3 * p] = rgb[3 * p + 1] = rgb[3 * p + 2] = v;
  }
  Canvas canvas{image.width, image.height, rgb};
  for (std::size_t k = 1; k < vertices.size(); ++k) {
    const Vec2 p = vertices[k - 1];
    const Vec2 q = vertices[k];
    const double extent = std::max(std::fabs(q.x - p.x), std::fabs(q.y - p.y));
    const int steps = std::max(1, static_cast<int>(std::ceil(2.0 * std::min(extent, 1e6))));
    for (int s = 0; s <= steps; ++s) {
      const double t = static_cast<double>(s) / steps;
      canvas.put(p.x + t * (q.x - p.x), p.y + t * (q.y - p.y), 255, 0, 0);
    }
  }
  for (const Vec2& v : vertices)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) canvas.put(v.x + dx, v.y + dy, 255, 255, 0);
  return rgb;
}

}  // namespace arcwave::polyline
