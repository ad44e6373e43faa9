// bench/frontier/rmat.hpp — R-MAT graphs (Chakrabarti, Zhan, Faloutsos, SDM 2004): each edge
// picks one quadrant of the adjacency matrix per bit of the vertex ids, with probabilities
// a, b, c and 1 - a - b - c, which gives power-law in- and out-degrees and a few huge hubs (the
// Graph 500 parameters by default). Fixed seed; vertex ids shuffled so the hubs are spread over
// the id range. Directed; self loops and parallel edges kept.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "arcwave/error.hpp"
#include "graph/csr/edge_list.hpp"

namespace arcwave::bench {

struct RmatParams {
  unsigned scale = 21;        // 2^scale vertices
  unsigned edge_factor = 16;  // edges per vertex
  double a = 0.57;
  double b = 0.19;
  double c = 0.19;
  std::uint64_t seed = 1;
};

inline EdgeList<std::int32_t> rmat(const RmatParams& p) {
  if (p.scale == 0 || p.scale > 31) throw InputError("R-MAT: scale must be in [1, 31]");
  if (p.a < 0 || p.b < 0 || p.c < 0 || p.a + p.b + p.c > 1)
    throw InputError("R-MAT: a, b, c must be probabilities with a + b + c <= 1");
  const std::uint32_t n = 1U << p.scale;
  const std::uint64_t m = std::uint64_t{n} * p.edge_factor;
  // Quadrant thresholds on 16-bit draws: four levels per 64-bit draw of the engine.
  const auto ta = static_cast<std::uint32_t>(p.a * 65536.0);
  const auto tb = static_cast<std::uint32_t>((p.a + p.b) * 65536.0);
  const auto tc = static_cast<std::uint32_t>((p.a + p.b + p.c) * 65536.0);
  std::mt19937_64 rng(p.seed);
  std::vector<std::uint32_t> label(n);
  std::iota(label.begin(), label.end(), 0U);
  std::shuffle(label.begin(), label.end(), rng);
  EdgeList<std::int32_t> list;
  list.vertex_count = n;
  list.sources.reserve(m);
  list.targets.reserve(m);
  for (std::uint64_t i = 0; i < m; ++i) {
    std::uint32_t u = 0;
    std::uint32_t v = 0;
    std::uint64_t bits = 0;
    for (unsigned level = 0; level < p.scale; ++level) {
      if (level % 4 == 0) bits = rng();
      const auto draw = static_cast<std::uint32_t>(bits & 0xFFFFU);
      bits >>= 16;
      const std::uint32_t bit = 1U << level;
      if (draw >= tc) {
        u |= bit;
        v |= bit;
      } else if (draw >= tb) {
        u |= bit;
      } else if (draw >= ta) {
        v |= bit;
      }
    }
    list.add(label[u], label[v]);
  }
  return list;
}

}  // namespace arcwave::bench
