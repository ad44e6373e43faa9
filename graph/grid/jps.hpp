// graph/grid/jps.hpp — Jump Point Search (Harabor & Grastien) on an octile cell map with no
// corner cutting: A* over jump points (jump_search.hpp) whose straight jumps scan the map's
// free cells 64 at a time (cell_bits.hpp) and whose diagonal jumps step cell by cell, running
// both straight scans at each step. No preprocessing: the map's bit lines only (2 bits a cell).
// Lengths are exact and equal A*'s; the path is one shortest path (not necessarily A*'s).
#pragma once

#include "graph/grid/astar.hpp"
#include "graph/grid/cell_bits.hpp"
#include "graph/grid/jump_search.hpp"

namespace arcwave::grid {

/// The jumps of JPS, read from the map's bit lines.
class ScanJumper {
 public:
  explicit ScanJumper(const CellBits& bits) : bits_(bits) {}
  [[nodiscard]] bool free(int x, int y) const { return bits_.free(x, y); }
  [[nodiscard]] std::uint8_t successors(int x, int y, std::uint8_t incoming) const {
    return successor_moves(bits_, x, y, incoming);
  }
  /// Every jump point move m from the free cell (x, y) leads to: emit(to, key, incoming move).
  template <class Emit>
  void expand(int x, int y, int m, Point goal, Emit&& emit) const {
    if (m < 4) {
      const int k = straight(x, y, m, goal);
      if (k > 0) emit(segment_end(x, y, m, k), segment_key(m, k), m);
      return;
    }
    // The diagonal, cell by cell, with both straight scans from each cell.
    const int a = m - 4;
    const int b = (m - 3) & 3;
    for (std::uint64_t key = 0;;) {
      if (!diagonal_open(bits_, x, y, m)) return;
      x += kDx[m];
      y += kDy[m];
      key += segment_key(m, 1);
      if (x == goal.x && y == goal.y) {
        emit(Point{x, y}, key, m);
        return;
      }
      const int ka = straight(x, y, a, goal);
      if (ka > 0) emit(segment_end(x, y, a, ka), key + segment_key(a, ka), a);
      const int kb = straight(x, y, b, goal);
      if (kb > 0) emit(segment_end(x, y, b, kb), key + segment_key(b, kb), b);
    }
  }

 private:
  [[nodiscard]] int straight(int x, int y, int m, Point goal) const {
    const int scanned = bits_.scan(x, y, m);
    const int to_goal = goal_on_ray(x, y, m, goal);
    const int reach = scanned < 0 ? -scanned : scanned;
    if (to_goal != 0 && to_goal <= reach) return to_goal;
    return scanned > 0 ? scanned : 0;
  }
  const CellBits& bits_;
};

/// One searcher (its workspace covers the map): not thread-safe, one per thread.
class JumpPointSearch {
 public:
  /// `bits` must outlive the searcher.
  explicit JumpPointSearch(const CellBits& bits)
      : jumper_(bits), search_(jumper_, bits.width(), bits.height()) {}
  // The search refers to the jumper member: neither copied nor moved.
  JumpPointSearch(const JumpPointSearch&) = delete;
  JumpPointSearch& operator=(const JumpPointSearch&) = delete;
  SearchResult search(Point start, Point goal, bool want_path) {
    return search_.search(start, goal, want_path);
  }

 private:
  ScanJumper jumper_;
  JumpAStar<ScanJumper> search_;
};

}  // namespace arcwave::grid
