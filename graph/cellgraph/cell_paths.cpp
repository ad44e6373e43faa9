// Definitions for graph/cellgraph/cell_paths.hpp (the CPU side; the GPU search is in
// cell_paths_gpu.cu).
#include "graph/cellgraph/cell_paths.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/frontier/frontier.hpp"
#include "graph/cellgraph/bits.hpp"

namespace arcwave::cellgraph {

std::optional<std::uint32_t> find_cell(const BitVectors& cells,
                                       std::span<const std::uint64_t> row) {
  if (row.size() != cells.words) return std::nullopt;
  for (std::uint64_t v = 0; v < cells.count; ++v)
    if (rows_equal(cells.row(v).data(), row.data(), cells.words))
      return static_cast<std::uint32_t>(v);
  return std::nullopt;
}

std::vector<std::uint32_t> bfs_parents(const Csr<>& graph, std::uint32_t source, Device device) {
  if (source >= graph.vertex_count)
    throw InputError(fmt::format("route source {} is not a vertex (the graph has {})", source,
                                 graph.vertex_count));
  if (device == Device::kGpu) return detail::bfs_parents_gpu(graph, source);
  std::vector<std::uint32_t> parent(graph.vertex_count, kNoVertex);
  parent[source] = source;
  const std::uint32_t seeds[] = {source};
  frontier::run_cpu(graph.view(), std::span<const std::uint32_t>(seeds),
                    [&](std::uint32_t src, std::uint64_t, std::uint32_t dst, std::uint32_t) {
                      if (parent[dst] != kNoVertex) return false;
                      parent[dst] = src;
                      return true;
                    });
  return parent;
}

std::vector<std::uint32_t> shortest_route(const Csr<>& graph, std::uint32_t from, std::uint32_t to,
                                          Device device) {
  if (to >= graph.vertex_count)
    throw InputError(
        fmt::format("route target {} is not a vertex (the graph has {})", to, graph.vertex_count));
  const std::vector<std::uint32_t> parent = bfs_parents(graph, from, device);
  std::vector<std::uint32_t> route;
  if (parent[to] == kNoVertex) return route;
  for (std::uint32_t v = to; v != from; v = parent[v]) {
    route.push_back(v);
    if (route.size() > graph.vertex_count) throw InternalError("cell route: cycle in BFS parents");
  }
  route.push_back(from);
  std::reverse(route.begin(), route.end());
  return route;
}

}  // namespace arcwave::cellgraph
