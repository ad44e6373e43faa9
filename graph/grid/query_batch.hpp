// graph/grid/query_batch.hpp — many point-to-point queries on one map: on the CPU every query
// is an exact A* (astar.hpp), the queries shared by a pool of threads (each with its own
// workspace) through an atomic counter; the GPU batch is in gpu_batch.hpp.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "graph/grid/astar.hpp"
#include "graph/grid/costs.hpp"

namespace arcwave::grid {

struct Query {
  Point start;
  Point goal;
};

/// Answers every query (in order) on `threads` threads (0: every hardware thread).
std::vector<SearchResult> solve_queries_cpu(const SearchMap& map, std::span<const Query> queries,
                                            bool want_paths, unsigned threads = 0);

}  // namespace arcwave::grid
