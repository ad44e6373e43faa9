// Graphs and comparisons shared by the shortest-path tests.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "graph/csr/build_cpu.hpp"
#include "graph/sssp/distance.hpp"
#include "instances/graphs/graph_generators.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

/// Random graph with negative arcs but no negative cycle (potential-shifted weights).
template <typename Weight>
Csr<Weight> negative_graph(std::uint32_t n, double degree, std::uint64_t seed) {
  gen::RandomGraphParams<Weight> p;
  p.vertices = n;
  p.average_degree = degree;
  p.min_weight = Weight{0};
  p.max_weight = Weight{50};
  p.potential_range = Weight{40};
  p.seed = seed;
  return build_csr(gen::random_graph(p));
}

template <typename Weight>
Csr<Weight> positive_graph(std::uint32_t n, double degree, std::uint64_t seed) {
  gen::RandomGraphParams<Weight> p;
  p.vertices = n;
  p.average_degree = degree;
  p.min_weight = Weight{1};
  p.max_weight = Weight{100};
  p.seed = seed;
  return build_csr(gen::random_graph(p));
}

/// Equal for integers; for reals equal infinities and 1e-9 relative difference, measured
/// against `scale` (the largest |weight| times n bounds every rounding error in a path sum).
template <typename D>
bool same_distance(D a, D b, double scale = 1) {
  if constexpr (std::is_integral_v<D>) {
    return a == b;
  } else {
    if (std::isinf(a) || std::isinf(b)) return a == b;
    return std::fabs(a - b) <= 1e-9 * std::fmax(scale, std::fmax(std::fabs(a), std::fabs(b)));
  }
}

/// Number of mismatches between two distance arrays (CHECK on the count keeps logs short).
template <typename D>
std::size_t mismatches(const std::vector<D>& a, const std::vector<D>& b, double scale = 1) {
  if (a.size() != b.size()) return SIZE_MAX;
  std::size_t bad = 0;
  for (std::size_t i = 0; i < a.size(); ++i) bad += same_distance(a[i], b[i], scale) ? 0 : 1;
  return bad;
}

/// A negative cycle is real: consecutive vertices are joined and the weight is negative.
template <typename Weight>
bool is_negative_cycle(const Csr<Weight>& g, const std::vector<std::uint32_t>& cycle);

}  // namespace arcwave::test

#include "graph/sssp/negative_cycle.hpp"

template <typename Weight>
bool arcwave::test::is_negative_cycle(const Csr<Weight>& g,
                                      const std::vector<std::uint32_t>& cycle) {
  if (cycle.empty()) return false;
  const auto w = sssp::cycle_weight(g, std::span<const std::uint32_t>(cycle));
  return w != sssp::infinity<sssp::Distance<Weight>>() && w < 0;
}
