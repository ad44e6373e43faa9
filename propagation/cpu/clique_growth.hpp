// propagation/cpu/clique_growth.hpp — the greedy clique growth the clique finders share
// (difference_cliques: cliques of !=; disjunctive_cliques: cliques of disjunctive pairs).
#pragma once

#include <algorithm>
#include <cstddef>
#include <set>
#include <utility>
#include <vector>

namespace arcwave::cpu {

/// From the edge (u, v), adds the common neighbour that covers the most pairs not yet covered,
/// until none covers a new one; `linked(a, b)` says whether a and b are adjacent.
template <class Linked>
std::vector<int> grow_clique(int u, int v, const std::vector<std::vector<int>>& adjacent,
                             const Linked& linked, const std::set<std::pair<int, int>>& covered) {
  std::vector<int> clique = {u, v};
  std::vector<int> candidates;
  for (int w : adjacent[static_cast<std::size_t>(u)])
    if (w != v && linked(v, w)) candidates.push_back(w);
  while (!candidates.empty()) {
    std::size_t best = 0;
    std::size_t best_fresh = 0;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      std::size_t fresh = 0;
      for (int member : clique)
        fresh += covered.contains(std::minmax(member, candidates[i])) ? 0 : 1;
      if (fresh > best_fresh) {
        best = i;
        best_fresh = fresh;
      }
    }
    if (best_fresh == 0) break;
    const int w = candidates[best];
    clique.push_back(w);
    std::erase_if(candidates, [&](int c) { return c == w || !linked(w, c); });
  }
  return clique;
}

}  // namespace arcwave::cpu
