// GridPlanner's engines through the public API: every engine's lengths equal Dijkstra's on
// random maps (4, 8 and octile moves, weighted maps), paths valid and as long as their length;
// kAuto's rule (which engine a map, moves, backend and query count get, and why); explicit
// engines refused where they cannot run; first-move databases saved and loaded through the
// planner; batch rows of scenario and query files with their errors; write_grid_png.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "api/grid_impl.hpp"
#include "arcwave/error.hpp"
#include "arcwave/grid.hpp"
#include "graph/grid/costs.hpp"
#include "graph/grid/grid_dijkstra.hpp"
#include "graph/grid/path.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/gpu.hpp"
#include "tests/support/paths.hpp"

namespace {

using arcwave::Backend;
using arcwave::GridCell;
using arcwave::GridEngine;
using arcwave::GridMap;
using arcwave::GridMoves;
using arcwave::GridPath;
using arcwave::GridPlanner;
using arcwave::GridPlannerOptions;
using arcwave::GridQuery;
namespace grid = arcwave::grid;

GridMap random_blocked(std::mt19937_64& rng, int w, int h, double share) {
  std::vector<std::uint8_t> blocked;
  std::uniform_real_distribution<double> u(0, 1);
  for (int i = 0; i < w * h; ++i) blocked.push_back(u(rng) < share ? 1 : 0);
  return GridMap::from_blocked(w, h, blocked);
}

std::vector<GridQuery> random_queries(std::mt19937_64& rng, const GridMap& map, int count) {
  std::vector<GridQuery> q;
  const auto any = [&] {
    return GridCell{static_cast<int>(rng() % static_cast<std::uint64_t>(map.width())),
                    static_cast<int>(rng() % static_cast<std::uint64_t>(map.height()))};
  };
  for (int i = 0; i < count; ++i) q.push_back({any(), any()});
  return q;
}

grid::Neighbourhood neighbourhood(GridMoves m) {
  return m == GridMoves::kFour    ? grid::Neighbourhood::kVonNeumann
         : m == GridMoves::kEight ? grid::Neighbourhood::kMoore
                                  : grid::Neighbourhood::kOctile;
}

/// Every answer's length equals Dijkstra's; its path runs from start to goal over open moves
/// and is as long as the length.
void check_against_dijkstra(const GridMap& map, GridMoves moves,
                            const std::vector<GridQuery>& queries,
                            const std::vector<GridPath>& answers, const std::string& what) {
  const GridMap::Impl& m = map.impl();
  const grid::SearchMap sm(m.grid(), neighbourhood(moves), m.costs ? &*m.costs : nullptr);
  REQUIRE(answers.size() == queries.size());
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const GridQuery& q = queries[i];
    const std::vector<std::uint64_t> d = grid::dijkstra_keys(sm, {q.goal.x, q.goal.y});
    const std::uint64_t key = sm.blocked(sm.index({q.goal.x, q.goal.y}))
                                  ? grid::kOctileUnreached
                                  : d[sm.index({q.start.x, q.start.y})];
    INFO(what << " query " << i << ": " << q.start.x << "," << q.start.y << " -> " << q.goal.x
              << "," << q.goal.y);
    REQUIRE(answers[i].found == (key != grid::kOctileUnreached));
    if (!answers[i].found) {
      CHECK(std::isinf(answers[i].length));
      continue;
    }
    CHECK(answers[i].length == Approx(sm.length(key)).epsilon(1e-12));
    REQUIRE(!answers[i].cells.empty());
    CHECK(answers[i].cells.front() == q.start);
    CHECK(answers[i].cells.back() == q.goal);
    // Each step a legal move; the length the sum of the moves' costs.
    std::uint64_t walked = 0;
    for (std::size_t k = 1; k < answers[i].cells.size(); ++k) {
      const GridCell a = answers[i].cells[k - 1];
      const GridCell b = answers[i].cells[k];
      const int mv = grid::move_between({a.x, a.y}, {b.x, b.y});
      REQUIRE(mv >= 0);
      const std::uint32_t from = sm.index({a.x, a.y});
      REQUIRE((sm.moves()[from] >> mv & 1U) != 0);
      walked = sm.step(walked, from, mv);
    }
    CHECK(walked == key);
  }
}

}  // namespace

