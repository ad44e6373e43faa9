// Definitions for propagation/cpu/globals/channel_self.hpp.
#include "propagation/cpu/globals/channel_self.hpp"

#include <algorithm>

#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

ChannelSelfPropagator::ChannelSelfPropagator(int constraint, std::vector<int> scope,
                                             const ChannelConstraint& c,
                                             const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)), list_(c.list), domains_(&domains), start_(c.start) {
  const std::size_t n = list_.size();
  offset_.push_back(0);
  for (std::size_t i = 0; i < n; ++i) {
    for (Value v : domains[static_cast<std::size_t>(list_[i])]) {
      const Value j = v - c.start;
      target_.push_back(j >= 0 && j < static_cast<Value>(n) ? static_cast<int>(j) : -1);
    }
    offset_.push_back(target_.size());
  }
  allowed_.resize(target_.size());
  std::vector<int> sorted = list_;
  std::sort(sorted.begin(), sorted.end());
  repeats_ = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
}

int ChannelSelfPropagator::index_in(std::size_t i, std::size_t j) const {
  return index_of((*domains_)[static_cast<std::size_t>(list_[i])], static_cast<Value>(j) + start_);
}

bool ChannelSelfPropagator::symmetric(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  const std::size_t n = list_.size();
  for (std::size_t i = 0; i < n; ++i) {
    // x_i = j needs x_j = i.
    const bool ok = ctx.filter(
        list_[i],
        [&](int a) {
          const int j = target(i, a);
          if (j < 0) return false;
          const int b = index_in(static_cast<std::size_t>(j), i);
          return b >= 0 && d.contains(list_[static_cast<std::size_t>(j)], b);
        },
        changed);
    if (!ok) return false;
  }
  return true;
}

void ChannelSelfPropagator::build_graph(const Domains& d) {
  // Vertices 0..n-1 and their copies n..2n-1; after symmetric(), every present value is an
  // edge (both directions present), or a loop.
  const std::size_t n = list_.size();
  const int copy = static_cast<int>(n);
  matching_.reset(2 * copy);
  auto& off = matching_.offsets;
  auto& tg = matching_.targets;
  for (std::size_t i = 0; i < n; ++i) off[i + 1] = d.size(list_[i]);
  for (std::size_t i = 0; i < n; ++i) off[n + i + 1] = d.size(list_[i]);
  for (std::size_t u = 0; u < 2 * n; ++u) off[u + 1] += off[u];
  tg.resize(static_cast<std::size_t>(off[2 * n]));
  for (std::size_t half = 0; half < 2; ++half)
    for (std::size_t i = 0; i < n; ++i) {
      const int x = list_[i];
      const std::int32_t* dense = d.dense(x);
      const auto u = half * n + i;
      auto at = static_cast<std::size_t>(off[u]);
      for (int k = 0; k < d.size(x); ++k) {
        const int j = target(i, dense[k]);
        // A loop joins i and its copy; another edge stays inside its half.
        tg[at++] = j == static_cast<int>(i) ? static_cast<int>((1 - half) * n + i)
                                            : static_cast<int>(half * n) + j;
      }
    }
}

bool ChannelSelfPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  for (bool changed = true; changed;) {
    changed = false;
    if (!once(ctx, changed)) return false;
    if (!repeats_) break;  // one pass is GAC, hence a fixpoint
  }
  return true;
}

bool ChannelSelfPropagator::once(Context& ctx, bool& changed) {
  if (!symmetric(ctx, changed)) return false;
  const Domains& d = ctx.domains;
  const std::size_t n = list_.size();
  build_graph(d);
  if (!matching_.make_perfect()) return false;
  std::fill(allowed_.begin(), allowed_.end(), 0);
  auto allow = [&](std::size_t i, std::size_t j) {
    allowed_[offset_[i] + static_cast<std::size_t>(index_in(i, j))] = 1;
    allowed_[offset_[j] + static_cast<std::size_t>(index_in(j, i))] = 1;
  };
  for (std::size_t u = 0; u < 2 * n; ++u) {
    const auto w = static_cast<std::size_t>(matching_.mate(static_cast<int>(u)));
    if (u < n && w == u + n)
      allow(u, u);
    else if ((u < n) == (w < n))
      allow(u % n, w % n);
  }
  for (std::size_t u = 0; u < n; ++u) {
    const int x = list_[u];
    const std::int32_t* dense = d.dense(x);
    bool unknown = false;
    for (int k = 0; k < d.size(x) && !unknown; ++k)
      unknown = allowed_[offset_[u] + static_cast<std::size_t>(dense[k])] == 0;
    if (!unknown) continue;
    matching_.even_reachable(static_cast<int>(u), even_);
    for (int k = 0; k < d.size(x); ++k) {
      const auto j = static_cast<std::size_t>(target(u, dense[k]));
      if (even_[j == u ? u + n : j] != 0) allow(u, j);
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    const int x = list_[i];
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      if (allowed_[offset_[i] + static_cast<std::size_t>(a)] != 0) continue;
      changed = true;
      if (!ctx.remove(x, a)) return false;
    }
  }
  return true;
}

}  // namespace arcwave::cpu
