// Definitions for graph/grid/path.hpp.
#include "graph/grid/path.hpp"

#include <cctype>
#include <string>

#include "arcwave/error.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/octile.hpp"

namespace arcwave::grid {

namespace {

std::string point_text(Point p) {
  return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

/// The diagonal between two consecutive orthogonal moves a and b of an order.
int diagonal_between(int a, int b) {
  for (int k = 0; k < 4; ++k)
    if ((a == k && b == (k + 1) % 4) || (b == k && a == (k + 1) % 4)) return 4 + k;
  return -1;
}

/// Walks from start; `step` returns the next cell or -1 when none is nearer.
template <typename NextMove>
std::vector<Point> walk(Point start, std::uint64_t max_steps, NextMove next) {
  std::vector<Point> path{start};
  Point current = start;
  for (std::uint64_t steps = 0;; ++steps) {
    const int m = next(current);
    if (m == -2) return path;  // at the finish
    if (m < 0 || steps > max_steps)
      throw InternalError("path recovery: no neighbour of " + point_text(current) +
                          " is nearer to the finish (labels are not a wave labelling)");
    current = {current.x + kDx[m], current.y + kDy[m]};
    path.push_back(current);
  }
}

}  // namespace

Priority parse_priority(std::string_view text) {
  std::string upper;
  for (const char c : text) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (upper == "LURD") return Priority::kLURD;
  if (upper == "ULDR") return Priority::kULDR;
  throw InputError("unknown priority order '" + std::string(text) + "' (expected LURD or ULDR)");
}

std::string_view to_string(Priority p) {
  return p == Priority::kLURD ? "LURD" : "ULDR";
}

std::array<int, 8> move_order(Priority p) {
  // Orthogonal moves: 0 left, 1 up, 2 right, 3 down.
  const std::array<int, 4> orth =
      p == Priority::kLURD ? std::array<int, 4>{0, 1, 2, 3} : std::array<int, 4>{1, 0, 3, 2};
  std::array<int, 8> order{};
  for (int i = 0; i < 4; ++i) {
    order[static_cast<std::size_t>(i)] = orth[static_cast<std::size_t>(i)];
    order[static_cast<std::size_t>(4 + i)] = diagonal_between(
        orth[static_cast<std::size_t>(i)], orth[static_cast<std::size_t>((i + 1) % 4)]);
  }
  return order;
}

std::vector<Point> recover_path(const Grid& grid, std::span<const std::uint32_t> labels,
                                Point start, Neighbourhood n, Priority priority) {
  if (labels.size() != grid.cell_count()) throw InternalError("recover_path: label count");
  if (!grid.contains(start))
    throw InputError("start " + point_text(start) + " is outside the grid");
  if (grid.blocked(start) || labels[grid.index(start)] == kUnreached) return {};
  const std::array<int, 8> order = move_order(priority);
  const int moves = move_count(n);
  return walk(start, labels[grid.index(start)], [&](Point c) {
    const std::uint32_t here = labels[grid.index(c)];
    if (here == 0) return -2;
    const std::uint8_t open = open_moves(grid, grid.index(c));
    for (const int m : order) {
      if (m >= 4 && moves == 4) continue;
      if ((open >> m & 1U) == 0) continue;
      if (labels[grid.index({c.x + kDx[m], c.y + kDy[m]})] == here - 1) return m;
    }
    return -1;
  });
}

std::vector<Point> recover_octile_path(const Grid& grid, std::span<const std::uint64_t> labels,
                                       Point start, Priority priority) {
  if (labels.size() != grid.cell_count()) throw InternalError("recover_octile_path: label count");
  if (!grid.contains(start))
    throw InputError("start " + point_text(start) + " is outside the grid");
  if (grid.blocked(start) || labels[grid.index(start)] == kOctileUnreached) return {};
  const std::array<int, 8> order = move_order(priority);
  const std::uint64_t steps = std::uint64_t{octile_orth(labels[grid.index(start)])} +
                              octile_diag(labels[grid.index(start)]);
  return walk(start, steps, [&](Point c) {
    const std::uint64_t here = labels[grid.index(c)];
    if (here == 0) return -2;
    const std::uint8_t open = open_moves(grid, grid.index(c));
    for (const int m : order) {
      if ((open >> m & 1U) == 0) continue;
      const std::uint64_t there = labels[grid.index({c.x + kDx[m], c.y + kDy[m]})];
      if (there != kOctileUnreached && octile_step(there, m) == here) return m;
    }
    return -1;
  });
}

int move_between(Point a, Point b) {
  for (int m = 0; m < 8; ++m)
    if (a.x + kDx[m] == b.x && a.y + kDy[m] == b.y) return m;
  return -1;
}

std::string check_path(const Grid& grid, std::span<const Point> path, Point start, Point finish,
                       Neighbourhood n) {
  if (path.empty()) return "the path is empty";
  if (!(path.front() == start)) return "the path does not begin at the start";
  if (!(path.back() == finish)) return "the path does not end at the finish";
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    if (!grid.contains(path[i]) || !grid.contains(path[i + 1])) return "a cell is outside";
    const int m = move_between(path[i], path[i + 1]);
    if (m < 0 || (m >= 4 && n == Neighbourhood::kVonNeumann))
      return "cells " + point_text(path[i]) + " and " + point_text(path[i + 1]) +
             " are not neighbours";
    if (!grid.open(path[i], m))
      return "the move from " + point_text(path[i]) + " to " + point_text(path[i + 1]) +
             " is closed";
  }
  return {};
}

double path_length(std::span<const Point> path, Neighbourhood n) {
  if (path.empty()) return 0.0;
  std::uint32_t orth = 0;
  std::uint32_t diag = 0;
  for (std::size_t i = 0; i + 1 < path.size(); ++i)
    (move_between(path[i], path[i + 1]) >= 4 ? diag : orth) += 1;
  if (n != Neighbourhood::kOctile) return static_cast<double>(orth + diag);
  return octile_value(octile_pack(orth, diag));
}

}  // namespace arcwave::grid
