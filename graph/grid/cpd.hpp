// graph/grid/cpd.hpp — first-move compressed path databases (CPD, as in SRC: Strasser, Botea,
// Harabor): for every free source cell s, the row of the first moves of shortest paths from s
// to every cell t, the cells taken in one fixed order (a depth-first order of the free cells,
// which keeps cells reached by the same first move together) and run-length compressed
// (cpd_wave.hpp). A query s -> t looks up t's position in s's row (a binary search over its
// runs), moves, and repeats from the next cell: path length many lookups, no search.
//
// Any unweighted map and neighbourhood (4 or 8 unit moves, octile): the moves are the
// SearchMap's, so maps with single closed moves work too. Rows hold every shortest first move
// of each target as a set while compressing; the greedy choice then makes the rows canonical:
// the CPU builder here and the GPU builder (gpu_cpd.hpp) give equal rows.
// Costs: building runs one wave per free cell, O(cells²) time in all, on every core (or the
// GPU); the database takes 4 bytes a run, 8 a cell for row offsets and 8 a cell for the order
// and the components.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "graph/grid/astar.hpp"
#include "graph/grid/costs.hpp"
#include "graph/grid/parallel_queries.hpp"

namespace arcwave::grid {

inline constexpr std::uint32_t kNoPosition = 0xFFFFFFFFU;

/// The fixed cell order and the connected components of a map's free cells.
struct CellOrder {
  std::vector<std::uint32_t> position;   // cell -> position (kNoPosition: blocked)
  std::vector<std::uint32_t> cell;       // position -> cell
  std::vector<std::uint32_t> component;  // cell -> component (kNoPosition: blocked)
};
/// Depth-first preorder of the free cells over the map's moves, each component from its first
/// cell in row-major order, neighbours tried in move order.
CellOrder cell_order(const SearchMap& map);

class FirstMoveDb {
 public:
  FirstMoveDb() = default;
  /// Adopts rows built elsewhere (row_begin: cells + 1 offsets into runs, in cell order).
  FirstMoveDb(const SearchMap& map, CellOrder order, std::vector<std::uint64_t> row_begin,
              std::vector<std::uint32_t> runs);

  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] Neighbourhood neighbourhood() const noexcept { return n_; }
  [[nodiscard]] const CellOrder& order() const noexcept { return order_; }
  [[nodiscard]] std::span<const std::uint64_t> row_begin() const noexcept { return row_begin_; }
  [[nodiscard]] std::span<const std::uint32_t> runs() const noexcept { return runs_; }
  /// The runs of source cell c.
  [[nodiscard]] std::span<const std::uint32_t> row(std::uint32_t c) const noexcept {
    return std::span<const std::uint32_t>(runs_).subspan(row_begin_[c],
                                                         row_begin_[c + 1] - row_begin_[c]);
  }
  /// The first move from source cell c towards cell t (same component, t != c).
  [[nodiscard]] int first_move(std::uint32_t c, std::uint32_t t) const noexcept;
  /// Bytes held: runs, row offsets, order and components.
  [[nodiscard]] std::size_t bytes() const noexcept;

 private:
  int width_ = 0;
  int height_ = 0;
  Neighbourhood n_ = Neighbourhood::kOctile;
  CellOrder order_;
  std::vector<std::uint64_t> row_begin_;
  std::vector<std::uint32_t> runs_;
};

/// Throws InputError unless the map can have a database: unweighted, positions below 2^29.
void check_cpd_map(const SearchMap& map);

/// The first-move sets of every cell from `source` (kAnyMove for the source, blocked and
/// unreachable cells), by exact lengths settled bucket by bucket; `keys` (optional) receives
/// the lengths.
std::vector<std::uint8_t> first_move_sets(const SearchMap& map, std::uint32_t source,
                                          std::vector<std::uint64_t>* keys = nullptr);
/// One row: the sets of the cells, in the order's positions, compressed.
std::vector<std::uint32_t> compress_row(const CellOrder& order,
                                        std::span<const std::uint8_t> sets_by_cell);

struct CpdBuildStats {
  double seconds = 0;
  std::uint64_t sources = 0;
  std::uint64_t runs = 0;
};
/// The CPU builder: one wave per free cell on `threads` threads (0: all cores).
FirstMoveDb build_cpd_cpu(const SearchMap& map, unsigned threads = 0,
                          CpdBuildStats* stats = nullptr);

/// A query: exact length (kOctileUnreached: no path), `expanded` = moves taken, the path when
/// asked for.
SearchResult cpd_query(const FirstMoveDb& db, const SearchMap& map, Point start, Point goal,
                       bool want_path);
/// Every query on `threads` threads.
std::vector<SearchResult> solve_queries_cpd(const FirstMoveDb& db, const SearchMap& map,
                                            std::span<const Query> queries, bool want_paths,
                                            unsigned threads = 0);

/// Saves the database (binary, with the map's size, moves and a hash of its open moves).
void save_cpd(const FirstMoveDb& db, const SearchMap& map, const std::string& path);
/// Loads a database saved for this map; InputError when the file is not one, or was made for
/// another map or other moves.
FirstMoveDb load_cpd(const SearchMap& map, const std::string& path);

}  // namespace arcwave::grid
