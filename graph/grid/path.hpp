// graph/grid/path.hpp — path recovery from wave labels: from the start, step to a neighbour one
// step nearer the finish, choosing among equals by a priority order of the moves (the paper's
// "left, up, right, down" and "up, left, down, right"; with 8 moves the diagonals follow, each
// between two consecutive orthogonal moves of the order). And the checks the tests use.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "graph/grid/grid.hpp"

namespace arcwave::grid {

enum class Priority : std::uint8_t { kLURD, kULDR };
/// Parses "LURD" or "ULDR" (case-insensitive); throws InputError otherwise.
Priority parse_priority(std::string_view text);
std::string_view to_string(Priority p);
/// The 8 moves (indices of grid.hpp) in the order path recovery tries them.
std::array<int, 8> move_order(Priority p);

/// The path from `start` to the finish (the cell labelled 0), both included, over BFS labels
/// (kVonNeumann or kMoore). Empty when the start is unreached or blocked. Throws InternalError
/// when the labels are not a BFS labelling (no neighbour one step nearer).
std::vector<Point> recover_path(const Grid& grid, std::span<const std::uint32_t> labels,
                                Point start, Neighbourhood n, Priority priority);
/// The same over exact octile labels: the next cell c' satisfies label(c') + cost = label(c).
std::vector<Point> recover_octile_path(const Grid& grid, std::span<const std::uint64_t> labels,
                                       Point start, Priority priority);

/// Which move leads from a to b (-1 when they are not 8-neighbours).
int move_between(Point a, Point b);
/// Checks that `path` runs from start to finish over open moves of the neighbourhood; returns
/// an empty string or what is wrong.
std::string check_path(const Grid& grid, std::span<const Point> path, Point start, Point finish,
                       Neighbourhood n);
/// Length of a path: moves, or orth + diag * sqrt(2) for kOctile.
double path_length(std::span<const Point> path, Neighbourhood n);

}  // namespace arcwave::grid