TEST_CASE("GridPlanner: every engine's lengths equal Dijkstra's, paths valid", "[api][grid]") {
  std::mt19937_64 rng(2929);
  for (int trial = 0; trial < 12; ++trial) {
    const int w = 2 + static_cast<int>(rng() % 30);
    const int h = 2 + static_cast<int>(rng() % 30);
    const GridMap map = random_blocked(rng, w, h, 0.05 * (trial % 7));
    const std::vector<GridQuery> queries = random_queries(rng, map, 25);
    for (const GridMoves moves : {GridMoves::kFour, GridMoves::kEight, GridMoves::kOctile}) {
      for (const GridEngine engine : {GridEngine::kAuto, GridEngine::kWave, GridEngine::kAStar,
                                      GridEngine::kJps, GridEngine::kJpsPlus, GridEngine::kCpd}) {
        if ((engine == GridEngine::kJps || engine == GridEngine::kJpsPlus) &&
            moves != GridMoves::kOctile)
          continue;
        GridPlannerOptions o;
        o.moves = moves;
        o.engine = engine;
        o.backend = Backend::kCpu;
        o.threads = 1 + trial % 2;
        GridPlanner planner(map, o);
        const std::string what =
            std::string(arcwave::to_string(moves)) + " " + planner.engine_reason();
        const std::vector<GridPath> batch = planner.query_batch(queries);
        check_against_dijkstra(map, moves, queries, batch, what);
        // Queries alone (one workspace kept from call to call) answer as inside the batch.
        for (std::size_t i = 0; i < queries.size(); i += 6) {
          const GridPath one = planner.query(queries[i].start, queries[i].goal);
          CHECK(one.cells == batch[i].cells);
          CHECK(one.expanded == batch[i].expanded);
        }
      }
    }
  }
}

TEST_CASE("GridPlanner: weighted maps (A*) and their distances", "[api][grid]") {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 6; ++trial) {
    const int w = 3 + static_cast<int>(rng() % 20);
    const int h = 3 + static_cast<int>(rng() % 20);
    std::vector<std::uint16_t> costs;
    for (int i = 0; i < w * h; ++i)
      costs.push_back(static_cast<std::uint16_t>(rng() % 6 == 0 ? 0 : 1 + rng() % 9));
    const GridMap map = GridMap::from_costs(w, h, costs);
    CHECK(map.weighted());
    for (const GridMoves moves : {GridMoves::kFour, GridMoves::kOctile}) {
      GridPlannerOptions o;
      o.moves = moves;
      o.backend = Backend::kCpu;
      GridPlanner planner(map, o);
      CHECK(planner.engine() == GridEngine::kAStar);
      const std::vector<GridQuery> queries = random_queries(rng, map, 20);
      check_against_dijkstra(map, moves, queries, planner.query_batch(queries), "weighted");
      const std::vector<double> field = planner.distances_to(queries[0].goal);
      const GridPath p = planner.query(queries[0].start, queries[0].goal);
      const double d = field[static_cast<std::size_t>(queries[0].start.y * w + queries[0].start.x)];
      if (p.found)
        CHECK(d == Approx(p.length).epsilon(1e-12));
      else
        CHECK(std::isinf(d));
      for (const GridEngine e : {GridEngine::kWave, GridEngine::kJps, GridEngine::kCpd}) {
        o.engine = e;
        CHECK_THROWS_AS(GridPlanner(map, o), arcwave::InputError);
      }
      o.engine = GridEngine::kAuto;
    }
  }
}

