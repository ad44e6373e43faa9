// graph/grid/grid.hpp — the grid model of the Lee wave: a width x height polygon of cells with a
// passability flag for each move between 4-neighbours (the paper's left/up/right/down flags),
// symmetric and closed at the border, plus the derived diagonal moves of the Moore
// neighbourhood (a diagonal is open when both two-step orthogonal routes around it are, which
// for cell-based maps is MovingAI's "no corner cutting").
//
// Coordinates are image coordinates: x is the column (0 = left), y the row (0 = top), "up"
// is y - 1. Cells are stored row-major: index = y * width + x.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "graph/grid/hd.hpp"

namespace arcwave::grid {

/// Move bits of a cell (von Neumann) and the "cell itself cannot be entered" flag.
inline constexpr std::uint8_t kOpenLeft = 1;
inline constexpr std::uint8_t kOpenUp = 2;
inline constexpr std::uint8_t kOpenRight = 4;
inline constexpr std::uint8_t kOpenDown = 8;
inline constexpr std::uint8_t kBlocked = 16;
inline constexpr std::uint8_t kOpenAll = kOpenLeft | kOpenUp | kOpenRight | kOpenDown;

/// The 8 moves: 0..3 orthogonal (left, up, right, down), 4..7 diagonal (left-up, up-right,
/// right-down, down-left): diagonal 4 + k lies between orthogonal k and (k + 1) % 4.
inline constexpr int kDx[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
inline constexpr int kDy[8] = {0, -1, 0, 1, -1, -1, 1, 1};
/// kDx / kDy as functions, usable in CUDA kernels.
ARCWAVE_GRID_HD int move_dx(int m) {
  return (m == 0 || m == 4 || m == 7) ? -1 : (m == 2 || m == 5 || m == 6) ? 1 : 0;
}
ARCWAVE_GRID_HD int move_dy(int m) {
  return (m == 1 || m == 4 || m == 5) ? -1 : (m == 3 || m == 6 || m == 7) ? 1 : 0;
}
ARCWAVE_GRID_HD int opposite_move(int m) {
  return m < 4 ? (m + 2) % 4 : 4 + (m - 2) % 4;
}

struct Point {
  int x = 0;
  int y = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

enum class Neighbourhood : std::uint8_t {
  kVonNeumann,  // 4 unit moves (the paper's case)
  kMoore,       // 8 unit moves (BFS over the Moore neighbourhood)
  kOctile,      // 8 moves, orthogonal cost 1 and diagonal cost sqrt(2) (MovingAI)
};
std::string to_string(Neighbourhood n);
[[nodiscard]] inline int move_count(Neighbourhood n) {
  return n == Neighbourhood::kVonNeumann ? 4 : 8;
}

/// Throws InputError unless 0 < width, height and width * height < 2^32 - 1 (labels are 32-bit
/// with UINT32_MAX meaning "unreached").
void check_grid_size(int width, int height);

class Grid {
 public:
  Grid() = default;
  /// A grid with every cell open to all its in-grid neighbours.
  Grid(int width, int height);

  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] std::uint64_t cell_count() const noexcept {
    return static_cast<std::uint64_t>(width_) * static_cast<std::uint64_t>(height_);
  }
  [[nodiscard]] bool contains(Point p) const noexcept {
    return p.x >= 0 && p.y >= 0 && p.x < width_ && p.y < height_;
  }
  [[nodiscard]] std::uint32_t index(Point p) const noexcept {
    return static_cast<std::uint32_t>(p.y) * static_cast<std::uint32_t>(width_) +
           static_cast<std::uint32_t>(p.x);
  }
  [[nodiscard]] Point point(std::uint32_t index) const noexcept {
    return {static_cast<int>(index % static_cast<std::uint32_t>(width_)),
            static_cast<int>(index / static_cast<std::uint32_t>(width_))};
  }
  [[nodiscard]] std::uint8_t bits(Point p) const { return cells_[index(p)]; }
  [[nodiscard]] bool blocked(Point p) const { return (bits(p) & kBlocked) != 0; }
  /// Whether move m (0..7, see kDx/kDy) from p is open; diagonals are derived.
  [[nodiscard]] bool open(Point p, int m) const;
  [[nodiscard]] std::span<const std::uint8_t> cells() const noexcept { return cells_; }

  /// Opens or closes the edge between p and its neighbour in orthogonal direction m (0..3),
  /// on both sides. Both cells must be inside and not blocked to open it.
  void set_edge(Point p, int m, bool open);
  /// Blocks a cell: it loses all its moves (and its neighbours their moves into it).
  void block(Point p);

  /// Impassability beta = closed directed transitions between in-grid 4-neighbours / all of
  /// them (4n^2 - 4n for an n x n grid, the paper's definition); 0 for a 1x1 grid.
  [[nodiscard]] double impassability() const;
  [[nodiscard]] std::uint64_t closed_transitions() const;
  [[nodiscard]] std::uint64_t transition_count() const;

  /// Builds a grid from raw cell bits (for the passability-file reader); checks that the bits
  /// are symmetric, closed at the border and that blocked cells have no moves, and returns a
  /// message naming the first offending cell (empty when valid), whose coordinates go to
  /// `where` when given.
  static Grid from_bits(int width, int height, std::vector<std::uint8_t> cells,
                        std::string* problem, Point* where = nullptr);
  /// Adopts cell bits that a builder made valid by construction (no checks but the size).
  static Grid from_trusted_bits(int width, int height, std::vector<std::uint8_t> cells);

 private:
  int width_ = 0;
  int height_ = 0;
  std::vector<std::uint8_t> cells_;
};

/// Height map to grid: the move between adjacent cells is open (both ways) when their heights
/// differ by less than `threshold` (the paper's rule); `heights` is row-major width x height.
Grid grid_from_heights(int width, int height, std::span<const std::uint16_t> heights,
                       std::uint32_t threshold);
/// Cell map to grid: blocked cells (non-zero in `blocked`) cannot be entered; moves between two
/// free 4-neighbours are open.
Grid grid_from_blocked(int width, int height, std::span<const std::uint8_t> blocked);

}  // namespace arcwave::grid
