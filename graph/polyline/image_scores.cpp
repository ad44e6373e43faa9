// The CPU link scorer of graph/polyline/image_scores.hpp.
#include "graph/polyline/image_scores.hpp"

#include <cmath>

namespace arcwave::polyline {

double score_scale(const Geometry& geometry, const Gradient& gradient, ScoreMode mode) {
  const double per_sample = mode == ScoreMode::kSin ? 1.0 : gradient.max_magnitude;
  const double samples =
      std::ceil(geometry.guide_spacing() +
                2.0 * static_cast<double>(geometry.points() - 1) * geometry.half_step()) +
      1.0;
  const double bound = static_cast<double>(geometry.nodes() + 1) * samples * per_sample;
  if (!(bound > 0.0)) return 1.0;  // a flat image: every score is 0
  return static_cast<double>(kScoreBudget / 2) / bound;
}

LinkScores image_link_scores(const Geometry& geometry, const Gradient& gradient, ScoreMode mode) {
  const int nodes = geometry.nodes();
  const int points = geometry.points();
  LinkScores scores(nodes, points);
  const double scale = score_scale(geometry, gradient, mode);
  scores.set_scale(scale);
  const std::vector<Vec2>& all = geometry.all_points();
  for (int k = 0; k <= nodes; ++k) {
    const int rows = scores.rows(k);
    const int cols = scores.cols(k);
    auto table = scores.level(k);
#pragma omp parallel for schedule(dynamic, 4)
    for (int j = 0; j < cols; ++j) {
      const Vec2 q = all[geometry.point_index(k + 1, j)];
      for (int i = 0; i < rows; ++i) {
        const Vec2 p = all[geometry.point_index(k, i)];
        const double raw = link_integral(gradient.xy.data(), gradient.width, gradient.height, p.x,
                                         p.y, q.x, q.y, mode);
        table[static_cast<std::size_t>(j) * static_cast<std::size_t>(rows) +
              static_cast<std::size_t>(i)] = quantise(raw, scale);
      }
    }
  }
  scores.check_budget();
  return scores;
}

}  // namespace arcwave::polyline
