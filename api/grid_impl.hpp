// api/grid_impl.hpp — what a public GridMap holds: the engine's grid and where it came from.
#pragma once

#include <string>

#include "arcwave/grid.hpp"
#include "graph/grid/grid.hpp"

namespace arcwave {

struct GridMap::Impl {
  grid::Grid grid;
  std::string format;
};

}  // namespace arcwave
