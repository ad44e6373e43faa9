// Definitions for propagation/cpu/globals/cardinality_flow.hpp.
#include "propagation/cpu/globals/cardinality_flow.hpp"

#include <algorithm>
#include <unordered_set>

#include "propagation/cpu/globals/count_condition.hpp"
#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

CardinalityFlowPropagator::CardinalityFlowPropagator(int constraint, std::vector<int> scope,
                                                     std::vector<int> list,
                                                     const std::vector<Value>& values,
                                                     std::vector<Condition> occurs, bool closed,
                                                     const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)),
      domains_(&domains),
      list_(std::move(list)),
      occurs_(std::move(occurs)),
      values_(values) {
  const std::size_t n = list_.size();
  listed_ = static_cast<int>(values_.size());
  nodes_ = listed_ + (closed ? 0 : 1);
  // Filtering feeds itself when a list variable is listed twice or counts occurrences.
  std::unordered_set<int> listed;
  for (int x : list_) again_ = !listed.insert(x).second || again_;
  for (const Condition& o : occurs_)
    again_ = again_ ||
             (o.kind == Condition::Kind::kVariable && listed.count(static_cast<int>(o.value)) != 0);
  std::vector<std::pair<Value, int>> sorted;
  for (int j = 0; j < listed_; ++j) sorted.emplace_back(values_[static_cast<std::size_t>(j)], j);
  std::sort(sorted.begin(), sorted.end());
  offset_.push_back(0);
  for (int x : list_) {
    for (Value v : domains[static_cast<std::size_t>(x)]) {
      const auto it = std::lower_bound(sorted.begin(), sorted.end(), std::pair<Value, int>{v, 0});
      node_.push_back(it != sorted.end() && it->first == v ? it->second : (closed ? -1 : listed_));
    }
    offset_.push_back(node_.size());
  }
  lower_.assign(static_cast<std::size_t>(nodes_), 0);
  upper_.assign(static_cast<std::size_t>(nodes_), static_cast<int>(n));
  assigned_.assign(n, -1);
  members_.resize(static_cast<std::size_t>(nodes_));
  slot_.assign(n, 0);
  const std::size_t all = n + static_cast<std::size_t>(nodes_) + 1;
  visited_.assign(all, 0);
  parent_node_.assign(static_cast<std::size_t>(nodes_), -1);
  parent_pos_.assign(static_cast<std::size_t>(nodes_), -1);
  pred_.assign(n, -1);
  holders_offset_.assign(static_cast<std::size_t>(nodes_) + 1, 0);
}

void CardinalityFlowPropagator::move(std::size_t i, int k) {
  const int old = assigned_[i];
  if (old >= 0) {
    std::vector<int>& from = members_[static_cast<std::size_t>(old)];
    const int last = from.back();
    from[static_cast<std::size_t>(slot_[i])] = last;
    slot_[static_cast<std::size_t>(last)] = slot_[i];
    from.pop_back();
  }
  assigned_[i] = k;
  if (k >= 0) {
    std::vector<int>& to = members_[static_cast<std::size_t>(k)];
    slot_[i] = static_cast<int>(to.size());
    to.push_back(static_cast<int>(i));
  }
}

bool CardinalityFlowPropagator::has_edge(const Domains& d, std::size_t i, int k) const {
  const int x = list_[i];
  if (k < listed_) {
    const int a =
        index_of((*domains_)[static_cast<std::size_t>(x)], values_[static_cast<std::size_t>(k)]);
    return a >= 0 && d.contains(x, a);
  }
  const std::int32_t* dense = d.dense(x);
  for (int e = 0; e < d.size(x); ++e)
    if (node(i, dense[e]) == k) return true;
  return false;
}

bool CardinalityFlowPropagator::bounds(const Domains& d) {
  const auto n = static_cast<Value>(list_.size());
  for (std::size_t j = 0; j < occurs_.size(); ++j) {
    const CountHull h = count_hull(occurs_[j], d, *domains_, 0, n);
    if (h.empty) return false;
    lower_[j] = static_cast<int>(h.first);
    upper_[j] = static_cast<int>(h.last);
  }
  return true;
}

