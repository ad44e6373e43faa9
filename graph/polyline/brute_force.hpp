// graph/polyline/brute_force.hpp — the reference solver: every polyline (N^K of them) is
// scored and the best one kept under the tie-break rule of solution.hpp. Independent of the DP:
// it evaluates the angle predicate per triple and compares tie-break keys directly.
#pragma once

#include "graph/polyline/angle_limit.hpp"
#include "graph/polyline/link_scores.hpp"
#include "graph/polyline/solution.hpp"

namespace arcwave::polyline {

/// The largest N^K the brute force accepts.
inline constexpr double kBruteForceLimit = 2e8;

/// Throws ResourceError when N^K exceeds kBruteForceLimit.
Polyline solve_brute_force(const LinkScores& scores, const AngleLimit& angle);

}  // namespace arcwave::polyline
