// Bit planes, tile shapes and the initial state of the fast wave (graph/grid/bitwave.hpp).
#include "arcwave/error.hpp"
#include "graph/grid/bitwave.hpp"
#include "graph/grid/bitwave_shapes.hpp"
#include "graph/grid/cpu_wave.hpp"

namespace arcwave::grid {

std::string to_string(TileShape shape) {
  switch (shape) {
    case TileShape::k64:
      return "64x64";
    case TileShape::k128:
      return "128x128";
    case TileShape::k192:
      return "192x192";
    case TileShape::kTest:
      return "32x4 (test)";
  }
  return "?";
}

int tile_words(TileShape shape) {
  return bitwave::with_shape(shape, [](auto s) { return decltype(s)::kTileWords; });
}

int tile_rows(TileShape shape) {
  return bitwave::with_shape(shape, [](auto s) { return decltype(s)::kTileRows; });
}

TileShape default_tile_shape(std::uint64_t cell_count) {
  // Small grids need many tiles to fill the GPU; large ones gain from less halo work.
  return cell_count <= 4'000'000 ? TileShape::k64 : TileShape::k128;
}

TileShape default_tile_shape(const Grid& grid) {
  return default_tile_shape(grid.cell_count());
}

BitPlanes bit_plane_shape(int width, int height, TileShape shape) {
  BitPlanes p;
  const int tw = tile_words(shape);
  const int th = tile_rows(shape);
  const int words_needed = (width + 31) / 32;
  p.tiles_x = static_cast<std::uint32_t>((words_needed + tw - 1) / tw);
  p.tiles_y = static_cast<std::uint32_t>((height + th - 1) / th);
  p.words = static_cast<int>(p.tiles_x) * tw;
  p.rows = static_cast<int>(p.tiles_y) * th;
  return p;
}

BitPlanes build_bit_planes(const Grid& grid, bool moore, TileShape shape) {
  BitPlanes p = bit_plane_shape(grid.width(), grid.height(), shape);
  const std::size_t size = static_cast<std::size_t>(p.words) * static_cast<std::size_t>(p.rows);
  p.right.assign(size, 0);
  p.down.assign(size, 0);
  if (moore) {
    p.down_right.assign(size, 0);
    p.down_left.assign(size, 0);
  }
  const std::span<const std::uint8_t> cells = grid.cells();
  const int width = grid.width();
#pragma omp parallel for schedule(static)
  for (int y = 0; y < grid.height(); ++y) {
    const std::size_t row = static_cast<std::size_t>(y) * static_cast<std::size_t>(p.words);
    for (int x = 0; x < width; ++x) {
      const std::uint32_t cell = static_cast<std::uint32_t>(y) * static_cast<std::uint32_t>(width) +
                                 static_cast<std::uint32_t>(x);
      const std::uint32_t bit = 1U << (x % 32);
      const std::size_t at = row + static_cast<std::size_t>(x / 32);
      if ((cells[cell] & kOpenRight) != 0) p.right[at] |= bit;
      if ((cells[cell] & kOpenDown) != 0) p.down[at] |= bit;
      if (moore) {
        const std::uint8_t open = open_moves(grid, cell);
        if ((open >> 6 & 1U) != 0) p.down_right[at] |= bit;  // move 6: right-down
        if ((open >> 7 & 1U) != 0) p.down_left[at] |= bit;   // move 7: down-left
      }
    }
  }
  return p;
}

BitwaveStart bitwave_start(const BitPlanes& planes, TileShape shape, Point finish) {
  BitwaveStart s;
  const std::size_t size =
      static_cast<std::size_t>(planes.words) * static_cast<std::size_t>(planes.rows);
  const std::size_t tiles = static_cast<std::size_t>(planes.tiles_x) * planes.tiles_y;
  s.visited.assign(size, 0);
  const std::size_t at =
      static_cast<std::size_t>(finish.y) * static_cast<std::size_t>(planes.words) +
      static_cast<std::size_t>(finish.x / 32);
  s.visited[at] = 1U << (finish.x % 32);
  s.frontier0 = s.visited;
  s.stamp0.assign(tiles, ~0U);
  s.enqueued.assign(tiles, ~0U);
  const auto tx = static_cast<std::int64_t>(finish.x / 32 / tile_words(shape));
  const auto ty = static_cast<std::int64_t>(finish.y / tile_rows(shape));
  s.stamp0[static_cast<std::size_t>(ty) * planes.tiles_x + static_cast<std::size_t>(tx)] = 0;
  for (std::int64_t dy = -1; dy <= 1; ++dy) {
    for (std::int64_t dx = -1; dx <= 1; ++dx) {
      if (tx + dx < 0 || ty + dy < 0 || tx + dx >= planes.tiles_x || ty + dy >= planes.tiles_y)
        continue;
      const auto t = static_cast<std::uint32_t>((ty + dy) * planes.tiles_x + (tx + dx));
      s.enqueued[t] = 0;
      s.list0.push_back(t);
    }
  }
  return s;
}

}  // namespace arcwave::grid
