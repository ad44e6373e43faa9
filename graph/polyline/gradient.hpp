// graph/polyline/gradient.hpp — the image gradient the link scores integrate.
//
// Sobel 3x3: gx = (right column) - (left column) with weights 1, 2, 1 down the column, gy the
// same for the bottom and top rows; image borders are extended by replicating the edge pixels.
// Why Sobel: it is the cheapest operator whose derivative is smoothed across the direction of
// differentiation, so one-pixel noise (the aerial images' texture) moves the direction less
// than central differences would, while a one- or two-pixel-wide road still gives a
// sharp response on both of its sides; its orientation error is a few degrees at most, well
// below any useful angle limit. On 8- and 16-bit images every value is an integer below 2^19,
// so the float storage is exact and the CPU and GPU scorers read identical gradients.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace arcwave::polyline {

/// A grey raster, row-major from the top-left pixel: pixels[y * width + x].
struct GreyRaster {
  int width = 0;
  int height = 0;
  std::span<const std::uint16_t> pixels;
};

struct Gradient {
  int width = 0;
  int height = 0;
  std::vector<float> xy;       // interleaved: gx at 2 (y width + x), gy right after
  double max_magnitude = 0.0;  // max over pixels of sqrt(gx^2 + gy^2)
};

Gradient sobel(const GreyRaster& image);

}  // namespace arcwave::polyline
