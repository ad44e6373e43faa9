// instances/graphs/graph_generators.hpp — graph generators with fixed seeds (the same graph
// on every machine, since only the engine's raw output is used): road-like 2-D grids with
// random weights, and random sparse graphs, optionally with negative edges but no negative
// cycle (weights shifted by random vertex potentials). Used by tests, benchmarks and CLI tests.
#pragma once

#include <cstdint>
#include <random>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "arcwave/error.hpp"
#include "graph/csr/edge_list.hpp"

namespace arcwave::gen {

namespace detail {

/// Uniform in [lo, hi] from the raw engine output (portable, unlike std distributions).
template <typename Weight>
Weight uniform(std::mt19937_64& rng, Weight lo, Weight hi) {
  if constexpr (std::is_integral_v<Weight>) {
    const auto span = static_cast<std::uint64_t>(hi - lo) + 1;
    return static_cast<Weight>(lo + static_cast<Weight>(span == 0 ? rng() : rng() % span));
  } else {
    const double unit = static_cast<double>(rng() >> 11) * 0x1.0p-53;
    return static_cast<Weight>(lo + (hi - lo) * unit);
  }
}

}  // namespace detail

/// A width x height grid; every cell has an arc to each of its 4 neighbours, each arc with its
/// own weight uniform in [min_weight, max_weight] (directed, like DIMACS road graphs).
template <typename Weight>
struct GridGraphParams {
  std::uint32_t width = 100;
  std::uint32_t height = 100;
  Weight min_weight = 1;
  Weight max_weight = 100;
  std::uint64_t seed = 1;
};

template <typename Weight>
EdgeList<Weight> grid_graph(const GridGraphParams<Weight>& p) {
  const std::uint64_t n = static_cast<std::uint64_t>(p.width) * p.height;
  if (n >= UINT32_MAX) throw InputError("grid graph: width x height must be below 2^32");
  if (p.max_weight < p.min_weight) throw InputError("grid graph: max_weight < min_weight");
  std::mt19937_64 rng(p.seed);
  EdgeList<Weight> list;
  list.vertex_count = static_cast<std::uint32_t>(n);
  for (std::uint32_t y = 0; y < p.height; ++y)
    for (std::uint32_t x = 0; x < p.width; ++x) {
      const std::uint32_t v = y * p.width + x;
      auto arc = [&](std::uint32_t to) {
        list.add(v, to, detail::uniform(rng, p.min_weight, p.max_weight));
      };
      if (x + 1 < p.width) arc(v + 1);
      if (x > 0) arc(v - 1);
      if (y + 1 < p.height) arc(v + p.width);
      if (y > 0) arc(v - p.width);
    }
  return list;
}

/// vertices * average_degree arcs with uniform random endpoints (self loops and parallel arcs
/// happen, as in real data). The weight of u -> v is base + potential(u) - potential(v), base
/// uniform in [min_weight, max_weight] and potentials uniform in [0, potential_range]: with
/// min_weight >= 0 every cycle weighs at least 0, so negative arcs appear (when
/// potential_range > 0) but never a negative cycle.
template <typename Weight>
struct RandomGraphParams {
  std::uint32_t vertices = 1000;
  double average_degree = 8;
  Weight min_weight = 1;
  Weight max_weight = 1000;
  Weight potential_range = 0;
  std::uint64_t seed = 1;
};

template <typename Weight>
EdgeList<Weight> random_graph(const RandomGraphParams<Weight>& p) {
  if (p.max_weight < p.min_weight) throw InputError("random graph: max_weight < min_weight");
  if (p.average_degree < 0) throw InputError("random graph: negative average degree");
  std::mt19937_64 rng(p.seed);
  EdgeList<Weight> list;
  list.vertex_count = p.vertices;
  if (p.vertices == 0) return list;
  std::vector<Weight> potential(p.vertices, Weight{0});
  for (Weight& h : potential) h = detail::uniform(rng, Weight{0}, p.potential_range);
  const auto arcs = static_cast<std::uint64_t>(p.average_degree * p.vertices);
  list.sources.reserve(arcs);
  list.targets.reserve(arcs);
  list.weights.reserve(arcs);
  for (std::uint64_t i = 0; i < arcs; ++i) {
    const auto u = static_cast<std::uint32_t>(rng() % p.vertices);
    const auto v = static_cast<std::uint32_t>(rng() % p.vertices);
    const Weight base = detail::uniform(rng, p.min_weight, p.max_weight);
    list.add(u, v, static_cast<Weight>(base + potential[u] - potential[v]));
  }
  return list;
}

}  // namespace arcwave::gen
