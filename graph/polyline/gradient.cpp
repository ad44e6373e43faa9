// Sobel gradient of graph/polyline/gradient.hpp.
#include "graph/polyline/gradient.hpp"

#include <algorithm>
#include <cmath>

#include "arcwave/error.hpp"

namespace arcwave::polyline {

Gradient sobel(const GreyRaster& image) {
  const int w = image.width;
  const int h = image.height;
  if (w <= 0 || h <= 0 ||
      image.pixels.size() != static_cast<std::size_t>(w) * static_cast<std::size_t>(h))
    throw InputError("polyline: empty image or pixel count that does not match its size");
  Gradient g;
  g.width = w;
  g.height = h;
  g.xy.assign(2 * image.pixels.size(), 0.0F);
  auto px = [&](int x, int y) -> int {
    x = std::clamp(x, 0, w - 1);
    y = std::clamp(y, 0, h - 1);
    return image.pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                        static_cast<std::size_t>(x)];
  };
  double max_sq = 0.0;
#pragma omp parallel for schedule(static) reduction(max : max_sq)
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const int gx = (px(x + 1, y - 1) + 2 * px(x + 1, y) + px(x + 1, y + 1)) -
                     (px(x - 1, y - 1) + 2 * px(x - 1, y) + px(x - 1, y + 1));
      const int gy = (px(x - 1, y + 1) + 2 * px(x, y + 1) + px(x + 1, y + 1)) -
                     (px(x - 1, y - 1) + 2 * px(x, y - 1) + px(x + 1, y - 1));
      const std::size_t e = 2 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                                 static_cast<std::size_t>(x));
      g.xy[e] = static_cast<float>(gx);
      g.xy[e + 1] = static_cast<float>(gy);
      max_sq = std::max(max_sq, static_cast<double>(gx) * gx + static_cast<double>(gy) * gy);
    }
  }
  g.max_magnitude = std::sqrt(max_sq);
  return g;
}

}  // namespace arcwave::polyline
