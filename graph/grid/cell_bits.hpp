// graph/grid/cell_bits.hpp — a cell map's free cells as padded bit lines, the layout the jump
// searches (JPS, JPS+) scan 64 cells at a time: every row (bit x + 64 of row y + 1 is cell
// (x, y)) and, transposed, every column, with 64 blocked cells of padding at both ends of a line
// and a blocked line before the first and after the last, so that a scan reads whole words
// without bounds checks and always meets a blocked cell.
//
// The jump searches need a cell map: a cell is free or blocked, and every move between two free
// 4-neighbours is open (MovingAI maps, maps from blocked cells or costs). Passability files and
// height maps may close single moves between free cells: cell_based() says which.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "graph/grid/grid.hpp"
#include "graph/grid/grid_planes.hpp"

namespace arcwave::grid {

/// Whether every move between two free 4-neighbours of the grid is open.
bool cell_based(const Grid& grid);
/// The same from packed planes (whole words).
bool cell_based(const GridPlanes& planes);

/// 64 bits of a padded line from bit `pos` on (bit i: bit pos + i); pos >= 0.
inline std::uint64_t line_window(const std::uint64_t* line, int pos) {
  const auto w = static_cast<std::size_t>(pos) >> 6;
  const int s = pos & 63;
  if (s == 0) return line[w];
  return line[w] >> s | line[w + 1] << (64 - s);
}

/// Walks along a line from cell x (padded position x + 64) towards larger positions: returns
/// k > 0 when cell x + k is the first jump point (a free cell with a free side neighbour whose
/// neighbour behind is blocked, on side line a or b), or -k when the k cells after x are free,
/// none is a jump point, and the next one is blocked (0: blocked at once).
inline int scan_forward(const std::uint64_t* line, const std::uint64_t* side_a,
                        const std::uint64_t* side_b, int x) {
  int walked = 0;
  for (int pos = x + 64;; pos += 63, walked += 63) {
    const std::uint64_t f = line_window(line, pos);
    const std::uint64_t a = line_window(side_a, pos);
    const std::uint64_t b = line_window(side_b, pos);
    const std::uint64_t forced = ((a & ~(a << 1)) | (b & ~(b << 1))) & f;
    const std::uint64_t stop = (forced | ~f) & ~std::uint64_t{1};
    if (stop != 0) {
      const int i = std::countr_zero(stop);
      return (forced >> i & 1U) != 0 ? walked + i : -(walked + i - 1);
    }
  }
}

/// The same towards smaller positions (the neighbour behind is the one at the next position).
inline int scan_backward(const std::uint64_t* line, const std::uint64_t* side_a,
                         const std::uint64_t* side_b, int x) {
  int walked = 0;
  for (int pos = x + 64;; pos -= 63, walked += 63) {
    // Bit 63 is position pos, bit 63 - i position pos - i.
    const std::uint64_t f = line_window(line, pos - 63);
    const std::uint64_t a = line_window(side_a, pos - 63);
    const std::uint64_t b = line_window(side_b, pos - 63);
    const std::uint64_t forced = ((a & ~(a >> 1)) | (b & ~(b >> 1))) & f;
    const std::uint64_t stop = (forced | ~f) & ~(std::uint64_t{1} << 63);
    if (stop != 0) {
      const int j = 63 - std::countl_zero(stop);
      const int i = 63 - j;
      return (forced >> j & 1U) != 0 ? walked + i : -(walked + i - 1);
    }
  }
}

class CellBits {
 public:
  CellBits() = default;
  /// The free cells of a cell map (blocked cells are the grid's blocked ones).
  explicit CellBits(const Grid& grid);

  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  /// Whether (x, y) is a free cell (false outside the map).
  [[nodiscard]] bool free(int x, int y) const noexcept {
    const auto pos = static_cast<std::size_t>(x + 64);
    return (row(y)[pos >> 6] >> (pos & 63) & 1U) != 0;
  }
  /// Padded row y (-1 <= y <= height), column x (-1 <= x <= width).
  [[nodiscard]] const std::uint64_t* row(int y) const noexcept {
    return rows_.data() + static_cast<std::size_t>(y + 1) * row_stride_;
  }
  [[nodiscard]] const std::uint64_t* column(int x) const noexcept {
    return columns_.data() + static_cast<std::size_t>(x + 1) * column_stride_;
  }
  /// The jump scans of move m (0..3, grid.hpp) from a free cell (x, y): see scan_forward.
  [[nodiscard]] int scan(int x, int y, int m) const noexcept {
    switch (m) {
      case 0:
        return scan_backward(row(y), row(y - 1), row(y + 1), x);
      case 1:
        return scan_backward(column(x), column(x - 1), column(x + 1), y);
      case 2:
        return scan_forward(row(y), row(y - 1), row(y + 1), x);
      default:
        return scan_forward(column(x), column(x - 1), column(x + 1), y);
    }
  }
  [[nodiscard]] std::size_t bytes() const noexcept {
    return (rows_.size() + columns_.size()) * sizeof(std::uint64_t);
  }

 private:
  int width_ = 0;
  int height_ = 0;
  std::size_t row_stride_ = 0;     // words per padded row
  std::size_t column_stride_ = 0;  // words per padded column
  std::vector<std::uint64_t> rows_;
  std::vector<std::uint64_t> columns_;
};

}  // namespace arcwave::grid
