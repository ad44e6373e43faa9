// Definitions for propagation/cpu/globals/channel_lists.hpp.
#include "propagation/cpu/globals/channel_lists.hpp"

#include <algorithm>

#include "propagation/indexed/indexed_model.hpp"

namespace arcwave::cpu {

ChannelListsPropagator::ChannelListsPropagator(int constraint, std::vector<int> scope,
                                               const ChannelConstraint& c,
                                               const std::vector<Domain>& domains)
    : Propagator(constraint, std::move(scope)),
      x_(c.list),
      y_(c.other),
      start_(c.start),
      other_start_(c.other_start),
      domains_(&domains) {
  const auto m = static_cast<Value>(y_.size());
  offset_.push_back(0);
  for (int x : x_) {
    for (Value v : domains[static_cast<std::size_t>(x)]) {
      const Value j = v - other_start_;
      target_.push_back(j >= 0 && j < m ? static_cast<int>(j) : -1);
    }
    offset_.push_back(target_.size());
  }
  mate_x_.assign(x_.size(), -1);
  mate_y_.assign(y_.size(), -1);
  seen_.assign(y_.size(), 0);
  reaches_free_.resize(y_.size());
  holders_offset_.resize(y_.size() + 1);
  std::vector<int> all = x_;
  all.insert(all.end(), y_.begin(), y_.end());
  std::sort(all.begin(), all.end());
  repeats_ = std::adjacent_find(all.begin(), all.end()) != all.end();
}

int ChannelListsPropagator::y_index(std::size_t j, std::size_t i) const {
  return index_of((*domains_)[static_cast<std::size_t>(y_[j])], static_cast<Value>(i) + start_);
}

int ChannelListsPropagator::x_index(std::size_t i, std::size_t j) const {
  return index_of((*domains_)[static_cast<std::size_t>(x_[i])],
                  static_cast<Value>(j) + other_start_);
}

bool ChannelListsPropagator::edges(Context& ctx, bool& changed) {
  const Domains& d = ctx.domains;
  for (std::size_t i = 0; i < x_.size(); ++i) {
    // x_i = j needs y_j = i.
    const bool ok = ctx.filter(
        x_[i],
        [&](int a) {
          const int j = target(i, a);
          if (j < 0) return false;
          const int b = y_index(static_cast<std::size_t>(j), i);
          return b >= 0 && d.contains(y_[static_cast<std::size_t>(j)], b);
        },
        changed);
    if (!ok) return false;
  }
  return true;
}

bool ChannelListsPropagator::augment(const Domains& d, int start) {
  // Depth-first search for an alternating path from x[start] to a free j.
  ++seen_epoch_;
  path_.assign(1, start);
  path_cursor_.assign(1, 0);
  while (!path_.empty()) {
    const auto i = static_cast<std::size_t>(path_.back());
    const int x = x_[i];
    const int k = path_cursor_.back();
    if (k >= d.size(x)) {
      path_.pop_back();
      path_cursor_.pop_back();
      continue;
    }
    ++path_cursor_.back();
    const auto j = static_cast<std::size_t>(target(i, d.dense(x)[k]));
    if (seen_[j] == seen_epoch_) continue;
    seen_[j] = seen_epoch_;
    if (mate_y_[j] >= 0) {
      path_.push_back(mate_y_[j]);
      path_cursor_.push_back(0);
      continue;
    }
    for (std::size_t t = path_.size(); t-- > 0;) {
      const auto p = static_cast<std::size_t>(path_[t]);
      const int w = target(p, d.dense(x_[p])[path_cursor_[t] - 1]);
      mate_x_[p] = w;
      mate_y_[static_cast<std::size_t>(w)] = static_cast<int>(p);
    }
    return true;
  }
  return false;
}

bool ChannelListsPropagator::match(const Domains& d) {
  for (std::size_t i = 0; i < x_.size(); ++i) {
    const int j = mate_x_[i];
    if (j < 0 || edge(d, i, static_cast<std::size_t>(j))) continue;
    mate_x_[i] = -1;
    mate_y_[static_cast<std::size_t>(j)] = -1;
  }
  for (std::size_t i = 0; i < x_.size(); ++i)
    if (mate_x_[i] < 0 && !augment(d, static_cast<int>(i))) return false;
  return true;
}

void ChannelListsPropagator::free_reach(const Domains& d) {
  // j reaches a free value when it is free, or when its x takes another j' from which one is
  // reached: walk backwards from the free values (j is entered from the x holding it
  // unmatched, those x from their mates).
  const std::size_t m = y_.size();
  std::fill(holders_offset_.begin(), holders_offset_.end(), 0);
  for (std::size_t i = 0; i < x_.size(); ++i) {
    const std::int32_t* dense = d.dense(x_[i]);
    for (int k = 0; k < d.size(x_[i]); ++k)
      ++holders_offset_[static_cast<std::size_t>(target(i, dense[k])) + 1];
  }
  for (std::size_t j = 0; j < m; ++j) holders_offset_[j + 1] += holders_offset_[j];
  holders_.resize(static_cast<std::size_t>(holders_offset_[m]));
  {
    std::vector<int> fill(holders_offset_.begin(), holders_offset_.end() - 1);
    for (std::size_t i = 0; i < x_.size(); ++i) {
      const std::int32_t* dense = d.dense(x_[i]);
      for (int k = 0; k < d.size(x_[i]); ++k)
        holders_[static_cast<std::size_t>(fill[static_cast<std::size_t>(target(i, dense[k]))]++)] =
            static_cast<int>(i);
    }
  }
  std::fill(reaches_free_.begin(), reaches_free_.end(), 0);
  stack_.clear();
  for (std::size_t j = 0; j < m; ++j)
    if (mate_y_[j] < 0) {
      reaches_free_[j] = 1;
      stack_.push_back(static_cast<int>(j));
    }
  while (!stack_.empty()) {
    const auto j = static_cast<std::size_t>(stack_.back());
    stack_.pop_back();
    for (auto h = static_cast<std::size_t>(holders_offset_[j]);
         h < static_cast<std::size_t>(holders_offset_[j + 1]); ++h) {
      const auto w = static_cast<std::size_t>(mate_x_[static_cast<std::size_t>(holders_[h])]);
      if (reaches_free_[w] != 0) continue;
      reaches_free_[w] = 1;
      stack_.push_back(static_cast<int>(w));
    }
  }
}

bool ChannelListsPropagator::once(Context& ctx, bool& changed) {
  if (!edges(ctx, changed)) return false;
  const Domains& d = ctx.domains;
  if (!match(d)) return false;
  free_reach(d);
  // Alternating graph: node i < n is x[i] (arcs to its unmatched j), node n + j is j (an arc
  // to its x).
  const auto n = static_cast<int>(x_.size());
  components_.run(n + static_cast<int>(y_.size()), [&](int u, int& cursor) -> int {
    if (u < n) {
      const auto i = static_cast<std::size_t>(u);
      const std::int32_t* dense = d.dense(x_[i]);
      while (cursor < d.size(x_[i])) {
        const int j = target(i, dense[cursor++]);
        if (j != mate_x_[i]) return n + j;
      }
      return -1;
    }
    if (cursor++ > 0) return -1;
    return mate_y_[static_cast<std::size_t>(u - n)];
  });
  for (std::size_t i = 0; i < x_.size(); ++i) {
    const int x = x_[i];
    const std::int32_t* dense = d.dense(x);
    for (int k = d.size(x) - 1; k >= 0; --k) {
      const int a = dense[k];
      const int j = target(i, a);
      if (j == mate_x_[i] || reaches_free_[static_cast<std::size_t>(j)] != 0 ||
          components_.component(static_cast<int>(i)) == components_.component(n + j))
        continue;
      changed = true;
      if (!ctx.remove(x, a)) return false;
    }
  }
  // y[j] that some x must take keeps the i whose edge (i, j) is left.
  for (std::size_t j = 0; j < y_.size(); ++j) {
    if (reaches_free_[j] != 0) continue;
    const int y = y_[j];
    const std::int32_t* dense = d.dense(y);
    for (int k = d.size(y) - 1; k >= 0; --k) {
      const int b = dense[k];
      const Value i =
          (*domains_)[static_cast<std::size_t>(y)][static_cast<std::size_t>(b)] - start_;
      if (i >= 0 && i < n && edge(d, static_cast<std::size_t>(i), j)) continue;
      changed = true;
      if (!ctx.remove(y, b)) return false;
    }
  }
  return true;
}

bool ChannelListsPropagator::propagate(Context& ctx) {
  last_run = ctx.now();
  for (bool changed = true; changed;) {
    changed = false;
    if (!once(ctx, changed)) return false;
    if (!repeats_) break;  // one pass is GAC, hence a fixpoint
  }
  return true;
}

}  // namespace arcwave::cpu
