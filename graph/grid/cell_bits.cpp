// Definitions for graph/grid/cell_bits.hpp.
#include "graph/grid/cell_bits.hpp"

namespace arcwave::grid {

bool cell_based(const Grid& grid) {
  const std::span<const std::uint8_t> cells = grid.cells();
  const int w = grid.width();
  const int h = grid.height();
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::uint8_t c = cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                                   static_cast<std::size_t>(x)];
      if ((c & kBlocked) != 0) continue;
      // The right and down moves towards a free neighbour must be open (the grid keeps moves
      // symmetric, so this covers left and up).
      if (x + 1 < w && !grid.blocked({x + 1, y}) && (c & kOpenRight) == 0) return false;
      if (y + 1 < h && !grid.blocked({x, y + 1}) && (c & kOpenDown) == 0) return false;
    }
  return true;
}

CellBits::CellBits(const Grid& grid) : width_(grid.width()), height_(grid.height()) {
  // 64 padding cells on each side and one word of slack for the two-word window reads.
  row_stride_ = (static_cast<std::size_t>(width_) + 128) / 64 + 2;
  column_stride_ = (static_cast<std::size_t>(height_) + 128) / 64 + 2;
  rows_.assign(static_cast<std::size_t>(height_ + 2) * row_stride_, 0);
  columns_.assign(static_cast<std::size_t>(width_ + 2) * column_stride_, 0);
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) {
      if (grid.blocked({x, y})) continue;
      const auto rx = static_cast<std::size_t>(x + 64);
      const auto cy = static_cast<std::size_t>(y + 64);
      rows_[static_cast<std::size_t>(y + 1) * row_stride_ + (rx >> 6)] |= std::uint64_t{1}
                                                                          << (rx & 63);
      columns_[static_cast<std::size_t>(x + 1) * column_stride_ + (cy >> 6)] |= std::uint64_t{1}
                                                                                << (cy & 63);
    }
}

}  // namespace arcwave::grid
