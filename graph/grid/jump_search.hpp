// graph/grid/jump_search.hpp — A* over jump points, shared by JPS (jumps scanned on the bit
// lines) and JPS+ (jumps read from a table): a node is a cell, an edge a path of k diagonal
// moves then l straight ones (exact packed octile length, octile.hpp), and the octile distance
// is a consistent heuristic for it. The Jumper gives each node's successor moves
// (jump_rules.hpp) and, per move, every jump point that move leads to:
//   std::uint8_t successors(int x, int y, std::uint8_t incoming) const;
//   void expand(int x, int y, int m, Point goal, Emit emit) const;
//     emit(Point to, std::uint64_t key, int incoming_move) for each successor
// A diagonal move sweeps its whole diagonal and emits the straight jump points met from each
// cell of it (Harabor & Grastien's pruning of intermediate jump points): the diagonal cells
// never enter the open list, and a path between two nodes is their diagonal-first octile path.
// Ties: a node keeps every move it was reached by at its best length (a mask), and a move that
// joins the mask after the node was expanded reopens it for that move alone, so that pruning by
// the incoming move never loses a path that only another equally short parent leads into.
// Workspace arrays cover the map with generation stamps (nothing cleared between searches);
// one searcher per thread.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "arcwave/error.hpp"
#include "graph/grid/astar.hpp"
#include "graph/grid/jump_rules.hpp"
#include "graph/grid/octile.hpp"
#include "graph/grid/open_list.hpp"

namespace arcwave::grid {

/// The packed octile key of `steps` moves m.
inline std::uint64_t segment_key(int m, int steps) {
  const auto k = static_cast<std::uint64_t>(steps);
  return m < 4 ? k : k << 32;
}

/// The exact octile distance between two cells as a packed key.
inline std::uint64_t octile_distance(int x0, int y0, int x1, int y1) {
  const auto ax = static_cast<std::uint32_t>(x0 < x1 ? x1 - x0 : x0 - x1);
  const auto ay = static_cast<std::uint32_t>(y0 < y1 ? y1 - y0 : y0 - y1);
  const std::uint32_t lo = ax < ay ? ax : ay;
  const std::uint32_t hi = ax < ay ? ay : ax;
  return octile_pack(hi - lo, lo);
}

/// Cells of the path through the given jump points: between two of them, diagonal moves first,
/// then straight ones.
std::vector<Point> expand_jump_path(const std::vector<Point>& jump_points);

template <class Jumper>
class JumpAStar {
 public:
  JumpAStar(const Jumper& jumper, int width, int height)
      : jumper_(jumper), width_(width), height_(height), node_(cells()), open_(width, height) {}

  /// The shortest path from start to goal (blocked ends: no path). `expanded` counts node
  /// expansions (jump points taken from the open list).
  SearchResult search(Point start, Point goal, bool want_path) {
    if (start.x < 0 || start.y < 0 || start.x >= width_ || start.y >= height_ || goal.x < 0 ||
        goal.y < 0 || goal.x >= width_ || goal.y >= height_)
      throw InputError("a query point lies outside the " + std::to_string(width_) + "x" +
                       std::to_string(height_) + " map");
    SearchResult result;
    if (!jumper_.free(start.x, start.y) || !jumper_.free(goal.x, goal.y)) return result;
    if (++generation_ == 0) {  // 16-bit stamps wrapped: clear them once every 65535 searches
      for (Node& n : node_) n.stamp = 0;
      generation_ = 1;
    }
    open_.clear();
    now_.clear();
    goal_ = goal;
    const std::uint32_t s = index(start);
    const std::uint32_t t = index(goal);
    node_[s] = {0, s, generation_, kAllMoves, 0};
    open_.push(octile_distance(start.x, start.y, goal.x, goal.y), 0, s);
    while (!now_.empty() || !open_.empty()) {
      OctileOpenList::Entry top;
      if (!now_.empty()) {
        top = now_.back();
        now_.pop_back();
      } else {
        top = open_.pop();
      }
      f_ = top.f;
      Node& n = node_[top.cell];
      if (top.g != n.g) continue;  // a better length came after this entry
      const auto fresh_moves = static_cast<std::uint8_t>(n.reached & ~n.expanded);
      if (fresh_moves == 0) continue;
      n.expanded = static_cast<std::uint8_t>(n.expanded | fresh_moves);
      ++result.expanded;
      if (top.cell == t) {
        result.key = top.g;
        break;
      }
      const Point here = point(top.cell);
      const int x = here.x;
      const int y = here.y;
      const std::uint8_t moves = jumper_.successors(x, y, fresh_moves);
      // Successors are gathered first, their states prefetched, then relaxed: the states'
      // cache misses overlap with the rest of the jumps instead of following one another.
      found_.clear();
      for (int m = 0; m < 8; ++m) {
        if ((moves >> m & 1U) == 0) continue;
        jumper_.expand(x, y, m, goal, [&](Point to, std::uint64_t key, int incoming) {
          const std::uint32_t cell = index(to);
          __builtin_prefetch(&node_[cell]);
          found_.push_back({top.g + key, cell, to, incoming});
        });
      }
      for (const Found& f : found_) relax(top.cell, f.g, f.cell, f.to, f.move);
    }
    if (want_path && result.key != kOctileUnreached) {
      std::vector<Point> jumps;
      for (std::uint32_t c = t;; c = node_[c].parent) {
        jumps.push_back(point(c));
        if (c == s) break;
      }
      std::reverse(jumps.begin(), jumps.end());
      result.path = expand_jump_path(jumps);
    }
    return result;
  }

