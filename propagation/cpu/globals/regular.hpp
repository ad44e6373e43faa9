// propagation/cpu/globals/regular.hpp — regular / mdd (and stretch, compiled to an automaton):
// generalised arc consistency on the automaton's layered graph (Pesant 2004).
//
// The graph is unfolded once over the root domains (layered_graph.hpp). Each layer keeps its
// live nodes in a reversible sparse set (its size is on the trail). A run makes one forward
// pass (nodes reachable from the start through present values) and one backward pass (nodes
// that also reach a final node); nodes off those paths leave their layer's live set, so later
// runs in the subtree skip them, and a value stays only if an edge of its layer carrying it
// survives. Every surviving edge lies on an accepted word, so one run reaches the fixpoint and
// the domains are GAC when the scope's variables are distinct. A variable occurring at several
// positions keeps a value only if every one of its positions supports it, and the passes repeat
// until nothing changes (sound, though not GAC in general).
#pragma once

#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"
#include "propagation/cpu/globals/layered_graph.hpp"
#include "propagation/cpu/propagator.hpp"

namespace arcwave::cpu {

class RegularPropagator final : public Propagator {
 public:
  /// `vars`: the distinct variables; `positions`: the variable of each position (the word).
  RegularPropagator(int constraint, std::vector<int> vars, std::vector<int> positions,
                    const Automaton& automaton, const std::vector<std::vector<Value>>& domains);
  bool propagate(Context& ctx) override;
  [[nodiscard]] const LayeredGraph& graph() const noexcept { return graph_; }

 private:
  /// One forward and backward pass and the value filtering; `changed` when a value went.
  bool pass(Context& ctx, bool& changed);
  void kill(Trail& trail, int layer, std::int32_t node);
  [[nodiscard]] bool live(int layer, std::int32_t node) const noexcept {
    return pos_[static_cast<std::size_t>(node)] < live_end_[static_cast<std::size_t>(layer)];
  }
  void next_stamp();

  std::vector<int> positions_;
  bool repeated_ = false;  // some variable occurs at several positions
  LayeredGraph graph_;
  // Reversible sparse sets: order_[layer_begin[i] .. live_end_[i]) are layer i's live nodes.
  std::vector<std::int32_t> order_;
  std::vector<std::int32_t> pos_;
  std::vector<std::int32_t> live_end_;
  std::vector<std::uint64_t> saved_epoch_;  // per layer: when live_end_ was last trailed
  // Scratch of one pass, valid when equal to stamp_.
  std::uint32_t stamp_ = 0;
  std::vector<std::uint32_t> reached_;    // per node: reachable from the start
  std::vector<std::uint32_t> good_;       // per node: on a start-to-final path
  std::vector<std::uint32_t> supported_;  // per (position, value index)
  std::vector<std::size_t> support_offset_;
};

}  // namespace arcwave::cpu
