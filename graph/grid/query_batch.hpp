// graph/grid/query_batch.hpp — many point-to-point queries on one map, on all cores
// (parallel_queries.hpp): exact A* on any SearchMap (astar.hpp), JPS and JPS+ on octile cell
// maps (jps.hpp, jps_plus.hpp). The GPU batch is in gpu_search.hpp, first-move databases in
// cpd.hpp.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "graph/grid/astar.hpp"
#include "graph/grid/cell_bits.hpp"
#include "graph/grid/costs.hpp"
#include "graph/grid/jps_plus.hpp"
#include "graph/grid/parallel_queries.hpp"

namespace arcwave::grid {

/// Answers every query (in order) with A* on `threads` threads (0: every hardware thread).
std::vector<SearchResult> solve_queries_cpu(const SearchMap& map, std::span<const Query> queries,
                                            bool want_paths, unsigned threads = 0);
/// The same with JPS (octile cell maps).
std::vector<SearchResult> solve_queries_jps(const CellBits& bits, std::span<const Query> queries,
                                            bool want_paths, unsigned threads = 0);
/// The same with JPS+ over a built table.
std::vector<SearchResult> solve_queries_jps_plus(const CellBits& bits, const JumpTable& table,
                                                 std::span<const Query> queries, bool want_paths,
                                                 unsigned threads = 0);

}  // namespace arcwave::grid
