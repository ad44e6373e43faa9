// Definitions for propagation/cpu/disjunctive_cliques.hpp.
#include "propagation/cpu/disjunctive_cliques.hpp"
#include "propagation/cpu/clique_growth.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <utility>

namespace arcwave::cpu {

std::optional<std::pair<Value, Value>> disjunctive_pair(const IndexedBinary& b,
                                                        const IndexedModel& m,
                                                        std::size_t max_cells) {
  if (b.x == b.y) return std::nullopt;
  const Domain& dx = m.domains[static_cast<std::size_t>(b.x)];
  const Domain& dy = m.domains[static_cast<std::size_t>(b.y)];
  const BitRelation& r = *b.relation;
  if (static_cast<std::size_t>(r.rows()) * static_cast<std::size_t>(r.cols()) > max_cells)
    return std::nullopt;
  constexpr Value kFar = Value{1} << 40;  // the scheduling propagators' safe magnitude
  for (const auto* d : {&dx, &dy}) {
    if (d->empty() || d->front() <= -kFar || d->back() >= kFar) return std::nullopt;
    // Start times: intervals. Separations between values with holes (frequencies kept apart,
    // |x - y| > k) read the same way, but bounds reasoning gains nothing there: measured 10x
    // slower on Rlfap-graph-02 for no fewer nodes.
    if (d->back() - d->front() + 1 != static_cast<Value>(d->size())) return std::nullopt;
  }
  // Two tasks cannot start together: a pair of equal values allowed rules it out (cheaply,
  // before the whole matrix is read).
  for (int a = 0; a < r.rows(); ++a) {
    const int same = index_of(dy, dx[static_cast<std::size_t>(a)]);
    if (same >= 0 && r.test(a, same)) return std::nullopt;
  }
  // The largest lengths the allowed pairs leave room for: p is at most b - a over the allowed
  // pairs with b after a, q at most a - b over those with b before a.
  constexpr Value kNone = std::numeric_limits<Value>::max();
  Value p = kNone, q = kNone;
  for (int a = 0; a < r.rows(); ++a)
    for (int c = 0; c < r.cols(); ++c) {
      if (!r.test(a, c)) continue;
      const Value u = dx[static_cast<std::size_t>(a)], v = dy[static_cast<std::size_t>(c)];
      if (v > u) p = std::min(p, v - u);
      if (u > v) q = std::min(q, u - v);
    }
  if (p == kNone || q == kNone) return std::nullopt;  // one order only: a precedence
  if (p == 1 && q == 1) return std::nullopt;          // x != y: difference cliques' allDifferent
  // Exactly the pairs of the two orders, with those lengths.
  for (int a = 0; a < r.rows(); ++a)
    for (int c = 0; c < r.cols(); ++c) {
      const Value u = dx[static_cast<std::size_t>(a)], v = dy[static_cast<std::size_t>(c)];
      if (r.test(a, c) != (u + p <= v || v + q <= u)) return std::nullopt;
    }
  return std::pair{p, q};
}

std::vector<DisjunctiveClique> disjunctive_cliques(const IndexedModel& m, std::size_t min_size,
                                                   std::size_t max_edges) {
  // The pairs, with each task's length in each: lengths[{u, v}] = (length of u, of v), u < v.
  std::map<const BitRelation*, std::optional<std::pair<Value, Value>>> known;
  std::map<std::pair<int, int>, std::pair<Value, Value>> lengths;
  for (const IndexedConstraint& c : m.constraints) {
    const auto* b = std::get_if<IndexedBinary>(&c);
    if (b == nullptr || b->x == b->y) continue;
    auto [it, fresh] = known.try_emplace(b->relation.get());
    if (fresh) it->second = disjunctive_pair(*b, m);
    if (!it->second) continue;
    auto [p, q] = *it->second;
    auto key = std::pair{b->x, b->y};
    if (key.first > key.second) {
      std::swap(key.first, key.second);
      std::swap(p, q);
    }
    // Two constraints on the same pair: both hold, so the larger lengths do.
    auto [at, inserted] = lengths.try_emplace(key, p, q);
    if (!inserted) at->second = {std::max(at->second.first, p), std::max(at->second.second, q)};
    if (lengths.size() > max_edges) return {};
  }
  std::vector<std::vector<int>> adjacent(m.variable_count());
  for (const auto& [uv, _] : lengths) {
    adjacent[static_cast<std::size_t>(uv.first)].push_back(uv.second);
    adjacent[static_cast<std::size_t>(uv.second)].push_back(uv.first);
  }
  for (auto& list : adjacent) std::sort(list.begin(), list.end());
  auto linked = [&](int u, int v) {
    const auto& list = adjacent[static_cast<std::size_t>(u)];
    return std::binary_search(list.begin(), list.end(), v);
  };
  auto length_in = [&](int task, int other) {  // task's length in its pair with other
    return task < other ? lengths.at({task, other}).first : lengths.at({other, task}).second;
  };

  // Grow a clique from each uncovered pair: add the common neighbour with the most uncovered
  // pairs to the clique so far, until none is left.
  std::set<std::pair<int, int>> covered;
  std::vector<DisjunctiveClique> cliques;
  for (const auto& [uv, _] : lengths) {
    if (covered.contains(uv)) continue;
    std::vector<int> clique = grow_clique(uv.first, uv.second, adjacent, linked, covered);
    if (clique.size() < min_size) continue;
    std::sort(clique.begin(), clique.end());
    DisjunctiveClique out;
    out.starts = clique;
    for (int task : clique) {
      Value shortest = std::numeric_limits<Value>::max();
      for (int other : clique)
        if (other != task) shortest = std::min(shortest, length_in(task, other));
      out.lengths.push_back(shortest);
    }
    for (std::size_t i = 0; i < clique.size(); ++i)
      for (std::size_t j = i + 1; j < clique.size(); ++j)
        covered.insert(std::minmax(clique[i], clique[j]));
    cliques.push_back(std::move(out));
  }
  return cliques;
}

}  // namespace arcwave::cpu
