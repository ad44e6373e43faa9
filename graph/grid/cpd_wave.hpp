// graph/grid/cpd_wave.hpp — the pieces of a first-move database build that the CPU builder and
// the GPU kernels share (host and device code alike), so that both produce equal rows:
//   bucket_of()       the exact integer part of a packed length (orth + floor(diag·sqrt 2)):
//                     every move costs at least 1, so a wave that settles lengths bucket by
//                     bucket ([k, k + 1) in turn) never relaxes a cell into the bucket being
//                     settled — Dijkstra's order without a heap;
//   RowCompressor     the run-length compression of one row of first-move sets, greedy as in
//                     SRC (Strasser, Botea, Harabor): a run grows while the intersection of its
//                     sets stays non-empty and takes the lowest move left in it; a cell no
//                     query asks for (the source, another component) is a wildcard (all moves).
// A run is stored as position << 3 | move (positions below 2^29).
#pragma once

#include <cstdint>

#include "graph/grid/hd.hpp"
#include "graph/grid/octile.hpp"

namespace arcwave::grid {

/// First-move set of a cell no query asks for.
inline constexpr std::uint8_t kAnyMove = 0xFF;
/// Positions (cells in the database's order) must fit in 29 bits.
inline constexpr std::uint64_t kMaxCpdPositions = std::uint64_t{1} << 29;

/// floor(sqrt(v)) for v < 2^63, exact.
ARCWAVE_GRID_HD std::uint64_t exact_isqrt(std::uint64_t v) {
  auto r = static_cast<std::uint64_t>(sqrt(static_cast<double>(v)));
  while (r * r > v) --r;
  while ((r + 1) * (r + 1) <= v) ++r;
  return r;
}

/// floor(orth + diag·sqrt 2) of a packed length (not of kOctileUnreached).
ARCWAVE_GRID_HD std::uint64_t bucket_of(std::uint64_t key) {
  const std::uint64_t d = octile_diag(key);
  return octile_orth(key) + exact_isqrt(2 * d * d);
}

/// The lowest move of a non-empty set.
ARCWAVE_GRID_HD std::uint32_t lowest_move(std::uint32_t set) {
  std::uint32_t m = 0;
  while (m < 7 && (set >> m & 1U) == 0) ++m;
  return m;
}

/// Greedy run-length compression of one row, fed position by position.
struct RowCompressor {
  std::uint32_t run_start = 0;
  std::uint32_t common = kAnyMove;  // intersection of the sets of the open run

  /// Adds the set of position p (p = 0, 1, ... in turn); returns true when the previous run
  /// ended at p - 1, then *run holds it.
  ARCWAVE_GRID_HD bool add(std::uint32_t p, std::uint32_t set, std::uint32_t* run) {
    const std::uint32_t both = common & set;
    if (both != 0 || p == 0) {
      common = p == 0 ? set : both;
      return false;
    }
    *run = run_start << 3 | lowest_move(common);
    run_start = p;
    common = set;
    return true;
  }
  /// The last run, after every position was added.
  [[nodiscard]] ARCWAVE_GRID_HD std::uint32_t last() const {
    return run_start << 3 | lowest_move(common);
  }
};

}  // namespace arcwave::grid
