// JPS and JPS+ against plain Dijkstra (dijkstra_keys) on random octile cell maps with fixed
// seeds (densities from empty to 45 % blocked, rooms with corridors, thin and one-cell maps):
// every start to many goals, lengths exact, paths valid (every step a legal move, no corner
// cutting) and as long as their key; the jump table's distances against a cell-by-cell walk;
// cell_based() on maps with single closed moves; blocked, equal and unreachable ends.
#include <random>
#include <string>

#include "arcwave/error.hpp"
#include "graph/grid/cell_bits.hpp"
#include "graph/grid/costs.hpp"
#include "graph/grid/grid_dijkstra.hpp"
#include "graph/grid/jps.hpp"
#include "graph/grid/jps_plus.hpp"
#include "graph/grid/path.hpp"
#include "graph/grid/query_batch.hpp"
#include "instances/maps/map_generators.hpp"
#include "tests/graph/grid/grid_test_util.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using grid::Point;

namespace {

/// Rooms of random size joined by doors, plus scattered blocks: long corridors and many
/// forced neighbours, which random noise alone rarely gives.
grid::Grid rooms_map(int w, int h, std::mt19937_64& rng) {
  std::vector<std::uint8_t> blocked(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
  const auto at = [&](int x, int y) -> std::uint8_t& {
    return blocked[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) +
                   static_cast<std::size_t>(x)];
  };
  const int step = 3 + static_cast<int>(rng() % 6);
  for (int x = step; x < w; x += step)
    for (int y = 0; y < h; ++y) at(x, y) = rng() % 5 != 0 ? 1 : 0;
  for (int y = step; y < h; y += step)
    for (int x = 0; x < w; ++x) at(x, y) = at(x, y) | (rng() % 4 != 0 ? 1 : 0);
  for (int i = 0; i < w * h / 20; ++i)
    at(static_cast<int>(rng() % static_cast<std::uint64_t>(w)),
       static_cast<int>(rng() % static_cast<std::uint64_t>(h))) = 1;
  return grid::grid_from_blocked(w, h, blocked);
}

grid::Grid random_cells(int w, int h, double share, std::mt19937_64& rng) {
  std::vector<std::uint8_t> blocked;
  std::uniform_real_distribution<double> u(0, 1);
  for (int i = 0; i < w * h; ++i) blocked.push_back(u(rng) < share ? 1 : 0);
  return grid::grid_from_blocked(w, h, blocked);
}

/// Every path of a search is a valid octile path from start to goal whose length is its key.
void check_result(const grid::Grid& g, const grid::SearchMap& map, const grid::SearchResult& r,
                  std::uint64_t want, Point start, Point goal) {
  REQUIRE(r.key == want);
  if (want == grid::kOctileUnreached) {
    CHECK(r.path.empty());
    return;
  }
  REQUIRE(grid::check_path(g, r.path, start, goal, grid::Neighbourhood::kOctile) == "");
  CHECK(grid::path_length(r.path, grid::Neighbourhood::kOctile) == Approx(map.length(want)));
}

void compare_on(const grid::Grid& g, std::mt19937_64& rng, int goals) {
  REQUIRE(grid::cell_based(g));
  const grid::SearchMap map(g, grid::Neighbourhood::kOctile);
  const grid::CellBits bits(g);
  const grid::JumpTable table(bits, 1);
  grid::JumpPointSearch jps(bits);
  grid::JumpPointSearchPlus plus(bits, table);
  for (int k = 0; k < goals; ++k) {
    const Point goal{static_cast<int>(rng() % static_cast<std::uint64_t>(g.width())),
                     static_cast<int>(rng() % static_cast<std::uint64_t>(g.height()))};
    // Dijkstra from the goal: lengths are symmetric.
    const std::vector<std::uint64_t> want = grid::dijkstra_keys(map, goal);
    for (int y = 0; y < g.height(); ++y)
      for (int x = 0; x < g.width(); ++x) {
        const Point start{x, y};
        const std::uint64_t w =
            g.blocked(start) || g.blocked(goal) ? grid::kOctileUnreached : want[map.index(start)];
        INFO("map " << g.width() << "x" << g.height() << " start " << x << "," << y << " goal "
                    << goal.x << "," << goal.y);
        check_result(g, map, jps.search(start, goal, true), w, start, goal);
        check_result(g, map, plus.search(start, goal, true), w, start, goal);
      }
  }
}

}  // namespace

TEST_CASE("JPS and JPS+ equal Dijkstra on random cell maps", "[grid][jps]") {
  std::mt19937_64 rng(29);
  for (const double share : {0.0, 0.05, 0.15, 0.3, 0.45}) {
    for (int trial = 0; trial < 6; ++trial) {
      const int w = 1 + static_cast<int>(rng() % 40);
      const int h = 1 + static_cast<int>(rng() % 40);
      compare_on(random_cells(w, h, share, rng), rng, 3);
    }
  }
}

