// graph/polyline/link_scores.hpp — the integer score of every link between consecutive guides,
// the only input (with the angle limit) of every polyline solver.
//
// Scores are exact integers so that every solver — brute force, CPU DP, each GPU scheme —
// computes bit-identical sums whatever the order of additions, and ties are real ties broken
// by one rule. An image's real-valued link integrals are quantised once: integer = round(real *
// scale), with scale chosen so that any polyline's sum stays within kScoreBudget / 2
// (link_integral.hpp); a score in image units is the integer sum divided by scale. The
// quantisation step is below 1e-7 of the largest possible link score for K <= 16.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "graph/polyline/layout.hpp"

namespace arcwave::polyline {

class LinkScores {
 public:
  LinkScores() = default;
  /// Zero scores for K nodes and N points per guide.
  LinkScores(int nodes, int points);

  [[nodiscard]] int nodes() const { return nodes_; }
  [[nodiscard]] int points() const { return points_; }
  [[nodiscard]] int level_count() const { return nodes_ + 1; }
  /// Points on the guides a level joins.
  [[nodiscard]] int rows(int level) const { return guide_size(level, nodes_, points_); }
  [[nodiscard]] int cols(int level) const { return guide_size(level + 1, nodes_, points_); }

  /// Level k's table, next-major (layout.hpp): entry (i, j) at j * rows(k) + i.
  [[nodiscard]] std::span<std::int32_t> level(int k);
  [[nodiscard]] std::span<const std::int32_t> level(int k) const;
  [[nodiscard]] std::int32_t at(int k, int i, int j) const {
    return values_[level_start(k, nodes_, points_) +
                   static_cast<std::size_t>(j) * static_cast<std::size_t>(rows(k)) +
                   static_cast<std::size_t>(i)];
  }
  [[nodiscard]] std::span<const std::int32_t> all() const { return values_; }
  [[nodiscard]] std::span<std::int32_t> all() { return values_; }

  /// Integer units per image score unit (1 for tables not made from an image).
  [[nodiscard]] double scale() const { return scale_; }
  void set_scale(double scale) { scale_ = scale; }

  /// Throws InternalError unless every score is >= 0 and the per-level maxima sum to at most
  /// kScoreBudget (what the solvers rely on to tell reachable from unreachable states).
  void check_budget() const;

 private:
  int nodes_ = 0;
  int points_ = 0;
  double scale_ = 1.0;
  std::vector<std::int32_t> values_;
};

/// Random scores in [0, max_value] from a fixed seed (tests and benchmarks). A small max_value
/// makes many ties. max_value = 0 means kScoreBudget / (K+1).
LinkScores random_link_scores(int nodes, int points, std::uint64_t seed,
                              std::int32_t max_value = 0);

/// The sum of the link scores of a polyline given by its point indices on guides 1..K.
std::int64_t polyline_score(const LinkScores& scores, std::span<const int> indices);

}  // namespace arcwave::polyline
