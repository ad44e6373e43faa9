// graph/csr/build_cpu.hpp — builds a Csr from an EdgeList on the CPU (two stable counting
// sorts, O(V + E)); the reference for the GPU builder of build_gpu.hpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "graph/csr/csr.hpp"
#include "graph/csr/edge_list.hpp"

namespace arcwave {

/// Throws InputError when an endpoint is out of range or the weights do not match the edges.
/// Returns the number of self loops.
template <typename Weight>
std::uint64_t validate_edge_list(const EdgeList<Weight>& list) {
  if (list.targets.size() != list.sources.size())
    throw InputError("edge list: " + std::to_string(list.sources.size()) + " sources but " +
                     std::to_string(list.targets.size()) + " targets");
  if (!list.weights.empty() && list.weights.size() != list.sources.size())
    throw InputError("edge list: " + std::to_string(list.sources.size()) + " edges but " +
                     std::to_string(list.weights.size()) + " weights");
  std::uint64_t loops = 0;
  for (std::uint64_t i = 0; i < list.sources.size(); ++i) {
    if (list.sources[i] >= list.vertex_count || list.targets[i] >= list.vertex_count)
      throw InputError("edge list: edge " + std::to_string(i) + " (" +
                       std::to_string(list.sources[i]) + ", " + std::to_string(list.targets[i]) +
                       ") has an endpoint outside [0, " + std::to_string(list.vertex_count) + ")");
    loops += list.sources[i] == list.targets[i] ? 1 : 0;
  }
  return loops;
}

namespace detail {

/// Stable counting sort of the permutation `order` by key(order[i]) in [0, buckets).
template <typename Key>
std::vector<std::uint64_t> counting_sort(const std::vector<std::uint64_t>& order,
                                         std::uint32_t buckets, Key key) {
  std::vector<std::uint64_t> start(static_cast<std::size_t>(buckets) + 1, 0);
  for (const std::uint64_t i : order) ++start[key(i) + 1];
  for (std::size_t b = 0; b < buckets; ++b) start[b + 1] += start[b];
  std::vector<std::uint64_t> sorted(order.size());
  for (const std::uint64_t i : order) sorted[start[key(i)]++] = i;
  return sorted;
}

}  // namespace detail

/// Builds the CSR of `list` (see BuildOptions for the exact rules).
template <typename Weight>
Csr<Weight> build_csr(const EdgeList<Weight>& list, const BuildOptions& options = {}) {
  const std::uint64_t loops = validate_edge_list(list);
  const std::uint64_t m = list.size();
  const bool drop_loops = options.self_loops == SelfLoops::kDrop;
  // Expanded edge e: e < m is input edge e, e >= m the reverse of input edge mirror[e - m].
  std::vector<std::uint64_t> mirror;
  if (!options.directed) {
    mirror.reserve(m - loops);
    for (std::uint64_t i = 0; i < m; ++i)
      if (list.sources[i] != list.targets[i]) mirror.push_back(i);
  }
  auto src = [&](std::uint64_t e) { return e < m ? list.sources[e] : list.targets[mirror[e - m]]; };
  auto dst = [&](std::uint64_t e) { return e < m ? list.targets[e] : list.sources[mirror[e - m]]; };
  auto input = [&](std::uint64_t e) { return e < m ? e : mirror[e - m]; };

  std::vector<std::uint64_t> order;
  order.reserve(m + mirror.size());
  for (std::uint64_t e = 0; e < m + mirror.size(); ++e)
    if (!drop_loops || src(e) != dst(e)) order.push_back(e);
  // LSD: by target, then (stably) by source.
  order = detail::counting_sort(order, list.vertex_count, dst);
  order = detail::counting_sort(order, list.vertex_count, src);

  Csr<Weight> csr;
  csr.vertex_count = list.vertex_count;
  csr.offsets.assign(static_cast<std::size_t>(list.vertex_count) + 1, 0);
  csr.targets.reserve(order.size());
  if (list.weighted()) csr.weights.reserve(order.size());
  const bool merge = options.parallel_edges == ParallelEdges::kMergeMin;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::uint64_t e = order[k];
    const bool repeat =
        merge && k > 0 && src(order[k - 1]) == src(e) && dst(order[k - 1]) == dst(e);
    if (repeat) {
      if (list.weighted())
        csr.weights.back() = std::min(csr.weights.back(), list.weights[input(e)]);
      continue;
    }
    ++csr.offsets[src(e) + 1];
    csr.targets.push_back(dst(e));
    if (list.weighted()) csr.weights.push_back(list.weights[input(e)]);
  }
  for (std::uint32_t v = 0; v < list.vertex_count; ++v) csr.offsets[v + 1] += csr.offsets[v];
  return csr;
}

}  // namespace arcwave
