// graph/grid/astar.hpp — one exact point-to-point search on a SearchMap: A* with the metric's
// consistent heuristic (Manhattan, Chebyshev or octile distance), a binary heap ordered by the
// exact packed f = g + h (ties: larger g first), a closed set, and the parent move of each
// cell for the path. A Workspace keeps its arrays between searches (generation stamps instead
// of clearing), so one per thread serves a whole batch of queries.
#pragma once

#include <cstdint>
#include <vector>

#include "graph/grid/costs.hpp"

namespace arcwave::grid {

struct SearchResult {
  std::uint64_t key = kOctileUnreached;  // exact length (metric units), unreached: no path
  std::uint64_t expanded = 0;            // cells taken out of the open list and expanded
  std::vector<Point> path;               // start .. goal when asked for and found
};

class AStar {
 public:
  explicit AStar(const SearchMap& map);
  /// The shortest path from start to goal (inside the map; blocked ends: no path).
  SearchResult search(Point start, Point goal, bool want_path);

 private:
  struct Entry {
    double f_value;  // octile_value(f): orders the heap unless two entries are very close
    std::uint64_t f;
    std::uint64_t g;
    std::uint32_t cell;
  };
  [[nodiscard]] bool fresh(std::uint32_t cell) const { return stamp_[cell] != generation_; }
  const SearchMap& map_;
  std::vector<std::uint64_t> g_;
  std::vector<std::uint32_t> stamp_;  // == generation_: g_ and parent_ belong to this search
  std::vector<std::uint8_t> parent_;  // move from the parent to the cell, | 0x80 when closed
  std::vector<Entry> heap_;
  std::uint32_t generation_ = 0;
};

}  // namespace arcwave::grid
