// Definitions for graph/grid/jps_plus.hpp: the straight distances are JPS's own scans (so both
// searches jump alike); a diagonal distance follows from the next cell's, rows processed from
// the side the diagonal runs towards.
#include "graph/grid/jps_plus.hpp"

#include <omp.h>

#include <algorithm>
#include <string>

#include "arcwave/error.hpp"

namespace arcwave::grid {

JumpTable::JumpTable(const CellBits& bits, int threads)
    : width_(bits.width()), height_(bits.height()) {
  if (width_ > kMaxSide || height_ > kMaxSide)
    throw Unsupported(SourcePosition{}, "JPS+ stores 16-bit jump distances: map sides up to " +
                                            std::to_string(kMaxSide) + ", not " +
                                            std::to_string(width_) + "x" + std::to_string(height_) +
                                            " (use JPS)");
  const int team = threads > 0 ? threads : omp_get_max_threads();
  distance_.assign(8 * static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), 0);
  const auto slot = [&](int x, int y) {
    return distance_.data() + 8 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
                                   static_cast<std::size_t>(x));
  };
  const int w = width_;
  const int h = height_;
  // Small maps on one thread: a team costs more than the work.
  const std::uint64_t cells = static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(h);
  const int team_size = cells < (1U << 16) ? 1 : team;
#pragma omp parallel for schedule(dynamic, 16) num_threads(team_size)
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (!bits.free(x, y)) continue;
      std::int16_t* d = slot(x, y);
      for (int m = 0; m < 4; ++m) d[m] = static_cast<std::int16_t>(bits.scan(x, y, m));
    }
    // Diagonals: (x, y) needs (x + dx, y + dy), a row processed before it; the four moves are
    // independent (one task each, no barrier per row).
#pragma omp parallel for schedule(static, 1) num_threads(std::min(team_size, 4))
  for (int m = 4; m < 8; ++m) {
    const int dx = kDx[m];
    const int dy = kDy[m];
    const int a = m - 4;
    const int b = (m - 3) & 3;
    for (int k = 0; k < h; ++k) {
      const int y = dy > 0 ? h - 1 - k : k;
      for (int x = dx > 0 ? w - 1 : 0; dx > 0 ? x >= 0 : x < w; x -= dx) {
        if (!bits.free(x, y)) continue;
        std::int16_t* d = slot(x, y);
        if (!diagonal_open(bits, x, y, m)) {
          d[m] = 0;
          continue;
        }
        const std::int16_t* next = slot(x + dx, y + dy);
        if (next[a] > 0 || next[b] > 0) {
          d[m] = 1;
        } else {
          d[m] = static_cast<std::int16_t>(next[m] > 0 ? next[m] + 1 : next[m] - 1);
        }
      }
    }
  }
}

double jump_point_share(const CellBits& bits) {
  const std::uint64_t cells =
      static_cast<std::uint64_t>(bits.width()) * static_cast<std::uint64_t>(bits.height());
  const std::uint64_t stride = std::max<std::uint64_t>(1, cells >> 18);
  std::uint64_t free = 0;
  std::uint64_t jump = 0;
  for (std::uint64_t c = 0; c < cells; c += stride) {
    const int x = static_cast<int>(c % static_cast<std::uint64_t>(bits.width()));
    const int y = static_cast<int>(c / static_cast<std::uint64_t>(bits.width()));
    if (!bits.free(x, y)) continue;
    ++free;
    for (int m = 0; m < 4; ++m)
      if ((successor_moves(bits, x, y, static_cast<std::uint8_t>(1U << m)) & ~(1U << m)) != 0) {
        ++jump;
        break;
      }
  }
  return free == 0 ? 0.0 : static_cast<double>(jump) / static_cast<double>(free);
}

}  // namespace arcwave::grid
