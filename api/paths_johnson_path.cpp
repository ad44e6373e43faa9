// johnson_path() (include/arcwave/paths.hpp): one Dijkstra on the graph reweighted by Johnson's
// potentials, the path followed back along the edges that last lowered each distance.
#include <algorithm>

#include <fmt/format.h>

#include "api/paths_impl.hpp"
#include "arcwave/error.hpp"
#include "graph/csr/csr_ops.hpp"
#include "graph/sssp/dijkstra_cpu.hpp"
#include "graph/sssp/reweight.hpp"

namespace arcwave {

template <typename W>
std::optional<GraphPath<W>> johnson_path(const WeightedGraph<W>& graph,
                                         std::span<const W> potential, std::uint32_t from,
                                         std::uint32_t to) {
  const Csr<W>& g = graph.impl().csr;
  if (potential.size() != g.vertex_count)
    throw InputError(fmt::format("johnson_path: {} potentials for {} vertices", potential.size(),
                                 g.vertex_count));
  for (const std::uint32_t v : {from, to})
    if (v >= g.vertex_count)
      throw InputError(
          fmt::format("johnson_path: vertex {} is not below n = {}", v, g.vertex_count));
  const Csr<W> reweighted = sssp::reweight(g, potential);
  const auto r = sssp::dijkstra_cpu(reweighted, from, true);
  if (r.distance[to] == sssp::infinity<W>()) return std::nullopt;
  GraphPath<W> path;
  path.distance = r.distance[to] - potential[from] + potential[to];
  path.vertices.push_back(to);
  for (std::uint32_t x = to; x != from;) {
    x = edge_source(g, r.predecessor_edge[x]);
    path.vertices.push_back(x);
  }
  std::reverse(path.vertices.begin(), path.vertices.end());
  return path;
}

template std::optional<GraphPath<std::int64_t>> johnson_path(const IntGraph&,
                                                             std::span<const std::int64_t>,
                                                             std::uint32_t, std::uint32_t);
template std::optional<GraphPath<double>> johnson_path(const RealGraph&, std::span<const double>,
                                                       std::uint32_t, std::uint32_t);

}  // namespace arcwave
