// Definitions for graph/grid/costs.hpp.
#include "graph/grid/costs.hpp"

#include <algorithm>
#include <string>

#include "arcwave/error.hpp"
#include "graph/grid/cpu_wave.hpp"

namespace arcwave::grid {

std::uint32_t CellCosts::min_cost() const {
  std::uint32_t lo = 0xFFFFU;
  bool any = false;
  for (const std::uint16_t c : cost)
    if (c != 0) {
      lo = std::min<std::uint32_t>(lo, c);
      any = true;
    }
  return any ? lo : 1U;
}

std::uint32_t CellCosts::max_cost() const {
  std::uint32_t hi = 1;
  for (const std::uint16_t c : cost) hi = std::max<std::uint32_t>(hi, c);
  return hi;
}

Grid grid_from_costs(const CellCosts& costs) {
  std::vector<std::uint8_t> blocked(costs.cost.size());
  for (std::size_t i = 0; i < blocked.size(); ++i) blocked[i] = costs.cost[i] == 0 ? 1 : 0;
  return grid_from_blocked(costs.width, costs.height, blocked);
}

SearchMap::SearchMap(const Grid& grid, Neighbourhood n, const CellCosts* costs)
    : width_(grid.width()), height_(grid.height()) {
  metric_.n = n;
  const std::uint64_t cells = grid.cell_count();
  std::uint64_t largest_move = 1;  // the largest key a move adds to one count
  if (costs != nullptr) {
    if (costs->width != width_ || costs->height != height_ || costs->cost.size() != cells)
      throw InputError("the cost grid is " + std::to_string(costs->width) + "x" +
                       std::to_string(costs->height) + ", the map " + std::to_string(width_) + "x" +
                       std::to_string(height_));
    if (n == Neighbourhood::kMoore)
      throw InputError(
          "weighted grids move with 4 neighbours or 8 with octile costs, not with "
          "unit diagonals");
    metric_.weighted = true;
    metric_.min_cost = costs->min_cost();
    largest_move = 2ULL * costs->max_cost();
    costs_ = costs->cost;
  }
  // A shortest path visits each cell once; the heuristic adds at most width + height moves.
  const std::uint64_t bound =
      (cells + static_cast<std::uint64_t>(width_) + static_cast<std::uint64_t>(height_)) *
      largest_move;
  if (bound >= kOctileMaxCount)
    throw InputError("the map is too large for exact path lengths (" + std::to_string(cells) +
                     " cells, largest move " + std::to_string(largest_move) +
                     " half units: lengths could exceed 2^31)");
  moves_.resize(cells);
  blocked_.resize(cells);
  const std::span<const std::uint8_t> bits = grid.cells();
  for (std::uint64_t c = 0; c < cells; ++c) {
    const auto cell = static_cast<std::uint32_t>(c);
    blocked_[c] = (bits[c] & kBlocked) != 0 ? 1 : 0;
    if (costs != nullptr && costs->cost[c] == 0 && blocked_[c] == 0)
      throw InputError("cell (" + std::to_string(c % static_cast<std::uint64_t>(width_)) + "," +
                       std::to_string(c / static_cast<std::uint64_t>(width_)) +
                       ") has cost 0 but is free in the grid (build it with grid_from_costs)");
    std::uint8_t m =
        n == Neighbourhood::kVonNeumann ? (bits[c] & kOpenAll) : open_moves(grid, cell);
    moves_[c] = m;
  }
  for (int m = 0; m < 8; ++m) offsets_[m] = kDy[m] * static_cast<std::int64_t>(width_) + kDx[m];
}

}  // namespace arcwave::grid
