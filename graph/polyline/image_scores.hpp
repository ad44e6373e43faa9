// graph/polyline/image_scores.hpp — link scores of an image on the CPU (the reference of the
// GPU scorer, gpu_solver.hpp): every link of every level integrated once (link_integral.hpp)
// and quantised with one scale for the whole problem.
#pragma once

#include "graph/polyline/gradient.hpp"
#include "graph/polyline/link_integral.hpp"
#include "graph/polyline/link_scores.hpp"
#include "graph/polyline/problem.hpp"

namespace arcwave::polyline {

/// Integer units per image unit: any link's integral is at most (its sample count) x (the
/// largest gradient magnitude, or 1 for kSin), and a link has at most ceil(D + 2(N-1)h) + 1
/// samples; the scale maps K+1 such bounds onto kScoreBudget / 2, leaving room for rounding.
double score_scale(const Geometry& geometry, const Gradient& gradient, ScoreMode mode);

/// All link scores (OpenMP over links).
LinkScores image_link_scores(const Geometry& geometry, const Gradient& gradient, ScoreMode mode);

}  // namespace arcwave::polyline
