// shortest_paths() and ShortestPaths (include/arcwave/paths.hpp): Dijkstra or Bellman-Ford on the
// CPU, near-far or Bellman-Ford on the GPU, and the shortest-path tree read off the distances the
// same way whichever ran.

#include <fmt/format.h>

#include "api/paths_impl.hpp"
#include "arcwave/error.hpp"
#include "core/backend.hpp"
#include "graph/sssp/bellman_ford_cpu.hpp"
#include "graph/sssp/dijkstra_cpu.hpp"
#include "graph/sssp/sssp_gpu.hpp"

namespace arcwave {

namespace {

/// One SSSP on the GPU pays for the upload and a context; from about 10^6 vertices + edges on
/// near-far wins (bench/sssp on the H100: 5–11 ms against Dijkstra's 225–815 ms at 10^6).
constexpr double kSsspGpuThreshold = 1e6;

/// parent[] from exact distances: a breadth-first search from the source over tight edges
/// (d[u] + w == d[v]), in CSR order. Every reachable vertex is reached: the relaxation that
/// last lowered d[v] used a tight edge at the final distances, and those edges form a tree.
template <typename W>
std::vector<std::uint32_t> tight_tree(const Csr<W>& g, std::uint32_t source,
                                      const std::vector<W>& d) {
  std::vector<std::uint32_t> parent(g.vertex_count, kNoVertex);
  std::vector<std::uint32_t> queue{source};
  std::vector<bool> seen(g.vertex_count, false);
  seen[source] = true;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t u = queue[head];
    for (std::uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const std::uint32_t v = g.targets[e];
      if (seen[v] || d[u] + g.weights[e] != d[v]) continue;
      seen[v] = true;
      parent[v] = u;
      queue.push_back(v);
    }
  }
  return parent;
}

}  // namespace

template <typename W>
std::vector<std::uint32_t> ShortestPaths<W>::path_to(std::uint32_t target) const {
  if (target >= parent.size())
    throw InputError(fmt::format("path_to: vertex {} is not below n = {}", target, parent.size()));
  if (target != source && parent[target] == kNoVertex) return {};
  std::vector<std::uint32_t> path{target};
  for (std::uint32_t v = target; v != source;) path.push_back(v = parent[v]);
  return {path.rbegin(), path.rend()};
}

template <typename W>
ShortestPaths<W> shortest_paths(const WeightedGraph<W>& graph, std::uint32_t source,
                                const PathOptions& options) {
  const Csr<W>& g = graph.impl().csr;
  if (source >= g.vertex_count)
    throw InputError(fmt::format("source {} is not below n = {}", source, g.vertex_count));
  const BackendChoice choice =
      choose_backend(options.backend, static_cast<double>(g.vertex_count + g.edge_count()),
                     kSsspGpuThreshold, g.edge_count() * 20 + g.vertex_count * 16ULL);
  ShortestPaths<W> result;
  result.source = source;
  const bool negative = graph.has_negative_weight();
  const char* algorithm = "";
  if (choice.backend == Backend::kGpu) {
    if (negative) {
      algorithm = "Bellman-Ford";
      auto bf = sssp::gpu::bellman_ford(g, std::optional<std::uint32_t>(source));
      result.distance = std::move(bf.distance);
      result.negative_cycle = std::move(bf.negative_cycle);
    } else {
      algorithm = "near-far";
      result.distance = sssp::gpu::near_far(g, source);
    }
  } else if (negative) {
    algorithm = "Bellman-Ford";
    auto bf = sssp::bellman_ford_cpu(g, std::optional<std::uint32_t>(source));
    result.distance = std::move(bf.distance);
    result.negative_cycle = std::move(bf.negative_cycle);
  } else {
    algorithm = "Dijkstra";
    result.distance = sssp::dijkstra_cpu(g, source).distance;
  }
  result.backend = fmt::format("{}, {}", choice.reason, algorithm);
  if (!result.negative_cycle.empty()) {
    result.distance.clear();
    return result;
  }
  result.parent = tight_tree(g, source, result.distance);
  return result;
}

template struct ShortestPaths<std::int64_t>;
template struct ShortestPaths<double>;
template ShortestPaths<std::int64_t> shortest_paths(const IntGraph&, std::uint32_t,
                                                    const PathOptions&);
template ShortestPaths<double> shortest_paths(const RealGraph&, std::uint32_t, const PathOptions&);

}  // namespace arcwave
