// graph/grid/grid_planes.hpp — a grid's passability packed one bit per cell and plane: the layout
// the fast readers write (parsers/grid) and the GPU wave uploads as it is (gpu_wave.hpp), so
// that a map goes from file to device with no byte-per-cell pass on the host. Bit x % 32 of
// word y * words + x / 32 belongs to cell (x, y); bits past the width are zero.
//   right    the move (x,y)-(x+1,y) is open (both ways)
//   down     the move (x,y)-(x,y+1) is open (both ways)
//   blocked  the cell cannot be entered (it then has no open move)
// The same information as Grid's cell bits (grid.hpp), which grid_from_planes() and
// planes_of() convert to and from; plane_moves() gives a cell's 8-move mask (open_moves() of
// cpu_wave.hpp) from the planes, on the host and in kernels.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "graph/grid/grid.hpp"
#include "graph/grid/hd.hpp"

namespace arcwave::grid {

struct GridPlanes {
  int width = 0;
  int height = 0;
  int words = 0;  // words per row: (width + 31) / 32
  std::vector<std::uint32_t> right;
  std::vector<std::uint32_t> down;
  std::vector<std::uint32_t> blocked;

  [[nodiscard]] std::uint64_t cell_count() const noexcept {
    return static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height);
  }
  [[nodiscard]] bool contains(Point p) const noexcept {
    return p.x >= 0 && p.y >= 0 && p.x < width && p.y < height;
  }
  [[nodiscard]] bool is_blocked(Point p) const {
    return (blocked[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(words) +
                    static_cast<std::size_t>(p.x / 32)] >>
                (p.x % 32) &
            1U) != 0;
  }
};

/// Planes of a width x height grid, all zero (every cell free, every move closed).
GridPlanes empty_planes(int width, int height);
/// For a cell map (only `blocked` filled in): opens every move between two free 4-neighbours,
/// rows [first_row, last_row) of `right` and `down` (the down plane of a row reads the next
/// row's blocked words, which must be final).
void open_free_moves(GridPlanes& planes, int first_row, int last_row);
/// Height map straight to planes (grid_from_heights()'s rule: a move is open when the heights
/// differ by less than `threshold`), rows on all cores; no cell is blocked.
GridPlanes planes_from_heights(int width, int height, std::span<const std::uint16_t> heights,
                               std::uint32_t threshold);
/// Packs a grid (one pass over its cells, rows on all cores).
GridPlanes planes_of(const Grid& grid);
/// Unpacks planes into a grid (one pass over the cells, rows on all cores).
Grid grid_from_planes(const GridPlanes& planes);
/// Closed directed transitions between in-grid 4-neighbours and the impassability beta, as
/// Grid::closed_transitions() / Grid::impassability() (popcounts of the planes).
std::uint64_t closed_transitions(const GridPlanes& planes);
double impassability(const GridPlanes& planes);

/// Bit (x, y) of a plane with `stride` words per row; 0 outside 0 <= x, 0 <= y < height.
ARCWAVE_GRID_HD std::uint32_t plane_bit(const std::uint32_t* plane, int stride, int height, int x,
                                        int y) {
  if (x < 0 || y < 0 || y >= height || x >= 32 * stride) return 0;
  return plane[static_cast<std::size_t>(y) * static_cast<std::size_t>(stride) +
               static_cast<std::size_t>(x / 32)] >>
             (x % 32) &
         1U;
}

/// The open moves of cell (x, y) as a mask over 0..7 (bit m: move m of grid.hpp; diagonals only
/// with `diagonals`: open when both two-step routes around them are, as Grid::open()).
ARCWAVE_GRID_HD std::uint8_t plane_moves(const std::uint32_t* right, const std::uint32_t* down,
                                         int stride, int height, int x, int y, bool diagonals) {
  const auto r = [&](int cx, int cy) { return plane_bit(right, stride, height, cx, cy); };
  const auto d = [&](int cx, int cy) { return plane_bit(down, stride, height, cx, cy); };
  const std::uint32_t left = r(x - 1, y);
  const std::uint32_t up = d(x, y - 1);
  const std::uint32_t rt = r(x, y);
  const std::uint32_t dn = d(x, y);
  std::uint32_t mask = left | up << 1 | rt << 2 | dn << 3;
  if (diagonals) {
    mask |= (left & up & d(x - 1, y - 1) & r(x - 1, y - 1)) << 4;  // left-up
    mask |= (up & rt & r(x, y - 1) & d(x + 1, y - 1)) << 5;        // up-right
    mask |= (rt & dn & d(x + 1, y) & r(x, y + 1)) << 6;            // right-down
    mask |= (dn & left & r(x - 1, y + 1) & d(x - 1, y)) << 7;      // down-left
  }
  return static_cast<std::uint8_t>(mask);
}

/// The two diagonal planes of the Moore wave (bitwave_core.hpp) at word `w` of row `y`:
/// *down_right bit x: move (x,y)-(x+1,y+1) open, *down_left bit x: move (x,y)-(x-1,y+1) open,
/// from planes of `stride` words per row and `rows` rows (whole words, 32 cells at a time).
ARCWAVE_GRID_HD void diagonal_words(const std::uint32_t* right, const std::uint32_t* down,
                                    int stride, int rows, int y, int w, std::uint32_t* down_right,
                                    std::uint32_t* down_left) {
  const auto word = [&](const std::uint32_t* plane, int row, int col) -> std::uint32_t {
    if (row < 0 || col < 0 || row >= rows || col >= stride) return 0;
    return plane[static_cast<std::size_t>(row) * static_cast<std::size_t>(stride) +
                 static_cast<std::size_t>(col)];
  };
  // Bit x of "from the right": the bit of cell x + 1; "from the left": of cell x - 1.
  const auto from_right = [&](const std::uint32_t* plane, int row) {
    return word(plane, row, w) >> 1 | word(plane, row, w + 1) << 31;
  };
  const auto from_left = [&](const std::uint32_t* plane, int row) {
    return word(plane, row, w) << 1 | word(plane, row, w - 1) >> 31;
  };
  const std::uint32_t r = word(right, y, w);
  const std::uint32_t d = word(down, y, w);
  // Right-down: right and down here, down from (x+1, y), right from (x, y+1).
  *down_right = r & d & from_right(down, y) & word(right, y + 1, w);
  // Down-left: down and left here, right from (x-1, y+1) and down from (x-1, y).
  *down_left = d & from_left(right, y) & from_left(right, y + 1) & from_left(down, y);
}

}  // namespace arcwave::grid
