// An independent CSR builder for the tests: materialise (source, target, weight, order)
// tuples, std::stable_sort them, merge or drop as the options say.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <tuple>
#include <vector>

#include "graph/csr/csr.hpp"
#include "graph/csr/edge_list.hpp"

namespace arcwave::test {

template <typename Weight>
Csr<Weight> reference_build(const EdgeList<Weight>& list, const BuildOptions& options) {
  struct Arc {
    std::uint32_t s, t;
    Weight w;
  };
  std::vector<Arc> arcs;
  for (std::size_t i = 0; i < list.size(); ++i)
    arcs.push_back(
        {list.sources[i], list.targets[i], list.weighted() ? list.weights[i] : Weight{}});
  if (!options.directed)
    for (std::size_t i = 0; i < list.size(); ++i)
      if (list.sources[i] != list.targets[i])
        arcs.push_back(
            {list.targets[i], list.sources[i], list.weighted() ? list.weights[i] : Weight{}});
  if (options.self_loops == SelfLoops::kDrop)
    std::erase_if(arcs, [](const Arc& a) { return a.s == a.t; });
  std::stable_sort(arcs.begin(), arcs.end(), [](const Arc& a, const Arc& b) {
    return std::tie(a.s, a.t) < std::tie(b.s, b.t);
  });
  Csr<Weight> csr;
  csr.vertex_count = list.vertex_count;
  csr.offsets.assign(list.vertex_count + 1, 0);
  for (std::size_t i = 0; i < arcs.size(); ++i) {
    if (options.parallel_edges == ParallelEdges::kMergeMin && i > 0 && arcs[i].s == arcs[i - 1].s &&
        arcs[i].t == arcs[i - 1].t) {
      if (list.weighted()) csr.weights.back() = std::min(csr.weights.back(), arcs[i].w);
      continue;
    }
    csr.targets.push_back(arcs[i].t);
    if (list.weighted()) csr.weights.push_back(arcs[i].w);
    ++csr.offsets[arcs[i].s + 1];
  }
  for (std::size_t v = 0; v < list.vertex_count; ++v) csr.offsets[v + 1] += csr.offsets[v];
  return csr;
}

/// Random edge list with many parallel edges and self loops (fixed seed).
template <typename Weight>
EdgeList<Weight> messy_edges(std::uint32_t n, std::uint64_t m, std::uint64_t seed, bool weighted) {
  std::mt19937_64 rng(seed);
  EdgeList<Weight> list;
  list.vertex_count = n;
  const std::uint32_t span = std::max<std::uint32_t>(1, n / 4);  // crowd a few vertices
  for (std::uint64_t i = 0; i < m && n > 0; ++i) {
    const auto u = static_cast<std::uint32_t>(rng() % (i % 3 == 0 ? span : n));
    const auto v = static_cast<std::uint32_t>(i % 11 == 0 ? u : rng() % (i % 2 == 0 ? span : n));
    if (weighted)
      list.add(u, v, static_cast<Weight>(static_cast<std::int64_t>(rng() % 2001) - 1000));
    else
      list.add(u, v);
  }
  return list;
}

inline std::vector<BuildOptions> all_build_options() {
  std::vector<BuildOptions> out;
  for (const bool directed : {true, false})
    for (const auto p : {ParallelEdges::kKeep, ParallelEdges::kMergeMin})
      for (const auto l : {SelfLoops::kKeep, SelfLoops::kDrop}) out.push_back({directed, p, l});
  return out;
}

}  // namespace arcwave::test
