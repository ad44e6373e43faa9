// bench/frontier/bench_graphs.hpp — the graphs the frontier benchmark runs BFS on, built once
// per process: road-like 2-D grids (instances/graphs' grid_graph; many rounds, small
// frontiers), a random sparse graph (random_graph; few rounds, huge frontiers) and an R-MAT
// power-law graph (rmat.hpp; hubs). Unweighted CSRs built on the GPU (graph/csr).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "graph/csr/csr.hpp"

namespace arcwave::bench {

struct BenchGraph {
  std::string name;
  std::string shape;  // how it was made, for the summary
  Csr<std::int32_t> csr;
  std::uint32_t source = 0;           // BFS source: a grid corner, vertex 0, the largest R-MAT hub
  std::vector<std::uint32_t> levels;  // plain CPU BFS from `source` (UINT32_MAX: unreachable)
  std::uint64_t reached = 0;          // vertices with a level
  std::uint64_t edges_touched = 0;    // out-edges of the reached vertices
  std::uint32_t depth = 0;            // largest level
};

/// The names benchmark rows use, in summary order.
const std::vector<std::string>& bench_graph_names();
/// Builds (first call) and returns the named graph with its reference BFS.
const BenchGraph& bench_graph(const std::string& name);

}  // namespace arcwave::bench
