// graph/sssp/checks.hpp — what every shortest-path entry point checks before starting: the
// graph has weights, real weights are finite, and integer path lengths cannot overflow 64 bits
// (even after Johnson's reweighting), so no algorithm needs saturating arithmetic.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

#include "arcwave/error.hpp"
#include "graph/csr/csr.hpp"

namespace arcwave::sssp {

/// Largest |weight| (as an unsigned magnitude for integers).
template <typename Weight>
auto max_abs_weight(const Csr<Weight>& graph) {
  if constexpr (std::is_integral_v<Weight>) {
    std::uint64_t m = 0;
    for (const Weight w : graph.weights) {
      const std::uint64_t a =
          w < 0 ? 0 - static_cast<std::uint64_t>(w) : static_cast<std::uint64_t>(w);
      if (a > m) m = a;
    }
    return m;
  } else {
    double m = 0;
    for (const Weight w : graph.weights) m = std::fmax(m, std::fabs(static_cast<double>(w)));
    return m;
  }
}

template <typename Weight>
bool has_negative_weight(const Csr<Weight>& graph) {
  for (const Weight w : graph.weights)
    if (w < 0) return true;
  return false;
}

/// Throws InputError unless the graph is weighted (or has no edges), its real weights are
/// finite, and for integer weights 5 * n * max|w| stays within 2^62: shortest paths have at
/// most n - 1 edges, potentials are at most (n - 1) max|w| in size, a reweighted edge at most
/// (2n - 1) max|w|, so every sum formed by Bellman-Ford, Dijkstra and Johnson fits an int64
/// with room left below the INT64_MAX that means infinity.
template <typename Weight>
void check_weights(const Csr<Weight>& graph) {
  if (!graph.weighted() && graph.edge_count() > 0)
    throw InputError("shortest paths need edge weights (the graph is unweighted)");
  if constexpr (std::is_integral_v<Weight>) {
    const std::uint64_t m = max_abs_weight(graph);
    const std::uint64_t n = graph.vertex_count > 0 ? graph.vertex_count : 1;
    if (m > (std::uint64_t{1} << 62) / 5 / n)
      throw InputError("edge weights up to " + std::to_string(m) + " on " +
                       std::to_string(graph.vertex_count) +
                       " vertices could overflow 64-bit path lengths");
  } else {
    for (const Weight w : graph.weights)
      if (!std::isfinite(static_cast<double>(w)))
        throw InputError("edge weights must be finite numbers");
  }
}

/// Throws InputError when a weight is negative (Dijkstra's precondition).
template <typename Weight>
void check_non_negative(const Csr<Weight>& graph, const char* algorithm) {
  if (has_negative_weight(graph))
    throw InputError(std::string(algorithm) +
                     " needs non-negative edge weights (use Bellman-Ford or Johnson)");
}

}  // namespace arcwave::sssp
