// A random directed CSR graph for the frontier tests (fixed seed, some high-degree hubs).
#pragma once

#include <algorithm>
#include <cstdint>
#include <queue>
#include <random>
#include <vector>

#include "core/csr_view.hpp"

namespace arcwave::test {

struct OwnedCsr {
  std::uint32_t n = 0;
  std::vector<std::uint64_t> offsets;
  std::vector<std::uint32_t> targets;
  [[nodiscard]] CsrView<float> view() const {
    return {n, targets.size(), offsets.data(), targets.data(), nullptr};
  }
};

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
  OwnedCsr g;
  g.n = n;
  g.offsets.push_back(0);
  for (auto& a : adj) {
    g.targets.insert(g.targets.end(), a.begin(), a.end());
    g.offsets.push_back(g.targets.size());
  }
  return g;
}

/// Plain BFS levels from `source` (UINT32_MAX for unreachable).
inline std::vector<std::uint32_t> bfs_levels(const OwnedCsr& g, std::uint32_t source) {
  std::vector<std::uint32_t> level(g.n, UINT32_MAX);
  std::queue<std::uint32_t> q;
  level[source] = 0;
  q.push(source);
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

}  // namespace arcwave::test
