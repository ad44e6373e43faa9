// graph/cellgraph/cell_paths.hpp — routes in a cell graph: the vertex of a given vector, and a
// shortest route (fewest constraint crossings) by breadth-first search on the shared frontier
// primitive (core/frontier/frontier.hpp on the CPU, frontier.cuh on the GPU).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "graph/cellgraph/cell_graph.hpp"

namespace arcwave::cellgraph {

/// The vertex whose vector is `row` (ceil(ℓ/64) words, padding bits 0), if any.
std::optional<std::uint32_t> find_cell(const BitVectors& cells, std::span<const std::uint64_t> row);

/// Breadth-first search from `source`: parent[v] is v's predecessor on a shortest route from
/// the source (parent[source] = source; kNoVertex where v cannot be reached).
std::vector<std::uint32_t> bfs_parents(const Csr<>& graph, std::uint32_t source,
                                       Device device = Device::kCpu);

/// The vertices of a shortest route from `from` to `to`, both included (just `from` when they
/// are equal); empty when `to` cannot be reached.
std::vector<std::uint32_t> shortest_route(const Csr<>& graph, std::uint32_t from, std::uint32_t to,
                                          Device device = Device::kCpu);

namespace detail {
std::vector<std::uint32_t> bfs_parents_gpu(const Csr<>& graph, std::uint32_t source);
}  // namespace detail

}  // namespace arcwave::cellgraph
