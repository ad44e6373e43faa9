// Definitions for propagation/cpu/globals/circuit.hpp.
#include "propagation/cpu/globals/circuit.hpp"

#include <algorithm>
#include <limits>

#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

CircuitPropagator::CircuitPropagator(int constraint, std::vector<int> scope,
                                     const CircuitConstraint& c, const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)),
      succ_vars_(c.scope),
      start_(c.start_index),
      size_(c.size),
      domains_(&domains) {
  const std::size_t n = succ_vars_.size();
  offset_.push_back(0);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& dom = domains[static_cast<std::size_t>(succ_vars_[i])];
    for (Value v : dom) {
      const Value j = v - start_;
      target_.push_back(j >= 0 && j < static_cast<Value>(n) ? static_cast<int>(j) : -1);
    }
    offset_.push_back(target_.size());
    loop_.push_back(index_of(dom, static_cast<Value>(i) + start_));
  }
  succ_.resize(n);
  pred_.resize(n);
  mandatory_.resize(n);
  visited_.resize(n);
}

Value CircuitPropagator::size_lo(const Domains& d) const {
  if (!size_) return 2;
  if (!size_->is_variable) return size_->value;
  const int x = static_cast<int>(size_->value);
  return (*domains_)[static_cast<std::size_t>(x)][static_cast<std::size_t>(d.min(x))];
}

Value CircuitPropagator::size_hi(const Domains& d) const {
  if (!size_) return static_cast<Value>(succ_vars_.size());
  if (!size_->is_variable) return size_->value;
  const int x = static_cast<int>(size_->value);
  return (*domains_)[static_cast<std::size_t>(x)][static_cast<std::size_t>(d.max(x))];
}

bool CircuitPropagator::size_allows(const Domains& d, Value length) const {
  if (!size_) return true;
  if (!size_->is_variable) return size_->value == length;
  const int x = static_cast<int>(size_->value);
  const int a = index_of((*domains_)[static_cast<std::size_t>(x)], length);
  return a >= 0 && d.contains(x, a);
}

bool CircuitPropagator::restrict_size(Context& ctx, Value lo, Value hi, bool& changed) {
  if (!size_) return lo <= hi;
  if (!size_->is_variable) return lo <= size_->value && size_->value <= hi;
  const int x = static_cast<int>(size_->value);
  const auto& values = (*domains_)[static_cast<std::size_t>(x)];
  const std::int32_t* dense = ctx.domains.dense(x);
  for (int k = ctx.domains.size(x) - 1; k >= 0; --k) {
    const int a = dense[k];
    const Value v = values[static_cast<std::size_t>(a)];
    if (v >= lo && v <= hi) continue;
    if (!remove(ctx, x, a, changed)) return false;
  }
  return true;
}

bool CircuitPropagator::force_loop(Context& ctx, std::size_t i, bool& changed) {
  const int x = succ_vars_[i];
  if (!can_loop(ctx.domains, i)) return false;
  if (ctx.domains.size(x) == 1) return true;
  changed = true;
  ctx.reduce_to(x, loop_[i]);
  return true;
}

bool CircuitPropagator::chains(Context& ctx, bool& changed, bool& closed) {
  const Domains& d = ctx.domains;
  const std::size_t n = succ_vars_.size();
  std::size_t mandatory = 0;
  for (std::size_t i = 0; i < n; ++i) {
    mandatory_[i] = can_loop(d, i) ? 0 : 1;
    mandatory += mandatory_[i];
    succ_[i] = d.size(succ_vars_[i]) == 1 ? node(i, d.min(succ_vars_[i])) : -1;
    pred_[i] = -1;
    visited_[i] = 0;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const int j = succ_[i];
    if (j < 0 || j == static_cast<int>(i)) continue;
    if (pred_[static_cast<std::size_t>(j)] >= 0) return false;  // two arcs into j
    pred_[static_cast<std::size_t>(j)] = static_cast<int>(i);
  }
  // Open chains, from the nodes with a fixed arc out and none in.
  for (std::size_t a = 0; a < n; ++a) {
    if (succ_[a] < 0 || succ_[a] == static_cast<int>(a) || pred_[a] >= 0) continue;
    std::size_t b = a;
    Value length = 1;
    std::size_t inside = mandatory_[a];
    visited_[a] = 1;
    while (succ_[b] >= 0 && succ_[b] != static_cast<int>(b)) {
      b = static_cast<std::size_t>(succ_[b]);
      visited_[b] = 1;
      ++length;
      inside += mandatory_[b];
    }
    if (succ_[b] == static_cast<int>(b)) return false;  // entered, then fixed outside
    if (inside == mandatory && size_allows(d, length)) continue;
    const int x = succ_vars_[b];
    const Value close = static_cast<Value>(a) + start_;
    const int c = index_of((*domains_)[static_cast<std::size_t>(x)], close);
    if (c >= 0 && d.contains(x, c) && !remove(ctx, x, c, changed)) return false;
  }
  // Fixed arcs left unvisited lie on closed cycles: at most one, and then it is the circuit.
  closed = false;
  for (std::size_t i = 0; i < n; ++i) {
    if (succ_[i] < 0 || succ_[i] == static_cast<int>(i) || visited_[i] != 0) continue;
    if (closed) return false;
    closed = true;
    Value length = 0;
    for (std::size_t at = i; visited_[at] == 0; at = static_cast<std::size_t>(succ_[at])) {
      visited_[at] = 2;
      ++length;
    }
    if (!restrict_size(ctx, length, length, changed)) return false;
  }
  if (closed)
    for (std::size_t k = 0; k < n; ++k)
      if (visited_[k] != 2 && !force_loop(ctx, k, changed)) return false;
  return true;
}

