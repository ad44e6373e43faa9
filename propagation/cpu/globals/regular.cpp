// Definitions for propagation/cpu/globals/regular.hpp.
#include "propagation/cpu/globals/regular.hpp"

#include "propagation/cpu/globals/layered_graph.hpp"

namespace arcwave::cpu {

namespace {

template <typename T>
std::size_t at(T i) {
  return static_cast<std::size_t>(i);
}

/// Offsets of a CSR layout from per-item counts held at [k + 1].
void prefix_sums(std::vector<std::uint32_t>& begin) {
  for (std::size_t k = 0; k + 1 < begin.size(); ++k) begin[k + 1] += begin[k];
}

}  // namespace

RegularPropagator::RegularPropagator(int constraint, std::vector<int> vars,
                                     std::vector<int> positions, const Automaton& automaton,
                                     const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(vars)), positions_(std::move(positions)) {
  const std::size_t n = positions_.size();
  LayeredGraph g;
  {
    std::vector<const std::vector<Value>*> layers;
    for (int x : positions_) layers.push_back(&domains[at(x)].values());
    g = LayeredGraph::unfold(automaton, layers);
  }
  empty_ = g.empty();
  start_ = g.layer_begin[0];
  const std::size_t node_count = at(g.node_count());
  const std::size_t edges = g.edge_count();

  // Groups: one per (position, value index).
  for (std::size_t i = 0; i < n; ++i) {
    group_base_.push_back(static_cast<Index>(group_position_.size()));
    group_position_.insert(group_position_.end(), domains[at(positions_[i])].size(),
                           static_cast<Index>(i));
  }
  const std::size_t group_count = group_position_.size();

  // Edges keep the graph's numbering (by source node); in-edges and groups are listed.
  out_begin_ = std::move(g.edge_begin);
  to_ = std::move(g.edge_to);
  from_.resize(edges);
  group_.resize(edges);
  in_begin_.assign(node_count + 1, 0);
  group_begin_.assign(group_count + 1, 0);
  for (std::size_t i = 0; i < n; ++i)
    for (auto u = at(g.layer_begin[i]); u < at(g.layer_begin[i + 1]); ++u)
      for (std::uint32_t e = out_begin_[u]; e < out_begin_[u + 1]; ++e) {
        from_[e] = static_cast<Index>(u);
        group_[e] = group_base_[i] + g.edge_value[e];
        ++in_begin_[at(to_[e]) + 1];
        ++group_begin_[at(group_[e]) + 1];
      }
  std::vector<std::int32_t>().swap(g.edge_value);
  prefix_sums(in_begin_);
  prefix_sums(group_begin_);
  in_edges_.resize(edges);
  group_edges_.resize(edges);
  {
    std::vector<std::uint32_t> in_fill(in_begin_.begin(), in_begin_.end() - 1);
    std::vector<std::uint32_t> group_fill(group_begin_.begin(), group_begin_.end() - 1);
    for (std::size_t e = 0; e < edges; ++e) {
      in_edges_[in_fill[at(to_[e])]++] = static_cast<Index>(e);
      group_edges_[group_fill[at(group_[e])]++] = static_cast<Index>(e);
    }
  }

  nodes_.resize(node_count);
  for (std::size_t u = 0; u < node_count; ++u) {
    nodes_[u].in = static_cast<Index>(in_begin_[u + 1] - in_begin_[u]);
    nodes_[u].out = static_cast<Index>(out_begin_[u + 1] - out_begin_[u]);
  }
  // The start and the final nodes count one virtual edge on their open side.
  for (auto u = at(g.layer_begin[0]); u < at(g.layer_begin[1]); ++u) nodes_[u].in = 1;
  for (auto u = at(g.layer_begin[n]); u < at(g.layer_begin[n + 1]); ++u) nodes_[u].out = 1;
  groups_.resize(group_count);
  for (std::size_t k = 0; k < group_count; ++k)
    groups_[k].live = static_cast<Index>(group_begin_[k + 1] - group_begin_[k]);
  for (int x : positions_) last_size_.push_back(static_cast<Index>(domains[at(x)].size()));
  last_epoch_.assign(n, 0);
}

RegularPropagator::Node& RegularPropagator::touch(Trail& trail, Index u) {
  Node& node = nodes_[at(u)];
  if (node.epoch != trail.epoch()) {
    node.epoch = trail.epoch();
    trail.save(node.in);
    trail.save(node.out);
  }
  return node;
}

RegularPropagator::Group& RegularPropagator::touch_group(Trail& trail, Index g) {
  Group& group = groups_[at(g)];
  if (group.epoch != trail.epoch()) {
    group.epoch = trail.epoch();
    trail.save(group.live);
  }
  return group;
}

void RegularPropagator::remove_group(Trail& trail, Index g) {
  Group& group = touch_group(trail, g);
  if (group.live < 0) return;
  group.live = -1;
  for (std::uint32_t k = group_begin_[at(g)]; k < group_begin_[at(g) + 1]; ++k) {
    const auto e = at(group_edges_[k]);
    const Index u = from_[e];
    const Index v = to_[e];
    if (dead(u) || dead(v)) continue;
    if (--touch(trail, u).out == 0) dead_.push_back(u);
    if (--touch(trail, v).in == 0) dead_.push_back(v);
  }
}

void RegularPropagator::kill_queued(Trail& trail) {
  // An edge stops counting once: when its value goes or when its first end dies.
  auto uncount = [&](std::size_t e) {
    Group& group = groups_[at(group_[e])];
    if (group.live < 0) return false;
    if (--touch_group(trail, group_[e]).live == 0) unsupported_.push_back(group_[e]);
    return true;
  };
  while (!dead_.empty()) {
    const Index u = dead_.back();
    dead_.pop_back();
    if (dead(u)) continue;
    Node& node = touch(trail, u);
    // The side whose count reached zero has no counted edge left.
    const bool outs = node.out > 0;
    const bool ins = node.in > 0;
    node.in = -1;
    for (std::uint32_t e = out_begin_[at(u)]; outs && e < out_begin_[at(u) + 1]; ++e) {
      const Index v = to_[e];
      if (!dead(v) && uncount(e) && --touch(trail, v).in == 0) dead_.push_back(v);
    }
    for (std::uint32_t k = in_begin_[at(u)]; ins && k < in_begin_[at(u) + 1]; ++k) {
      const auto e = at(in_edges_[k]);
      const Index w = from_[e];
      if (!dead(w) && uncount(e) && --touch(trail, w).out == 0) dead_.push_back(w);
    }
  }
}

bool RegularPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  if (empty_) return false;
  const Domains& d = ctx.domains;
  unsupported_.clear();
  dead_.clear();
  if (first_) {
    // Values of the root domains that no edge carries.
    first_ = false;
    for (std::size_t k = 0; k < groups_.size(); ++k)
      if (groups_[k].live == 0) unsupported_.push_back(static_cast<Index>(k));
  }
  for (;;) {
    // Uncount the edges of the values lost since the last run.
    for (std::size_t i = 0; i < positions_.size(); ++i) {
      const int x = positions_[i];
      const int size = d.size(x);
      if (size == last_size_[i]) continue;
      const std::int32_t* dense = d.dense(x);
      for (int k = size; k < last_size_[i]; ++k) remove_group(ctx.trail, group_base_[i] + dense[k]);
      if (last_epoch_[i] != ctx.trail.epoch()) {
        last_epoch_[i] = ctx.trail.epoch();
        ctx.trail.save(last_size_[i]);
      }
      last_size_[i] = size;
    }
    kill_queued(ctx.trail);
    if (dead(start_)) return false;
    // Values left without edges go; their removal is read back as a loss next round.
    bool removed = false;
    for (Index g : unsupported_) {
      const auto i = at(group_position_[at(g)]);
      const int x = positions_[i];
      const int a = g - group_base_[i];
      if (!d.contains(x, a)) continue;
      removed = true;
      if (!ctx.remove(x, a)) return false;
    }
    unsupported_.clear();
    if (!removed) return true;
  }
}

}  // namespace arcwave::cpu
