// The database and its queries (graph/grid/cpd.hpp).
#include <algorithm>
#include <string>

#include "arcwave/error.hpp"
#include "graph/grid/cpd.hpp"

namespace arcwave::grid {

FirstMoveDb::FirstMoveDb(const SearchMap& map, CellOrder order,
                         std::vector<std::uint64_t> row_begin, std::vector<std::uint32_t> runs)
    : width_(map.width()),
      height_(map.height()),
      n_(map.metric().n),
      order_(std::move(order)),
      row_begin_(std::move(row_begin)),
      runs_(std::move(runs)) {
  if (order_.position.size() != map.cell_count() || row_begin_.size() != map.cell_count() + 1 ||
      row_begin_.back() != runs_.size())
    throw InternalError("first-move database: rows do not match the map");
}

int FirstMoveDb::first_move(std::uint32_t c, std::uint32_t t) const noexcept {
  const std::uint32_t* begin = runs_.data() + row_begin_[c];
  const std::uint32_t* end = runs_.data() + row_begin_[c + 1];
  // The last run starting at or before t's position (the first run starts at position 0).
  const std::uint32_t key = order_.position[t] << 3 | 7U;
  const std::uint32_t* run = std::upper_bound(begin, end, key) - 1;
  return static_cast<int>(*run & 7U);
}

std::size_t FirstMoveDb::bytes() const noexcept {
  return runs_.size() * sizeof(std::uint32_t) + row_begin_.size() * sizeof(std::uint64_t) +
         (order_.position.size() + order_.cell.size() + order_.component.size()) *
             sizeof(std::uint32_t);
}

SearchResult cpd_query(const FirstMoveDb& db, const SearchMap& map, Point start, Point goal,
                       bool want_path) {
  if (!map.contains(start) || !map.contains(goal))
    throw InputError("a query point lies outside the " + std::to_string(map.width()) + "x" +
                     std::to_string(map.height()) + " map");
  SearchResult result;
  const std::uint32_t s = map.index(start);
  const std::uint32_t t = map.index(goal);
  const std::vector<std::uint32_t>& component = db.order().component;
  if (map.blocked(s) || map.blocked(t) || component[s] != component[t]) return result;
  std::uint64_t key = 0;
  if (want_path) result.path.push_back(start);
  for (std::uint32_t c = s; c != t;) {
    const int m = db.first_move(c, t);
    if ((map.moves()[c] >> m & 1U) == 0)
      throw InternalError("first-move database: a closed move on the way (not this map's)");
    key = map.step(key, c, m);
    c = map.neighbour(c, m);
    ++result.expanded;
    if (want_path) result.path.push_back(map.point(c));
    if (result.expanded > map.cell_count())
      throw InternalError("first-move database: the walk does not reach the goal");
  }
  result.key = key;
  return result;
}

std::vector<SearchResult> solve_queries_cpd(const FirstMoveDb& db, const SearchMap& map,
                                            std::span<const Query> queries, bool want_paths,
                                            unsigned threads) {
  struct Walker {
    const FirstMoveDb& db;
    const SearchMap& map;
    SearchResult search(Point start, Point goal, bool want_path) const {
      return cpd_query(db, map, start, goal, want_path);
    }
  };
  return solve_queries_parallel(queries, want_paths, threads, [&] { return Walker{db, map}; });
}

}  // namespace arcwave::grid
