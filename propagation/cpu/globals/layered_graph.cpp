// Definitions for propagation/cpu/globals/layered_graph.hpp.
#include "propagation/cpu/globals/layered_graph.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

namespace {

/// The value index of every transition in one layer's domain (-1: not in the domain), kept
/// while successive layers have equal domains (the usual case: a row of one array).
class TransitionValues {
 public:
  explicit TransitionValues(const Automaton& a) : a_(&a), index_(a.transitions.size(), -1) {}

  const std::vector<std::int32_t>& of(const std::vector<Value>& domain) {
    if (domain_ != nullptr && (domain_ == &domain || *domain_ == domain)) return index_;
    domain_ = &domain;
    for (std::size_t k = 0; k < index_.size(); ++k)
      index_[k] = index_of(domain, a_->transitions[k].value);
    return index_;
  }

 private:
  const Automaton* a_;
  const std::vector<Value>* domain_ = nullptr;
  std::vector<std::int32_t> index_;
};

}  // namespace

LayeredGraph LayeredGraph::unfold(const Automaton& automaton,
                                  const std::vector<const std::vector<Value>*>& domains) {
  const std::size_t n = domains.size();
  const auto states = static_cast<std::size_t>(automaton.states);
  const std::vector<Automaton::Transition>& trans = automaton.transitions;

  // Transitions grouped by source state.
  std::vector<std::uint32_t> out_begin(states + 1, 0);
  for (const Automaton::Transition& t : trans) ++out_begin[static_cast<std::size_t>(t.from) + 1];
  for (std::size_t s = 0; s < states; ++s) out_begin[s + 1] += out_begin[s];
  std::vector<std::uint32_t> out(trans.size());
  {
    std::vector<std::uint32_t> fill(out_begin.begin(), out_begin.end() - 1);
    for (std::size_t k = 0; k < trans.size(); ++k)
      out[fill[static_cast<std::size_t>(trans[k].from)]++] = static_cast<std::uint32_t>(k);
  }
  TransitionValues values(automaton);

  // Forward: the states reachable at each layer.
  std::vector<std::vector<std::int32_t>> reach(n + 1);
  reach[0].push_back(automaton.start);
  std::vector<std::size_t> seen(states, SIZE_MAX);
  for (std::size_t i = 0; i < n; ++i) {
    const std::vector<std::int32_t>& index = values.of(*domains[i]);
    for (std::int32_t s : reach[i])
      for (std::uint32_t k = out_begin[static_cast<std::size_t>(s)];
           k < out_begin[static_cast<std::size_t>(s) + 1]; ++k) {
        if (index[out[k]] < 0) continue;
        const auto to = static_cast<std::size_t>(trans[out[k]].to);
        if (seen[to] == i) continue;
        seen[to] = i;
        reach[i + 1].push_back(trans[out[k]].to);
      }
  }

  // Backward: keep the reachable states with an edge into the next layer's kept states.
  std::vector<std::vector<std::int32_t>> nodes(n + 1);
  for (std::int32_t s : reach[n])
    if (std::binary_search(automaton.finals.begin(), automaton.finals.end(), s))
      nodes[n].push_back(s);
  std::vector<std::vector<std::int32_t>> edge_value(n), edge_to(n);
  std::vector<std::vector<std::uint32_t>> degree(n);
  std::vector<std::int32_t> local(states, -1);
  std::size_t total_edges = 0;
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t j = 0; j < nodes[i + 1].size(); ++j)
      local[static_cast<std::size_t>(nodes[i + 1][j])] = static_cast<std::int32_t>(j);
    const std::vector<std::int32_t>& index = values.of(*domains[i]);
    for (std::int32_t s : reach[i]) {
      const std::size_t before = edge_value[i].size();
      for (std::uint32_t k = out_begin[static_cast<std::size_t>(s)];
           k < out_begin[static_cast<std::size_t>(s) + 1]; ++k) {
        const std::int32_t to = local[static_cast<std::size_t>(trans[out[k]].to)];
        if (index[out[k]] < 0 || to < 0) continue;
        edge_value[i].push_back(index[out[k]]);
        edge_to[i].push_back(to);
      }
      if (edge_value[i].size() == before) continue;
      nodes[i].push_back(s);
      degree[i].push_back(static_cast<std::uint32_t>(edge_value[i].size() - before));
    }
    for (std::int32_t s : nodes[i + 1]) local[static_cast<std::size_t>(s)] = -1;
    std::vector<std::int32_t>().swap(reach[i + 1]);
    total_edges += edge_value[i].size();
    if (total_edges > kMaxEdges)
      throw ResourceError(
          fmt::format("regular: the automaton unfolded over {} variables has more than {} edges", n,
                      kMaxEdges));
  }

  LayeredGraph g;
  g.layers = static_cast<int>(n);
  g.layer_begin.assign(n + 2, 0);
  for (std::size_t i = 0; i <= n; ++i) {
    const std::size_t end = static_cast<std::size_t>(g.layer_begin[i]) + nodes[i].size();
    if (end > static_cast<std::size_t>(INT32_MAX))
      throw ResourceError(
          fmt::format("regular: the automaton unfolded over {} variables has too many nodes", n));
    g.layer_begin[i + 1] = static_cast<std::int32_t>(end);
  }
  g.edge_begin.reserve(static_cast<std::size_t>(g.node_count()) + 1);
  g.edge_value.reserve(total_edges);
  g.edge_to.reserve(total_edges);
  g.edge_begin.push_back(0);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::uint32_t d : degree[i]) g.edge_begin.push_back(g.edge_begin.back() + d);
    g.edge_value.insert(g.edge_value.end(), edge_value[i].begin(), edge_value[i].end());
    for (std::int32_t to : edge_to[i]) g.edge_to.push_back(g.layer_begin[i + 1] + to);
    std::vector<std::int32_t>().swap(edge_value[i]);
    std::vector<std::int32_t>().swap(edge_to[i]);
  }
  for (std::size_t j = 0; j < nodes[n].size(); ++j) g.edge_begin.push_back(g.edge_begin.back());
  return g;
}

}  // namespace arcwave::cpu
