// Definitions for solver/search/weighted_degree.hpp.
#include "solver/search/weighted_degree.hpp"

#include <algorithm>

namespace arcwave::search {

WeightedDegree::WeightedDegree(const Engine& engine, Learning learning)
    : engine_(engine), learning_(learning) {
  const auto n = static_cast<std::size_t>(engine.variable_count());
  const auto m = static_cast<std::size_t>(engine.constraint_count());
  scope_.resize(m);
  w_.resize(m);
  cons_offset_.assign(n + 1, 0);
  for (std::size_t c = 0; c < m; ++c) {
    const auto s = engine.constraint_scope(static_cast<int>(c));
    scope_[c].assign(s.begin(), s.end());
    w_[c].assign(s.size(), 1.0);
    for (int x : s) ++cons_offset_[static_cast<std::size_t>(x) + 1];
  }
  for (std::size_t x = 0; x < n; ++x) cons_offset_[x + 1] += cons_offset_[x];
  cons_.resize(cons_offset_[n]);
  cons_pos_.resize(cons_offset_[n]);
  std::vector<std::size_t> fill(cons_offset_.begin(), cons_offset_.end() - 1);
  for (std::size_t c = 0; c < m; ++c)
    for (std::size_t k = 0; k < scope_[c].size(); ++k) {
      const std::size_t at = fill[static_cast<std::size_t>(scope_[c][k])]++;
      cons_[at] = static_cast<int>(c);
      cons_pos_[at] = static_cast<int>(k);
    }
  future_count_.resize(m);
  for (std::size_t c = 0; c < m; ++c) future_count_[c] = static_cast<int>(scope_[c].size());
  future_.assign(n, 1);
  wdeg_.assign(n, 0.0);
  for (std::size_t x = 0; x < n; ++x)
    for (std::size_t k = cons_offset_[x]; k < cons_offset_[x + 1]; ++k) {
      const auto c = static_cast<std::size_t>(cons_[k]);
      if (scope_[c].size() >= 2) wdeg_[x] += w_[c][static_cast<std::size_t>(cons_pos_[k])];
    }
}

int WeightedDegree::other_future(int c, int except) const {
  const std::vector<int>& s = scope_[static_cast<std::size_t>(c)];
  for (std::size_t k = 0; k < s.size(); ++k)
    if (s[k] != except && future_[static_cast<std::size_t>(s[k])] != 0) return static_cast<int>(k);
  return -1;
}

void WeightedDegree::assign(int x) {
  const auto xi = static_cast<std::size_t>(x);
  future_[xi] = 0;
  for (std::size_t k = cons_offset_[xi]; k < cons_offset_[xi + 1]; ++k) {
    const auto c = static_cast<std::size_t>(cons_[k]);
    if (--future_count_[c] == 1) {
      const int p = other_future(static_cast<int>(c), x);
      if (p >= 0)
        wdeg_[static_cast<std::size_t>(scope_[c][static_cast<std::size_t>(p)])] -=
            w_[c][static_cast<std::size_t>(p)];
    }
  }
}

void WeightedDegree::unassign(int x) {
  const auto xi = static_cast<std::size_t>(x);
  double sum = 0;
  for (std::size_t k = cons_offset_[xi]; k < cons_offset_[xi + 1]; ++k) {
    const auto c = static_cast<std::size_t>(cons_[k]);
    if (future_count_[c] >= 1) sum += w_[c][static_cast<std::size_t>(cons_pos_[k])];
    if (++future_count_[c] == 2) {
      const int p = other_future(static_cast<int>(c), x);
      if (p >= 0)
        wdeg_[static_cast<std::size_t>(scope_[c][static_cast<std::size_t>(p)])] +=
            w_[c][static_cast<std::size_t>(p)];
    }
  }
  wdeg_[xi] = sum;
  future_[xi] = 1;
}

void WeightedDegree::conflict(int c) {
  if (learning_ == Learning::kNone || c < 0) return;
  const auto ci = static_cast<std::size_t>(c);
  const std::vector<int>& s = scope_[ci];
  const bool counted = future_count_[ci] >= 2;  // c is in the degrees of its future variables
  if (learning_ == Learning::kConflicts) {
    for (std::size_t k = 0; k < s.size(); ++k) {
      w_[ci][k] += 1.0;
      if (counted && future_[static_cast<std::size_t>(s[k])] != 0)
        wdeg_[static_cast<std::size_t>(s[k])] += 1.0;
    }
    return;
  }
  const double share = 1.0 / std::max(1, future_count_[ci]);
  for (std::size_t k = 0; k < s.size(); ++k) {
    const auto y = static_cast<std::size_t>(s[k]);
    if (future_[y] == 0) continue;
    const double add = share / std::max(1, engine_.size(s[k]));
    w_[ci][k] += add;
    if (counted) wdeg_[y] += add;
  }
}

}  // namespace arcwave::search
