// propagation/cpu/globals/channel_lists.hpp — channel on two lists x (n) and y (m >= n):
// x[i] = j => y[j] = i (indices from each list's start); with n = m also y[j] = i => x[i] = j.
//
// GAC. A solution is a matching of the bipartite graph with an edge (i, j) when j is in D(x[i])
// and i in D(y[j]) that covers every x (y[j] is then free when no x takes j). By Régin's
// argument on a maximum matching M: an edge lies in some x-covering matching iff it is in M,
// joins two vertices of one strongly connected component of the alternating graph, or leads
// to a value from which an alternating path reaches a free value; the same paths tell which
// j can be left to no x. So x[i] keeps the j of such edges, and y[j] keeps every value when j
// can be left free, else the i of such edges. A pass costs O(edges) plus the repair of M
// (kept between calls). Variables in several roles are filtered as if independent (weaker,
// never wrong).
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/strong_components.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class ChannelListsPropagator final : public Propagator {
 public:
  ChannelListsPropagator(int constraint, std::vector<int> scope, const ChannelConstraint& c,
                         const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;
  [[nodiscard]] bool expensive() const override { return true; }

 private:
  bool once(Context& ctx, bool& changed);
  // x[i] keeps the j whose y[j] still holds i.
  bool edges(Context& ctx, bool& changed);
  bool match(const Domains& d);
  bool augment(const Domains& d, int start);
  void free_reach(const Domains& d);
  [[nodiscard]] int target(std::size_t i, int a) const {  // value index a of x[i] -> j or -1
    return target_[offset_[i] + static_cast<std::size_t>(a)];
  }
  // Value index of i + start in y[j] (or of j + other_start in x[i]), or -1.
  [[nodiscard]] int y_index(std::size_t j, std::size_t i) const;
  [[nodiscard]] int x_index(std::size_t i, std::size_t j) const;
  [[nodiscard]] bool edge(const Domains& d, std::size_t i, std::size_t j) const {
    const int a = x_index(i, j);
    const int b = y_index(j, i);
    return a >= 0 && b >= 0 && d.contains(x_[i], a) && d.contains(y_[j], b);
  }

  std::vector<int> x_, y_;
  Value start_, other_start_;
  const std::vector<Domain>* domains_;
  bool repeats_ = false;  // a variable occurs twice: one pass may not reach the fixpoint
  std::vector<std::size_t> offset_;
  std::vector<int> target_;
  std::vector<int> mate_x_, mate_y_;  // the matching, kept between calls
  std::vector<std::uint64_t> seen_;
  std::uint64_t seen_epoch_ = 0;
  std::vector<int> path_, path_cursor_;
  std::vector<int> holders_offset_, holders_;  // per j: the i with an edge (i, j)
  std::vector<std::uint8_t> reaches_free_;     // per j
  std::vector<int> stack_;
  StrongComponents components_;
};

}  // namespace arcwave::cpu
