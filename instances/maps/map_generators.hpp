// instances/maps/map_generators.hpp — grid maps at a requested impassability beta (the share of
// closed transitions between 4-neighbours, the paper's measure), with fixed seeds giving the
// same map on every machine: random passability (each edge closed independently, i.e. bond
// percolation) and fractal height maps with the threshold chosen to reach beta. Also the
// paper's 11 beta classes used by the tests and the benchmark.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "graph/grid/costs.hpp"
#include "graph/grid/grid.hpp"

namespace arcwave::gen {

/// Each transition between 4-neighbours is closed (both ways) with probability beta.
grid::Grid random_passability(int width, int height, double beta, std::uint64_t seed);

/// Random cell map: each cell blocked with probability `blocked_share` (MovingAI-like maps).
grid::Grid random_blocked_cells(int width, int height, double blocked_share, std::uint64_t seed);

/// Random cell costs: each cell blocked (cost 0) with probability `blocked_share`, else a cost
/// drawn uniformly from lo..hi (1 <= lo <= hi <= 65535).
grid::CellCosts random_costs(int width, int height, std::uint32_t lo, std::uint32_t hi,
                             double blocked_share, std::uint64_t seed);

struct HeightMap {
  int width = 0;
  int height = 0;
  std::vector<std::uint16_t> heights;  // row-major, 16-bit
  std::uint32_t threshold = 0;         // moves are open when |dh| < threshold
  double beta = 0.0;                   // the impassability this threshold gives
};
/// Fractal value noise (several octaves plus fine roughness) in 16 bits, and the threshold whose
/// impassability is nearest to `beta`.
HeightMap random_heightmap(int width, int height, double beta, std::uint64_t seed);

/// The paper's impassability classes: [0,5) %, [5,10) %, ..., [45,50) %, [50,100] %.
struct BetaClass {
  double low = 0.0;
  double high = 0.0;
  [[nodiscard]] std::string label() const;  // "0-5%", ..., "50-100%"
  /// The beta of map `index` of `count` maps of this class: spread evenly inside the class.
  [[nodiscard]] double beta_of(int index, int count) const;
  [[nodiscard]] bool contains(double beta) const;
};
std::array<BetaClass, 11> beta_classes();

/// A small deterministic generator (splitmix64) used by the map generators.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

}  // namespace arcwave::gen
