// First-move databases on the CPU: each cell's first-move set equals the one read off plain
// Dijkstra (every move m from the source with d(s + m) + cost(m) = d(t), no heap shared with the
// builder), rows equal the greedy compression of those sets, every query's length equals
// Dijkstra's and its path is valid, on random maps with 4, 8 and octile moves and single closed
// moves; the order is a permutation of the free cells; save and load round-trip, and a file of
// another map, of other moves or damaged is refused.
#include <cstdio>
#include <fstream>
#include <random>
#include <string>

#include "arcwave/error.hpp"
#include "graph/grid/cpd.hpp"
#include "graph/grid/cpd_wave.hpp"
#include "graph/grid/grid_dijkstra.hpp"
#include "graph/grid/path.hpp"
#include "instances/maps/map_generators.hpp"
#include "tests/graph/grid/grid_test_util.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/cli.hpp"

using namespace arcwave;
using grid::Neighbourhood;
using grid::Point;

namespace {

grid::Grid random_grid(int w, int h, double share, std::mt19937_64& rng, bool close_moves) {
  std::vector<std::uint8_t> blocked;
  std::uniform_real_distribution<double> u(0, 1);
  for (int i = 0; i < w * h; ++i) blocked.push_back(u(rng) < share ? 1 : 0);
  grid::Grid g = grid::grid_from_blocked(w, h, blocked);
  if (close_moves)
    for (int i = 0; i < w * h / 8; ++i) {
      const int x = static_cast<int>(rng() % static_cast<std::uint64_t>(w));
      const int y = static_cast<int>(rng() % static_cast<std::uint64_t>(h));
      const int m = static_cast<int>(rng() % 4);
      if (g.contains({x + grid::kDx[m], y + grid::kDy[m]})) g.set_edge({x, y}, m, false);
    }
  return g;
}

/// First-move sets from plain Dijkstra: d(s, t) from t's own Dijkstra (lengths are symmetric),
/// m belongs to t's set when d(s + m, t) + cost(m) = d(s, t).
std::vector<std::uint8_t> reference_sets(const grid::SearchMap& map, std::uint32_t s) {
  std::vector<std::uint8_t> sets(map.cell_count(), grid::kAnyMove);
  const std::vector<std::uint64_t> from_s = grid::dijkstra_keys(map, map.point(s));
  std::vector<std::vector<std::uint64_t>> from_next(8);
  for (int m = 0; m < 8; ++m)
    if ((map.moves()[s] >> m & 1U) != 0)
      from_next[static_cast<std::size_t>(m)] =
          grid::dijkstra_keys(map, map.point(map.neighbour(s, m)));
  for (std::uint32_t t = 0; t < map.cell_count(); ++t) {
    if (t == s || from_s[t] == grid::kOctileUnreached) continue;
    std::uint8_t set = 0;
    for (int m = 0; m < 8; ++m) {
      const auto& d = from_next[static_cast<std::size_t>(m)];
      if (d.empty() || d[t] == grid::kOctileUnreached) continue;
      if (map.step(d[t], s, m) == from_s[t]) set = static_cast<std::uint8_t>(set | 1U << m);
    }
    sets[t] = set;
  }
  return sets;
}

}  // namespace

TEST_CASE("CPD: first-move sets equal Dijkstra's, rows their compression, queries exact",
          "[grid][cpd]") {
  std::mt19937_64 rng(1729);
  for (const Neighbourhood n :
       {Neighbourhood::kOctile, Neighbourhood::kMoore, Neighbourhood::kVonNeumann}) {
    for (int trial = 0; trial < 8; ++trial) {
      const int w = 1 + static_cast<int>(rng() % 24);
      const int h = 1 + static_cast<int>(rng() % 24);
      const grid::Grid g = random_grid(w, h, 0.05 * (trial % 6), rng, trial % 3 == 2);
      const grid::SearchMap map(g, n);
      const grid::FirstMoveDb db = grid::build_cpd_cpu(map, 1 + trial % 3);
      const grid::CellOrder& order = db.order();
      // The order: a permutation of the free cells.
      std::size_t free = 0;
      for (std::uint32_t c = 0; c < map.cell_count(); ++c) {
        if (map.blocked(c)) {
          CHECK(order.position[c] == grid::kNoPosition);
          continue;
        }
        ++free;
        REQUIRE(order.position[c] < order.cell.size());
        CHECK(order.cell[order.position[c]] == c);
      }
      CHECK(order.cell.size() == free);
      for (std::uint32_t s = 0; s < map.cell_count(); ++s) {
        if (map.blocked(s)) {
          CHECK(db.row(s).empty());
          continue;
        }
        INFO(grid::to_string(n) << " map " << w << "x" << h << " source " << s);
        const std::vector<std::uint8_t> sets = grid::first_move_sets(map, s);
        const std::vector<std::uint8_t> want = reference_sets(map, s);
        for (std::uint32_t t = 0; t < map.cell_count(); ++t) {
          // Cells of other components are wildcards for both.
          INFO("target " << t);
          CHECK(static_cast<int>(sets[t]) == static_cast<int>(want[t]));
        }
        const std::vector<std::uint32_t> row = grid::compress_row(order, want);
        const auto got = db.row(s);
        CHECK(std::vector<std::uint32_t>(got.begin(), got.end()) == row);
      }
      // Every query.
      for (std::uint32_t t = 0; t < map.cell_count(); t += 3) {
        const std::vector<std::uint64_t> d = grid::dijkstra_keys(map, map.point(t));
        for (std::uint32_t s = 0; s < map.cell_count(); ++s) {
          const grid::SearchResult r = grid::cpd_query(db, map, map.point(s), map.point(t), true);
          const std::uint64_t want = map.blocked(t) ? grid::kOctileUnreached : d[s];
          REQUIRE(r.key == want);
          if (want == grid::kOctileUnreached) continue;
          CHECK(grid::check_path(g, r.path, map.point(s), map.point(t), n) == "");
          CHECK(r.expanded + 1 == r.path.size());
        }
      }
    }
  }
}