void CardinalityFlowPropagator::keep_valid(const Domains& d) {
  for (std::size_t i = 0; i < list_.size(); ++i)
    if (assigned_[i] >= 0 && !has_edge(d, i, assigned_[i])) move(i, -1);
  for (int k = 0; k < nodes_; ++k)
    while (flow(k) > upper_[static_cast<std::size_t>(k)])
      move(static_cast<std::size_t>(members_[static_cast<std::size_t>(k)].back()), -1);
}

bool CardinalityFlowPropagator::fill(int start) {
  // Breadth-first from value node `start` backwards: a position that can send to the node
  // either is unassigned (done) or leaves its node, which then needs a replacement unless it
  // has more than its lower bound.
  const std::size_t n = list_.size();
  ++visit_;
  queue_.assign(1, start);
  visited_[n + static_cast<std::size_t>(start)] = visit_;
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const int k = queue_[head];
    for (std::size_t h = holders_offset_[static_cast<std::size_t>(k)];
         h < holders_offset_[static_cast<std::size_t>(k) + 1]; ++h) {
      const auto i = static_cast<std::size_t>(holders_[h]);
      const int from = assigned_[i];
      if (from == k) continue;
      if (from >= 0) {
        const auto ff = static_cast<std::size_t>(from);
        if (visited_[n + ff] == visit_) continue;
        visited_[n + ff] = visit_;
        parent_node_[ff] = k;
        parent_pos_[ff] = static_cast<int>(i);
        if (flow(from) <= lower_[ff]) {
          queue_.push_back(from);
          continue;
        }
      }
      // Position i moves to k; each node on the way back to start takes one from its child.
      move(i, k);
      for (int cur = k; cur != start;) {
        const auto c = static_cast<std::size_t>(cur);
        move(static_cast<std::size_t>(parent_pos_[c]), parent_node_[c]);
        cur = parent_node_[c];
      }
      return true;
    }
  }
  return false;
}

bool CardinalityFlowPropagator::raise_lower(const Domains& d) {
  bool needed = false;
  for (int k = 0; k < listed_ && !needed; ++k)
    needed = flow(k) < lower_[static_cast<std::size_t>(k)];
  if (!needed) return true;
  // Who can send to each value node (a position once per node).
  std::fill(holders_offset_.begin(), holders_offset_.end(), 0);
  auto each_edge = [&](auto&& visit) {
    for (std::size_t i = 0; i < list_.size(); ++i) {
      const std::int32_t* dense = d.dense(list_[i]);
      bool other = false;
      for (int e = 0; e < d.size(list_[i]); ++e) {
        const int k = node(i, dense[e]);
        if (k < 0 || (k == listed_ && other)) continue;
        other = other || k == listed_;
        visit(i, k);
      }
    }
  };
  each_edge([&](std::size_t, int k) { ++holders_offset_[static_cast<std::size_t>(k) + 1]; });
  for (std::size_t k = 0; k + 1 < holders_offset_.size(); ++k)
    holders_offset_[k + 1] += holders_offset_[k];
  holders_.resize(holders_offset_.back());
  std::vector<std::size_t> at(holders_offset_.begin(), holders_offset_.end() - 1);
  each_edge([&](std::size_t i, int k) {
    holders_[at[static_cast<std::size_t>(k)]++] = static_cast<int>(i);
  });
  for (int k = 0; k < listed_; ++k)
    while (flow(k) < lower_[static_cast<std::size_t>(k)])
      if (!fill(k)) return false;
  return true;
}

