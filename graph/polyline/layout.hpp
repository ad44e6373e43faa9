// graph/polyline/layout.hpp — the index arithmetic shared by the CPU and GPU polyline DP: guide
// sizes and offsets, where each level's table lives, and which predecessors the angle limit
// allows for a pair of consecutive points. Plain C++ with __host__ __device__ under nvcc.
//
// Guides are numbered 0..K+1: guide 0 is a alone, guide K+1 is b alone, guides 1..K carry N
// points each. Link level k (0..K) joins guide k to guide k+1; its table has
// guide_size(k) * guide_size(k+1) entries, and entry (i, j) — point i on guide k, point j on
// guide k+1 — sits at j * guide_size(k) + i ("next-major": for a fixed next point the
// entries of all previous points are contiguous, which is what the DP step reads).
//
// Offsets across [a,b] are integers in half-steps (see problem.hpp): point idx of an inner
// guide is at 2 * idx - (N - 1), a and b at 0. A link's across-axis difference is an integer
// q in [-2(N-1), 2(N-1)].
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__CUDACC__)
#define ARCWAVE_PL_HD __host__ __device__
#else
#define ARCWAVE_PL_HD
#endif

namespace arcwave::polyline {

/// The integer scores: every link score is in [0, kScoreBudget] and so is every sum of link
/// scores along a polyline; kUnreachable marks DP states no valid prefix reaches. Partial sums
/// starting from kUnreachable stay negative, so "value < 0" means unreachable everywhere.
inline constexpr std::int32_t kScoreBudget = (1 << 30) - 1;
inline constexpr std::int32_t kUnreachable = -(1 << 30);

/// For an outgoing link difference q2, the incoming differences q1 the angle limit allows.
struct QInterval {
  std::int32_t lo;
  std::int32_t hi;  // empty when lo > hi
};

struct IndexRange {
  std::int32_t lo;
  std::int32_t hi;  // empty when lo > hi
};

ARCWAVE_PL_HD inline int guide_size(int guide, int nodes, int points) {
  return (guide == 0 || guide == nodes + 1) ? 1 : points;
}

/// Offset in half-steps of point `idx` of a guide (`endpoint`: a or b).
ARCWAVE_PL_HD inline int guide_offset(bool endpoint, int points, int idx) {
  return endpoint ? 0 : 2 * idx - (points - 1);
}

/// Start of level k's table in one array holding levels 0..K back to back (K >= 1).
ARCWAVE_PL_HD inline std::size_t level_start(int level, int nodes, int points) {
  const std::size_t n = static_cast<std::size_t>(points);
  if (level == 0) return 0;
  if (level == nodes) return n + static_cast<std::size_t>(nodes - 1) * n * n;
  return n + static_cast<std::size_t>(level - 1) * n * n;
}

ARCWAVE_PL_HD inline std::size_t level_entries(int level, int nodes, int points) {
  return static_cast<std::size_t>(guide_size(level, nodes, points)) *
         static_cast<std::size_t>(guide_size(level + 1, nodes, points));
}

/// All levels 0..K.
ARCWAVE_PL_HD inline std::size_t table_entries(int nodes, int points) {
  return level_start(nodes, nodes, points) + static_cast<std::size_t>(points);
}

/// One DP step: the triple (h on the previous guide, i on the current, j on the next).
struct StepShape {
  int points;  // N
  int n_prev, n_cur, n_next;
  bool end_prev, end_cur, end_next;  // guide is a or b
};

ARCWAVE_PL_HD inline int floor_half(int x) {
  return x >= 0 ? x / 2 : -((-x + 1) / 2);
}
ARCWAVE_PL_HD inline int ceil_half(int x) {
  return -floor_half(-x);
}

/// The previous points h whose turn at (i, j) is within the angle limit: a contiguous range
/// (offsets are monotone in the index and the allowed q1 for a q2 form an interval).
/// `q_intervals` is indexed by q2 + q_max.
ARCWAVE_PL_HD inline IndexRange allowed_prev_range(const StepShape& s, const QInterval* q_intervals,
                                                   int q_max, int i, int j) {
  const int off_i = guide_offset(s.end_cur, s.points, i);
  const int q2 = guide_offset(s.end_next, s.points, j) - off_i;
  const QInterval q = q_intervals[q2 + q_max];
  if (s.end_prev) {  // q1 = off_i - 0
    return (q.lo <= off_i && off_i <= q.hi) ? IndexRange{0, 0} : IndexRange{0, -1};
  }
  // q1 = off_i - (2h - (N-1)) in [q.lo, q.hi]  <=>  2h in [off_i - q.hi + N-1, off_i - q.lo + N-1]
  int lo = ceil_half(off_i - q.hi + s.points - 1);
  int hi = floor_half(off_i - q.lo + s.points - 1);
  if (lo < 0) lo = 0;
  if (hi > s.n_prev - 1) hi = s.n_prev - 1;
  return IndexRange{lo, hi};
}

}  // namespace arcwave::polyline
