// Definitions for instances/maps/map_generators.hpp.
#include "instances/maps/map_generators.hpp"

#include <algorithm>
#include <cmath>

#include "arcwave/error.hpp"

namespace arcwave::gen {

namespace {

void check_share(double share, const char* what) {
  if (!(share >= 0.0 && share <= 1.0))
    throw InputError(std::string(what) + " must be in [0, 1], not " + std::to_string(share));
}

/// A threshold on 64-bit random numbers: next() < limit with probability p.
std::uint64_t probability_limit(double p) {
  if (p >= 1.0) return ~std::uint64_t{0};
  return static_cast<std::uint64_t>(std::ldexp(p, 64));
}

/// Seeds for rows, so that rows can be generated in parallel and still be reproducible.
std::uint64_t row_seed(std::uint64_t seed, int row, std::uint64_t stream) {
  SplitMix64 mix(seed * 0x2545F4914F6CDD1DULL + static_cast<std::uint64_t>(row) * 0x9E37ULL +
                 stream);
  return mix.next();
}

}  // namespace

grid::Grid random_passability(int width, int height, double beta, std::uint64_t seed) {
  check_share(beta, "beta");
  grid::check_grid_size(width, height);
  const auto w = static_cast<std::size_t>(width);
  const auto h = static_cast<std::size_t>(height);
  std::vector<std::uint8_t> cells(w * h, 0);
  const std::uint64_t limit = probability_limit(beta);
  const bool always_closed = beta >= 1.0;
  // Right and down edges of each row are drawn from that row's own stream.
#pragma omp parallel for schedule(static)
  for (int y = 0; y < height; ++y) {
    SplitMix64 rng(row_seed(seed, y, 1));
    for (int x = 0; x < width; ++x) {
      const std::size_t i = static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x);
      if (x + 1 < width && !always_closed && rng.next() >= limit) {
        cells[i] |= grid::kOpenRight;
        cells[i + 1] |= grid::kOpenLeft;
      }
      if (y + 1 < height && !always_closed && rng.next() >= limit) cells[i] |= grid::kOpenDown;
    }
  }
  // Up bits mirror the down bits of the row above (a second pass: rows are written by one
  // thread each).
#pragma omp parallel for schedule(static)
  for (int y = 1; y < height; ++y)
    for (std::size_t x = 0; x < w; ++x) {
      const std::size_t i = static_cast<std::size_t>(y) * w + x;
      if ((cells[i - w] & grid::kOpenDown) != 0) cells[i] |= grid::kOpenUp;
    }
  return grid::Grid::from_trusted_bits(width, height, std::move(cells));
}

grid::Grid random_blocked_cells(int width, int height, double blocked_share, std::uint64_t seed) {
  check_share(blocked_share, "the blocked share");
  grid::check_grid_size(width, height);
  const auto w = static_cast<std::size_t>(width);
  const auto h = static_cast<std::size_t>(height);
  std::vector<std::uint8_t> blocked(w * h);
  const std::uint64_t limit = probability_limit(blocked_share);
  SplitMix64 rng(seed);
  for (std::uint8_t& b : blocked) b = (blocked_share >= 1.0 || rng.next() < limit) ? 1 : 0;
  return grid::grid_from_blocked(width, height, blocked);
}

grid::CellCosts random_costs(int width, int height, std::uint32_t lo, std::uint32_t hi,
                             double blocked_share, std::uint64_t seed) {
  check_share(blocked_share, "the blocked share");
  grid::check_grid_size(width, height);
  if (lo < 1 || hi < lo || hi > 65535)
    throw InputError("random_costs: need 1 <= lo <= hi <= 65535");
  grid::CellCosts costs{width, height, {}};
  costs.cost.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  const std::uint64_t limit = probability_limit(blocked_share);
  const std::uint64_t span = hi - lo + 1ULL;
  SplitMix64 rng(seed);
  for (std::uint16_t& c : costs.cost) {
    const bool blocked = blocked_share >= 1.0 || rng.next() < limit;
    const std::uint64_t draw = rng.next() % span;
    c = blocked ? 0 : static_cast<std::uint16_t>(lo + draw);
  }
  return costs;
}