bool CardinalityFlowPropagator::augment(const Domains& d, int start) {
  // Breadth-first from an unassigned position: a position enters a value node with room, or a
  // full one whose members then move on.
  const std::size_t n = list_.size();
  ++visit_;
  queue_.assign(1, start);
  visited_[static_cast<std::size_t>(start)] = visit_;
  pred_[static_cast<std::size_t>(start)] = -1;
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const auto p = static_cast<std::size_t>(queue_[head]);
    const std::int32_t* dense = d.dense(list_[p]);
    for (int e = 0; e < d.size(list_[p]); ++e) {
      const int k = node(p, dense[e]);
      if (k < 0 || k == assigned_[p]) continue;
      const auto kk = static_cast<std::size_t>(k);
      if (visited_[n + kk] == visit_) continue;
      visited_[n + kk] = visit_;
      if (flow(k) < upper_[kk]) {
        // p enters k; the position before it on the path takes p's old node, and so on.
        int target = k;
        for (int cur = static_cast<int>(p); cur >= 0;) {
          const auto c = static_cast<std::size_t>(cur);
          const int old = assigned_[c];
          move(c, target);
          target = old;
          cur = pred_[c];
        }
        return true;
      }
      for (int q : members_[kk]) {
        const auto qq = static_cast<std::size_t>(q);
        if (visited_[qq] == visit_) continue;
        visited_[qq] = visit_;
        pred_[qq] = static_cast<int>(p);
        queue_.push_back(q);
      }
    }
  }
  return false;
}

bool CardinalityFlowPropagator::assign_free(const Domains& d) {
  for (std::size_t i = 0; i < list_.size(); ++i)
    if (assigned_[i] < 0 && !augment(d, static_cast<int>(i))) return false;
  return true;
}

void CardinalityFlowPropagator::components(const Domains& d) {
  // Residual graph: position -> value node off the flow; value node -> its members; value node
  // -> sink below its upper bound; sink -> value node above its lower bound.
  const int n = static_cast<int>(list_.size());
  const int sink = n + nodes_;
  auto next_edge = [&](int u, int& e) -> int {
    if (u < n) {
      const auto i = static_cast<std::size_t>(u);
      const std::int32_t* dense = d.dense(list_[i]);
      while (e < d.size(list_[i])) {
        const int k = node(i, dense[e++]);
        if (k >= 0 && k != assigned_[i]) return n + k;
      }
      return -1;
    }
    if (u < sink) {
      const auto k = static_cast<std::size_t>(u - n);
      const int size = static_cast<int>(members_[k].size());
      if (e < size) return members_[k][static_cast<std::size_t>(e++)];
      if (e == size) {
        ++e;
        if (flow(u - n) < upper_[k]) return sink;
      }
      return -1;
    }
    while (e < nodes_) {
      const int k = e++;
      if (flow(k) > lower_[static_cast<std::size_t>(k)]) return n + k;
    }
    return -1;
  };
  scc_.run(sink + 1, next_edge);
}

bool CardinalityFlowPropagator::prune(Context& ctx, bool& changed) {
  const std::size_t n = list_.size();
  for (std::size_t i = 0; i < n; ++i) {
    const int x = list_[i];
    const std::int32_t* dense = ctx.domains.dense(x);
    for (int e = ctx.domains.size(x) - 1; e >= 0; --e) {
      const int a = dense[e];
      const int k = node(i, a);
      if (k >= 0 && (k == assigned_[i] || scc_.component(static_cast<int>(i)) ==
                                              scc_.component(static_cast<int>(n) + k)))
        continue;
      changed = true;
      if (!ctx.remove(x, a)) return false;  // only with a variable listed twice
    }
  }
  return true;
}

bool CardinalityFlowPropagator::once(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  if (!bounds(d)) return false;
  keep_valid(d);
  if (!raise_lower(d) || !assign_free(d)) return false;
  components(d);
  return prune(ctx, changed);
}

bool CardinalityFlowPropagator::propagate(Context& ctx) {
  for (bool changed = true; changed;) {
    changed = false;
    if (!once(ctx, changed)) return false;
    if (!again_) break;
  }
  return true;
}

}  // namespace arcwave::cpu
