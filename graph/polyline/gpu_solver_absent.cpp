// graph/polyline/gpu_solver.hpp in a build without CUDA: asking for the GPU is a
// ResourceError, as everywhere in arcwave.
#include "arcwave/error.hpp"
#include "graph/polyline/gpu_solver.hpp"

namespace arcwave::polyline {

struct GpuPolylineSolver::Impl {};

GpuPolylineSolver::GpuPolylineSolver(const AngleLimit&, int) {
  throw ResourceError("polyline GPU solver: arcwave was built without CUDA");
}
GpuPolylineSolver::~GpuPolylineSolver() = default;
std::size_t GpuPolylineSolver::device_bytes(int, int) {
  return 0;
}
void GpuPolylineSolver::upload_scores(const LinkScores&) {}
void GpuPolylineSolver::score_image(const Geometry&, const Gradient&, ScoreMode) {}
LinkScores GpuPolylineSolver::download_scores() const {
  return {};
}
double GpuPolylineSolver::scale() const {
  return 1.0;
}
Polyline GpuPolylineSolver::solve(GpuMethod) {
  return {};
}
const GpuTimings& GpuPolylineSolver::timings() const {
  static const GpuTimings none;
  return none;
}

}  // namespace arcwave::polyline
