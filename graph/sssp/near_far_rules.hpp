// graph/sssp/near_far_rules.hpp — the arithmetic the near-far SSSP shares between its CPU
// reference (near_far_cpu.hpp) and its GPU kernel (near_far_kernel.cuh): the automatic bucket
// width Δ, its conversion to the distance type, and the threshold that a split of the far pile
// moves to. Host and device code alike.
//
// Near-far (Davidson et al., 2014) relaxes only "near" vertices, those whose distance is below a
// threshold; a vertex improved to a distance at or above it goes to the "far" pile. When no near
// vertex is left, the threshold moves to (smallest far distance) + Δ and the far pile is split.
// Δ trades rounds for work: Δ = infinity is Bellman-Ford (fewest rounds, vertices relaxed many
// times over), a tiny Δ is Dijkstra (each vertex relaxed about once, one bucket after another).
#pragma once

#include <math.h>

#include <cstdint>
#include <type_traits>

#include "graph/sssp/distance.hpp"

#if defined(__CUDACC__)
#define ARCWAVE_SSSP_HD __host__ __device__
#else
#define ARCWAVE_SSSP_HD
#endif

namespace arcwave::sssp::near_far {

/// Edges a warp relaxes together: the automatic Δ is the mean weight times this over the mean
/// out-degree, so that a bucket holds, per vertex, about a warp's worth of edge weight (on a
/// 10^6 grid with weights 1..100 that is Δ ~ 400, on a random graph of degree 8 with weights
/// 1..1000 Δ ~ 2000; bench/sssp sweeps multiples of it).
inline constexpr double kWarpEdges = 32.0;

/// The automatic Δ (as a real number) from the sum of the weights of `edges` edges over
/// `vertices` vertices; +infinity (one bucket: Bellman-Ford) when there are no edges or every
/// weight is 0.
ARCWAVE_SSSP_HD inline double automatic_delta(double weight_sum, std::uint64_t edges,
                                              std::uint32_t vertices) {
  if (edges == 0 || vertices == 0 || !(weight_sum > 0)) return HUGE_VAL;
  const double mean_weight = weight_sum / static_cast<double>(edges);
  const double mean_degree = static_cast<double>(edges) / static_cast<double>(vertices);
  return mean_weight * kWarpEdges / mean_degree;
}

/// Δ in the distance type: integers round up to at least 1 (so that every split makes progress);
/// a value too large for the type, or not positive for reals, is infinity.
template <typename D>
ARCWAVE_SSSP_HD inline D to_delta(double delta) {
  if constexpr (std::is_integral_v<D>) {
    if (!(delta < 9.0e18)) return infinity<D>();
    const double up = ceil(delta);
    return up < 1.0 ? D{1} : static_cast<D>(up);
  } else {
    return delta > 0 ? static_cast<D>(delta) : infinity<D>();
  }
}

/// The threshold after a split whose smallest far distance is `far_min`: far_min + Δ, saturated
/// at infinity, and always above far_min (a tiny real Δ may vanish in the sum), so that the
/// vertex at far_min becomes near.
template <typename D>
ARCWAVE_SSSP_HD inline D next_threshold(D far_min, D delta) {
  if (far_min == infinity<D>()) return infinity<D>();
  if constexpr (std::is_integral_v<D>) {
    return delta >= infinity<D>() - far_min ? infinity<D>() : far_min + delta;
  } else {
    const D t = far_min + delta;
    return t > far_min ? t : static_cast<D>(nextafter(far_min, HUGE_VAL));
  }
}

}  // namespace arcwave::sssp::near_far
