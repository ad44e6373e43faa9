// Exhaustive enumeration of graph/polyline/brute_force.hpp.
#include "graph/polyline/brute_force.hpp"

#include <cmath>

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::polyline {

namespace {

class Enumerator {
 public:
  Enumerator(const LinkScores& scores, const AngleLimit& angle)
      : scores_(scores),
        angle_(angle),
        nodes_(scores.nodes()),
        points_(scores.points()),
        current_(static_cast<std::size_t>(nodes_)) {}

  Polyline run() {
    extend(1, 0, 0);
    return best_;
  }

 private:
  // Chooses the point on `guide`; `q_in` is the difference of the link arriving at the previous
  // guide (unused for guide 1) and `partial` the scores of the links chosen so far.
  void extend(int guide, int q_in, std::int64_t partial) {
    const int prev_index = guide == 1 ? 0 : current_[static_cast<std::size_t>(guide - 2)];
    const int prev_offset = guide_offset(guide == 1, points_, prev_index);
    const bool last = guide == nodes_ + 1;
    const int count = last ? 1 : points_;
    for (int idx = 0; idx < count; ++idx) {
      const int q = guide_offset(last, points_, idx) - prev_offset;
      if (guide >= 2 && !angle_.allowed(q_in, q)) continue;
      const std::int64_t score = partial + scores_.at(guide - 1, prev_index, idx);
      if (last) {
        consider(score);
      } else {
        current_[static_cast<std::size_t>(guide - 1)] = idx;
        extend(guide + 1, q, score);
      }
    }
  }

  void consider(std::int64_t score) {
    if (best_.found && score < best_.score) return;
    std::vector<std::int64_t> key = tie_break_key(nodes_, points_, current_);
    if (best_.found && score == best_.score && !(key < best_key_)) return;
    best_.found = true;
    best_.score = score;
    best_.indices = current_;
    best_key_ = std::move(key);
  }

  const LinkScores& scores_;
  const AngleLimit& angle_;
  int nodes_;
  int points_;
  std::vector<int> current_;
  Polyline best_;
  std::vector<std::int64_t> best_key_;
};

}  // namespace

Polyline solve_brute_force(const LinkScores& scores, const AngleLimit& angle) {
  const double count = std::pow(static_cast<double>(scores.points()), scores.nodes());
  if (count > kBruteForceLimit)
    throw ResourceError(
        fmt::format("polyline brute force: {}^{} polylines is more than the {:g} it enumerates",
                    scores.points(), scores.nodes(), kBruteForceLimit));
  return Enumerator(scores, angle).run();
}

}  // namespace arcwave::polyline
