// GridMap (include/arcwave/grid.hpp): loading and building maps through the grid readers.
#include <fmt/format.h>

#include "api/grid_impl.hpp"
#include "arcwave/error.hpp"
#include "parsers/grid/grid_files.hpp"

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

grid::Point engine_point(const grid::Grid& g, GridCell cell) {
  if (!g.contains({cell.x, cell.y}))
    throw InputError(
        fmt::format("cell {},{} is outside the {}x{} map", cell.x, cell.y, g.width(), g.height()));
  return {cell.x, cell.y};
}

}  // namespace

GridMap::GridMap(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

GridMap GridMap::load(const std::string& path, const GridLoadOptions& options) {
  HeightMapOptions h;
  h.threshold = options.threshold;
  h.raw_width = options.raw_width;
  h.raw_height = options.raw_height;
  h.raw_bytes = options.raw_bytes;
  LoadedGrid loaded = load_grid(path, h);
  return GridMap(std::make_shared<const Impl>(Impl{std::move(loaded.grid), loaded.format}));
}

GridMap GridMap::from_blocked(int width, int height, std::span<const std::uint8_t> blocked) {
  check_size(width, height, blocked.size(), "GridMap::from_blocked");
  return GridMap(std::make_shared<const Impl>(
      Impl{grid::grid_from_blocked(width, height, blocked), "array of blocked cells"}));
}

GridMap GridMap::from_heights(int width, int height, std::span<const std::uint16_t> heights,
                              std::uint32_t threshold) {
  check_size(width, height, heights.size(), "GridMap::from_heights");
  return GridMap(std::make_shared<const Impl>(
      Impl{grid::grid_from_heights(width, height, heights, threshold), "array of heights"}));
}

int GridMap::width() const noexcept {
  return impl_->grid.width();
}
int GridMap::height() const noexcept {
  return impl_->grid.height();
}
std::uint64_t GridMap::cell_count() const noexcept {
  return impl_->grid.cell_count();
}

bool GridMap::blocked(GridCell cell) const {
  return impl_->grid.blocked(engine_point(impl_->grid, cell));
}

bool GridMap::open(GridCell cell, int dx, int dy) const {
  const grid::Point p = engine_point(impl_->grid, cell);
  for (int m = 0; m < 4; ++m)
    if (grid::kDx[m] == dx && grid::kDy[m] == dy) return impl_->grid.open(p, m);
  throw InputError(fmt::format("GridMap::open: ({}, {}) is not an orthogonal unit move", dx, dy));
}

double GridMap::impassability() const {
  return impl_->grid.impassability();
}

const std::string& GridMap::format() const noexcept {
  return impl_->format;
}

std::vector<GridScenario> load_scenarios(const std::string& path) {
  std::vector<GridScenario> out;
  for (const ScenarioEntry& e : read_movingai_scen(path))
    out.push_back({{{e.start.x, e.start.y}, {e.goal.x, e.goal.y}},
                   e.optimal_length,
                   e.bucket,
                   e.map,
                   e.map_width,
                   e.map_height});
  return out;
}

}  // namespace arcwave
