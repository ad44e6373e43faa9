// propagation/cpu/globals/cardinality_flow.hpp — global cardinality (cardinality with constant,
// distinct values) by flow, after Régin (1996): list positions send one unit each to a value
// node (a listed value, or one node for every unlisted value when the constraint is not
// closed); listed value j receives between l_j and u_j units, the smallest and largest counts
// of 0..n its occurrence condition allows (a constant, a range, or an occurrence variable's
// current domain: the counting propagators filter that variable and feed its bounds back here).
// A feasible flow is kept between calls as the next call's start, repaired by augmenting paths
// (first towards the values below their lower bound, then from the unassigned positions); an
// edge outside the flow stays when it joins two nodes of one strongly connected component of the
// residual graph. That is GAC on the list for interval occurrence bounds when the list
// variables are distinct; a variable listed twice is filtered soundly (each position apart).
#pragma once

#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/strong_components.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class CardinalityFlowPropagator final : public Propagator {
 public:
  /// values: constant and distinct; occurs[j] the condition on the count of values[j].
  CardinalityFlowPropagator(int constraint, std::vector<int> scope, std::vector<int> list,
                            const std::vector<Value>& values, std::vector<Condition> occurs,
                            bool closed, const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;
  [[nodiscard]] bool expensive() const override { return true; }

 private:
  bool once(Context& ctx, bool& changed);
  bool bounds(const Domains& d);
  void keep_valid(const Domains& d);
  bool raise_lower(const Domains& d);
  bool fill(int start);
  bool assign_free(const Domains& d);
  bool augment(const Domains& d, int start);
  void components(const Domains& d);
  bool prune(Context& ctx, bool& changed);

  [[nodiscard]] int node(std::size_t i, int a) const noexcept {
    return node_[offset_[i] + static_cast<std::size_t>(a)];
  }
  [[nodiscard]] bool has_edge(const Domains& d, std::size_t i, int k) const;
  void move(std::size_t i, int k);  // position i now sends its unit to value node k (or -1)
  [[nodiscard]] int flow(int k) const noexcept {
    return static_cast<int>(members_[static_cast<std::size_t>(k)].size());
  }

  const std::vector<Domain>* domains_;
  std::vector<int> list_;  // per position, the variable
  bool again_ = false;     // filtering can feed itself: a listed variable in two roles
  std::vector<Condition> occurs_;
  int listed_ = 0;  // value nodes 0..listed_-1; node listed_ = the unlisted values (not closed)
  int nodes_ = 0;   // value nodes
  std::vector<std::size_t> offset_;  // per position, into node_
  std::vector<int> node_;            // (position, value index) -> value node, or -1 (closed)
  std::vector<Value> values_;        // the listed values, by value node
  std::vector<int> lower_, upper_;   // per value node

  // The flow: per position its value node (or -1); per value node the positions sending to it.
  std::vector<int> assigned_;
  std::vector<std::vector<int>> members_;
  std::vector<int> slot_;  // position -> its place in members_

  // Search scratch.
  std::vector<std::uint64_t> visited_;
  std::uint64_t visit_ = 0;
  std::vector<int> parent_node_, parent_pos_, pred_, queue_;
  std::vector<std::size_t> holders_offset_;
  std::vector<int> holders_;

  // Tarjan over positions (0..n-1), value nodes (n..n+nodes-1) and the sink (n+nodes).
  StrongComponents scc_;  // of the residual graph
};

}  // namespace arcwave::cpu
