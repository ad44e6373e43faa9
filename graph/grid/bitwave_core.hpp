// graph/grid/bitwave_core.hpp — the fast Lee wave ("bitwave"), shared by the CUDA kernels and the
// CPU driver that tests the same logic on machines without a GPU.
//
// The idea. Passability, the visited set and the frontier are bit planes (bit b of word w of
// a row is the cell x = 32 w + b), so one 32-bit operation advances the wave over 32 cells.
// The grid is cut into tiles of TW words x TH rows; a block loads its tile plus a halo of one
// word left and right and K rows above and below (a "ghost zone") and runs K BFS rounds in
// shared memory with no global exchange: after K rounds every interior cell is exact, because
// a cell reached within K moves of the frontier has its whole shortest path inside the halo.
// One global step thus advances the exact level-synchronous wave by K levels, and the labels
// (level s*K + j) are written once per cell. Only tiles with a frontier in their 3x3 tile
// neighbourhood are processed in a step (an active-tile list built by the previous step).
//
// Why halo cells need no "visited" state: treating them as unvisited only adds walks from real
// frontier cells, which are never shorter than the true distances, and every shortest path
// to an interior cell that ends within K levels lies inside the region. Interior visited bits
// are exact and owned by the tile, so each interior cell is labelled once.
//
// Global state per step s (read in step s, written for step s + 1, by parity):
//   frontier[s % 2]  interior frontier words of each tile (level s*K), valid for a tile only
//                    when stamp[s % 2][tile] == s (no clearing needed);
//   visited          interior visited words, read and written only by the tile's own block;
//   list[s % 2], count[s % 3]  the active tiles; enqueued[tile] deduplicates them.
#pragma once

#include <cstdint>

#include "graph/grid/hd.hpp"