bool CircuitPropagator::reachability(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  const std::size_t n = succ_vars_.size();
  const auto nodes = static_cast<int>(n);
  components_.run(nodes, [&](int u, int& cursor) -> int {
    const auto i = static_cast<std::size_t>(u);
    const int x = succ_vars_[i];
    const std::int32_t* dense = d.dense(x);
    while (cursor < d.size(x)) {
      const int j = node(i, dense[cursor++]);
      if (j >= 0 && j != u) return j;
    }
    return -1;
  });
  comp_size_.assign(static_cast<std::size_t>(components_.count()), 0);
  for (int u = 0; u < nodes; ++u) ++comp_size_[static_cast<std::size_t>(components_.component(u))];
  // The component holding every node that cannot loop, if any.
  int required = -1;
  std::size_t mandatory = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (can_loop(d, i)) continue;
    ++mandatory;
    const int c = components_.component(static_cast<int>(i));
    if (required >= 0 && c != required) return false;
    required = c;
  }
  const Value least = std::max<Value>(2, size_lo(d));
  candidate_.assign(comp_size_.size(), 0);
  Value largest = 0;
  int candidates = 0;
  int only = -1;
  for (std::size_t c = 0; c < comp_size_.size(); ++c) {
    if (comp_size_[c] < least || (required >= 0 && static_cast<int>(c) != required)) continue;
    candidate_[c] = 1;
    largest = std::max<Value>(largest, comp_size_[c]);
    ++candidates;
    only = static_cast<int>(c);
  }
  if (candidates == 0) return false;
  for (std::size_t i = 0; i < n; ++i) {
    const int c = components_.component(static_cast<int>(i));
    if (candidate_[static_cast<std::size_t>(c)] == 0) {
      if (!force_loop(ctx, i, changed)) return false;
      continue;
    }
    const int x = succ_vars_[i];
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      const int j = node(i, a);
      if (j == static_cast<int>(i) || components_.component(j) == c) continue;
      if (!remove(ctx, x, a, changed)) return false;
    }
  }
  if (!restrict_size(ctx, std::max<Value>(2, static_cast<Value>(mandatory)), largest, changed))
    return false;
  if (size_hi(d) == static_cast<Value>(mandatory)) {
    // The circuit is exactly the nodes that cannot loop.
    for (std::size_t i = 0; i < n; ++i)
      if (can_loop(d, i) && !force_loop(ctx, i, changed)) return false;
  } else if (candidates == 1 && size_lo(d) >= comp_size_[static_cast<std::size_t>(only)]) {
    // The circuit is the whole of the only candidate component.
    for (std::size_t i = 0; i < n; ++i)
      if (components_.component(static_cast<int>(i)) == only && can_loop(d, i) &&
          !remove(ctx, succ_vars_[i], loop_[i], changed))
        return false;
  }
  return true;
}

bool CircuitPropagator::once(Context& ctx, bool& changed) {
  const std::size_t n = succ_vars_.size();
  for (std::size_t i = 0; i < n; ++i) {
    const int x = succ_vars_[i];
    const std::int32_t* dense = ctx.domains.dense(x);
    for (int k = ctx.domains.size(x) - 1; k >= 0; --k)
      if (node(i, dense[k]) < 0 && !remove(ctx, x, dense[k], changed)) return false;
  }
  if (!restrict_size(ctx, 2, static_cast<Value>(n), changed)) return false;
  bool closed = false;
  if (!chains(ctx, changed, closed)) return false;
  if (closed) return true;  // every arc is fixed now: the next pass checks them
  return reachability(ctx, changed);
}

bool CircuitPropagator::propagate(Context& ctx) {
  return repeat_passes(ctx, [&](bool& changed) { return once(ctx, changed); });
}

}  // namespace arcwave::cpu
