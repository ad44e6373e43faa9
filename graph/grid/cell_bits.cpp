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

bool cell_based(const GridPlanes& planes) {
  const int w = planes.width;
  const int h = planes.height;
  const auto words = static_cast<std::size_t>(planes.words);
  // Bits past the width are zero in every plane; `inside` masks them out of the free cells.
  const auto free_word = [&](int y, std::size_t k) -> std::uint32_t {
    if (y >= h || k >= words) return 0;
    const int first = static_cast<int>(k) * 32;
    const std::uint32_t inside =
        w - first >= 32 ? 0xFFFFFFFFU : (std::uint32_t{1} << (w - first)) - 1U;
    return ~planes.blocked[static_cast<std::size_t>(y) * words + k] & inside;
  };
  for (int y = 0; y < h; ++y)
    for (std::size_t k = 0; k < words; ++k) {
      const std::uint32_t here = free_word(y, k);
      const std::uint32_t east = here >> 1 | (free_word(y, k + 1) & 1U) << 31;
      const std::uint32_t south = free_word(y + 1, k);
      const std::size_t at = static_cast<std::size_t>(y) * words + k;
      if ((planes.right[at] & (here & east)) != (here & east)) return false;
      if ((planes.down[at] & (here & south)) != (here & south)) return false;
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
