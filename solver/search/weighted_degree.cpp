// Definitions for solver/search/weighted_degree.hpp.
#include "solver/search/weighted_degree.hpp"

namespace arcwave::search {

WeightedDegree::WeightedDegree(const Engine& engine, bool learn_weights) : learn_(learn_weights) {
  const auto n = static_cast<std::size_t>(engine.variable_count());
  const auto m = static_cast<std::size_t>(engine.constraint_count());
  scope_.resize(m);
  cons_offset_.assign(n + 1, 0);
  for (std::size_t c = 0; c < m; ++c) {
    const auto s = engine.constraint_scope(static_cast<int>(c));
    scope_[c].assign(s.begin(), s.end());
    for (int x : s) ++cons_offset_[static_cast<std::size_t>(x) + 1];
  }
  for (std::size_t x = 0; x < n; ++x) cons_offset_[x + 1] += cons_offset_[x];
  cons_.resize(cons_offset_[n]);
  std::vector<std::size_t> fill(cons_offset_.begin(), cons_offset_.end() - 1);
  for (std::size_t c = 0; c < m; ++c)
    for (int x : scope_[c]) cons_[fill[static_cast<std::size_t>(x)]++] = static_cast<int>(c);
  weight_.assign(m, 1.0);
  future_count_.resize(m);
  for (std::size_t c = 0; c < m; ++c) future_count_[c] = static_cast<int>(scope_[c].size());
  future_.assign(n, 1);
  wdeg_.assign(n, 0.0);
  for (std::size_t x = 0; x < n; ++x)
    for (std::size_t k = cons_offset_[x]; k < cons_offset_[x + 1]; ++k)
      if (scope_[static_cast<std::size_t>(cons_[k])].size() >= 2)
        wdeg_[x] += weight_[static_cast<std::size_t>(cons_[k])];
}

int WeightedDegree::other_future(int c, int except) const {
  for (int y : scope_[static_cast<std::size_t>(c)])
    if (y != except && future_[static_cast<std::size_t>(y)] != 0) return y;
  return -1;
}

void WeightedDegree::assign(int x) {
  const auto xi = static_cast<std::size_t>(x);
  future_[xi] = 0;
  for (std::size_t k = cons_offset_[xi]; k < cons_offset_[xi + 1]; ++k) {
    const int c = cons_[k];
    if (--future_count_[static_cast<std::size_t>(c)] == 1) {
      const int y = other_future(c, x);
      if (y >= 0) wdeg_[static_cast<std::size_t>(y)] -= weight_[static_cast<std::size_t>(c)];
    }
  }
}

void WeightedDegree::unassign(int x) {
  const auto xi = static_cast<std::size_t>(x);
  double sum = 0;
  for (std::size_t k = cons_offset_[xi]; k < cons_offset_[xi + 1]; ++k) {
    const auto c = static_cast<std::size_t>(cons_[k]);
    if (future_count_[c] >= 1) sum += weight_[c];
    if (++future_count_[c] == 2) {
      const int y = other_future(static_cast<int>(c), x);
      if (y >= 0) wdeg_[static_cast<std::size_t>(y)] += weight_[c];
    }
  }
  wdeg_[xi] = sum;
  future_[xi] = 1;
}

void WeightedDegree::conflict(int c) {
  if (!learn_ || c < 0) return;
  const auto ci = static_cast<std::size_t>(c);
  weight_[ci] += 1.0;
  if (future_count_[ci] < 2) return;
  for (int y : scope_[ci])
    if (future_[static_cast<std::size_t>(y)] != 0) wdeg_[static_cast<std::size_t>(y)] += 1.0;
}

}  // namespace arcwave::search
