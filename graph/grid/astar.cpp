// Definitions for graph/grid/astar.hpp.
#include "graph/grid/astar.hpp"

#include <algorithm>
#include <cmath>

#include "arcwave/error.hpp"

namespace arcwave::grid {

namespace {

constexpr std::uint8_t kClosed = 0x80;
constexpr std::uint8_t kNoParent = 0x7F;

}  // namespace

AStar::AStar(const SearchMap& map)
    : map_(map), g_(map.cell_count()), stamp_(map.cell_count(), 0), parent_(map.cell_count()) {}

SearchResult AStar::search(Point start, Point goal, bool want_path) {
  if (!map_.contains(start) || !map_.contains(goal))
    throw InputError("a query point lies outside the " + std::to_string(map_.width()) + "x" +
                     std::to_string(map_.height()) + " map");
  SearchResult result;
  const std::uint32_t s = map_.index(start);
  const std::uint32_t t = map_.index(goal);
  if (map_.blocked(s) || map_.blocked(t)) return result;
  if (++generation_ == 0) {  // stamps wrapped: clear them once every 2^32 searches
    std::fill(stamp_.begin(), stamp_.end(), 0);
    generation_ = 1;
  }
  // std heap is a max-heap: "a below b" when a comes out later (larger f, then smaller g).
  // Doubles decide when they are clearly apart (their rounding is far below 1e-9 relative);
  // the exact comparison decides the rest.
  const auto later = [](const Entry& a, const Entry& b) {
    if (std::abs(a.f_value - b.f_value) > 1e-9 * (a.f_value + b.f_value))
      return a.f_value > b.f_value;
    if (a.f != b.f) return octile_less(b.f, a.f);
    return octile_less(a.g, b.g);
  };
  heap_.clear();
  stamp_[s] = generation_;
  g_[s] = 0;
  parent_[s] = kNoParent;
  const Metric& metric = map_.metric();
  const bool weighted = map_.weighted();
  const std::span<const std::uint16_t> costs = map_.costs();
  const double value_scale = weighted ? 0.5 : 1.0;
  const auto push = [&](std::uint64_t f, std::uint64_t g, std::uint32_t cell) {
    heap_.push_back({octile_value(f) * value_scale, f, g, cell});
    std::push_heap(heap_.begin(), heap_.end(), later);
  };
  push(map_.heuristic(s, t), 0, s);
  const std::span<const std::uint8_t> moves = map_.moves();
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    const Entry top = heap_.back();
    heap_.pop_back();
    if ((parent_[top.cell] & kClosed) != 0 || top.g != g_[top.cell]) continue;  // stale
    parent_[top.cell] |= kClosed;
    ++result.expanded;
    if (top.cell == t) {
      result.key = top.g;
      break;
    }
    const unsigned open = moves[top.cell];
    const Point here = map_.point(top.cell);
    const std::uint32_t here_cost = weighted ? costs[top.cell] : 1U;
    for (int m = 0; m < 8; ++m) {
      if ((open >> m & 1U) == 0) continue;
      const std::uint32_t d = map_.neighbour(top.cell, m);
      const std::uint64_t g = metric.step(top.g, m, here_cost, weighted ? costs[d] : 1U);
      if (fresh(d)) {
        stamp_[d] = generation_;
        parent_[d] = static_cast<std::uint8_t>(m);
      } else if ((parent_[d] & kClosed) != 0 || !octile_less(g, g_[d])) {
        continue;  // closed (consistent heuristic: final) or no better
      } else {
        parent_[d] = static_cast<std::uint8_t>(m);
      }
      g_[d] = g;
      push(key_add(g, metric.heuristic(here.x + kDx[m] - goal.x, here.y + kDy[m] - goal.y)), g, d);
    }
  }
  if (want_path && result.key != kOctileUnreached) {
    for (std::uint32_t c = t;;) {
      result.path.push_back(map_.point(c));
      const int m = parent_[c] & 0x7F;
      if (m == kNoParent) break;
      c = map_.neighbour(c, opposite_move(m));
    }
    std::reverse(result.path.begin(), result.path.end());
  }
  return result;
}

}  // namespace arcwave::grid
