// GridMap (include/arcwave/grid.hpp): loading and building maps through the grid readers.
#include <fstream>

#include <fmt/format.h>

#include "api/grid_impl.hpp"
#include "arcwave/error.hpp"
#include "core/gpu_runtime.hpp"
#include "graph/grid/cell_bits.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/image/image.hpp"

namespace arcwave {

namespace {

void check_size(int width, int height, std::size_t entries, const char* what) {
  grid::check_grid_size(width, height);
  const std::uint64_t cells =
      static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height);
  if (entries != cells)
    throw InputError(fmt::format("{}: {} values for a {}x{} map ({} cells)", what, entries, width,
                                 height, cells));
}

const grid::GridPlanes& planes_of(const GridMap& map) {
  return map.impl().planes;
}

void check_inside(const GridMap& map, GridCell cell) {
  if (cell.x < 0 || cell.y < 0 || cell.x >= map.width() || cell.y >= map.height())
    throw InputError(fmt::format("cell {},{} is outside the {}x{} map", cell.x, cell.y, map.width(),
                                 map.height()));
}

bool starts_with_type(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourcePosition{path, 0, 0}, "cannot open the file");
  char head[5] = {};
  in.read(head, 5);
  return in.gcount() == 5 && std::string_view(head, 5) == "type ";
}

/// A weighted map from --terrain letters or a cost image / raw array.
std::shared_ptr<const GridMap::Impl> weighted_map(const std::string& path,
                                                  const GridLoadOptions& o) {
  if (!o.terrain.empty() && o.costs)
    throw InputError("terrain costs (MovingAI letters) and a cost image exclude each other");
  if (!o.terrain.empty()) {
    if (!starts_with_type(path))
      throw InputError(SourcePosition{path, 1, 1}, "terrain costs need a MovingAI map");
    grid::CellCosts costs = read_movingai_costs(path, parse_terrain_costs(o.terrain));
    grid::Grid g = grid::grid_from_costs(costs);
    return std::make_shared<const GridMap::Impl>(std::move(g), std::move(costs),
                                                 "MovingAI map, terrain costs " + o.terrain);
  }
  GrayImage image;
  std::string format;
  if (o.raw_width > 0 || o.raw_height > 0) {
    image = read_raw(path, o.raw_width, o.raw_height, o.raw_bytes);
    format = fmt::format("raw cost array ({}-bit)", o.raw_bytes * 8);
  } else {
    image = read_image(path);
    format = fmt::format("cost image ({}-bit)", image.max_value > 255 ? 16 : 8);
  }
  grid::CellCosts costs = costs_from_image(image);
  grid::Grid g = grid::grid_from_costs(costs);
  return std::make_shared<const GridMap::Impl>(std::move(g), std::move(costs), std::move(format));
}

}  // namespace

GridMap::GridMap(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

GridMap GridMap::load(const std::string& path, const GridLoadOptions& options) {
  if (options.warm_up_gpu) warm_up_gpu_in_background();
  if (!options.terrain.empty() || options.costs) return GridMap(weighted_map(path, options));
  HeightMapOptions h;
  h.threshold = options.threshold;
  h.raw_width = options.raw_width;
  h.raw_height = options.raw_height;
  h.raw_bytes = options.raw_bytes;
  LoadedPlanes loaded = load_grid_planes(path, h);
  return GridMap(std::make_shared<const Impl>(std::move(loaded.planes), std::nullopt,
                                              std::move(loaded.format)));
}

GridMap GridMap::from_blocked(int width, int height, std::span<const std::uint8_t> blocked) {
  check_size(width, height, blocked.size(), "GridMap::from_blocked");
  return GridMap(std::make_shared<const Impl>(grid::grid_from_blocked(width, height, blocked),
                                              std::nullopt, "array of blocked cells"));
}

GridMap GridMap::from_heights(int width, int height, std::span<const std::uint16_t> heights,
                              std::uint32_t threshold) {
  check_size(width, height, heights.size(), "GridMap::from_heights");
  return GridMap(
      std::make_shared<const Impl>(grid::planes_from_heights(width, height, heights, threshold),
                                   std::nullopt, "array of heights"));
}

GridMap GridMap::from_costs(int width, int height, std::span<const std::uint16_t> costs) {
  check_size(width, height, costs.size(), "GridMap::from_costs");
  grid::CellCosts c{width, height, std::vector<std::uint16_t>(costs.begin(), costs.end())};
  grid::Grid g = grid::grid_from_costs(c);
  return GridMap(std::make_shared<const Impl>(std::move(g), std::move(c), "array of costs"));
}

int GridMap::width() const noexcept {
  return planes_of(*this).width;
}
int GridMap::height() const noexcept {
  return planes_of(*this).height;
}
std::uint64_t GridMap::cell_count() const noexcept {
  return planes_of(*this).cell_count();
}

bool GridMap::blocked(GridCell cell) const {
  check_inside(*this, cell);
  return planes_of(*this).is_blocked({cell.x, cell.y});
}

bool GridMap::open(GridCell cell, int dx, int dy) const {
  check_inside(*this, cell);
  const grid::GridPlanes& p = planes_of(*this);
  const auto bit = [&](const std::vector<std::uint32_t>& plane, int x, int y) {
    return grid::plane_bit(plane.data(), p.words, p.height, x, y) != 0;
  };
  if (dx == 1 && dy == 0) return bit(p.right, cell.x, cell.y);
  if (dx == -1 && dy == 0) return bit(p.right, cell.x - 1, cell.y);
  if (dx == 0 && dy == 1) return bit(p.down, cell.x, cell.y);
  if (dx == 0 && dy == -1) return bit(p.down, cell.x, cell.y - 1);
  throw InputError(fmt::format("GridMap::open: ({}, {}) is not an orthogonal unit move", dx, dy));
}

double GridMap::impassability() const {
  return grid::impassability(planes_of(*this));
}

const std::string& GridMap::format() const noexcept {
  return impl_->format;
}

bool GridMap::weighted() const noexcept {
  return impl_->costs.has_value();
}

bool GridMap::cell_based() const {
  return grid::cell_based(impl_->planes);
}

}  // namespace arcwave