namespace arcwave::grid::bitwave {

/// A tile shape: TW interior words (32 TW cells) by TH interior rows, K rounds per step
/// (K <= 32: the horizontal halo is one word), NT threads per block.
template <int TW, int TH, int K, int NT>
struct Shape {
  static_assert(K >= 1 && K <= 32 && K <= TH, "the halo must fit one word and one tile");
  static constexpr int kTileWords = TW;
  static constexpr int kTileRows = TH;
  static constexpr int kRounds = K;
  static constexpr int kThreads = NT;
  static constexpr int kRegionWords = TW + 2;
  static constexpr int kRegionRows = TH + 2 * K;
  static constexpr int kRegionSize = kRegionWords * kRegionRows;
  static_assert(kRegionSize % NT == 0, "every thread owns the same number of region words");
  static constexpr int kWordsPerThread = kRegionSize / NT;
  static constexpr int kInteriorSize = TW * TH;
  /// The shared frontier buffers have a zero border of one word around the region.
  static constexpr int kPaddedWords = kRegionWords + 2;
  static constexpr int kPaddedSize = kPaddedWords * (kRegionRows + 2);
  static constexpr int kLevelBits = K <= 1    ? 1
                                    : K <= 2  ? 1
                                    : K <= 4  ? 2
                                    : K <= 8  ? 3
                                    : K <= 16 ? 4
                                              : 5;
};

/// The global arrays of one wave (device pointers for the GPU, host pointers for the CPU).
struct Buffers {
  int width = 0;  // grid cells
  int height = 0;
  int words = 0;  // words per row of every plane (tiles_x * TW)
  int rows = 0;   // rows of every plane (tiles_y * TH)
  std::uint32_t tiles_x = 0;
  std::uint32_t tiles_y = 0;
  const std::uint32_t* right = nullptr;       // bit x of row y: move (x,y)-(x+1,y) open
  const std::uint32_t* down = nullptr;        // move (x,y)-(x,y+1) open
  const std::uint32_t* down_right = nullptr;  // Moore: move (x,y)-(x+1,y+1) open
  const std::uint32_t* down_left = nullptr;   // Moore: move (x,y)-(x-1,y+1) open
  std::uint32_t* visited = nullptr;
  std::uint32_t* frontier[2] = {nullptr, nullptr};
  std::uint32_t* stamp[2] = {nullptr, nullptr};  // per tile
  std::uint32_t* enqueued = nullptr;             // per tile: the step it was last queued for
  std::uint32_t* list[2] = {nullptr, nullptr};   // active tiles of a step
  std::uint32_t* count = nullptr;                // 3 counters, count[s % 3] for step s
  std::uint32_t* labels = nullptr;               // width * height
  // The step + 1 in which `target` got its label (0: it is the finish, ~0: not labelled yet).
  // Blocks test `found <= step` at the start of a step: a write in that step (step + 1) cannot
  // make some blocks stop and others go on.
  std::uint32_t* found = nullptr;
  std::uint32_t target = 0xFFFFFFFFU;  // cell index watched, or none
};

/// Loads a word that other blocks (or steps run by other blocks) write: on the GPU past L1.
ARCWAVE_GRID_HD std::uint32_t load_shared_state(const std::uint32_t* p) {
#if defined(__CUDA_ARCH__)
  return __ldcg(p);
#else
  return *p;
#endif
}

/// What a thread keeps for one region word across the K rounds of a step.
template <bool kMoore>
struct WordState {
  std::uint32_t right = 0;       // R of this word
  std::uint32_t down = 0;        // D of this word
  std::uint32_t down_up = 0;     // D of the word above
  std::uint32_t right_left = 0;  // R of the word to the left (bit 31 used)
  // Moore only.
  std::uint32_t dr = 0;           // down-right of this word
  std::uint32_t dl = 0;           // down-left of this word
  std::uint32_t dr_up = 0;        // down-right of the word above
  std::uint32_t dr_up_left = 0;   // down-right of the word above-left (bit 31 used)
  std::uint32_t dl_up = 0;        // down-left of the word above
  std::uint32_t dl_up_right = 0;  // down-left of the word above-right (bit 0 used)
  std::uint32_t visited = 0;
  std::uint32_t fresh_all = 0;               // cells first reached in this step (interior words)
  std::uint32_t level[5] = {0, 0, 0, 0, 0};  // bit planes of (round index) per fresh cell
};

template <typename S>
struct Geometry {
  std::uint32_t tile_x = 0;
  std::uint32_t tile_y = 0;
  ARCWAVE_GRID_HD int global_row(int r) const {
    return static_cast<int>(tile_y) * S::kTileRows - S::kRounds + r;
  }
  ARCWAVE_GRID_HD int global_word(int c) const {
    return static_cast<int>(tile_x) * S::kTileWords - 1 + c;
  }
  ARCWAVE_GRID_HD static bool interior(int r, int c) {
    return r >= S::kRounds && r < S::kRounds + S::kTileRows && c >= 1 && c <= S::kTileWords;
  }
  /// Index into the padded shared frontier buffer of region word (r, c); r, c may be -1.
  ARCWAVE_GRID_HD static int padded(int r, int c) { return (r + 1) * S::kPaddedWords + (c + 1); }
};

/// Word of a plane at (row, word), or 0 outside the planes.
ARCWAVE_GRID_HD std::uint32_t plane_word(const std::uint32_t* plane, const Buffers& b, int row,
                                         int word) {
  if (plane == nullptr || row < 0 || word < 0 || row >= b.rows || word >= b.words) return 0;
  return plane[static_cast<std::size_t>(row) * static_cast<std::size_t>(b.words) +
               static_cast<std::size_t>(word)];
}

/// Phase 1 for region word `idx`: passability and visited into `w`; returns the frontier word
/// of step s (from the owning tile's buffer when its stamp says it is current).
template <typename S, bool kMoore>
ARCWAVE_GRID_HD std::uint32_t load_word(const Buffers& b, const Geometry<S>& g, int idx,
                                        std::uint32_t step, WordState<kMoore>& w) {
  const int r = idx / S::kRegionWords;
  const int c = idx % S::kRegionWords;
  const int gy = g.global_row(r);
  const int gw = g.global_word(c);
  w = WordState<kMoore>{};
  if (gy < 0 || gw < 0 || gy >= b.rows || gw >= b.words) return 0;
  w.right = plane_word(b.right, b, gy, gw);
  w.down = plane_word(b.down, b, gy, gw);
  w.down_up = plane_word(b.down, b, gy - 1, gw);
  w.right_left = plane_word(b.right, b, gy, gw - 1);
  if constexpr (kMoore) {
    w.dr = plane_word(b.down_right, b, gy, gw);
    w.dl = plane_word(b.down_left, b, gy, gw);
    w.dr_up = plane_word(b.down_right, b, gy - 1, gw);
    w.dr_up_left = plane_word(b.down_right, b, gy - 1, gw - 1);
    w.dl_up = plane_word(b.down_left, b, gy - 1, gw);
    w.dl_up_right = plane_word(b.down_left, b, gy - 1, gw + 1);
  }
  const std::size_t at = static_cast<std::size_t>(gy) * static_cast<std::size_t>(b.words) +
                         static_cast<std::size_t>(gw);
  if (Geometry<S>::interior(r, c)) w.visited = load_shared_state(b.visited + at);
  const std::uint32_t owner = static_cast<std::uint32_t>(gy / S::kTileRows) * b.tiles_x +
                              static_cast<std::uint32_t>(gw / S::kTileWords);
  if (load_shared_state(b.stamp[step & 1U] + owner) != step) return 0;
  return load_shared_state(b.frontier[step & 1U] + at);
}

/// Phase 2, one round for region word `idx`: the cells of this word reached from the current
/// frontier `f` (padded shared buffer) that were not visited. Updates visited and the level
/// planes; the caller stores the result into the next frontier buffer.
template <typename S, bool kMoore>
ARCWAVE_GRID_HD std::uint32_t advance_word(const std::uint32_t* f, int idx, int round,
                                           WordState<kMoore>& w) {
  using G = Geometry<S>;
  const int r = idx / S::kRegionWords;
  const int c = idx % S::kRegionWords;
  const std::uint32_t here = f[G::padded(r, c)];
  const std::uint32_t left = f[G::padded(r, c - 1)];
  const std::uint32_t right = f[G::padded(r, c + 1)];
  const std::uint32_t up = f[G::padded(r - 1, c)];
  const std::uint32_t down = f[G::padded(r + 1, c)];
  std::uint32_t reach = (((here & w.right) << 1) | ((left & w.right_left) >> 31)) |  // from x-1
                        (((here >> 1) | (right << 31)) & w.right) |                  // from x+1
                        (up & w.down_up) |                                           // from y-1
                        (down & w.down);                                             // from y+1
  if constexpr (kMoore) {
    const std::uint32_t up_left = f[G::padded(r - 1, c - 1)];
    const std::uint32_t up_right = f[G::padded(r - 1, c + 1)];
    const std::uint32_t down_left = f[G::padded(r + 1, c - 1)];
    const std::uint32_t down_right = f[G::padded(r + 1, c + 1)];
    reach |= ((up & w.dr_up) << 1) | ((up_left & w.dr_up_left) >> 31);    // from (x-1, y-1)
    reach |= ((up & w.dl_up) >> 1) | ((up_right & w.dl_up_right) << 31);  // from (x+1, y-1)
    reach |= ((down << 1) | (down_left >> 31)) & w.dl;                    // from (x-1, y+1)
    reach |= ((down >> 1) | (down_right << 31)) & w.dr;                   // from (x+1, y+1)
  }
  const std::uint32_t fresh = reach & ~w.visited;
  w.visited |= fresh;
  if (G::interior(r, c)) {
    w.fresh_all |= fresh;
    for (int k = 0; k < S::kLevelBits; ++k)
      if ((round >> k & 1) != 0) w.level[k] |= fresh;
  }
  return fresh;
}

/// Phase 3 for an interior cell (interior index `cell`, row-major over TH x 32 TW cells):
/// writes the label of a cell first reached in this step. `fresh` and `level` are the
/// interior words' planes, gathered (fresh[word], level[k * kInteriorSize + word]).
/// Returns true when the cell is `b.target`.
template <typename S>
ARCWAVE_GRID_HD bool write_label(const Buffers& b, const Geometry<S>& g, int cell,
                                 const std::uint32_t* fresh, const std::uint32_t* level,
                                 std::uint32_t step) {
  const int row = cell / (32 * S::kTileWords);
  const int x_in = cell % (32 * S::kTileWords);
  const int word = row * S::kTileWords + x_in / 32;
  const int bit = x_in % 32;
  if ((fresh[word] >> bit & 1U) == 0) return false;
  std::uint32_t round = 0;
  for (int k = 0; k < S::kLevelBits; ++k)
    round |= (level[k * S::kInteriorSize + word] >> bit & 1U) << k;
  const int gx = static_cast<int>(g.tile_x) * 32 * S::kTileWords + x_in;
  const int gy = static_cast<int>(g.tile_y) * S::kTileRows + row;
  if (gx >= b.width || gy >= b.height) return false;  // padding cells are never reached
  const std::uint32_t index = static_cast<std::uint32_t>(gy) * static_cast<std::uint32_t>(b.width) +
                              static_cast<std::uint32_t>(gx);
  b.labels[index] = step * static_cast<std::uint32_t>(S::kRounds) + round + 1;
  return index == b.target;
}

/// Interior word `idx` (region index) -> its index among the tile's interior words.
template <typename S>
ARCWAVE_GRID_HD int interior_index(int idx) {
  const int r = idx / S::kRegionWords - S::kRounds;
  const int c = idx % S::kRegionWords - 1;
  return r * S::kTileWords + c;
}

/// Global word offset of region word `idx` (valid for interior words).
template <typename S>
ARCWAVE_GRID_HD std::size_t global_offset(const Buffers& b, const Geometry<S>& g, int idx) {
  const int r = idx / S::kRegionWords;
  const int c = idx % S::kRegionWords;
  return static_cast<std::size_t>(g.global_row(r)) * static_cast<std::size_t>(b.words) +
         static_cast<std::size_t>(g.global_word(c));
}

}  // namespace arcwave::grid::bitwave
