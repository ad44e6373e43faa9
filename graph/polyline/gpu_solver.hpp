// graph/polyline/gpu_solver.hpp — the polyline DP on the GPU (plain C++ header; in a build
// without CUDA the constructor throws ResourceError "built without CUDA").
//
// The link scores live on the device: uploaded (random tables, tests) or computed there from
// an image's gradient (score_image: N^2 (K-1) + 2N line integrals, bit-identical to
// image_link_scores). solve() runs the meet-in-the-middle DP of dp_cpu.hpp with both halves in
// the same launches, then the meet and the backtrack on the device, and returns the same
// polyline as the CPU solvers (tie-break rule of solution.hpp). Three schemes:
//
//  kPaper  Seredin's scheme: one thread block per state (i, j) of the new level; its threads
//          test every predecessor h against the angle limit, keep the best sum and its
//          argument, and reduce (value, argmax) pairs in shared memory. Arrays of best sums
//          and of argmax per level; the backtrack follows the argmax arrays. O(N^3) per step.
//  kTiled  The step as an angle-restricted (max,+) product: a block computes a 32 (i) x 64 (j)
//          tile of the new level, streaming the predecessor columns through shared memory in
//          chunks of 128 h like a matrix product; each thread keeps 8 outputs of one i in
//          registers, the maximum over the range of h common to its 8 outputs once, and only
//          the allowed ranges (layout.hpp) are read: excluded (h, i, j) triples and chunks no
//          output of the tile needs are skipped. O(N^3) per step in the worst case.
//  kWindow For a fixed i the allowed h range slides monotonically with j, so a step is N
//          range-maximum queries per column: one block per i builds per-32 prefix and suffix
//          maxima and a sparse table of 32-block maxima in shared memory, answers each query
//          in O(1), and a tiled transpose adds the link scores. O(N^2) per step.
#pragma once

#include <cstddef>
#include <memory>

#include "graph/polyline/angle_limit.hpp"
#include "graph/polyline/gradient.hpp"
#include "graph/polyline/link_integral.hpp"
#include "graph/polyline/link_scores.hpp"
#include "graph/polyline/problem.hpp"
#include "graph/polyline/solution.hpp"

namespace arcwave::polyline {

enum class GpuMethod { kPaper, kTiled, kWindow };

/// Milliseconds of the last upload_scores / score_image and of the last solve (CUDA events).
struct GpuTimings {
  double upload_ms = 0.0;    // host-to-device copies (score tables, or gradient and points)
  double score_ms = 0.0;     // link integrals on the device (score_image)
  double prepare_ms = 0.0;   // transposed link tables of the reversed half
  double dp_ms = 0.0;        // the DP steps of both halves
  double finish_ms = 0.0;    // meet and backtrack
  double download_ms = 0.0;  // polyline to the host
};

class GpuPolylineSolver {
 public:
  /// Allocates the device tables for K nodes (N from the angle limit); throws ResourceError
  /// when the device cannot hold them.
  GpuPolylineSolver(const AngleLimit& angle, int nodes);
  ~GpuPolylineSolver();
  GpuPolylineSolver(const GpuPolylineSolver&) = delete;
  GpuPolylineSolver& operator=(const GpuPolylineSolver&) = delete;

  void upload_scores(const LinkScores& scores);
  /// Link scores of an image on the device (same values as image_link_scores).
  void score_image(const Geometry& geometry, const Gradient& gradient, ScoreMode mode);
  /// The device's link scores (tests compare them with the CPU scorer).
  [[nodiscard]] LinkScores download_scores() const;
  [[nodiscard]] double scale() const;

  Polyline solve(GpuMethod method);
  [[nodiscard]] const GpuTimings& timings() const;

  /// Device bytes the solver allocates for K nodes and N points (all methods).
  static std::size_t device_bytes(int nodes, int points);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arcwave::polyline
