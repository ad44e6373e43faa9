// graph/grid/costs.hpp — weighted grids: a cost per cell (1..65535, 0 = blocked), read from
// MovingAI terrain letters, a gray image or a raw array (parsers/grid), and the searchable map
// every grid search of arcwave runs on (SearchMap: the open moves of each cell, the costs when
// weighted, the metric).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "graph/grid/grid.hpp"
#include "graph/grid/metric.hpp"

namespace arcwave::grid {

struct CellCosts {
  int width = 0;
  int height = 0;
  std::vector<std::uint16_t> cost;  // row-major, 0 = blocked

  /// Smallest and largest cost of a free cell (1 and 1 when every cell is blocked).
  [[nodiscard]] std::uint32_t min_cost() const;
  [[nodiscard]] std::uint32_t max_cost() const;
};

/// The passability of a cost grid: cells of cost 0 are blocked, moves between free
/// 4-neighbours are open.
Grid grid_from_costs(const CellCosts& costs);

/// A grid prepared for searches: the open moves of every cell (bit m: move m of grid.hpp; only
/// orthogonal bits for kVonNeumann), and the cell costs when weighted.
class SearchMap {
 public:
  /// `costs` (optional) makes the map weighted; its size must be the grid's, and kMoore (unit
  /// diagonals) cannot be weighted. Throws InputError when lengths could outgrow the exact
  /// keys (more than 2^31 - 1 in either count).
  SearchMap(const Grid& grid, Neighbourhood n, const CellCosts* costs = nullptr);

  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] std::uint64_t cell_count() const noexcept { return moves_.size(); }
  [[nodiscard]] const Metric& metric() const noexcept { return metric_; }
  [[nodiscard]] bool weighted() const noexcept { return metric_.weighted; }
  [[nodiscard]] std::span<const std::uint8_t> moves() const noexcept { return moves_; }
  /// Empty unless weighted.
  [[nodiscard]] std::span<const std::uint16_t> costs() const noexcept { return costs_; }
  [[nodiscard]] bool contains(Point p) const noexcept {
    return p.x >= 0 && p.y >= 0 && p.x < width_ && p.y < height_;
  }
  [[nodiscard]] std::uint32_t index(Point p) const noexcept {
    return static_cast<std::uint32_t>(p.y) * static_cast<std::uint32_t>(width_) +
           static_cast<std::uint32_t>(p.x);
  }
  [[nodiscard]] Point point(std::uint32_t cell) const noexcept {
    return {static_cast<int>(cell % static_cast<std::uint32_t>(width_)),
            static_cast<int>(cell / static_cast<std::uint32_t>(width_))};
  }
  /// A cell nobody can stand on (blocked, or of cost 0).
  [[nodiscard]] bool blocked(std::uint32_t cell) const noexcept { return blocked_[cell] != 0; }
  /// Cost of cell (1 when unweighted).
  [[nodiscard]] std::uint32_t cost(std::uint32_t cell) const noexcept {
    return costs_.empty() ? 1U : costs_[cell];
  }
  /// The key of the move m from `cell` (to its neighbour in direction m), which must be open.
  [[nodiscard]] std::uint64_t step(std::uint64_t key, std::uint32_t cell, int m) const noexcept {
    return metric_.step(key, m, cost(cell), cost(neighbour(cell, m)));
  }
  [[nodiscard]] std::uint32_t neighbour(std::uint32_t cell, int m) const noexcept {
    return static_cast<std::uint32_t>(static_cast<std::int64_t>(cell) + offsets_[m]);
  }
  /// Heuristic from cell a to cell b.
  [[nodiscard]] std::uint64_t heuristic(std::uint32_t a, std::uint32_t b) const noexcept {
    const Point pa = point(a);
    const Point pb = point(b);
    return metric_.heuristic(pa.x - pb.x, pa.y - pb.y);
  }
  [[nodiscard]] double length(std::uint64_t key) const { return key_length(key, metric_); }

 private:
  int width_ = 0;
  int height_ = 0;
  Metric metric_;
  std::vector<std::uint8_t> moves_;
  std::vector<std::uint8_t> blocked_;
  std::vector<std::uint16_t> costs_;
  std::int64_t offsets_[8] = {};
};

}  // namespace arcwave::grid