TEST_CASE("GridPlanner: kAuto's rule", "[api][grid]") {
  const auto dir = arcwave::test::instances_dir() / "maps";
  const GridMap rooms = GridMap::load((dir / "rooms-48x40.map").string());
  GridPlannerOptions o;
  o.moves = GridMoves::kOctile;
  o.backend = Backend::kCpu;
  // Octile moves on a cell map of few jump points: JPS+; many (random obstacles): JPS.
  std::vector<std::uint8_t> walls(60 * 60, 0);
  for (int y = 0; y < 50; ++y) walls[static_cast<std::size_t>(y * 60 + 30)] = 1;
  const GridMap hall = GridMap::from_blocked(60, 60, walls);
  CHECK(GridPlanner(hall, o).engine() == GridEngine::kJpsPlus);
  std::mt19937_64 rng(1);
  const GridMap noisy = random_blocked(rng, 64, 64, 0.3);
  CHECK(GridPlanner(noisy, o).engine() == GridEngine::kJps);
  CHECK(GridPlanner(noisy, o).engine_reason().find("jump points") != std::string::npos);
  // Unit moves: A* on the CPU, one query or many.
  o.moves = GridMoves::kFour;
  CHECK(GridPlanner(rooms, o).engine() == GridEngine::kAStar);
  o.expected_queries = 1;
  CHECK(GridPlanner(rooms, o).engine() == GridEngine::kAStar);
  // A map with single closed moves is no cell map: A* for octile moves too.
  std::vector<std::uint16_t> heights(100, 0);
  heights[55] = 9;
  const GridMap hills = GridMap::from_heights(10, 10, heights, 5);
  CHECK_FALSE(hills.cell_based());
  o.moves = GridMoves::kOctile;
  o.expected_queries = 0;
  CHECK(GridPlanner(hills, o).engine() == GridEngine::kAStar);
  o.engine = GridEngine::kJps;
  CHECK_THROWS_AS(GridPlanner(hills, o), arcwave::InputError);
  // JPS needs octile moves and runs on the CPU.
  o.moves = GridMoves::kFour;
  CHECK_THROWS_AS(GridPlanner(rooms, o), arcwave::InputError);
  o.moves = GridMoves::kOctile;
  o.backend = Backend::kGpu;
  CHECK_THROWS_AS(GridPlanner(rooms, o), arcwave::InputError);
  if (!arcwave::gpu_device().present) {
    o.engine = GridEngine::kAuto;
    CHECK_THROWS_AS(GridPlanner(rooms, o), arcwave::ResourceError);
    o.backend = Backend::kAuto;
    const GridPlanner auto_planner(hall, o);
    CHECK(auto_planner.backend().rfind("cpu", 0) == 0);
    CHECK(auto_planner.engine() == GridEngine::kJpsPlus);
  }
  // Names.
  CHECK(arcwave::parse_grid_engine("jps+") == GridEngine::kJpsPlus);
  CHECK(arcwave::to_string(GridEngine::kCpd) == "cpd");
  CHECK_THROWS_AS(arcwave::parse_grid_engine("dijkstra"), arcwave::InputError);
  CHECK(arcwave::parse_grid_moves("octile") == GridMoves::kOctile);
  CHECK(arcwave::parse_grid_path_order("uldr") == arcwave::GridPathOrder::kULDR);
  CHECK(arcwave::parse_grid_wave_variant("Bitwave") == arcwave::GridWaveVariant::kBitwave);
}

TEST_CASE("GridPlanner: first-move databases saved, loaded and refused", "[api][grid][cpd]") {
  const auto dir = arcwave::test::scratch_dir("arcwave_grid_cpd_api");
  std::mt19937_64 rng(4);
  const GridMap map = random_blocked(rng, 30, 25, 0.2);
  GridPlannerOptions o;
  o.moves = GridMoves::kOctile;
  o.backend = Backend::kCpu;
  o.engine = GridEngine::kCpd;
  GridPlanner built(map, o);
  CHECK(built.preprocessing().runs > 0);
  CHECK(built.preprocessing().bytes > 0);
  const std::string file = (dir / "map.cpd").string();
  built.save_cpd(file);
  o.engine = GridEngine::kAuto;
  o.cpd_file = file;
  GridPlanner loaded(map, o);
  CHECK(loaded.engine() == GridEngine::kCpd);
  const std::vector<GridQuery> queries = random_queries(rng, map, 100);
  const auto a = built.query_batch(queries);
  const auto b = loaded.query_batch(queries);
  for (std::size_t i = 0; i < queries.size(); ++i) {
    CHECK(a[i].found == b[i].found);
    CHECK(a[i].cells == b[i].cells);
  }
  // Other moves, another engine with the file, a planner without a database.
  o.moves = GridMoves::kFour;
  CHECK_THROWS_AS(GridPlanner(map, o), arcwave::InputError);
  o.moves = GridMoves::kOctile;
  o.engine = GridEngine::kJps;
  CHECK_THROWS_AS(GridPlanner(map, o), arcwave::InputError);
  o.engine = GridEngine::kAStar;
  o.cpd_file.clear();
  CHECK_THROWS_AS(GridPlanner(map, o).save_cpd(file), arcwave::InputError);
}

