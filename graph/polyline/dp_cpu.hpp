// graph/polyline/dp_cpu.hpp — the polyline DP on CPU cores (OpenMP), meeting in the middle.
//
// State: a pair of consecutive points (the angle limit involves three). F_k(i, j) is the best
// score of a partial polyline from a whose last link is (i on guide k, j on guide k+1),
// including that link; F_0 = the links from a, and
//     F_k(i, j) = w_k(i, j) + max { F_{k-1}(h, i) : the turn (h, i, j) is allowed }.
// The forward chain runs this for k = 1..m, the reversed chain for the links from b (the same
// recurrence on the transposed tables), and the two meet at level m:
//     best = max over (i, j) of F_m(i, j) + R_m(j, i) - w_m(i, j).
// The polyline is then rebuilt from the middle outwards, taking at each step the smallest
// index that reaches the optimum (the tie-break rule of solution.hpp).
//
// kCubic is the O(N^3 K) DP: for each state, the maximum over the contiguous range of
// allowed predecessors (layout.hpp), so excluded triples are never touched.
// kWindow uses that, for a fixed middle point i, the allowed range of h slides monotonically
// with j: a sliding-window maximum per i makes a step O(N^2) (O(N^2 K) in all). It runs
// kLine = 16 consecutive i at once, lane-wise: shifted by i, their windows are the same, so
// one two-stack (suffix-maxima) queue with a data-independent control flow serves them all
// (dp_cpu.cpp).
#pragma once

#include "graph/polyline/angle_limit.hpp"
#include "graph/polyline/link_scores.hpp"
#include "graph/polyline/solution.hpp"

namespace arcwave::polyline {

enum class CpuMethod { kCubic, kWindow };

struct CpuDpOptions {
  CpuMethod method = CpuMethod::kCubic;
  int threads = 0;  // 0: OpenMP's default
};

Polyline solve_dp_cpu(const LinkScores& scores, const AngleLimit& angle,
                      const CpuDpOptions& options = {});

}  // namespace arcwave::polyline
