// graph/polyline/draw.hpp — a found polyline drawn over its image as 8-bit RGB (the CLI's
// --png output): the image in grey, the links in red, the vertices as yellow 3x3 squares.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "graph/polyline/gradient.hpp"
#include "graph/polyline/problem.hpp"

namespace arcwave::polyline {

/// Row-major RGB, 3 bytes per pixel; `max_value` is the image's largest possible pixel value.
std::vector<std::uint8_t> draw_polyline(const GreyRaster& image, int max_value,
                                        std::span<const Vec2> vertices);

}  // namespace arcwave::polyline
