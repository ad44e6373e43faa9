// Helpers of the grid tests: small hand-drawn maps, an independent relaxation reference, and the
// maps of every beta class used by the differential tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "graph/grid/grid.hpp"
#include "graph/grid/octile.hpp"
#include "instances/maps/map_generators.hpp"

namespace arcwave::test {

/// A cell map drawn as rows of '.' (free) and '#' (blocked).
inline grid::Grid drawn_grid(const std::vector<std::string>& rows) {
  const int h = static_cast<int>(rows.size());
  const int w = static_cast<int>(rows.front().size());
  std::vector<std::uint8_t> blocked;
  for (const std::string& row : rows)
    for (const char c : row) blocked.push_back(c == '#' ? 1 : 0);
  return grid::grid_from_blocked(w, h, blocked);
}

/// Unit-move distances by relaxing every cell until nothing changes (Bellman-Ford order, a
/// different algorithm from the BFS queue): the independent reference for BFS labels.
inline std::vector<std::uint32_t> relaxed_labels(const grid::Grid& g, grid::Point finish,
                                                 bool moore) {
  std::vector<std::uint32_t> label(g.cell_count(), 0xFFFFFFFFU);
  label[g.index(finish)] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int y = 0; y < g.height(); ++y) {
      for (int x = 0; x < g.width(); ++x) {
        for (int m = 0; m < (moore ? 8 : 4); ++m) {
          if (!g.open({x, y}, m)) continue;
          const std::uint32_t there = label[g.index({x + grid::kDx[m], y + grid::kDy[m]})];
          std::uint32_t& here = label[g.index({x, y})];
          if (there != 0xFFFFFFFFU && there + 1 < here) {
            here = there + 1;
            changed = true;
          }
        }
      }
    }
  }
  return label;
}

/// Octile distances as doubles by the same relaxation (no exact arithmetic, no heap).
inline std::vector<double> relaxed_octile(const grid::Grid& g, grid::Point finish) {
  std::vector<double> dist(g.cell_count(), INFINITY);
  dist[g.index(finish)] = 0.0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int y = 0; y < g.height(); ++y) {
      for (int x = 0; x < g.width(); ++x) {
        for (int m = 0; m < 8; ++m) {
          if (!g.open({x, y}, m)) continue;
          const double there = dist[g.index({x + grid::kDx[m], y + grid::kDy[m]})];
          const double candidate = there + (m < 4 ? 1.0 : 1.4142135623730951);
          double& here = dist[g.index({x, y})];
          if (candidate < here - 1e-9) {
            here = candidate;
            changed = true;
          }
        }
      }
    }
  }
  return dist;
}

/// One map per beta class (random passability), `size` x `size`, seeds from `seed`.
inline std::vector<grid::Grid> class_maps(int width, int height, std::uint64_t seed) {
  std::vector<grid::Grid> maps;
  int index = 0;
  for (const gen::BetaClass& c : gen::beta_classes()) {
    maps.push_back(gen::random_passability(width, height, c.beta_of(index % 3, 3),
                                           seed + static_cast<std::uint64_t>(index)));
    ++index;
  }
  return maps;
}

}  // namespace arcwave::test
