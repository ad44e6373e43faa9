// graph/grid/bitwave_shapes.hpp — the compile-time tile shapes behind TileShape, and a
// dispatcher that calls a functor with the shape type (shared by the CPU and GPU drivers).
#pragma once

#include "graph/grid/bitwave.hpp"
#include "graph/grid/bitwave_core.hpp"

namespace arcwave::grid::bitwave {

using Shape64 = Shape<2, 64, 32, 256>;
using Shape128 = Shape<4, 128, 32, 384>;
using Shape192 = Shape<6, 192, 32, 512>;
using ShapeTest = Shape<1, 4, 3, 10>;

template <typename F>
decltype(auto) with_shape(TileShape shape, F&& f) {
  switch (shape) {
    case TileShape::k64:
      return f(Shape64{});
    case TileShape::k128:
      return f(Shape128{});
    case TileShape::k192:
      return f(Shape192{});
    case TileShape::kTest:
      break;
  }
  return f(ShapeTest{});
}

}  // namespace arcwave::grid::bitwave
