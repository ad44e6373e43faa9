// graph/polyline/solution.hpp — what every polyline solver returns, and the rule that picks
// one polyline among several with the same (maximal) score.
//
// Tie-break rule. Let m = floor(K/2) (the "meet level": the DPs run from a and from b and
// meet at link level m, the link from guide m to guide m+1) and i_0 = i_{K+1} = 0 (a and b).
// Among the optimal polylines the solvers return the one with the lexicographically smallest
// key
//     ( i_m * size(m+1) + i_{m+1},  i_{m-1}, i_{m-2}, ..., i_1,  i_{m+2}, i_{m+3}, ..., i_K )
// that is: the smallest middle pair (first point first), then, going outwards, the smallest
// index on each guide towards a, then on each guide towards b. This is what a backtrack that
// starts from the middle and always takes the smallest index reaching the optimum produces,
// and the brute force compares keys directly. Scores are exact integers (link_scores.hpp), so
// "same score" is exact equality.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "graph/polyline/angle_limit.hpp"
#include "graph/polyline/link_scores.hpp"

namespace arcwave::polyline {

struct Polyline {
  bool found = false;        // false: no polyline satisfies the angle limit
  std::vector<int> indices;  // point index on guides 1..K (K entries) when found
  std::int64_t score = 0;    // exact sum of the integer link scores
};

inline int meet_level(int nodes) {
  return nodes / 2;
}

/// The tie-break key above.
std::vector<std::int64_t> tie_break_key(int nodes, int points, std::span<const int> indices);

/// Half-step offset differences of the K+1 links of a polyline.
std::vector<int> link_differences(int nodes, int points, std::span<const int> indices);

/// Does every consecutive triple (a, p1, p2), ..., (p_{K-1}, p_K, b) respect the limit?
bool respects_angle(const AngleLimit& angle, int nodes, std::span<const int> indices);

}  // namespace arcwave::polyline
