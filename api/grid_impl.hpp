// api/grid_impl.hpp — what a public GridMap holds: the map as packed planes (what the fast
// readers produce and the GPU wave uploads), the byte-per-cell Grid unpacked from them on first
// use (the CPU engines'), the cell costs of a weighted map, and where it came from.
#pragma once

#include <mutex>
#include <optional>
#include <string>

#include "arcwave/grid.hpp"
#include "graph/grid/costs.hpp"
#include "graph/grid/grid.hpp"
#include "graph/grid/grid_planes.hpp"

namespace arcwave {

struct GridMap::Impl {
  Impl(grid::GridPlanes p, std::optional<grid::CellCosts> c, std::string f)
      : planes(std::move(p)), costs(std::move(c)), format(std::move(f)) {}
  Impl(grid::Grid g, std::optional<grid::CellCosts> c, std::string f)
      : planes(grid::planes_of(g)), costs(std::move(c)), format(std::move(f)) {
    std::call_once(unpacked_, [&] { grid_ = std::move(g); });
  }

  grid::GridPlanes planes;
  std::optional<grid::CellCosts> costs;  // weighted maps
  std::string format;

  /// The cells one byte each (unpacked once, thread-safe).
  [[nodiscard]] const grid::Grid& grid() const {
    std::call_once(unpacked_, [&] { grid_ = grid::grid_from_planes(planes); });
    return grid_;
  }

 private:
  mutable std::once_flag unpacked_;
  mutable grid::Grid grid_;
};

}  // namespace arcwave
