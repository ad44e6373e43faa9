// propagation/cpu/globals/layered_graph.hpp — an automaton unfolded over a sequence of n
// variables (Pesant 2004): layer i (0..n) holds the states that are reachable from the start
// by a word of the first i domains and from which a final state is reachable by a word of the
// remaining domains; an edge of layer i (i < n) goes from a node of layer i to a node of layer
// i + 1 and carries a value index of the i-th domain. Transitions on values outside a domain
// are dropped, and so are nodes off every start-to-final path, so every edge lies on some
// accepted word at unfolding time.
//
// Non-deterministic automata are fine (a state may have several transitions on one value).
// For an MDD every state sits in one layer, so the graph is no larger than the diagram; for a
// general automaton it has at most n times as many nodes and edges as the automaton has states
// and transitions (ResourceError past kMaxEdges).
#pragma once

#include <cstdint>
#include <vector>

#include "arcwave/model.hpp"

namespace arcwave::cpu {

struct LayeredGraph {
  static constexpr std::size_t kMaxEdges = std::size_t{1} << 26;  // ~1.6 GB in the propagator

  int layers = 0;  // n: nodes live in layers 0..n, edges in layers 0..n-1
  /// Nodes of layer i are the global ids [layer_begin[i], layer_begin[i + 1]); n + 2 entries.
  std::vector<std::int32_t> layer_begin;
  /// Out-edges of node u (of layers 0..n-1) are [edge_begin[u], edge_begin[u + 1]).
  std::vector<std::uint32_t> edge_begin;
  std::vector<std::int32_t> edge_value;  // value index in the domain of the edge's layer
  std::vector<std::int32_t> edge_to;     // global id of the target node (in the next layer)

  [[nodiscard]] int node_count() const { return layer_begin.back(); }
  [[nodiscard]] std::size_t edge_count() const { return edge_value.size(); }
  /// True when no accepted word exists (layer 0 is empty).
  [[nodiscard]] bool empty() const { return layer_begin[1] == layer_begin[0]; }

  /// Unfolds `automaton` over layers whose i-th domain is *domains[i] (sorted values).
  static LayeredGraph unfold(const Automaton& automaton,
                             const std::vector<const std::vector<Value>*>& domains);
};

}  // namespace arcwave::cpu
