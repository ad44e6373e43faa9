// solver/search/weighted_degree.hpp — the denominators of dom/wdeg and dom/ddeg, kept up to
// date incrementally: wdeg(x) sums the weights of the constraints of x that still have another
// unassigned (future) variable; a constraint's weight grows by one at each conflict it causes.
// With weights fixed at 1 this is the dynamic degree. Assigned variables get their sum
// recomputed when they become future again.
#pragma once

#include <cstdint>
#include <vector>

#include "propagation/engine/engine.hpp"

namespace arcwave::search {

class WeightedDegree {
 public:
  WeightedDegree(const Engine& engine, bool learn_weights);

  /// x is decided (leaves the future variables) / undone (comes back).
  void assign(int x);
  void unassign(int x);
  /// Constraint c caused a conflict.
  void conflict(int c);
  [[nodiscard]] double degree(int x) const noexcept { return wdeg_[static_cast<std::size_t>(x)]; }
  [[nodiscard]] bool future(int x) const noexcept {
    return future_[static_cast<std::size_t>(x)] != 0;
  }

 private:
  int other_future(int c, int except) const;

  bool learn_;
  std::vector<std::vector<int>> scope_;   // per constraint
  std::vector<std::size_t> cons_offset_;  // per variable, into cons_
  std::vector<int> cons_;
  std::vector<double> weight_;
  std::vector<int> future_count_;  // per constraint
  std::vector<double> wdeg_;
  std::vector<std::uint8_t> future_;
};

}  // namespace arcwave::search
