// Definitions for graph/grid/query_batch.hpp.
#include "graph/grid/query_batch.hpp"

#include "graph/grid/jps.hpp"

namespace arcwave::grid {

std::vector<SearchResult> solve_queries_cpu(const SearchMap& map, std::span<const Query> queries,
                                            bool want_paths, unsigned threads) {
  return solve_queries_parallel(queries, want_paths, threads, [&] { return AStar(map); });
}

std::vector<SearchResult> solve_queries_jps(const CellBits& bits, std::span<const Query> queries,
                                            bool want_paths, unsigned threads) {
  return solve_queries_parallel(queries, want_paths, threads,
                                [&] { return JumpPointSearch(bits); });
}

std::vector<SearchResult> solve_queries_jps_plus(const CellBits& bits, const JumpTable& table,
                                                 std::span<const Query> queries, bool want_paths,
                                                 unsigned threads) {
  return solve_queries_parallel(queries, want_paths, threads,
                                [&] { return JumpPointSearchPlus(bits, table); });
}

}  // namespace arcwave::grid
