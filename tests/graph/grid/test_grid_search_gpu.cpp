// The GPU grid searches (gpu_search.hpp) against the CPU ([gpu]: skipped without a GPU): the
// query batch against A* (lengths equal, paths valid and of the same length) for every metric,
// weighted or not, on maps of one and of many tiles, with slots reused by many queries and a
// path pool too small for one launch; the single-source tile wave against Dijkstra for several
// bucket widths; and every row of shared MovingAI scenarios. [sanitize] cases are small:
// bench/device/paths.sh runs them under compute-sanitizer.
#include <cmath>
#include <filesystem>
#include <random>
#include <string>

#include "graph/grid/astar.hpp"
#include "graph/grid/costs.hpp"
#include "graph/grid/gpu_search.hpp"
#include "graph/grid/grid_dijkstra.hpp"
#include "graph/grid/path.hpp"
#include "graph/grid/query_batch.hpp"
#include "instances/maps/map_generators.hpp"
#include "parsers/grid/grid_files.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/gpu.hpp"
#include "tests/support/paths.hpp"

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

/// Random queries (some with a blocked end, some start = goal) answered on both sides.
void check_batch(const grid::SearchMap& map, int queries, std::uint64_t seed,
                 std::uint64_t pool_cap, const std::string& what) {
  std::mt19937_64 rng(seed);
  std::vector<grid::Query> q;
  for (int k = 0; k < queries; ++k) {
    const Point a{static_cast<int>(rng() % static_cast<std::uint64_t>(map.width())),
                  static_cast<int>(rng() % static_cast<std::uint64_t>(map.height()))};
    const Point b = k % 17 == 0
                        ? a
                        : Point{static_cast<int>(rng() % static_cast<std::uint64_t>(map.width())),
                                static_cast<int>(rng() % static_cast<std::uint64_t>(map.height()))};
    q.push_back({a, b});
  }
  const auto cpu = grid::solve_queries_cpu(map, q, false, 0);
  grid::GpuGridSearch gpu(map);
  gpu.set_path_pool_cap(pool_cap);
  for (const bool paths : {false, true}) {
    const auto got = gpu.queries(q, paths);
    REQUIRE(got.size() == q.size());
    for (std::size_t i = 0; i < q.size(); ++i) {
      INFO(what << " paths " << paths << " query " << i << ": " << q[i].start.x << ","
                << q[i].start.y << " -> " << q[i].goal.x << "," << q[i].goal.y);
      REQUIRE(got[i].key == cpu[i].key);
      if (!paths || got[i].key == grid::kOctileUnreached) {
        CHECK(got[i].path.empty());
        continue;
      }
      REQUIRE(!got[i].path.empty());
      CHECK(got[i].path.front() == q[i].start);
      CHECK(got[i].path.back() == q[i].goal);
      CHECK(path_key(map, got[i].path) == got[i].key);
    }
  }
}

}  // namespace

TEST_CASE("GPU query batch equals A* for every metric", "[gpu][grid][search]") {
  ARCWAVE_REQUIRE_GPU();
  std::uint64_t seed = 1;
  for (const Case& c : kCases) {
    for (const auto& [w, h, blocked] : {std::tuple{150, 97, 0.3}, std::tuple{300, 64, 0.1},
                                        std::tuple{33, 200, 0.38}, std::tuple{1, 40, 0.0}}) {
      const grid::CellCosts costs = gen::random_costs(w, h, 1, c.weighted ? 9 : 1, blocked, seed);
      const grid::Grid g = grid::grid_from_costs(costs);
      const grid::SearchMap map(g, c.n, c.weighted ? &costs : nullptr);
      check_batch(map, 400, seed++, 0,
                  describe(c) + " " + std::to_string(w) + "x" + std::to_string(h));
    }
  }
}

TEST_CASE("GPU query batch: paths that overflow the pool are found again", "[gpu][grid][search]") {
  ARCWAVE_REQUIRE_GPU();
  const grid::CellCosts costs = gen::random_costs(120, 90, 1, 5, 0.2, 42);
  const grid::Grid g = grid::grid_from_costs(costs);
  const grid::SearchMap map(g, Neighbourhood::kOctile, &costs);
  check_batch(map, 300, 9, 500, "pool of 500 cells");
}