 private:
  /// A cell's search state, 16 bytes: one cache line holds four.
  struct Node {
    std::uint64_t g;
    std::uint32_t parent;
    std::uint16_t stamp;    // == generation_: the rest belongs to this search
    std::uint8_t reached;   // moves the cell was reached by at its length g
    std::uint8_t expanded;  // of those, the ones already expanded
  };
  /// A successor waiting to be relaxed.
  struct Found {
    std::uint64_t g;
    std::uint32_t cell;
    Point to;
    int move;
  };

  [[nodiscard]] std::size_t cells() const {
    return static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
  }
  [[nodiscard]] std::uint32_t index(Point p) const {
    return static_cast<std::uint32_t>(p.y) * static_cast<std::uint32_t>(width_) +
           static_cast<std::uint32_t>(p.x);
  }
  [[nodiscard]] Point point(std::uint32_t c) const {
    return {static_cast<int>(c % static_cast<std::uint32_t>(width_)),
            static_cast<int>(c / static_cast<std::uint32_t>(width_))};
  }

  void relax(std::uint32_t from, std::uint64_t g, std::uint32_t cell, Point to, int m) {
    const auto bit = static_cast<std::uint8_t>(1U << m);
    Node& n = node_[cell];
    if (n.stamp == generation_) {
      if (octile_less(n.g, g)) return;  // longer than what the cell has
      if (g == n.g) {
        if ((n.reached & bit) != 0) return;
        // Equally short by another move: add it; reopen the cell when it was expanded.
        n.reached = static_cast<std::uint8_t>(n.reached | bit);
        push(g + octile_distance(to.x, to.y, goal_.x, goal_.y), g, cell);
        return;
      }
    }
    // New, or shorter: everything about the cell starts again.
    n = {g, from, generation_, bit, 0};
    push(g + octile_distance(to.x, to.y, goal_.x, goal_.y), g, cell);
  }

  /// A successor whose f equals the f being expanded comes next anyway (nothing open has a
  /// smaller f): it skips the open list (immediate expansion; only ties change order).
  void push(std::uint64_t f, std::uint64_t g, std::uint32_t cell) {
    if (f == f_)
      now_.push_back({octile_value(f), f, g, cell});
    else
      open_.push(f, g, cell);
  }

  const Jumper& jumper_;
  int width_;
  int height_;
  std::vector<Node> node_;
  OctileOpenList open_;
  std::vector<OctileOpenList::Entry> now_;  // f equal to f_: expanded before the open list
  std::uint64_t f_ = 0;                     // f of the node being expanded
  std::vector<Found> found_;
  std::uint16_t generation_ = 0;
  Point goal_;
};

}  // namespace arcwave::grid
