// graph/grid/metric.hpp — what a move costs in the grid searches of arcwave (A* and Dijkstra on
// the CPU, the tile waves on the GPU), with every length kept exact as a packed key of
// octile.hpp (orth + diag * sqrt 2, two 32-bit counts):
//   kVonNeumann   4 moves of cost 1                      (key: orth = moves)
//   kMoore        8 moves of cost 1                      (key: orth = moves)
//   kOctile       8 moves, cost 1 and sqrt 2             (MovingAI: orth and diag counts)
// Weighted grids give each cell a cost c >= 1 (0 = blocked); a move between cells a and b costs
// (c(a) + c(b)) / 2, times sqrt 2 for a diagonal (the mean of the two cells, so that lengths
// are symmetric). Keys then count half units: a move adds c(a) + c(b) to orth or to diag, and
// length() halves the value. Weighted searches use kVonNeumann or kOctile.
// Diagonals never cut corners: both orthogonal neighbours they pass must be free (grid.hpp).
// The heuristics (Manhattan, Chebyshev, octile distance, times the cheapest move when weighted)
// are consistent, so A* with them is exact.
#pragma once

#include <cstdint>
#include <cstdlib>

#include "graph/grid/grid.hpp"
#include "graph/grid/hd.hpp"
#include "graph/grid/octile.hpp"

namespace arcwave::grid {

struct Metric {
  Neighbourhood n = Neighbourhood::kOctile;
  bool weighted = false;
  /// Weighted: the smallest cell cost (the heuristic's scale), >= 1.
  std::uint32_t min_cost = 1;

  /// The key of one move m (0..3 orthogonal, 4..7 diagonal) between cells of costs ca and cb
  /// (ignored unless weighted), added to `key`.
  ARCWAVE_GRID_HD std::uint64_t step(std::uint64_t key, int m, std::uint32_t ca,
                                     std::uint32_t cb) const {
    const std::uint64_t w = weighted ? static_cast<std::uint64_t>(ca) + cb : 1;
    return (m >= 4 && n == Neighbourhood::kOctile) ? key + (w << 32) : key + w;
  }

  /// A lower bound of the length between cells dx, dy apart (consistent).
  ARCWAVE_GRID_HD std::uint64_t heuristic(int dx, int dy) const {
    const auto ax = static_cast<std::uint64_t>(dx < 0 ? -dx : dx);
    const auto ay = static_cast<std::uint64_t>(dy < 0 ? -dy : dy);
    const std::uint64_t lo = ax < ay ? ax : ay;
    const std::uint64_t hi = ax < ay ? ay : ax;
    const std::uint64_t scale = weighted ? 2ULL * min_cost : 1ULL;
    switch (n) {
      case Neighbourhood::kVonNeumann:
        return (ax + ay) * scale;
      case Neighbourhood::kMoore:
        return hi * scale;
      case Neighbourhood::kOctile:
      default:
        return octile_pack(static_cast<std::uint32_t>((hi - lo) * scale),
                           static_cast<std::uint32_t>(lo * scale));
    }
  }
};

/// Packed sum (both counts add; never of an unreached key).
ARCWAVE_GRID_HD std::uint64_t key_add(std::uint64_t a, std::uint64_t b) {
  return a + b;
}

/// The length a key stands for (+infinity when unreached).
inline double key_length(std::uint64_t key, const Metric& metric) {
  const double v = octile_value(key);
  return metric.weighted ? v * 0.5 : v;
}

}  // namespace arcwave::grid
