// The exact grid searches on the CPU against independent references, on random maps with fixed
// seeds: plain Dijkstra (dijkstra_keys) against the older BFS / octile Dijkstra of cpu_wave and
// against a sweep-until-stable relaxation (no heap) for weighted maps; A* per query, the
// all-core batch, the bucket queue and its parallel form against Dijkstra; paths valid and as
// long as their key; blocked, unreachable and start = goal queries.
#include <cmath>
#include <random>
#include <string>

#include "arcwave/error.hpp"
#include "graph/grid/astar.hpp"
#include "graph/grid/costs.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/grid_dijkstra.hpp"
#include "graph/grid/path.hpp"
#include "graph/grid/query_batch.hpp"
#include "instances/maps/map_generators.hpp"
#include "tests/graph/grid/grid_test_util.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using grid::Neighbourhood;
using grid::Point;

namespace {

struct Case {
  Neighbourhood n;
  bool weighted;
};
constexpr Case kCases[] = {{Neighbourhood::kVonNeumann, false},
                           {Neighbourhood::kMoore, false},
                           {Neighbourhood::kOctile, false},
                           {Neighbourhood::kVonNeumann, true},
                           {Neighbourhood::kOctile, true}};

std::string describe(const Case& c) {
  return grid::to_string(c.n) + (c.weighted ? ", weighted" : "");
}

/// A random map for a case: blocked cells, and costs 1..9 when weighted.
struct TestMap {
  grid::CellCosts costs;
  grid::Grid grid;
};
TestMap random_map(int w, int h, double blocked, bool weighted, std::uint64_t seed) {
  TestMap m;
  m.costs = gen::random_costs(w, h, 1, weighted ? 9 : 1, blocked, seed);
  m.grid = grid::grid_from_costs(m.costs);
  return m;
}

/// Exact keys by sweeping every cell until nothing falls (no heap, no order).
std::vector<std::uint64_t> swept_keys(const grid::SearchMap& map, Point source) {
  std::vector<std::uint64_t> d(map.cell_count(), grid::kOctileUnreached);
  if (map.blocked(map.index(source))) return d;
  d[map.index(source)] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t c = 0; c < map.cell_count(); ++c)
      for (int m = 0; m < 8; ++m) {
        if ((map.moves()[c] >> m & 1U) == 0) continue;
        const std::uint32_t n = map.neighbour(c, m);
        if (d[n] == grid::kOctileUnreached) continue;
        const std::uint64_t candidate = map.step(d[n], n, grid::opposite_move(m));
        if (grid::octile_less(candidate, d[c])) {
          d[c] = candidate;
          changed = true;
        }
      }
  }
  return d;
}

/// The key of a path, move by move (and that every move is open); unreached when invalid.
std::uint64_t path_key(const grid::SearchMap& map, const std::vector<Point>& path) {
  std::uint64_t key = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const int m = grid::move_between(path[i - 1], path[i]);
    const std::uint32_t c = map.index(path[i - 1]);
    if (m < 0 || (map.moves()[c] >> m & 1U) == 0) return grid::kOctileUnreached;
    key = map.step(key, c, m);
  }
  return key;
}

Point random_point(std::mt19937_64& rng, int w, int h) {
  return {static_cast<int>(rng() % static_cast<std::uint64_t>(w)),
          static_cast<int>(rng() % static_cast<std::uint64_t>(h))};
}

}  // namespace

TEST_CASE("Dijkstra keys equal the older references and a sweep", "[grid][search]") {
  std::uint64_t seed = 11;
  for (const Case& c : kCases) {
    const TestMap t = random_map(37, 23, 0.25, c.weighted, seed++);
    const grid::SearchMap map(t.grid, c.n, c.weighted ? &t.costs : nullptr);
    std::mt19937_64 rng(seed);
    for (int k = 0; k < 4; ++k) {
      const Point s = random_point(rng, 37, 23);
      INFO(describe(c) << " source " << s.x << "," << s.y);
      const auto keys = grid::dijkstra_keys(map, s);
      CHECK(keys == swept_keys(map, s));
      if (c.weighted || map.blocked(map.index(s))) continue;
      if (c.n == Neighbourhood::kOctile) {
        CHECK(keys == grid::octile_labels(t.grid, s));
      } else {
        const auto bfs = grid::bfs_labels(t.grid, s, c.n);
        for (std::size_t i = 0; i < keys.size(); ++i)
          CHECK(keys[i] == (bfs[i] == grid::kUnreached ? grid::kOctileUnreached : bfs[i]));
      }
    }
  }
}

TEST_CASE("A* equals Dijkstra, and its paths are valid and as long", "[grid][search]") {
  std::uint64_t seed = 101;
  for (const Case& c : kCases) {
    for (const double blocked : {0.1, 0.3, 0.42}) {
      const TestMap t = random_map(64, 41, blocked, c.weighted, seed++);
      const grid::SearchMap map(t.grid, c.n, c.weighted ? &t.costs : nullptr);
      grid::AStar astar(map);
      std::mt19937_64 rng(seed);
      for (int k = 0; k < 6; ++k) {
        const Point s = random_point(rng, 64, 41);
        const auto keys = grid::dijkstra_keys(map, s);
        for (int j = 0; j < 8; ++j) {
          const Point g = random_point(rng, 64, 41);
          INFO(describe(c) << " blocked " << blocked << " " << s.x << "," << s.y << " -> " << g.x
                           << "," << g.y);
          const grid::SearchResult r = astar.search(s, g, true);
          REQUIRE(r.key == keys[map.index(g)]);
          if (r.key == grid::kOctileUnreached) {
            CHECK(r.path.empty());
            continue;
          }
          REQUIRE(!r.path.empty());
          CHECK(r.path.front() == s);
          CHECK(r.path.back() == g);
          CHECK(path_key(map, r.path) == r.key);
        }
      }
    }
  }
}

