// Definitions for propagation/cpu/difference_cliques.hpp.
#include "propagation/cpu/difference_cliques.hpp"
#include "propagation/cpu/clique_growth.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace arcwave::cpu {

bool is_difference(const IndexedBinary& b, const IndexedModel& m) {
  const Domain& dx = m.domains[static_cast<std::size_t>(b.x)];
  const Domain& dy = m.domains[static_cast<std::size_t>(b.y)];
  const BitRelation& r = *b.relation;
  for (int a = 0; a < r.rows(); ++a) {
    const int same = index_of(dy, dx[static_cast<std::size_t>(a)]);
    if (r.row_count(a) != r.cols() - (same >= 0 ? 1 : 0)) return false;
    if (same >= 0 && r.test(a, same)) return false;
  }
  return true;
}

std::vector<std::vector<int>> difference_cliques(const IndexedModel& m, std::size_t min_size,
                                                 std::size_t max_edges) {
  // The difference graph, as sorted adjacency lists.
  std::map<const BitRelation*, bool> known;
  std::set<std::pair<int, int>> edges;
  for (const IndexedConstraint& c : m.constraints) {
    const auto* b = std::get_if<IndexedBinary>(&c);
    if (b == nullptr || b->x == b->y) continue;
    auto [it, fresh] = known.try_emplace(b->relation.get(), false);
    if (fresh) it->second = is_difference(*b, m);
    if (!it->second) continue;
    edges.insert(std::minmax(b->x, b->y));
    if (edges.size() > max_edges) return {};
  }
  std::vector<std::vector<int>> adjacent(m.variable_count());
  for (const auto& [u, v] : edges) {
    adjacent[static_cast<std::size_t>(u)].push_back(v);
    adjacent[static_cast<std::size_t>(v)].push_back(u);
  }
  for (auto& list : adjacent) std::sort(list.begin(), list.end());
  auto linked = [&](int u, int v) {
    const auto& list = adjacent[static_cast<std::size_t>(u)];
    return std::binary_search(list.begin(), list.end(), v);
  };

  // Grow a clique from each uncovered edge: add the common neighbour with the most uncovered
  // edges to the clique so far, until none is left.
  std::set<std::pair<int, int>> covered;
  std::vector<std::vector<int>> cliques;
  for (const auto& [u, v] : edges) {
    if (covered.contains({u, v})) continue;
    std::vector<int> clique = grow_clique(u, v, adjacent, linked, covered);
    if (clique.size() < min_size) continue;
    for (std::size_t i = 0; i < clique.size(); ++i)
      for (std::size_t j = i + 1; j < clique.size(); ++j)
        covered.insert(std::minmax(clique[i], clique[j]));
    std::sort(clique.begin(), clique.end());
    cliques.push_back(std::move(clique));
  }
  return cliques;
}

}  // namespace arcwave::cpu
