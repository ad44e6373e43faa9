// Definitions for graph/grid/jps.hpp and the path expansion of jump_search.hpp.
#include "graph/grid/jps.hpp"

namespace arcwave::grid {

std::vector<Point> expand_jump_path(const std::vector<Point>& jump_points) {
  std::vector<Point> cells;
  if (jump_points.empty()) return cells;
  cells.push_back(jump_points.front());
  for (std::size_t i = 1; i < jump_points.size(); ++i) {
    Point p = jump_points[i - 1];
    const Point b = jump_points[i];
    // Diagonal while both coordinates differ, then straight.
    while (p != b) {
      p = {p.x + ((b.x > p.x) - (b.x < p.x)), p.y + ((b.y > p.y) - (b.y < p.y))};
      cells.push_back(p);
    }
  }
  return cells;
}

}  // namespace arcwave::grid
