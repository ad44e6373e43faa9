// propagation/cpu/globals/channel_self.hpp — channel on one list: x[i] = j => x[j] = i (indices
// from start), i.e. x is an involution: a set of pairs {i, j} (x[i] = j, x[j] = i) and fixed
// points (x[i] = i).
//
// GAC. Its solutions are the matchings of the graph with an edge {i, j} when j is in D(x[i])
// and i in D(x[j]) that cover every vertex without a loop (x[i] = i possible). Doubling the
// graph (a copy i' of each vertex, the copy of each edge, and an edge {i, i'} for each loop)
// turns them into the perfect matchings of the double: a value stays iff its edge (or its
// loop's {i, i'}) lies in some perfect matching, which one blossom search per vertex decides
// (general_matching.hpp); by symmetry only the vertices of the original half are searched.
// A search costs O(n^2 + edges); vertices whose edges are all known to be in a matching are
// skipped. (A variable repeated in the list is filtered as if its occurrences were
// independent: weaker, never wrong.)
#pragma once

#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/general_matching.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class ChannelSelfPropagator final : public Propagator {
 public:
  ChannelSelfPropagator(int constraint, std::vector<int> scope, const ChannelConstraint& c,
                        const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;
  [[nodiscard]] bool expensive() const override { return true; }

 private:
  bool symmetric(Context& ctx, bool& changed);
  void build_graph(const Domains& d);
  bool once(Context& ctx, bool& changed);
  // The node that value index a of position i points to, or -1 when out of range.
  [[nodiscard]] int target(std::size_t i, int a) const {
    return target_[offset_[i] + static_cast<std::size_t>(a)];
  }

  std::vector<int> list_;
  std::vector<std::size_t> offset_;  // per position, into target_ / allowed_
  std::vector<int> target_;          // (position, value index) -> node or -1
  // Value index of node j (j + start) in position i's domain, or -1.
  [[nodiscard]] int index_in(std::size_t i, std::size_t j) const;

  const std::vector<Domain>* domains_;
  Value start_;
  bool repeats_ = false;  // a variable occurs twice: one pass may not reach the fixpoint
  std::vector<std::uint8_t> allowed_;
  std::vector<std::uint8_t> even_;
  GeneralMatching matching_;
};

}  // namespace arcwave::cpu
