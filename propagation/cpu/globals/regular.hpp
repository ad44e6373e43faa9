// propagation/cpu/globals/regular.hpp — regular / mdd (and stretch, compiled to an automaton):
// generalised arc consistency on the automaton's layered graph (Pesant 2004), incrementally.
//
// The graph is unfolded once over the root domains (layered_graph.hpp). An edge counts while
// its value is present and both its ends are alive; each node keeps its numbers of counted in-
// and out-edges, each (position, value) its number of counted edges, all on the trail. A run
// reads the values each position lost since the previous run (the domain's removed tail, as
// Compact-Table does) and uncounts their edges; a node left without in- or out-edges is off
// every start-to-final path and dies, uncounting its other edges; a value left without edges
// leaves the domain. Edges carry no state of their own, and the work is proportional to the
// edges that stop counting. Every counted edge lies on a start-to-final path of present values,
// so the domains are GAC when the scope's variables are distinct; a variable at several
// positions loses a value when any of its positions does (sound, not GAC in general).
#pragma once

#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class RegularPropagator final : public Propagator {
 public:
  /// `vars`: the distinct variables; `positions`: the variable of each position (the word).
  RegularPropagator(int constraint, std::vector<int> vars, std::vector<int> positions,
                    const Automaton& automaton, const std::vector<Domain>& domains);
  bool propagate(Context& ctx) override;
  [[nodiscard]] std::size_t edge_count() const noexcept { return to_.size(); }

 private:
  using Index = std::int32_t;
  struct Node {
    Index in = 0;   // counted in-edges (the start has one more); -1 once dead
    Index out = 0;  // counted out-edges (a final node has one more)
    std::uint64_t epoch = 0;
  };
  struct Group {
    Index live = 0;  // counted edges of this (position, value); -1 once the value is gone
    std::uint64_t epoch = 0;
  };
  [[nodiscard]] bool dead(Index u) const noexcept {
    return nodes_[static_cast<std::size_t>(u)].in < 0;
  }
  Node& touch(Trail& trail, Index u);
  Group& touch_group(Trail& trail, Index g);
  /// The value of group g left the domain: its counted edges stop counting.
  void remove_group(Trail& trail, Index g);
  /// Kills the nodes queued in dead_ (and those that die meanwhile).
  void kill_queued(Trail& trail);

  std::vector<int> positions_;
  bool empty_ = false;  // no accepted word at all
  Index start_ = 0;     // the node of layer 0
  bool first_ = true;

  // The graph. Edges are numbered by source node: node u's out-edges are
  // [out_begin_[u], out_begin_[u + 1]); its in-edges are in_edges_[in_begin_[u] ..], the edges
  // of group g are group_edges_[group_begin_[g] ..].
  std::vector<Index> from_, to_, group_;
  std::vector<std::uint32_t> out_begin_, in_begin_, group_begin_;
  std::vector<Index> in_edges_, group_edges_;
  std::vector<Index> group_base_;      // per position: the group of value index 0
  std::vector<Index> group_position_;  // per group: its position

  // Reversible state.
  std::vector<Node> nodes_;
  std::vector<Group> groups_;
  std::vector<Index> last_size_;  // per position: domain size at the last run
  std::vector<std::uint64_t> last_epoch_;

  // Scratch of one run.
  std::vector<Index> dead_;         // nodes whose count reached zero
  std::vector<Index> unsupported_;  // groups whose count reached zero
};

}  // namespace arcwave::cpu
