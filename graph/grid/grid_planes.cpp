// Definitions for graph/grid/grid_planes.hpp.
#include "graph/grid/grid_planes.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "arcwave/error.hpp"

namespace arcwave::grid {

GridPlanes empty_planes(int width, int height) {
  check_grid_size(width, height);
  GridPlanes p;
  p.width = width;
  p.height = height;
  p.words = (width + 31) / 32;
  const std::size_t size = static_cast<std::size_t>(p.words) * static_cast<std::size_t>(height);
  p.right.assign(size, 0);
  p.down.assign(size, 0);
  p.blocked.assign(size, 0);
  return p;
}

namespace {

/// Grids below this many cells are converted on one thread (waking a team costs more).
constexpr std::uint64_t kParallelCells = 1U << 18;

/// Bits of the cells that exist in word w of a row (the last word may be partial).
std::uint32_t width_mask(int width, int w) {
  const int bits = width - 32 * w;
  return bits >= 32 ? ~0U : (1U << bits) - 1U;
}

}  // namespace

void open_free_moves(GridPlanes& p, int first_row, int last_row) {
  const auto words = static_cast<std::size_t>(p.words);
  for (int y = first_row; y < last_row; ++y) {
    const std::size_t row = static_cast<std::size_t>(y) * words;
    for (std::size_t w = 0; w < words; ++w) {
      const std::uint32_t free_here =
          ~p.blocked[row + w] & width_mask(p.width, static_cast<int>(w));
      // Cell x + 1 is bit x + 1, or bit 0 of the next word for x = 31.
      const std::uint32_t next_word = w + 1 < words ? ~p.blocked[row + w + 1] : 0U;
      const std::uint32_t free_next =
          (free_here >> 1 | next_word << 31) & width_mask(p.width, static_cast<int>(w));
      p.right[row + w] = free_here & free_next;
      p.down[row + w] = y + 1 < p.height ? free_here & ~p.blocked[row + words + w] : 0U;
    }
  }
}

GridPlanes planes_from_heights(int width, int height, std::span<const std::uint16_t> heights,
                               std::uint32_t threshold) {
  GridPlanes p = empty_planes(width, height);
  const auto w = static_cast<std::size_t>(width);
  if (heights.size() != w * static_cast<std::size_t>(height))
    throw InputError("height map of " + std::to_string(heights.size()) + " values for a " +
                     std::to_string(width) + "x" + std::to_string(height) + " grid");
  const auto near = [&](std::size_t a, std::size_t b) {
    return static_cast<std::uint32_t>(std::abs(int{heights[a]} - int{heights[b]})) < threshold;
  };
#pragma omp parallel for schedule(static) if (p.cell_count() >= kParallelCells)
  for (int y = 0; y < height; ++y) {
    const std::size_t cells = static_cast<std::size_t>(y) * w;
    const std::size_t row = static_cast<std::size_t>(y) * static_cast<std::size_t>(p.words);
    for (std::size_t x = 0; x < w; ++x) {
      const std::uint32_t bit = 1U << (x % 32);
      if (x + 1 < w && near(cells + x, cells + x + 1)) p.right[row + x / 32] |= bit;
      if (y + 1 < height && near(cells + x, cells + x + w)) p.down[row + x / 32] |= bit;
    }
  }
  return p;
}

GridPlanes planes_of(const Grid& grid) {
  GridPlanes p = empty_planes(grid.width(), grid.height());
  const std::span<const std::uint8_t> cells = grid.cells();
  const auto width = static_cast<std::size_t>(grid.width());
#pragma omp parallel for schedule(static) if (p.cell_count() >= kParallelCells)
  for (int y = 0; y < grid.height(); ++y) {
    const std::size_t row = static_cast<std::size_t>(y) * static_cast<std::size_t>(p.words);
    const std::uint8_t* line = cells.data() + static_cast<std::size_t>(y) * width;
    for (std::size_t x = 0; x < width; ++x) {
      const std::uint32_t bit = 1U << (x % 32);
      const std::size_t at = row + x / 32;
      if ((line[x] & kOpenRight) != 0) p.right[at] |= bit;
      if ((line[x] & kOpenDown) != 0) p.down[at] |= bit;
      if ((line[x] & kBlocked) != 0) p.blocked[at] |= bit;
    }
  }
  return p;
}

Grid grid_from_planes(const GridPlanes& p) {
  check_grid_size(p.width, p.height);
  const auto words = static_cast<std::size_t>(p.words);
  const std::size_t size = words * static_cast<std::size_t>(p.height);
  if (p.right.size() != size || p.down.size() != size || p.blocked.size() != size)
    throw InternalError("grid_from_planes: plane sizes");
  const auto width = static_cast<std::size_t>(p.width);
  std::vector<std::uint8_t> cells(p.cell_count());
#pragma omp parallel for schedule(static) if (p.cell_count() >= kParallelCells)
  for (int y = 0; y < p.height; ++y) {
    const std::size_t row = static_cast<std::size_t>(y) * words;
    std::uint8_t* line = cells.data() + static_cast<std::size_t>(y) * width;
    for (std::size_t w = 0; w < words; ++w) {
      // Per bit x of this word: left = right bit of x - 1, up = down bit of the row above.
      const std::uint32_t right = p.right[row + w];
      const std::uint32_t left = right << 1 | (w > 0 ? p.right[row + w - 1] >> 31 : 0U);
      const std::uint32_t up = y > 0 ? p.down[row - words + w] : 0U;
      const std::uint32_t down = p.down[row + w];
      const std::uint32_t blocked = p.blocked[row + w];
      const std::size_t count = std::min<std::size_t>(32, width - 32 * w);
      std::uint8_t* out = line + 32 * w;
      for (std::size_t i = 0; i < count; ++i) {
        const auto bits = static_cast<std::uint8_t>((left >> i & 1U) | (up >> i & 1U) << 1 |
                                                    (right >> i & 1U) << 2 | (down >> i & 1U) << 3);
        out[i] = (blocked >> i & 1U) != 0 ? kBlocked : bits;
      }
    }
  }
  return Grid::from_trusted_bits(p.width, p.height, std::move(cells));
}

std::uint64_t closed_transitions(const GridPlanes& p) {
  std::uint64_t open = 0;
#pragma omp parallel for schedule(static) reduction(+ : open) if (p.cell_count() >= kParallelCells)
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(p.right.size()); ++i)
    open += static_cast<std::uint64_t>(__builtin_popcount(p.right[static_cast<std::size_t>(i)]) +
                                       __builtin_popcount(p.down[static_cast<std::size_t>(i)]));
  const auto w = static_cast<std::uint64_t>(p.width);
  const auto h = static_cast<std::uint64_t>(p.height);
  const std::uint64_t transitions = 2 * (h * (w - 1) + w * (h - 1));
  return transitions - 2 * open;  // each open move is two directed transitions
}

double impassability(const GridPlanes& p) {
  const auto w = static_cast<std::uint64_t>(p.width);
  const auto h = static_cast<std::uint64_t>(p.height);
  const std::uint64_t transitions = 2 * (h * (w - 1) + w * (h - 1));
  return transitions == 0
             ? 0.0
             : static_cast<double>(closed_transitions(p)) / static_cast<double>(transitions);
}

}  // namespace arcwave::grid
