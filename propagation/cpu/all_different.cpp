// Definitions for propagation/cpu/all_different.hpp.
#include "propagation/cpu/all_different.hpp"

#include <algorithm>

namespace arcwave::cpu {

AllDifferentPropagator::AllDifferentPropagator(int constraint, std::vector<int> scope,
                                               std::vector<Value> except,
                                               const std::vector<Domain>& domains, bool matching)
    : Propagator(constraint, std::move(scope)), matching_(matching && except.empty()) {
  std::vector<Value> all;
  for (int x : vars_) {
    const auto& d = domains[static_cast<std::size_t>(x)];
    all.insert(all.end(), d.begin(), d.end());
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  value_count_ = static_cast<int>(all.size());
  offset_.push_back(0);
  for (int x : vars_) {
    for (Value v : domains[static_cast<std::size_t>(x)])
      ids_.push_back(static_cast<int>(std::lower_bound(all.begin(), all.end(), v) - all.begin()));
    offset_.push_back(ids_.size());
  }
  exempt_.assign(all.size(), 0);
  for (Value v : except) {
    const auto it = std::lower_bound(all.begin(), all.end(), v);
    if (it != all.end() && *it == v) exempt_[static_cast<std::size_t>(it - all.begin())] = 1;
  }
  const std::size_t n = vars_.size();
  const std::size_t nodes = n + all.size();
  match_var_.assign(n, -1);
  match_val_.assign(all.size(), -1);
  seen_.assign(all.size(), 0);
  order_.resize(nodes);
  low_.resize(nodes);
  comp_.resize(nodes);
  on_stack_.resize(nodes);
  reaches_free_.resize(all.size());
  holders_offset_.resize(all.size() + 1);
  // Value id -> value index per position as a table when it is small enough.
  if (n * all.size() <= kIndexTableLimit) {
    index_table_.assign(n * all.size(), -1);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = offset_[i]; k < offset_[i + 1]; ++k)
        index_table_[i * all.size() + static_cast<std::size_t>(ids_[k])] =
            static_cast<int>(k - offset_[i]);
  }
}

int AllDifferentPropagator::index_in(std::size_t i, int v) const noexcept {
  if (!index_table_.empty())
    return index_table_[i * static_cast<std::size_t>(value_count_) + static_cast<std::size_t>(v)];
  const auto b = ids_.begin() + static_cast<std::ptrdiff_t>(offset_[i]);
  const auto e = ids_.begin() + static_cast<std::ptrdiff_t>(offset_[i + 1]);
  const auto it = std::lower_bound(b, e, v);
  return it != e && *it == v ? static_cast<int>(it - b) : -1;
}

bool AllDifferentPropagator::eliminate(Context& ctx, std::uint64_t since) {
  Domains& d = ctx.domains;
  fixed_.clear();
  for (std::size_t i = 0; i < vars_.size(); ++i)
    if (d.size(vars_[i]) == 1 && ctx.changed_since(vars_[i], since))
      fixed_.push_back(static_cast<int>(i));
  while (!fixed_.empty()) {
    const auto i = static_cast<std::size_t>(fixed_.back());
    fixed_.pop_back();
    const int v = id(i, d.min(vars_[i]));
    if (exempt_[static_cast<std::size_t>(v)] != 0) continue;
    for (std::size_t j = 0; j < vars_.size(); ++j) {
      if (j == i) continue;
      const int a = index_in(j, v);
      if (a < 0 || !d.contains(vars_[j], a)) continue;
      if (!ctx.remove(vars_[j], a)) return false;
      if (d.size(vars_[j]) == 1) fixed_.push_back(static_cast<int>(j));
    }
  }
  return true;
}

bool AllDifferentPropagator::augment(const Domains& d, int start) {
  ++seen_epoch_;
  path_var_.assign(1, start);
  path_edge_.assign(1, 0);
  while (!path_var_.empty()) {
    const auto i = static_cast<std::size_t>(path_var_.back());
    const int x = vars_[i];
    const int k = path_edge_.back();
    if (k >= d.size(x)) {
      path_var_.pop_back();
      path_edge_.pop_back();
      continue;
    }
    ++path_edge_.back();
    const int v = id(i, d.dense(x)[k]);
    if (seen_[static_cast<std::size_t>(v)] == seen_epoch_) continue;
    seen_[static_cast<std::size_t>(v)] = seen_epoch_;
    if (match_val_[static_cast<std::size_t>(v)] >= 0) {
      path_var_.push_back(match_val_[static_cast<std::size_t>(v)]);
      path_edge_.push_back(0);
      continue;
    }
    // A free value: every variable on the path takes the value it went through.
    for (std::size_t t = path_var_.size(); t-- > 0;) {
      const auto p = static_cast<std::size_t>(path_var_[t]);
      const int w = id(p, d.dense(vars_[p])[path_edge_[t] - 1]);
      match_var_[p] = w;
      match_val_[static_cast<std::size_t>(w)] = static_cast<int>(p);
    }
    return true;
  }
  return false;
}

bool AllDifferentPropagator::match(const Domains& d) {
  for (std::size_t i = 0; i < vars_.size(); ++i) {
    const int v = match_var_[i];
    if (v < 0) continue;
    const int a = index_in(i, v);
    if (a >= 0 && d.contains(vars_[i], a)) continue;
    match_var_[i] = -1;
    match_val_[static_cast<std::size_t>(v)] = -1;
  }
  for (std::size_t i = 0; i < vars_.size(); ++i)
    if (match_var_[i] < 0 && !augment(d, static_cast<int>(i))) return false;
  return true;
}

void AllDifferentPropagator::components(const Domains& d) {
  const std::size_t n = vars_.size();
  const std::size_t nv = static_cast<std::size_t>(value_count_);
  // Values that reach a free value along alternating edges: walk backwards from free values
  // (a value is entered from the variables holding it unmatched, a variable from its match).
  std::fill(holders_offset_.begin(), holders_offset_.end(), 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::int32_t* dense = d.dense(vars_[i]);
    for (int k = 0; k < d.size(vars_[i]); ++k) ++holders_offset_[id(i, dense[k]) + 1];
  }
  for (std::size_t v = 0; v < nv; ++v) holders_offset_[v + 1] += holders_offset_[v];
  holders_.resize(holders_offset_[nv]);
  {
    std::vector<std::size_t> fill(holders_offset_.begin(), holders_offset_.end() - 1);
    for (std::size_t i = 0; i < n; ++i) {
      const std::int32_t* dense = d.dense(vars_[i]);
      for (int k = 0; k < d.size(vars_[i]); ++k)
        holders_[fill[id(i, dense[k])]++] = static_cast<int>(i);
    }
  }
  std::fill(reaches_free_.begin(), reaches_free_.end(), 0);
  stack_.clear();
  for (std::size_t v = 0; v < nv; ++v)
    if (match_val_[v] < 0 && holders_offset_[v + 1] > holders_offset_[v]) {
      reaches_free_[v] = 1;
      stack_.push_back(static_cast<int>(v));
    }
  while (!stack_.empty()) {
    const auto v = static_cast<std::size_t>(stack_.back());
    stack_.pop_back();
    for (std::size_t h = holders_offset_[v]; h < holders_offset_[v + 1]; ++h) {
      const auto i = static_cast<std::size_t>(holders_[h]);
      const int m = match_var_[i];
      if (m == static_cast<int>(v) || reaches_free_[static_cast<std::size_t>(m)] != 0) continue;
      reaches_free_[static_cast<std::size_t>(m)] = 1;
      stack_.push_back(m);
    }
  }

  // Tarjan, iteratively: node i < n is a variable (edges to its unmatched values), node n + v a
  // value (edge to the variable matched to it).
  std::fill(order_.begin(), order_.end(), -1);
  std::fill(on_stack_.begin(), on_stack_.end(), 0);
  stack_.clear();
  int counter = 0;
  int comps = 0;
  auto next_edge = [&](int u, int& e) -> int {
    if (static_cast<std::size_t>(u) < n) {
      const auto i = static_cast<std::size_t>(u);
      const std::int32_t* dense = d.dense(vars_[i]);
      while (e < d.size(vars_[i])) {
        const int v = id(i, dense[e++]);
        if (v != match_var_[i]) return static_cast<int>(n) + v;
      }
      return -1;
    }
    if (e > 0) return -1;
    e = 1;
    return match_val_[static_cast<std::size_t>(u) - n];
  };
  for (std::size_t root = 0; root < n; ++root) {
    if (order_[root] >= 0) continue;
    call_node_.assign(1, static_cast<int>(root));
    call_edge_.assign(1, 0);
    order_[root] = low_[root] = counter++;
    stack_.push_back(static_cast<int>(root));
    on_stack_[root] = 1;
    while (!call_node_.empty()) {
      const int u = call_node_.back();
      const int w = next_edge(u, call_edge_.back());
      if (w >= 0) {
        if (order_[static_cast<std::size_t>(w)] < 0) {
          order_[static_cast<std::size_t>(w)] = low_[static_cast<std::size_t>(w)] = counter++;
          stack_.push_back(w);
          on_stack_[static_cast<std::size_t>(w)] = 1;
          call_node_.push_back(w);
          call_edge_.push_back(0);
        } else if (on_stack_[static_cast<std::size_t>(w)] != 0) {
          low_[static_cast<std::size_t>(u)] =
              std::min(low_[static_cast<std::size_t>(u)], order_[static_cast<std::size_t>(w)]);
        }
        continue;
      }
      call_node_.pop_back();
      call_edge_.pop_back();
      const auto uu = static_cast<std::size_t>(u);
      if (low_[uu] == order_[uu]) {
        for (;;) {
          const auto t = static_cast<std::size_t>(stack_.back());
          stack_.pop_back();
          on_stack_[t] = 0;
          comp_[t] = comps;
          if (t == uu) break;
        }
        ++comps;
      }
      if (!call_node_.empty()) {
        const auto p = static_cast<std::size_t>(call_node_.back());
        low_[p] = std::min(low_[p], low_[uu]);
      }
    }
  }
}

bool AllDifferentPropagator::prune(Context& ctx) {
  Domains& d = ctx.domains;
  const std::size_t n = vars_.size();
  for (std::size_t i = 0; i < n; ++i) {
    const int x = vars_[i];
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      const int v = id(i, a);
      const auto vv = static_cast<std::size_t>(v);
      if (v == match_var_[i] || reaches_free_[vv] != 0 || comp_[i] == comp_[n + vv]) continue;
      if (!ctx.remove(x, a)) return false;  // cannot happen: the matched value stays
    }
  }
  return true;
}

bool AllDifferentPropagator::propagate(Context& ctx) {
  const std::uint64_t since = last_run;
  last_run = ctx.now();
  if (!eliminate(ctx, since)) return false;
  if (!matching_) return true;
  if (!match(ctx.domains)) return false;
  components(ctx.domains);
  return prune(ctx);
}

}  // namespace arcwave::cpu