TEST_CASE("JPS and JPS+ equal Dijkstra on maps of rooms and corridors", "[grid][jps]") {
  std::mt19937_64 rng(2029);
  for (int trial = 0; trial < 12; ++trial) {
    const int w = 8 + static_cast<int>(rng() % 70);
    const int h = 8 + static_cast<int>(rng() % 70);
    compare_on(rooms_map(w, h, rng), rng, 2);
  }
  // Lines longer than a word (the scans' 63-cell steps) on wide and tall maps.
  compare_on(random_cells(300, 3, 0.02, rng), rng, 3);
  compare_on(random_cells(3, 300, 0.02, rng), rng, 3);
  compare_on(random_cells(200, 7, 0.0, rng), rng, 2);
}

TEST_CASE("jump table distances equal a walk along each move", "[grid][jps]") {
  std::mt19937_64 rng(5);
  const grid::Grid g = rooms_map(90, 70, rng);
  const grid::CellBits bits(g);
  const grid::JumpTable table(bits);
  const auto forced = [&](int x, int y, int m) {
    // A straight move m reaching (x, y) adds a side: the jump point rule of jump_rules.hpp.
    return (grid::successor_moves(bits, x, y, static_cast<std::uint8_t>(1U << m)) & ~(1U << m)) !=
           0;
  };
  for (int y = 0; y < g.height(); ++y)
    for (int x = 0; x < g.width(); ++x) {
      if (g.blocked({x, y})) continue;
      for (int m = 0; m < 8; ++m) {
        int want = 0;
        int cx = x;
        int cy = y;
        for (int k = 1;; ++k) {
          const bool open = m < 4 ? bits.free(cx + grid::kDx[m], cy + grid::kDy[m])
                                  : grid::diagonal_open(bits, cx, cy, m);
          if (!open) {
            want = -(k - 1);
            break;
          }
          cx += grid::kDx[m];
          cy += grid::kDy[m];
          const bool jump_point =
              m < 4 ? forced(cx, cy, m)
                    : bits.scan(cx, cy, m - 4) > 0 || bits.scan(cx, cy, (m - 3) & 3) > 0;
          if (jump_point) {
            want = k;
            break;
          }
        }
        INFO(x << "," << y << " move " << m);
        CHECK(table.at(x, y)[m] == want);
      }
    }
}

TEST_CASE("JPS: ends blocked, equal or apart; batches; non-cell maps", "[grid][jps]") {
  const grid::Grid g = test::drawn_grid({
      ".....#....",
      ".###.#.##.",
      ".#...#..#.",
      ".#.#####..",
      "...#......",
  });
  const grid::CellBits bits(g);
  const grid::JumpTable table(bits);
  grid::JumpPointSearch jps(bits);
  grid::JumpPointSearchPlus plus(bits, table);
  CHECK(jps.search({0, 0}, {0, 0}, true).key == 0);
  CHECK(jps.search({0, 0}, {0, 0}, true).path == std::vector<Point>{{0, 0}});
  CHECK(plus.search({2, 2}, {2, 2}, true).key == 0);
  CHECK(jps.search({1, 1}, {0, 0}, true).key == grid::kOctileUnreached);   // blocked start
  CHECK(plus.search({0, 0}, {5, 0}, true).key == grid::kOctileUnreached);  // blocked goal
  CHECK_THROWS_AS(jps.search({0, 0}, {10, 0}, false), InputError);
  // Apart: the right part is reachable only around the bottom.
  const grid::SearchMap map(g, grid::Neighbourhood::kOctile);
  const std::uint64_t want = grid::dijkstra_keys(map, {9, 0})[map.index({0, 0})];
  CHECK(jps.search({0, 0}, {9, 0}, false).key == want);
  CHECK(plus.search({0, 0}, {9, 0}, false).key == want);
  // Batches on several threads equal single searches.
  std::vector<grid::Query> queries;
  for (int i = 0; i < 50; ++i) queries.push_back({{i % 10, i % 5}, {(i * 7) % 10, (i * 3) % 5}});
  const auto a = grid::solve_queries_jps(bits, queries, true, 3);
  const auto b = grid::solve_queries_jps_plus(bits, table, queries, true, 2);
  const auto c = grid::solve_queries_cpu(map, queries, false, 2);
  for (std::size_t i = 0; i < queries.size(); ++i) {
    CHECK(a[i].key == c[i].key);
    CHECK(b[i].key == c[i].key);
  }
  // A map with a single closed move between free cells is not a cell map.
  grid::Grid closed = test::drawn_grid({"....", "...."});
  CHECK(grid::cell_based(closed));
  closed.set_edge({1, 0}, 2, false);
  CHECK_FALSE(grid::cell_based(closed));
}
