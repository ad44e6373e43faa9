// Definitions for graph/grid/grid.hpp.
#include "graph/grid/grid.hpp"

#include <cstdlib>

#include "arcwave/error.hpp"

namespace arcwave::grid {

namespace {

constexpr std::uint8_t kOpenBit[4] = {kOpenLeft, kOpenUp, kOpenRight, kOpenDown};

}  // namespace

void check_grid_size(int width, int height) {
  // Labels are 32-bit with UINT32_MAX as "unreached", so cells must be indexable below it.
  if (width <= 0 || height <= 0 ||
      static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height) >= 0xFFFFFFFFULL)
    throw InputError("grid size " + std::to_string(width) + "x" + std::to_string(height) +
                     " is empty or has 2^32 cells or more");
}

namespace {

/// The bits of a fully open cell at (x, y): every move that stays inside the grid.
std::uint8_t open_bits(int x, int y, int width, int height) {
  std::uint8_t bits = 0;
  if (x > 0) bits |= kOpenLeft;
  if (y > 0) bits |= kOpenUp;
  if (x + 1 < width) bits |= kOpenRight;
  if (y + 1 < height) bits |= kOpenDown;
  return bits;
}

}  // namespace

std::string to_string(Neighbourhood n) {
  switch (n) {
    case Neighbourhood::kVonNeumann:
      return "von Neumann (4 unit moves)";
    case Neighbourhood::kMoore:
      return "Moore (8 unit moves)";
    case Neighbourhood::kOctile:
      return "Moore, octile costs (1, sqrt 2)";
  }
  return "?";
}

Grid::Grid(int width, int height) : width_(width), height_(height) {
  check_grid_size(width, height);
  cells_.resize(cell_count());
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) cells_[index({x, y})] = open_bits(x, y, width, height);
}

bool Grid::open(Point p, int m) const {
  if (m < 4) return (bits(p) & kOpenBit[m]) != 0;
  // Diagonal 4 + k between orthogonal moves a = k and b = k + 1: both L-shaped routes open.
  const int a = m - 4;
  const int b = (a + 1) % 4;
  if (!open(p, a) || !open(p, b)) return false;
  const Point pa{p.x + kDx[a], p.y + kDy[a]};
  const Point pb{p.x + kDx[b], p.y + kDy[b]};
  return open(pa, b) && open(pb, a);
}

void Grid::set_edge(Point p, int m, bool open_edge) {
  const Point q{p.x + kDx[m], p.y + kDy[m]};
  if (m < 0 || m > 3 || !contains(p) || !contains(q))
    throw InputError("edge (" + std::to_string(p.x) + "," + std::to_string(p.y) + ") move " +
                     std::to_string(m) + " is not between two cells of the grid");
  const int back = (m + 2) % 4;
  if (open_edge) {
    if (blocked(p) || blocked(q)) return;
    cells_[index(p)] |= kOpenBit[m];
    cells_[index(q)] |= kOpenBit[back];
  } else {
    cells_[index(p)] &= static_cast<std::uint8_t>(~kOpenBit[m]);
    cells_[index(q)] &= static_cast<std::uint8_t>(~kOpenBit[back]);
  }
}

void Grid::block(Point p) {
  for (int m = 0; m < 4; ++m)
    if (contains({p.x + kDx[m], p.y + kDy[m]})) set_edge(p, m, false);
  cells_[index(p)] = kBlocked;
}

std::uint64_t Grid::transition_count() const {
  const auto w = static_cast<std::uint64_t>(width_);
  const auto h = static_cast<std::uint64_t>(height_);
  return 2 * (h * (w - 1) + w * (h - 1));
}

std::uint64_t Grid::closed_transitions() const {
  std::uint64_t open_count = 0;
  for (const std::uint8_t bits : cells_)
    open_count += static_cast<std::uint64_t>(__builtin_popcount(bits & kOpenAll));
  return transition_count() - open_count;
}

double Grid::impassability() const {
  const std::uint64_t total = transition_count();
  return total == 0 ? 0.0 : static_cast<double>(closed_transitions()) / static_cast<double>(total);
}

