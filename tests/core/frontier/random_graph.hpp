// Graphs for the frontier tests (fixed seeds): random directed graphs with some high-degree
// hubs, hub-heavy graphs, a ladder of degrees across the warp width, long paths, random
// weights; and the references they are checked against (plain BFS, Dijkstra).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <random>
#include <utility>
#include <vector>

#include "core/csr_view.hpp"

namespace arcwave::test {

struct OwnedCsr {
  std::uint32_t n = 0;
  std::vector<std::uint64_t> offsets;
  std::vector<std::uint32_t> targets;
  std::vector<std::uint32_t> weights;  // empty, or one per edge
  [[nodiscard]] CsrView<float> view() const {
    return {n, targets.size(), offsets.data(), targets.data(), nullptr};
  }
};

inline OwnedCsr from_adjacency(const std::vector<std::vector<std::uint32_t>>& adj) {
  OwnedCsr g;
  g.n = static_cast<std::uint32_t>(adj.size());
  g.offsets.push_back(0);
  for (const auto& a : adj) {
    g.targets.insert(g.targets.end(), a.begin(), a.end());
    g.offsets.push_back(g.targets.size());
  }
  return g;
}

inline OwnedCsr random_csr(std::uint32_t n, double mean_degree, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::vector<std::uint32_t>> adj(n);
  std::uniform_int_distribution<std::uint32_t> pick(0, n - 1);
  const auto edges = static_cast<std::uint64_t>(mean_degree * n);
  for (std::uint64_t i = 0; i < edges; ++i) {
    // every 50th edge leaves a hub, so a few vertices have degrees in the hundreds
    const std::uint32_t u = (i % 50 == 0) ? pick(rng) % 8 : pick(rng);
    adj[u].push_back(pick(rng));
  }
  return from_adjacency(adj);
}

/// `hubs` vertices with `hub_degree` random out-edges each, every other vertex with 0 to 3
/// random out-edges and one edge to a random hub: a few huge lists in every round.
inline OwnedCsr hub_csr(std::uint32_t n, std::uint32_t hubs, std::uint32_t hub_degree,
                        std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::uint32_t> pick(0, n - 1);
  std::vector<std::vector<std::uint32_t>> adj(n);
  for (std::uint32_t h = 0; h < hubs; ++h)
    for (std::uint32_t i = 0; i < hub_degree; ++i) adj[h].push_back(pick(rng));
  for (std::uint32_t v = hubs; v < n; ++v) {
    const std::uint32_t extra = pick(rng) % 4;
    for (std::uint32_t i = 0; i < extra; ++i) adj[v].push_back(pick(rng));
    if (pick(rng) % 16 == 0) adj[v].push_back(pick(rng) % hubs);
  }
  return from_adjacency(adj);
}

/// Vertex v has v % 71 out-edges (degrees on both sides of 32 and 64 in every warp), to
/// random targets.
inline OwnedCsr degree_ladder_csr(std::uint32_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::uint32_t> pick(0, n - 1);
  std::vector<std::vector<std::uint32_t>> adj(n);
  for (std::uint32_t v = 0; v < n; ++v)
    for (std::uint32_t i = 0; i < v % 71; ++i) adj[v].push_back(pick(rng));
  return from_adjacency(adj);
}

/// 0 -> 1 -> ... -> n-1: one vertex per round, n rounds from vertex 0.
inline OwnedCsr path_csr(std::uint32_t n) {
  std::vector<std::vector<std::uint32_t>> adj(n);
  for (std::uint32_t v = 0; v + 1 < n; ++v) adj[v].push_back(v + 1);
  return from_adjacency(adj);
}

/// Random weights in [1, max_weight] on every edge of `g`.
inline void add_weights(OwnedCsr& g, std::uint32_t max_weight, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::uint32_t> pick(1, max_weight);
  g.weights.resize(g.targets.size());
  for (auto& w : g.weights) w = pick(rng);
}

/// Plain BFS levels from `sources` (UINT32_MAX for unreachable).
inline std::vector<std::uint32_t> bfs_levels(const OwnedCsr& g,
                                             const std::vector<std::uint32_t>& sources) {
  std::vector<std::uint32_t> level(g.n, UINT32_MAX);
  std::queue<std::uint32_t> q;
  for (const std::uint32_t s : sources)
    if (level[s] == UINT32_MAX) {
      level[s] = 0;
      q.push(s);
    }
  while (!q.empty()) {
    const std::uint32_t u = q.front();
    q.pop();
    for (std::uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (level[g.targets[e]] == UINT32_MAX) {
        level[g.targets[e]] = level[u] + 1;
        q.push(g.targets[e]);
      }
  }
  return level;
}
inline std::vector<std::uint32_t> bfs_levels(const OwnedCsr& g, std::uint32_t source) {
  return bfs_levels(g, std::vector<std::uint32_t>{source});
}

/// Dijkstra distances over g.weights from `source` (UINT32_MAX for unreachable).
inline std::vector<std::uint32_t> dijkstra(const OwnedCsr& g, std::uint32_t source) {
  std::vector<std::uint32_t> dist(g.n, UINT32_MAX);
  using Entry = std::pair<std::uint32_t, std::uint32_t>;  // (distance, vertex)
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
  dist[source] = 0;
  heap.emplace(0, source);
  while (!heap.empty()) {
    const auto [d, u] = heap.top();
    heap.pop();
    if (d != dist[u]) continue;
    for (std::uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const std::uint32_t nd = d + g.weights[e];
      if (nd < dist[g.targets[e]]) {
        dist[g.targets[e]] = nd;
        heap.emplace(nd, g.targets[e]);
      }
    }
  }
  return dist;
}

}  // namespace arcwave::test
