// graph/grid/jump_rules.hpp — the pruning rules of jump point search on an octile cell map with
// no corner cutting (a diagonal needs both orthogonal neighbours free), under the
// "diagonal first" canonical order: among equally long paths, one that takes a diagonal move
// before a straight one is kept.
//
// Moves are those of grid.hpp (0 left, 1 up, 2 right, 3 down; diagonal 4 + k between straight
// k and (k + 1) % 4). A node reached by a diagonal move (dx, dy) goes on with (dx, 0), (0, dy)
// and (dx, dy): every other neighbour is reached at least as cheaply without it (no corner
// cutting leaves diagonal moves without forced neighbours). A node reached by a straight move
// (dx, 0) goes on with (dx, 0), and with (0, s) and (dx, s) for a side s where the cell behind
// the side, (x - dx, y + s), is blocked while (x, y + s) is free: the canonical path through
// (x - dx, y + s) is then cut. The start, "reached" by every move, goes on with all eight.
// A cell is a jump point of a straight move when that rule adds a side (a forced neighbour).
#pragma once

#include <cstdint>

#include "graph/grid/cell_bits.hpp"
#include "graph/grid/grid.hpp"

namespace arcwave::grid {

/// Incoming-move mask of the start (every move).
inline constexpr std::uint8_t kAllMoves = 0xFF;

/// The diagonal between straight moves a and b (perpendicular).
constexpr int diagonal_between(int a, int b) {
  return ((a + 1) & 3) == b ? 4 + a : 4 + b;
}

/// The moves a node at (x, y) goes on with, for the set of moves it was reached by.
inline std::uint8_t successor_moves(const CellBits& bits, int x, int y, std::uint8_t incoming) {
  std::uint8_t out = 0;
  for (int m = 0; m < 4; ++m) {
    if ((incoming >> m & 1U) == 0) continue;
    out = static_cast<std::uint8_t>(out | 1U << m);
    for (const int side : {(m + 1) & 3, (m + 3) & 3}) {
      const int sx = x + kDx[side];
      const int sy = y + kDy[side];
      if (bits.free(sx, sy) && !bits.free(sx - kDx[m], sy - kDy[m]))
        out = static_cast<std::uint8_t>(out | 1U << side | 1U << diagonal_between(m, side));
    }
  }
  for (int m = 4; m < 8; ++m) {
    if ((incoming >> m & 1U) == 0) continue;
    const int a = m - 4;
    const int b = (m - 3) & 3;
    out = static_cast<std::uint8_t>(out | 1U << a | 1U << b | 1U << m);
  }
  return out;
}

/// Whether the diagonal move m (4..7) from the free cell (x, y) is open.
inline bool diagonal_open(const CellBits& bits, int x, int y, int m) {
  const int dx = kDx[m];
  const int dy = kDy[m];
  return bits.free(x + dx, y) && bits.free(x, y + dy) && bits.free(x + dx, y + dy);
}

/// Where a segment of `steps` moves m from (x, y) ends.
inline Point segment_end(int x, int y, int m, int steps) {
  return {x + kDx[m] * steps, y + kDy[m] * steps};
}

/// Whether the goal lies on the ray of straight move m from (x, y), and how far (0: not on it).
inline int goal_on_ray(int x, int y, int m, Point goal) {
  const int dx = kDx[m];
  const int dy = kDy[m];
  if (dx != 0) return goal.y == y && (goal.x - x) * dx > 0 ? (goal.x - x) * dx : 0;
  return goal.x == x && (goal.y - y) * dy > 0 ? (goal.y - y) * dy : 0;
}

/// Diagonal move m from (x, y): the steps until the goal's row or column is met when the goal
/// lies strictly inside the move's quadrant (0 otherwise).
inline int goal_in_quadrant(int x, int y, int m, Point goal) {
  const int ax = (goal.x - x) * kDx[m];
  const int ay = (goal.y - y) * kDy[m];
  if (ax <= 0 || ay <= 0) return 0;
  return ax < ay ? ax : ay;
}

}  // namespace arcwave::grid
