// graph/sssp/johnson_bgl.hpp — the outside reference: Boost.Graph's
// johnson_all_pairs_shortest_paths on a copy of the graph (adjacency_list). Used by tests and
// the benchmark only (its own library, arcwave_sssp_bgl, keeps Boost.Graph out of the CLI).
#pragma once

#include <cstdint>
#include <vector>

#include "graph/csr/csr.hpp"
#include "graph/sssp/distance.hpp"

namespace arcwave::sssp {

/// Fills `rows` (n rows of n) and returns true, or returns false on a negative cycle.
/// Unreachable pairs get infinity<D>(). Weight: int64_t or double.
template <typename Weight>
bool johnson_bgl(const Csr<Weight>& graph, std::vector<std::vector<Distance<Weight>>>& rows);

}  // namespace arcwave::sssp
