// graph/polyline/gpu_kernels.cuh — launchers of the polyline kernels (internal to
// gpu_solver.cu). Every launcher is asynchronous on `stream` and checks its launch.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "graph/polyline/chain.hpp"
#include "graph/polyline/layout.hpp"
#include "graph/polyline/link_integral.hpp"

namespace arcwave::polyline::gpu {

/// The angle limit on the device.
struct DeviceAngle {
  const QInterval* intervals;  // index q2 + q_max
  const double* directions;    // alpha, index q + q_max
  int q_max;
  double max_angle_rad;
  bool unconstrained;
};

/// One chain's step: prev (chain level k-1), link and out (chain level k), layout.hpp.
struct StepHalf {
  StepShape shape;
  const std::int32_t* prev;
  const std::int32_t* link;
  std::int32_t* out;
  std::int32_t* argmax;   // kPaper: best predecessor per state (-1: none)
  std::int32_t* scratch;  // kWindow: range maxima, row-major (i, j) at i * n_next + j
};

/// Both chains' steps of one round (halves = 1 when only one chain still has levels).
struct StepPair {
  StepHalf half[2];
  int halves;
};

void step_paper(const StepPair& step, const DeviceAngle& angle, cudaStream_t stream);
void step_tiled(const StepPair& step, const DeviceAngle& angle, cudaStream_t stream);
void step_window(const StepPair& step, const DeviceAngle& angle, cudaStream_t stream);
/// Shared memory the window step needs for a previous guide of n points.
std::size_t window_shared_bytes(int n_prev);

/// dst[y * cols + x] = src[x * rows + y] (+ add[y * cols + x] when add is not null).
void transpose(const std::int32_t* src, int rows, int cols, std::int32_t* dst,
               const std::int32_t* add, cudaStream_t stream);

/// Per-chain level pointers in device memory, for the backtrack.
struct ChainTables {
  Chain chain;
  const std::int32_t* const* dp;      // chain levels 0..levels
  const std::int32_t* const* link;    // chain levels 0..levels
  const std::int32_t* const* argmax;  // chain levels 1..levels (index k), kPaper only
};

/// Result block written by the backtrack: [0] found, [1..2] score (int64 as two words),
/// [3 .. 3+K+1] index on every guide 0..K+1.
inline constexpr int kResultHeader = 3;

/// Meet at level m: per-block best (value, flat index i * n_{m+1} + j) into partials.
struct MeetArgs {
  const std::int32_t* forward;   // chain level m of the forward chain: (i, j) at j n_m + i
  const std::int32_t* reversed;  // last level of the reversed chain: (j, i) at i n_{m+1} + j
  const std::int32_t* link;      // original level m: (i, j) at j n_m + i
  int n_m, n_m1;
};
inline constexpr int kMeetBlocks = 512;
void meet(const MeetArgs& args, long long* partial_value, long long* partial_index,
          cudaStream_t stream);
/// One block: reduces the partials, then backtracks both chains from the middle pair.
void backtrack(const ChainTables& forward, const ChainTables& reversed, const DeviceAngle& angle,
               const long long* partial_value, const long long* partial_index, bool use_argmax,
               std::int32_t* result, cudaStream_t stream);

/// Link integrals of every level into scores (all levels, layout.hpp).
struct ScoreArgs {
  const float* gradient;  // interleaved gx, gy
  int width, height;
  const double* points;  // x, y of every point of guides 0..K+1 (Geometry::all_points)
  int nodes, points_per_guide;
  double scale;
  ScoreMode mode;
};
void link_scores(const ScoreArgs& args, std::int32_t* scores, cudaStream_t stream);

}  // namespace arcwave::polyline::gpu