TEST_CASE("CPD: rows compress (runs well below cells) and batches equal single queries",
          "[grid][cpd]") {
  const grid::Grid g = gen::random_blocked_cells(60, 50, 0.2, 11);
  const grid::SearchMap map(g, Neighbourhood::kOctile);
  grid::CpdBuildStats stats;
  const grid::FirstMoveDb db = grid::build_cpd_cpu(map, 2, &stats);
  CHECK(stats.sources == db.order().cell.size());
  CHECK(stats.runs == db.runs().size());
  CHECK(stats.runs < stats.sources * stats.sources / 8);
  std::vector<grid::Query> queries;
  std::mt19937_64 rng(3);
  for (int i = 0; i < 300; ++i)
    queries.push_back({{static_cast<int>(rng() % 60), static_cast<int>(rng() % 50)},
                       {static_cast<int>(rng() % 60), static_cast<int>(rng() % 50)}});
  const auto batch = grid::solve_queries_cpd(db, map, queries, true, 2);
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const grid::SearchResult one =
        grid::cpd_query(db, map, queries[i].start, queries[i].goal, true);
    CHECK(batch[i].key == one.key);
    CHECK(batch[i].path == one.path);
  }
  CHECK_THROWS_AS(grid::cpd_query(db, map, {60, 0}, {0, 0}, false), InputError);
}

TEST_CASE("CPD: save and load round-trip; foreign or damaged files are refused", "[grid][cpd]") {
  const auto dir = test::scratch_dir("arcwave_cpd");
  const grid::Grid g = gen::random_blocked_cells(30, 20, 0.25, 5);
  const grid::SearchMap map(g, Neighbourhood::kOctile);
  const grid::FirstMoveDb db = grid::build_cpd_cpu(map);
  const std::string file = (dir / "map.cpd").string();
  grid::save_cpd(db, map, file);
  const grid::FirstMoveDb back = grid::load_cpd(map, file);
  CHECK(std::vector<std::uint64_t>(back.row_begin().begin(), back.row_begin().end()) ==
        std::vector<std::uint64_t>(db.row_begin().begin(), db.row_begin().end()));
  CHECK(std::vector<std::uint32_t>(back.runs().begin(), back.runs().end()) ==
        std::vector<std::uint32_t>(db.runs().begin(), db.runs().end()));
  // Other moves, another map of the same size, another size.
  CHECK_THROWS_AS(grid::load_cpd(grid::SearchMap(g, Neighbourhood::kMoore), file), InputError);
  const grid::Grid other = gen::random_blocked_cells(30, 20, 0.25, 6);
  CHECK_THROWS_AS(grid::load_cpd(grid::SearchMap(other, Neighbourhood::kOctile), file), InputError);
  const grid::Grid small = gen::random_blocked_cells(20, 20, 0.25, 5);
  CHECK_THROWS_AS(grid::load_cpd(grid::SearchMap(small, Neighbourhood::kOctile), file), InputError);
  // Cut short, then a run moved out of order.
  std::string bytes = test::slurp(file);
  const std::string cut = (dir / "cut.cpd").string();
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() - 4);
  CHECK_THROWS_AS(grid::load_cpd(map, cut), InputError);
  bytes[bytes.size() - 1] = static_cast<char>(0x7F);  // a position past the free cells
  const std::string damaged = (dir / "damaged.cpd").string();
  std::ofstream(damaged, std::ios::binary) << bytes;
  CHECK_THROWS_AS(grid::load_cpd(map, damaged), InputError);
  std::ofstream(dir / "text.cpd") << "hello";
  CHECK_THROWS_AS(grid::load_cpd(map, (dir / "text.cpd").string()), InputError);
  // Weighted maps have no database.
  const grid::CellCosts costs = gen::random_costs(10, 10, 1, 5, 0.1, 1);
  CHECK_THROWS_AS(grid::build_cpd_cpu(grid::SearchMap(grid::grid_from_costs(costs),
                                                      Neighbourhood::kOctile, &costs)),
                  InputError);
}
