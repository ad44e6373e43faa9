// graph/grid/render.hpp — a picture of a wave: blocked cells black, closed moves between free
// cells as dark lines (when cells are drawn large enough), the wave coloured by distance (dark
// blue at the finish through green to yellow at the far end), unreached free cells light grey,
// and the path in red with the start green and the finish blue. The CLI writes it as a PNG.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "graph/grid/grid.hpp"

namespace arcwave::grid {

struct Rendering {
  int width = 0;
  int height = 0;
  int cell_pixels = 1;            // pixels per cell side (> 1 for small grids)
  int cells_per_pixel = 1;        // cells per pixel side (> 1 for grids above max_side)
  std::vector<std::uint8_t> rgb;  // width * height * 3
};

/// `distance` has one entry per cell (infinity: unreached). Small grids are scaled up so that
/// the longer side is about `max_side` pixels; larger grids are sampled down to it.
Rendering render_wave(const Grid& grid, std::span<const float> distance,
                      std::span<const Point> path, Point start, Point finish, int max_side = 1024);

}  // namespace arcwave::grid
