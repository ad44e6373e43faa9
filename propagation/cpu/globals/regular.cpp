// Definitions for propagation/cpu/globals/regular.hpp.
#include "propagation/cpu/globals/regular.hpp"

#include <algorithm>

namespace arcwave::cpu {

namespace {

LayeredGraph unfold_over(const Automaton& automaton, const std::vector<int>& positions,
                         const std::vector<std::vector<Value>>& domains) {
  std::vector<const std::vector<Value>*> layers;
  layers.reserve(positions.size());
  for (int x : positions) layers.push_back(&domains[static_cast<std::size_t>(x)]);
  return LayeredGraph::unfold(automaton, layers);
}

}  // namespace

RegularPropagator::RegularPropagator(int constraint, std::vector<int> vars,
                                     std::vector<int> positions, const Automaton& automaton,
                                     const std::vector<std::vector<Value>>& domains)
    : Propagator(constraint, std::move(vars)),
      positions_(std::move(positions)),
      graph_(unfold_over(automaton, positions_, domains)) {
  std::vector<int> sorted = positions_;
  std::sort(sorted.begin(), sorted.end());
  repeated_ = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();

  const auto nodes = static_cast<std::size_t>(graph_.node_count());
  order_.resize(nodes);
  pos_.resize(nodes);
  for (std::size_t u = 0; u < nodes; ++u) {
    order_[u] = static_cast<std::int32_t>(u);
    pos_[u] = static_cast<std::int32_t>(u);
  }
  live_end_.assign(graph_.layer_begin.begin() + 1, graph_.layer_begin.end());
  saved_epoch_.assign(live_end_.size(), 0);
  reached_.assign(nodes, 0);
  good_.assign(nodes, 0);
  support_offset_.push_back(0);
  for (int x : positions_)
    support_offset_.push_back(support_offset_.back() + domains[static_cast<std::size_t>(x)].size());
  supported_.assign(support_offset_.back(), 0);
}

void RegularPropagator::next_stamp() {
  if (++stamp_ != 0) return;
  // Wrapped around: clear the scratch so that no old mark reads as current.
  std::fill(reached_.begin(), reached_.end(), 0);
  std::fill(good_.begin(), good_.end(), 0);
  std::fill(supported_.begin(), supported_.end(), 0);
  stamp_ = 1;
}

void RegularPropagator::kill(Trail& trail, int layer, std::int32_t node) {
  const auto l = static_cast<std::size_t>(layer);
  if (saved_epoch_[l] != trail.epoch()) {
    saved_epoch_[l] = trail.epoch();
    trail.save(live_end_[l]);
  }
  const std::int32_t last = --live_end_[l];
  const std::int32_t p = pos_[static_cast<std::size_t>(node)];
  const std::int32_t moved = order_[static_cast<std::size_t>(last)];
  order_[static_cast<std::size_t>(p)] = moved;
  pos_[static_cast<std::size_t>(moved)] = p;
  order_[static_cast<std::size_t>(last)] = node;
  pos_[static_cast<std::size_t>(node)] = last;
}

bool RegularPropagator::pass(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  const LayeredGraph& g = graph_;
  const int n = g.layers;
  next_stamp();
  const std::uint32_t stamp = stamp_;

  // Forward: live nodes reachable from the start through present values.
  for (std::int32_t k = g.layer_begin[0]; k < live_end_[0]; ++k)
    reached_[static_cast<std::size_t>(order_[static_cast<std::size_t>(k)])] = stamp;
  for (int i = 0; i < n; ++i) {
    const int x = positions_[static_cast<std::size_t>(i)];
    const auto li = static_cast<std::size_t>(i);
    for (std::int32_t k = g.layer_begin[li]; k < live_end_[li]; ++k) {
      const auto u = static_cast<std::size_t>(order_[static_cast<std::size_t>(k)]);
      if (reached_[u] != stamp) continue;
      for (std::uint32_t e = g.edge_begin[u]; e < g.edge_begin[u + 1]; ++e) {
        const std::int32_t to = g.edge_to[e];
        if (d.contains(x, g.edge_value[e]) && live(i + 1, to))
          reached_[static_cast<std::size_t>(to)] = stamp;
      }
    }
  }

  // Backward: reached nodes that reach a final node; the others leave their layer.
  const auto ln = static_cast<std::size_t>(n);
  for (std::int32_t k = live_end_[ln] - 1; k >= g.layer_begin[ln]; --k) {
    const std::int32_t u = order_[static_cast<std::size_t>(k)];
    if (reached_[static_cast<std::size_t>(u)] == stamp)
      good_[static_cast<std::size_t>(u)] = stamp;
    else
      kill(ctx.trail, n, u);
  }
  if (live_end_[ln] == g.layer_begin[ln]) return false;
  for (int i = n - 1; i >= 0; --i) {
    const int x = positions_[static_cast<std::size_t>(i)];
    const auto li = static_cast<std::size_t>(i);
    std::uint32_t* supported = supported_.data() + support_offset_[li];
    // Backwards over the live part, so that a killed node's replacement was already seen.
    for (std::int32_t k = live_end_[li] - 1; k >= g.layer_begin[li]; --k) {
      const std::int32_t u = order_[static_cast<std::size_t>(k)];
      const auto uu = static_cast<std::size_t>(u);
      bool ok = false;
      if (reached_[uu] == stamp)
        for (std::uint32_t e = g.edge_begin[uu]; e < g.edge_begin[uu + 1]; ++e) {
          const std::int32_t a = g.edge_value[e];
          if (good_[static_cast<std::size_t>(g.edge_to[e])] == stamp && d.contains(x, a)) {
            ok = true;
            supported[a] = stamp;
          }
        }
      if (ok)
        good_[uu] = stamp;
      else
        kill(ctx.trail, i, u);
    }
    if (live_end_[li] == g.layer_begin[li]) return false;
  }

  // Values without a surviving edge go.
  for (int i = 0; i < n; ++i) {
    const int x = positions_[static_cast<std::size_t>(i)];
    const std::uint32_t* supported =
        supported_.data() + support_offset_[static_cast<std::size_t>(i)];
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      if (supported[a] == stamp) continue;
      changed = true;
      if (!ctx.remove(x, a)) return false;
    }
  }
  return true;
}

bool RegularPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  if (graph_.empty()) return false;
  for (;;) {
    bool changed = false;
    if (!pass(ctx, changed)) return false;
    if (!changed || !repeated_) return true;
  }
}

}  // namespace arcwave::cpu
