// graph/grid/jps_plus.hpp — JPS+ (Rabin's preprocessed jump point search): every free cell
// stores, for each of the 8 moves, how far the jump of JPS goes (the next jump point, k > 0) or
// how many free cells lie before the wall (-k, 0 when blocked at once), so that a search reads a
// jump instead of scanning for it. The goal, unknown at preprocessing, is found at query time:
// on a straight ray when it lies within the stored reach, and in a diagonal's quadrant by
// stopping where the diagonal meets the goal's row or column (a "target" node whose straight
// jumps then see the goal). The same pruning rules and A* as JPS (jump_rules.hpp,
// jump_search.hpp): lengths equal JPS's and A*'s.
// Preprocessing: O(cells), 8 distances of 16 bits per cell (maps of sides below 32768).
#pragma once

#include <cstdint>
#include <vector>

#include "graph/grid/astar.hpp"
#include "graph/grid/cell_bits.hpp"
#include "graph/grid/jump_search.hpp"

namespace arcwave::grid {

class JumpTable {
 public:
  /// The largest map side the 16-bit distances allow.
  static constexpr int kMaxSide = 32767;
  JumpTable() = default;
  /// Builds the distances of every free cell on `threads` threads (0: all cores). Throws
  /// Unsupported for a map side above kMaxSide.
  explicit JumpTable(const CellBits& bits, int threads = 0);

  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  /// The 8 distances of cell (x, y) (grid.hpp's move order).
  [[nodiscard]] const std::int16_t* at(int x, int y) const noexcept {
    return distance_.data() + 8 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
                                   static_cast<std::size_t>(x));
  }
  [[nodiscard]] std::size_t bytes() const noexcept {
    return distance_.size() * sizeof(std::int16_t);
  }

 private:
  int width_ = 0;
  int height_ = 0;
  std::vector<std::int16_t> distance_;  // 8 per cell
};

/// The share of free cells that are jump points of a straight move (a free side neighbour
/// whose neighbour behind is blocked), over at most 2^18 cells spread evenly. On the shared
/// MovingAI maps JPS+ was 30-50 % faster than JPS below 1/3 (game maps, rooms: 0.04-0.32) and
/// 10-40 % slower above (random obstacles: 0.35-0.80), where jumps are a few cells long and the
/// table's cache misses cost more than the scans they save.
double jump_point_share(const CellBits& bits);
/// JPS+ pays where jump_point_share() is below this.
inline constexpr double kJpsPlusShare = 1.0 / 3.0;

/// The jumps of JPS+, read from the table.
class TableJumper {
 public:
  TableJumper(const CellBits& bits, const JumpTable& table) : bits_(bits), table_(table) {}
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
    // From diagonal jump point to diagonal jump point, emitting their straight jump points, and
    // the goal where the diagonal meets its row or column within reach.
    const int a = m - 4;
    const int b = (m - 3) & 3;
    for (std::uint64_t key = 0;;) {
      const int d = table_.at(x, y)[m];
      const int to_line = goal_in_quadrant(x, y, m, goal);
      if (to_line != 0 && to_line <= (d < 0 ? -d : d)) {
        const Point t = segment_end(x, y, m, to_line);
        const std::uint64_t at_t = key + segment_key(m, to_line);
        for (const int s : {a, b}) {
          const int k = goal_on_ray(t.x, t.y, s, goal);
          if (k != 0 && k <= reach(t.x, t.y, s)) emit(goal, at_t + segment_key(s, k), s);
        }
        if (t.x == goal.x && t.y == goal.y) emit(goal, at_t, m);
      }
      if (d <= 0) return;
      x += kDx[m] * d;
      y += kDy[m] * d;
      key += segment_key(m, d);
      for (const int s : {a, b}) {
        const int k = straight(x, y, s, goal);
        if (k > 0) emit(segment_end(x, y, s, k), key + segment_key(s, k), s);
      }
    }
  }

 private:
  /// Free cells straight ahead before the wall, or to the jump point.
  [[nodiscard]] int reach(int x, int y, int m) const {
    const int d = table_.at(x, y)[m];
    return d < 0 ? -d : d;
  }
  /// Steps of straight move m to the goal (when on the ray within reach) or the jump point.
  [[nodiscard]] int straight(int x, int y, int m, Point goal) const {
    const int d = table_.at(x, y)[m];
    const int to_goal = goal_on_ray(x, y, m, goal);
    if (to_goal != 0 && to_goal <= (d < 0 ? -d : d)) return to_goal;
    return d > 0 ? d : 0;
  }
  const CellBits& bits_;
  const JumpTable& table_;
};

/// One searcher (its workspace covers the map): not thread-safe, one per thread.
class JumpPointSearchPlus {
 public:
  /// `bits` and `table` must outlive the searcher.
  JumpPointSearchPlus(const CellBits& bits, const JumpTable& table)
      : jumper_(bits, table), search_(jumper_, bits.width(), bits.height()) {}
  // The search refers to the jumper member: neither copied nor moved.
  JumpPointSearchPlus(const JumpPointSearchPlus&) = delete;
  JumpPointSearchPlus& operator=(const JumpPointSearchPlus&) = delete;
  SearchResult search(Point start, Point goal, bool want_path) {
    return search_.search(start, goal, want_path);
  }

 private:
  TableJumper jumper_;
  JumpAStar<TableJumper> search_;
};

}  // namespace arcwave::grid
