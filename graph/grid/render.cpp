// Definitions for graph/grid/render.hpp.
#include "graph/grid/render.hpp"

#include <algorithm>
#include <cmath>

namespace arcwave::grid {

namespace {

struct Rgb {
  std::uint8_t r, g, b;
};

/// A dark-blue -> teal -> green -> yellow ramp for t in [0, 1].
Rgb ramp(float t) {
  static constexpr float kStops[4][3] = {
      {30, 40, 120}, {20, 140, 150}, {90, 190, 70}, {250, 230, 60}};
  t = std::clamp(t, 0.0F, 1.0F) * 3.0F;
  const int i = std::min(2, static_cast<int>(t));
  const float f = t - static_cast<float>(i);
  const auto mix = [&](int c) {
    return static_cast<std::uint8_t>(kStops[i][c] + (kStops[i + 1][c] - kStops[i][c]) * f);
  };
  return {mix(0), mix(1), mix(2)};
}

}  // namespace

Rendering render_wave(const Grid& grid, std::span<const float> distance,
                      std::span<const Point> path, Point start, Point finish, int max_side) {
  Rendering out;
  const int longest = std::max(grid.width(), grid.height());
  out.cell_pixels = std::clamp(max_side / longest, 1, 16);
  out.cells_per_pixel = longest > max_side ? (longest + max_side - 1) / max_side : 1;
  const int s = out.cell_pixels;
  const int k = out.cells_per_pixel;
  out.width = (grid.width() + k - 1) / k * s;
  out.height = (grid.height() + k - 1) / k * s;
  out.rgb.assign(static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height) * 3, 0);

  float far = 0.0F;
  for (const float d : distance)
    if (std::isfinite(d)) far = std::max(far, d);
  const auto put = [&](int px, int py, Rgb c) {
    if (px < 0 || py < 0 || px >= out.width || py >= out.height) return;
    const std::size_t at = (static_cast<std::size_t>(py) * static_cast<std::size_t>(out.width) +
                            static_cast<std::size_t>(px)) *
                           3;
    out.rgb[at] = c.r;
    out.rgb[at + 1] = c.g;
    out.rgb[at + 2] = c.b;
  };
  const auto cell_colour = [&](Point p) -> Rgb {
    if (grid.blocked(p)) return {0, 0, 0};
    const float d = distance[grid.index(p)];
    if (!std::isfinite(d)) return {205, 205, 205};
    return ramp(far > 0 ? d / far : 0.0F);
  };
  const auto fill_cell = [&](Point p, Rgb c) {
    const int x0 = p.x / k * s;
    const int y0 = p.y / k * s;
    for (int dy = 0; dy < s; ++dy)
      for (int dx = 0; dx < s; ++dx) put(x0 + dx, y0 + dy, c);
  };
  for (int y = 0; y < grid.height(); y += k)
    for (int x = 0; x < grid.width(); x += k) fill_cell({x, y}, cell_colour({x, y}));
  // Closed moves between free cells: a dark line on the shared border.
  if (s >= 4) {
    for (int y = 0; y < grid.height(); ++y) {
      for (int x = 0; x < grid.width(); ++x) {
        if (grid.blocked({x, y})) continue;
        if (x + 1 < grid.width() && !grid.blocked({x + 1, y}) && !grid.open({x, y}, 2))
          for (int dy = 0; dy < s; ++dy) put((x + 1) * s - 1, y * s + dy, {40, 40, 40});
        if (y + 1 < grid.height() && !grid.blocked({x, y + 1}) && !grid.open({x, y}, 3))
          for (int dx = 0; dx < s; ++dx) put(x * s + dx, (y + 1) * s - 1, {40, 40, 40});
      }
    }
  }
  for (const Point p : path) fill_cell(p, {220, 30, 30});
  if (!path.empty()) fill_cell(start, {40, 200, 60});
  fill_cell(finish, {40, 90, 255});
  return out;
}

}  // namespace arcwave::grid
