// Definitions for propagation/cpu/globals/general_matching.hpp.
#include "propagation/cpu/globals/general_matching.hpp"

#include <algorithm>

namespace arcwave::cpu {

void GeneralMatching::reset(int nodes) {
  if (nodes != n_) {
    n_ = nodes;
    const auto n = static_cast<std::size_t>(nodes);
    mate_.assign(n, -1);
    parent_.assign(n, -1);
    base_.assign(n, 0);
    even_.assign(n, 0);
    in_blossom_.assign(n, 0);
    seen_.assign(n, 0);
  }
  offsets.assign(static_cast<std::size_t>(nodes) + 1, 0);
  targets.clear();
}

bool GeneralMatching::has_edge(int u, int v) const {
  const auto b = targets.begin() + offsets[static_cast<std::size_t>(u)];
  const auto e = targets.begin() + offsets[static_cast<std::size_t>(u) + 1];
  return std::find(b, e, v) != e;
}

int GeneralMatching::common_base(int a, int b) {
  // Walk up from a to the root marking the bases, then up from b to the first marked one.
  ++seen_epoch_;
  for (;;) {
    a = base_[static_cast<std::size_t>(a)];
    seen_[static_cast<std::size_t>(a)] = seen_epoch_;
    if (mate_[static_cast<std::size_t>(a)] < 0) break;
    a = parent_[static_cast<std::size_t>(mate_[static_cast<std::size_t>(a)])];
  }
  for (;;) {
    b = base_[static_cast<std::size_t>(b)];
    if (seen_[static_cast<std::size_t>(b)] == seen_epoch_) return b;
    b = parent_[static_cast<std::size_t>(mate_[static_cast<std::size_t>(b)])];
  }
}

void GeneralMatching::mark_path(int v, int base, int child) {
  // From the outer vertex v up to the blossom's base: flag the bases met, and point each
  // outer vertex back across the blossom edge so that its odd mate becomes outer.
  while (base_[static_cast<std::size_t>(v)] != base) {
    const int m = mate_[static_cast<std::size_t>(v)];
    in_blossom_[static_cast<std::size_t>(base_[static_cast<std::size_t>(v)])] = 1;
    in_blossom_[static_cast<std::size_t>(base_[static_cast<std::size_t>(m)])] = 1;
    parent_[static_cast<std::size_t>(v)] = child;
    child = m;
    v = parent_[static_cast<std::size_t>(m)];
  }
}

int GeneralMatching::search(int root, int removed) {
  const auto n = static_cast<std::size_t>(n_);
  std::fill(parent_.begin(), parent_.end(), -1);
  std::fill(even_.begin(), even_.end(), 0);
  for (std::size_t i = 0; i < n; ++i) base_[i] = static_cast<int>(i);
  queue_.assign(1, root);
  even_[static_cast<std::size_t>(root)] = 1;
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const int v = queue_[head];
    const auto vv = static_cast<std::size_t>(v);
    for (int e = offsets[vv]; e < offsets[vv + 1]; ++e) {
      const int to = targets[static_cast<std::size_t>(e)];
      const auto tt = static_cast<std::size_t>(to);
      if (to == removed || base_[vv] == base_[tt] || mate_[vv] == to) continue;
      const bool outer =
          to == root || (mate_[tt] >= 0 && parent_[static_cast<std::size_t>(mate_[tt])] >= 0);
      if (outer) {
        // An odd cycle: contract it into a blossom whose vertices all become outer.
        const int b = common_base(v, to);
        std::fill(in_blossom_.begin(), in_blossom_.end(), 0);
        mark_path(v, b, to);
        mark_path(to, b, v);
        for (std::size_t i = 0; i < n; ++i) {
          if (in_blossom_[static_cast<std::size_t>(base_[i])] == 0) continue;
          base_[i] = b;
          if (even_[i] == 0) {
            even_[i] = 1;
            queue_.push_back(static_cast<int>(i));
          }
        }
      } else if (parent_[tt] < 0) {
        parent_[tt] = v;
        if (mate_[tt] < 0) return to;
        even_[static_cast<std::size_t>(mate_[tt])] = 1;
        queue_.push_back(mate_[tt]);
      }
    }
  }
  return -1;
}

bool GeneralMatching::make_perfect() {
  for (int u = 0; u < n_; ++u) {
    const int w = mate_[static_cast<std::size_t>(u)];
    if (w >= 0 && !has_edge(u, w)) {
      mate_[static_cast<std::size_t>(u)] = -1;
      mate_[static_cast<std::size_t>(w)] = -1;
    }
  }
  for (int u = 0; u < n_; ++u) {
    if (mate_[static_cast<std::size_t>(u)] >= 0) continue;
    int v = search(u, -1);
    if (v < 0) return false;
    while (v >= 0) {  // flip the augmenting path
      const int pv = parent_[static_cast<std::size_t>(v)];
      const int next = mate_[static_cast<std::size_t>(pv)];
      mate_[static_cast<std::size_t>(v)] = pv;
      mate_[static_cast<std::size_t>(pv)] = v;
      v = next;
    }
  }
  return true;
}

void GeneralMatching::even_reachable(int u, std::vector<std::uint8_t>& even) {
  const int w = mate_[static_cast<std::size_t>(u)];
  mate_[static_cast<std::size_t>(u)] = -1;
  mate_[static_cast<std::size_t>(w)] = -1;
  search(w, u);  // no augmenting path: w is the only exposed vertex of G - u
  even.assign(even_.begin(), even_.end());
  mate_[static_cast<std::size_t>(u)] = w;
  mate_[static_cast<std::size_t>(w)] = u;
}

}  // namespace arcwave::cpu
