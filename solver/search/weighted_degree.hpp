// solver/search/weighted_degree.hpp — the denominators of dom/wdeg and dom/ddeg, kept up to
// date incrementally: wdeg(x) sums the weights w(x, c) of the constraints c of x that still have
// another unassigned (future) variable. dom/wdeg: a conflict on c adds 1 to w(y, c) for every
// variable y of c (Boussemart et al. 2004); dom/wdeg^{ca.cd}: it adds 1 / (|fut(c)| × |dom(y)|)
// to each future y of c — shared among the constraint's future variables and larger for the small
// domains that caused the wipe-out (Wattez, Lecoutre, Paparrizou & Tabary 2019). With weights
// fixed at 1 this is the dynamic degree (dom/ddeg). Assigned variables get their sum recomputed
// when they become future again.
#pragma once

#include <cstdint>
#include <vector>

#include "propagation/engine/engine.hpp"

namespace arcwave::search {

class WeightedDegree {
 public:
  enum class Learning : std::uint8_t { kNone, kConflicts, kCaCd };

  WeightedDegree(const Engine& engine, Learning learning);

  /// x is decided (leaves the future variables) / undone (comes back).
  void assign(int x);
  void unassign(int x);
  /// Constraint c caused a conflict (read the current domain sizes for ca.cd).
  void conflict(int c);
  [[nodiscard]] double degree(int x) const noexcept { return wdeg_[static_cast<std::size_t>(x)]; }
  [[nodiscard]] bool future(int x) const noexcept {
    return future_[static_cast<std::size_t>(x)] != 0;
  }

 private:
  // The position in scope_[c] of a future variable of c other than `except`, or -1.
  int other_future(int c, int except) const;

  const Engine& engine_;
  Learning learning_;
  std::vector<std::vector<int>> scope_;   // per constraint
  std::vector<std::vector<double>> w_;    // per constraint, per scope position: w(y, c)
  std::vector<std::size_t> cons_offset_;  // per variable, into cons_ and cons_pos_
  std::vector<int> cons_;                 // the constraints of each variable
  std::vector<int> cons_pos_;             // and the variable's position in each one's scope
  std::vector<int> future_count_;         // per constraint
  std::vector<double> wdeg_;
  std::vector<std::uint8_t> future_;
};

}  // namespace arcwave::search