Grid Grid::from_bits(int width, int height, std::vector<std::uint8_t> cells, std::string* problem,
                     Point* where_found) {
  check_grid_size(width, height);
  Grid g;
  g.width_ = width;
  g.height_ = height;
  problem->clear();
  if (cells.size() != g.cell_count()) {
    *problem = "expected " + std::to_string(g.cell_count()) + " cells, found " +
               std::to_string(cells.size());
    return g;
  }
  g.cells_ = std::move(cells);
  const auto where = [where_found](int x, int y) {
    if (where_found != nullptr) *where_found = {x, y};
    return "cell (" + std::to_string(x) + "," + std::to_string(y) + ")";
  };
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::uint8_t bits = g.cells_[g.index({x, y})];
      if ((bits & ~(kOpenAll | kBlocked)) != 0) {
        *problem = where(x, y) + " has unknown bits";
        return g;
      }
      if ((bits & kBlocked) != 0 && (bits & kOpenAll) != 0) {
        *problem = where(x, y) + " is blocked but has open moves";
        return g;
      }
      if ((bits & kOpenAll & ~open_bits(x, y, width, height)) != 0) {
        *problem = where(x, y) + " has a move out of the grid";
        return g;
      }
      // Symmetry: checking right and down covers every edge once.
      for (int m = 2; m < 4; ++m) {
        const Point q{x + kDx[m], y + kDy[m]};
        if (!g.contains(q)) continue;
        const bool here = (bits & kOpenBit[m]) != 0;
        const bool there = (g.cells_[g.index(q)] & kOpenBit[(m + 2) % 4]) != 0;
        if (here != there) {
          *problem = where(x, y) + " and its neighbour (" + std::to_string(q.x) + "," +
                     std::to_string(q.y) + ") disagree on the move between them";
          return g;
        }
      }
    }
  }
  return g;
}

Grid grid_from_heights(int width, int height, std::span<const std::uint16_t> heights,
                       std::uint32_t threshold) {
  check_grid_size(width, height);
  const auto w = static_cast<std::size_t>(width);
  if (heights.size() != w * static_cast<std::size_t>(height))
    throw InputError("height map of " + std::to_string(heights.size()) + " values for a " +
                     std::to_string(width) + "x" + std::to_string(height) + " grid");
  const auto near = [&](std::size_t a, std::size_t b) {
    return static_cast<std::uint32_t>(std::abs(int{heights[a]} - int{heights[b]})) < threshold;
  };
  std::vector<std::uint8_t> cells(heights.size());
#pragma omp parallel for schedule(static)
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::size_t i = static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x);
      std::uint8_t bits = 0;
      if (x > 0 && near(i, i - 1)) bits |= kOpenLeft;
      if (y > 0 && near(i, i - w)) bits |= kOpenUp;
      if (x + 1 < width && near(i, i + 1)) bits |= kOpenRight;
      if (y + 1 < height && near(i, i + w)) bits |= kOpenDown;
      cells[i] = bits;
    }
  }
  return Grid::from_trusted_bits(width, height, std::move(cells));
}

Grid grid_from_blocked(int width, int height, std::span<const std::uint8_t> blocked) {
  check_grid_size(width, height);
  const auto w = static_cast<std::size_t>(width);
  if (blocked.size() != w * static_cast<std::size_t>(height))
    throw InputError("cell map of " + std::to_string(blocked.size()) + " values for a " +
                     std::to_string(width) + "x" + std::to_string(height) + " grid");
  std::vector<std::uint8_t> cells(blocked.size());
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::size_t i = static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x);
      if (blocked[i] != 0) {
        cells[i] = kBlocked;
        continue;
      }
      std::uint8_t bits = 0;
      if (x > 0 && blocked[i - 1] == 0) bits |= kOpenLeft;
      if (y > 0 && blocked[i - w] == 0) bits |= kOpenUp;
      if (x + 1 < width && blocked[i + 1] == 0) bits |= kOpenRight;
      if (y + 1 < height && blocked[i + w] == 0) bits |= kOpenDown;
      cells[i] = bits;
    }
  }
  return Grid::from_trusted_bits(width, height, std::move(cells));
}

Grid Grid::from_trusted_bits(int width, int height, std::vector<std::uint8_t> cells) {
  check_grid_size(width, height);
  Grid g;
  g.width_ = width;
  g.height_ = height;
  if (cells.size() != g.cell_count()) throw InternalError("Grid::from_trusted_bits: cell count");
  g.cells_ = std::move(cells);
  return g;
}

}  // namespace arcwave::grid