TEST_CASE("GPU search on small maps for the sanitizers", "[gpu][grid][search][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  std::uint64_t seed = 77;
  for (const Case& c : kCases) {
    const grid::CellCosts costs = gen::random_costs(70, 37, 1, c.weighted ? 7 : 1, 0.25, seed);
    const grid::Grid g = grid::grid_from_costs(costs);
    const grid::SearchMap map(g, c.n, c.weighted ? &costs : nullptr);
    check_batch(map, 60, seed++, 200, describe(c) + " small");
    grid::GpuGridSearch gpu(map);
    const Point s{35, 18};
    CHECK(gpu.single_source(s) == grid::dijkstra_keys(map, s));
  }
}

TEST_CASE("GPU single-source tile wave equals Dijkstra", "[gpu][grid][search][single-source]") {
  ARCWAVE_REQUIRE_GPU();
  std::uint64_t seed = 900;
  for (const Case& c : kCases) {
    const grid::CellCosts costs = gen::random_costs(257, 190, 1, c.weighted ? 9 : 1, 0.2, seed++);
    const grid::Grid g = grid::grid_from_costs(costs);
    const grid::SearchMap map(g, c.n, c.weighted ? &costs : nullptr);
    grid::GpuGridSearch gpu(map);
    for (const Point s : {Point{0, 0}, Point{128, 95}, Point{256, 189}}) {
      const auto expected = grid::dijkstra_keys(map, s);
      for (const double delta : {0.0, 1.0, 40.0, 1e6}) {
        INFO(describe(c) << " source " << s.x << "," << s.y << " delta " << delta);
        grid::SingleSourceOptions o;
        o.delta = delta;
        CHECK(gpu.single_source(s, o) == expected);
      }
    }
  }
}

TEST_CASE("GPU single source on a map larger than one download chunk equals Dijkstra",
          "[gpu][grid][search][single-source]") {
  ARCWAVE_REQUIRE_GPU();
  // 2,300 x 2,000 cells: the lengths come back through both pinned staging buffers (4 Mi
  // values each), the last chunk partial.
  const grid::CellCosts costs = gen::random_costs(2300, 2000, 1, 9, 0.15, 4242);
  const grid::Grid g = grid::grid_from_costs(costs);
  const grid::SearchMap map(g, Neighbourhood::kOctile, &costs);
  grid::GpuGridSearch gpu(map);
  const Point s{1150, 1000};
  const auto expected = grid::dijkstra_keys(map, s);
  const auto got = gpu.single_source(s);
  REQUIRE(got.size() == expected.size());
  CHECK(got == expected);
}

TEST_CASE("GPU batch on shared MovingAI scenarios", "[gpu][grid][search][scen]") {
  ARCWAVE_REQUIRE_GPU();
  const std::filesystem::path maps = test::shared_data_dir("maps");
  if (maps.empty()) ARCWAVE_SKIP("no shared MovingAI maps");
  for (const std::string name :
       {"dao/arena", "dao/brc201d", "rooms/16room_000", "starcraft/AcrosstheCape"}) {
    const std::string path = (maps / "movingai" / (name + ".map")).string();
    const grid::Grid g = read_movingai_map(path);
    const auto rows = read_movingai_scen(path + ".scen");
    const grid::SearchMap map(g, Neighbourhood::kOctile);
    std::vector<grid::Query> q;
    for (const ScenarioEntry& e : rows) q.push_back({e.start, e.goal});
    grid::GpuGridSearch gpu(map);
    const auto got = gpu.queries(q, false);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      INFO(name << " line " << rows[i].line);
      const double length = map.length(got[i].key);
      if (rows[i].optimal_length == 0 && !(rows[i].start == rows[i].goal))
        CHECK(std::isinf(length));
      else
        CHECK(std::abs(length - rows[i].optimal_length) <=
              1e-4 * std::max(1.0, rows[i].optimal_length));
    }
  }
}