TEST_CASE("A* corner cases", "[grid][search]") {
  const grid::Grid g = test::drawn_grid({"..#..",  //
                                         ".#...",  //
                                         "..#.#",  //
                                         "###..",  //
                                         "....."});
  const grid::SearchMap map(g, Neighbourhood::kOctile);
  grid::AStar astar(map);
  const auto same = astar.search({0, 0}, {0, 0}, true);
  CHECK(same.key == 0);
  CHECK(same.path == std::vector<Point>{{0, 0}});
  CHECK(astar.search({2, 0}, {0, 0}, true).key == grid::kOctileUnreached);  // blocked start
  CHECK(astar.search({0, 0}, {4, 4}, true).key == grid::kOctileUnreached);  // walled off
  // No corner cutting: (0,2) to (1,1)... (1,1) is blocked; (3,1) to (4,0) passes two free cells.
  CHECK(astar.search({3, 1}, {4, 0}, false).key == grid::octile_pack(0, 1));
  // (3,2) to (4,3): the corner (4,2) is blocked, so two orthogonal moves.
  CHECK(astar.search({3, 2}, {4, 3}, false).key == grid::octile_pack(2, 0));
  CHECK_THROWS_AS(astar.search({5, 0}, {0, 0}, false), InputError);
}

TEST_CASE("the all-core batch answers like one thread", "[grid][search]") {
  const TestMap t = random_map(90, 70, 0.3, true, 7);
  for (const Case& c : kCases) {
    const grid::SearchMap map(t.grid, c.n, c.weighted ? &t.costs : nullptr);
    std::mt19937_64 rng(3);
    std::vector<grid::Query> queries;
    for (int k = 0; k < 200; ++k)
      queries.push_back({random_point(rng, 90, 70), random_point(rng, 90, 70)});
    const auto one = grid::solve_queries_cpu(map, queries, true, 1);
    const auto many = grid::solve_queries_cpu(map, queries, true, 3);
    REQUIRE(many.size() == queries.size());
    for (std::size_t i = 0; i < queries.size(); ++i) {
      INFO(describe(c) << " query " << i);
      CHECK(many[i].key == one[i].key);
      CHECK(many[i].path == one[i].path);
      CHECK(many[i].expanded == one[i].expanded);
    }
  }
}

TEST_CASE("bucket queues equal Dijkstra for any bucket width", "[grid][search][buckets]") {
  std::uint64_t seed = 501;
  for (const Case& c : kCases) {
    const TestMap t = random_map(73, 59, 0.2, c.weighted, seed++);
    const grid::SearchMap map(t.grid, c.n, c.weighted ? &t.costs : nullptr);
    std::mt19937_64 rng(seed);
    const Point s = random_point(rng, 73, 59);
    const auto expected = grid::dijkstra_keys(map, s);
    for (const double delta : {0.0, 0.37, 1.0, 3.0, 25.0, 1000.0}) {
      INFO(describe(c) << " delta " << delta);
      grid::BucketStats stats;
      CHECK(grid::bucket_keys(map, s, delta, &stats) == expected);
      CHECK(stats.expanded > 0);
      CHECK(grid::bucket_keys_parallel(map, s, delta, 3, &stats) == expected);
    }
  }
}

TEST_CASE("weighted maps: costs steer the path around expensive cells", "[grid][search]") {
  // A 5x3 map: the middle row costs 9 except at its ends; going around is cheaper.
  grid::CellCosts costs{5,
                        3,
                        {1, 1, 1, 1, 1,  //
                         1, 9, 9, 9, 1,  //
                         1, 1, 1, 1, 1}};
  const grid::Grid g = grid::grid_from_costs(costs);
  const grid::SearchMap four(g, Neighbourhood::kVonNeumann, &costs);
  grid::AStar astar(four);
  // Straight through: moves (1,1)-(2,1)-(3,1) ... from (0,1) to (4,1): 4 moves of (1+9)/2,
  // (9+9)/2, (9+9)/2, (9+1)/2 = 5 + 9 + 9 + 5 = 28; around: 6 moves of 1.
  const auto r = astar.search({0, 1}, {4, 1}, true);
  CHECK(four.length(r.key) == 6.0);
  CHECK(r.path.size() == 7);
  const grid::SearchMap octile(g, Neighbourhood::kOctile, &costs);
  grid::AStar diagonal(octile);
  // Around with diagonals: (0,1) -> (1,0) -> (2,0) -> (3,0) -> (4,1): 2 sqrt 2 + 2.
  CHECK(std::abs(octile.length(diagonal.search({0, 1}, {4, 1}, false).key) -
                 (2 + 2 * std::sqrt(2.0))) < 1e-12);
  CHECK_THROWS_AS(grid::SearchMap(g, Neighbourhood::kMoore, &costs), InputError);
}
