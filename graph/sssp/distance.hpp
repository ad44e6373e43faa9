// graph/sssp/distance.hpp — the distance type of each weight type (64-bit integers for integer
// weights, double for real ones), its infinity, and the result types of the shortest-path
// algorithms.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

namespace arcwave::sssp {

template <typename Weight>
using Distance = std::conditional_t<std::is_integral_v<Weight>, std::int64_t, double>;

/// Unreachable: INT64_MAX for integer distances, +inf for real ones.
template <typename D>
constexpr D infinity() {
  if constexpr (std::is_integral_v<D>)
    return std::numeric_limits<D>::max();
  else
    return std::numeric_limits<D>::infinity();
}

/// No predecessor edge (the source, or an unreachable vertex).
constexpr std::uint64_t kNoEdge = UINT64_MAX;

/// One source's distances, and per vertex the last edge of a shortest path (kNoEdge for the
/// source and unreachable vertices) when predecessors were asked for.
template <typename D>
struct SsspResult {
  std::vector<D> distance;
  std::vector<std::uint64_t> predecessor_edge;
};

/// Bellman-Ford's answer: distances, or one negative cycle (vertices in edge order, the first
/// not repeated at the end) when one is reachable.
template <typename D>
struct BellmanFordResult {
  std::vector<D> distance;
  std::vector<std::uint64_t> predecessor_edge;
  std::vector<std::uint32_t> negative_cycle;
  std::uint32_t rounds = 0;
  [[nodiscard]] bool has_negative_cycle() const noexcept { return !negative_cycle.empty(); }
};

/// What a near-far run (CPU or GPU) did.
struct NearFarStats {
  std::uint64_t phases = 0;  // grid-wide phases: relaxations of the near frontier, and splits
  std::uint64_t splits = 0;  // splits of the far pile
  std::uint64_t items = 0;   // near vertices relaxed (a vertex relaxed twice counts twice)
  double delta = 0;          // the bucket width used
  double kernel_ms = 0;      // GPU: the kernels alone (CUDA events)
  /// GPU: block-local rounds of the busiest block (each phase is at least one round), a lower
  /// bound on the rounds that ran one after another.
  std::uint64_t block_rounds = 0;
};

}  // namespace arcwave::sssp
