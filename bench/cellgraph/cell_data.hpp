// bench/cellgraph/cell_data.hpp — the inputs of the cell graph benchmark: n vectors of ℓ bits
// sampled from a hyperplane scene, with a given share of duplicates, and the figure that says
// how much work the paper's heuristic would do on them.
//
// Scene: hyperplanes in R^d, d the smallest dimension whose arrangement of ℓ hyperplanes has
// at least 20 n cells (so that most samples fall into distinct but often neighbouring cells).
// Vectors: the first (1 - dup) n distinct vectors of the sample stream, plus dup·n copies of
// them, shuffled.
#pragma once

#include <cstdint>
#include <string>

#include "graph/cellgraph/bit_vectors.hpp"

namespace arcwave::bench::cells {

struct Config {
  std::uint64_t n = 0;
  std::uint32_t bits = 0;
  int dup_percent = 0;
  [[nodiscard]] std::string label() const;
  friend bool operator==(const Config&, const Config&) = default;
};

struct Data {
  Config config;
  BitVectors vectors;
  std::uint32_t dimension = 0;  // d of the scene
  double candidate_pairs = 0;   // heuristic_pairs() of the distinct vectors
  double seconds = 0;           // time taken to sample them
};

/// Cells of an arrangement of `l` hyperplanes in general position in R^d: Σ_{i<=d} C(l, i).
double arrangement_cells(std::uint32_t l, std::uint32_t d);

/// Pairs the heuristic compares, Σ_d |G_d|·|G_{d+1}| over the groups G_d of vectors at distance
/// d from the middle vector: the work of its search phase.
double heuristic_pairs(const BitVectors& vectors);

/// Samples the data of `config` (all CPU cores).
Data make_data(const Config& config);

}  // namespace arcwave::bench::cells