HeightMap random_heightmap(int width, int height, double beta, std::uint64_t seed) {
  check_share(beta, "beta");
  grid::check_grid_size(width, height);
  HeightMap map;
  map.width = width;
  map.height = height;
  const auto w = static_cast<std::size_t>(width);
  const auto h = static_cast<std::size_t>(height);
  std::vector<float> value(w * h, 0.0F);
  // Octaves of value noise: random values on a lattice of spacing `cell`, bilinearly
  // interpolated, with amplitude proportional to the spacing (a rough fractal terrain).
  const int largest = std::max(4, std::min(256, std::max(width, height) / 2));
  int octave = 0;
  for (int cell = largest; cell >= 2; cell /= 2, ++octave) {
    const int lw = width / cell + 2;
    const int lh = height / cell + 2;
    std::vector<float> lattice(static_cast<std::size_t>(lw) * static_cast<std::size_t>(lh));
    SplitMix64 rng(seed * 1000003ULL + static_cast<std::uint64_t>(octave));
    for (float& v : lattice) v = static_cast<float>(rng.uniform());
    const float amplitude = static_cast<float>(cell);
#pragma omp parallel for schedule(static)
    for (int y = 0; y < height; ++y) {
      const int ly = y / cell;
      const float fy = static_cast<float>(y % cell) / static_cast<float>(cell);
      for (int x = 0; x < width; ++x) {
        const int lx = x / cell;
        const float fx = static_cast<float>(x % cell) / static_cast<float>(cell);
        const auto at = [&](int ix, int iy) {
          return lattice[static_cast<std::size_t>(iy) * static_cast<std::size_t>(lw) +
                         static_cast<std::size_t>(ix)];
        };
        const float top = at(lx, ly) * (1 - fx) + at(lx + 1, ly) * fx;
        const float bottom = at(lx, ly + 1) * (1 - fx) + at(lx + 1, ly + 1) * fx;
        value[static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x)] +=
            amplitude * (top * (1 - fy) + bottom * fy);
      }
    }
  }
  // Fine roughness so that neighbouring differences spread over many values.
  SplitMix64 rough(seed ^ 0xA5A5A5A5ULL);
  for (float& v : value) v += static_cast<float>(rough.uniform());
  const auto [lo, hi] = std::minmax_element(value.begin(), value.end());
  const float span = std::max(*hi - *lo, 1e-6F);
  map.heights.resize(value.size());
  for (std::size_t i = 0; i < value.size(); ++i)
    map.heights[i] = static_cast<std::uint16_t>(std::lround((value[i] - *lo) / span * 65535.0F));

  // Histogram of |dh| over all 4-neighbour pairs; closed(T) = pairs with |dh| >= T.
  std::vector<std::uint64_t> histogram(65537, 0);
  std::uint64_t pairs = 0;
  for (std::size_t y = 0; y < h; ++y) {
    for (std::size_t x = 0; x < w; ++x) {
      const int v = map.heights[y * w + x];
      if (x + 1 < w)
        ++histogram[static_cast<std::size_t>(std::abs(v - map.heights[y * w + x + 1]))];
      if (y + 1 < h)
        ++histogram[static_cast<std::size_t>(std::abs(v - map.heights[(y + 1) * w + x]))];
    }
  }
  pairs = (w - 1) * h + w * (h - 1);
  if (pairs == 0) {
    map.threshold = 1;
    return map;
  }
  // Walk thresholds from the top: closed grows as T falls; keep the nearest to beta.
  std::uint64_t closed = 0;
  double best_error = 2.0;
  for (std::int64_t t = 65536; t >= 0; --t) {
    if (t <= 65535) closed += histogram[static_cast<std::size_t>(t)];
    const double share = static_cast<double>(closed) / static_cast<double>(pairs);
    if (std::abs(share - beta) < best_error) {
      best_error = std::abs(share - beta);
      map.threshold = static_cast<std::uint32_t>(t);
      map.beta = share;
    }
  }
  return map;
}

std::string BetaClass::label() const {
  return std::to_string(static_cast<int>(std::lround(low * 100))) + "-" +
         std::to_string(static_cast<int>(std::lround(high * 100))) + "%";
}

double BetaClass::beta_of(int index, int count) const {
  return low + (high - low) * (static_cast<double>(index) + 0.5) / static_cast<double>(count);
}

bool BetaClass::contains(double beta) const {
  return beta >= low && (beta < high || (high >= 1.0 && beta <= 1.0));
}

std::array<BetaClass, 11> beta_classes() {
  std::array<BetaClass, 11> classes{};
  for (int i = 0; i < 10; ++i) classes[static_cast<std::size_t>(i)] = {0.05 * i, 0.05 * (i + 1)};
  classes[10] = {0.5, 1.0};
  return classes;
}

}  // namespace arcwave::gen
