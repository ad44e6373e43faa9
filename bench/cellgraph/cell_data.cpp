// Definitions for bench/cellgraph/cell_data.hpp.
#include "bench/cellgraph/cell_data.hpp"

#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "graph/cellgraph/bits.hpp"
#include "instances/cells/scenes.hpp"

namespace arcwave::bench::cells {

std::string Config::label() const {
  return fmt::format("n:{}/l:{}/dup:{}", n, bits, dup_percent);
}

double arrangement_cells(std::uint32_t l, std::uint32_t d) {
  double total = 0;
  double binomial = 1;
  for (std::uint32_t i = 0; i <= d && i <= l; ++i) {
    total += binomial;
    binomial = binomial * (l - i) / (i + 1);
  }
  return total;
}

double heuristic_pairs(const BitVectors& vectors) {
  if (vectors.count == 0) return 0;
  const auto pivot = vectors.row(vectors.count / 2);
  std::vector<double> histogram(std::size_t{vectors.bits} + 2, 0);
  for (std::uint64_t i = 0; i < vectors.count; ++i) {
    const auto row = vectors.row(i);
    std::uint32_t d = 0;
    for (std::uint32_t w = 0; w < vectors.words; ++w)
      d += static_cast<std::uint32_t>(cellgraph::popcount64(row[w] ^ pivot[w]));
    histogram[d] += 1;
  }
  double pairs = 0;
  for (std::size_t d = 0; d + 1 < histogram.size(); ++d) pairs += histogram[d] * histogram[d + 1];
  return pairs;
}

Data make_data(const Config& config) {
  Stopwatch clock;
  Data data;
  data.config = config;
  const auto distinct = static_cast<std::uint64_t>(
      std::llround(static_cast<double>(config.n) * (100 - config.dup_percent) / 100));
  std::uint32_t d = 2;
  while (arrangement_cells(config.bits, d) < 20.0 * static_cast<double>(config.n)) ++d;
  for (;; ++d) {
    try {
      const gen::cells::Scene scene({gen::cells::SceneKind::kHyperplanes, d, config.bits, 2026});
      const BitVectors unique =
          gen::cells::sample_distinct_vectors(scene, distinct, 1, 6 * distinct);
      data.candidate_pairs = heuristic_pairs(unique);
      data.vectors = gen::cells::with_duplicates(unique, config.n, 7);
      data.dimension = d;
      break;
    } catch (const InputError&) {
      // Too few reachable cells in the box at this dimension: one more dimension.
      if (d >= 16) throw;
    }
  }
  data.seconds = clock.seconds();
  return data;
}

}  // namespace arcwave::bench::cells
