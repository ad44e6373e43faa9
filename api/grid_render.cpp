// write_grid_png() of include/arcwave/grid.hpp: the engine's rendering (graph/grid/render.hpp)
// written as an RGB PNG.
#include <cmath>

#include "api/grid_impl.hpp"
#include "arcwave/error.hpp"
#include "graph/grid/render.hpp"
#include "parsers/image/image.hpp"

namespace arcwave {

std::pair<int, int> write_grid_png(const GridMap& map, std::span<const double> distances,
                                   std::span<const GridCell> path, GridCell start, GridCell goal,
                                   const std::string& file) {
  if (distances.size() != map.cell_count())
    throw InputError("write_grid_png: " + std::to_string(distances.size()) +
                     " distances for a map of " + std::to_string(map.cell_count()) + " cells");
  std::vector<float> d;
  d.reserve(distances.size());
  for (const double v : distances) d.push_back(static_cast<float>(v));
  std::vector<grid::Point> cells;
  cells.reserve(path.size());
  for (const GridCell c : path) cells.push_back({c.x, c.y});
  const grid::Rendering picture =
      grid::render_wave(map.impl().grid(), d, cells, {start.x, start.y}, {goal.x, goal.y});
  write_png_rgb(file, picture.width, picture.height, picture.rgb);
  return {picture.width, picture.height};
}

}  // namespace arcwave
