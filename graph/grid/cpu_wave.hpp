// graph/grid/cpu_wave.hpp — the CPU references of the Lee wave: BFS over the von Neumann or
// Moore neighbourhood (single thread, and level-synchronous on all cores with OpenMP) and an
// exact Dijkstra for octile costs. Labels are distances to the finish (the wave starts there
// with 0); kUnreached marks cells the wave never reached.
#pragma once

#include <cstdint>
#include <vector>

#include "graph/grid/grid.hpp"

namespace arcwave::grid {

inline constexpr std::uint32_t kUnreached = 0xFFFFFFFFU;

/// BFS labels from `finish` (kVonNeumann or kMoore), one thread.
std::vector<std::uint32_t> bfs_labels(const Grid& grid, Point finish, Neighbourhood n);
/// The same labels, level-synchronous on `threads` OpenMP threads (0: all cores).
std::vector<std::uint32_t> bfs_labels_parallel(const Grid& grid, Point finish, Neighbourhood n,
                                               int threads = 0);
/// Exact octile distances (packed, see octile.hpp) from `finish` by Dijkstra with a binary heap.
std::vector<std::uint64_t> octile_labels(const Grid& grid, Point finish);

/// The cell's open moves as a mask over 0..7 (bit m: move m of grid.hpp is open), from the
/// orthogonal bits of the cell and of its 4-neighbours.
std::uint8_t open_moves(const Grid& grid, std::uint32_t cell);

}  // namespace arcwave::grid