TEST_CASE("batch rows: scenario and query files checked against the map", "[api][grid]") {
  const auto maps = arcwave::test::instances_dir() / "maps";
  const std::string map_path = (maps / "rooms-48x40.map").string();
  const GridMap map = GridMap::load(map_path);
  const auto rows =
      arcwave::load_scenario_rows((maps / "rooms-48x40.scen").string(), map, map_path);
  REQUIRE(rows.size() == 12);
  CHECK(rows[0].optimal.has_value());
  CHECK(rows[0].line >= 1);
  const auto dir = arcwave::test::scratch_dir("arcwave_grid_rows_api");
  const std::string scen = (dir / "other.scen").string();
  std::ofstream(scen) << "version 1\n0\tmaps/other.map\t48\t40\t1\t1\t2\t2\t1.41421356\n";
  try {
    (void)arcwave::load_scenario_rows(scen, map, map_path);
    FAIL("a row of another map was accepted");
  } catch (const arcwave::InputError& e) {
    CHECK(std::string(e.what()).find(scen + ":2:") != std::string::npos);
  }
  const std::string queries = (dir / "q.txt").string();
  std::ofstream(queries) << "# comment\n1 1 46 38\n\n2 2 3 3\n";
  const auto q = arcwave::load_query_rows(queries, map);
  REQUIRE(q.size() == 2);
  CHECK(q[0].line == 2);
  CHECK(q[1].query.goal == GridCell{3, 3});
  CHECK_FALSE(q[0].optimal.has_value());
  std::ofstream(queries) << "1 1 48 38\n";
  CHECK_THROWS_AS(arcwave::load_query_rows(queries, map), arcwave::InputError);
  CHECK(arcwave::lengths_agree(10.00001, 10.0, false));
  CHECK_FALSE(arcwave::lengths_agree(10.1, 10.0, false));
  CHECK(arcwave::lengths_agree(INFINITY, 0.0, false));
  CHECK(arcwave::lengths_agree(0.0, 0.0, true));
}

TEST_CASE("write_grid_png draws the wave and the path", "[api][grid]") {
  const auto maps = arcwave::test::instances_dir() / "maps";
  const GridMap map = GridMap::load((maps / "maze-41.map").string());
  GridPlannerOptions o;
  o.moves = GridMoves::kFour;
  o.backend = Backend::kCpu;
  o.engine = GridEngine::kWave;
  GridPlanner planner(map, o);
  const std::vector<double> d = planner.distances_to({39, 39});
  const GridPath p = planner.query({1, 1}, {39, 39});
  REQUIRE(p.found);
  const std::string file = (arcwave::test::scratch_dir("arcwave_grid_png") / "maze.png").string();
  const auto [w, h] = arcwave::write_grid_png(map, d, p.cells, {1, 1}, {39, 39}, file);
  CHECK(w > 0);
  CHECK(h > 0);
  CHECK(std::filesystem::file_size(file) > 100);
  CHECK_THROWS_AS(
      arcwave::write_grid_png(map, std::vector<double>(3, 0.0), p.cells, {1, 1}, {39, 39}, file),
      arcwave::InputError);
}

TEST_CASE("GridPlanner on the GPU: search and database engines equal the CPU's lengths",
          "[api][grid][gpu]") {
  ARCWAVE_REQUIRE_GPU();
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 6; ++trial) {
    const GridMap map = random_blocked(rng, 20 + trial * 7, 30, 0.25);
    const std::vector<GridQuery> queries = random_queries(rng, map, 60);
    for (const GridEngine engine : {GridEngine::kAStar, GridEngine::kCpd, GridEngine::kWave}) {
      GridPlannerOptions o;
      o.moves = GridMoves::kOctile;
      o.engine = engine;
      o.backend = Backend::kGpu;
      GridPlanner gpu(map, o);
      check_against_dijkstra(map, o.moves, queries, gpu.query_batch(queries),
                             "gpu " + gpu.engine_reason());
    }
  }
}
