// GridMap / GridPlanner's wave engine against the engine's waves and the relaxation reference
// of the grid tests, on random maps; batches against single queries; errors. The other engines
// are in test_grid_engines_api.cpp.
#include <cmath>
#include <random>

#include "api/grid_impl.hpp"
#include "arcwave/error.hpp"
#include "arcwave/grid.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/path.hpp"
#include "tests/graph/grid/grid_test_util.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/gpu.hpp"
#include "tests/support/paths.hpp"

namespace {

using arcwave::GridCell;
using arcwave::GridMap;
using arcwave::GridMoves;
using arcwave::GridPlanner;
using arcwave::GridPlannerOptions;
using arcwave::GridQuery;

struct RandomMap {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> blocked;
};

RandomMap random_map(std::mt19937_64& rng) {
  RandomMap m;
  m.width = static_cast<int>(rng() % 30 + 2);
  m.height = static_cast<int>(rng() % 30 + 2);
  const std::uint64_t density = rng() % 40;
  for (int i = 0; i < m.width * m.height; ++i) m.blocked.push_back(rng() % 100 < density ? 1 : 0);
  return m;
}

std::vector<GridQuery> random_queries(std::mt19937_64& rng, const RandomMap& m, int count) {
  std::vector<GridQuery> q;
  // A few goals only, so that batches share waves.
  std::vector<GridCell> goals;
  for (int i = 0; i < 3; ++i)
    goals.push_back({static_cast<int>(rng() % static_cast<std::uint64_t>(m.width)),
                     static_cast<int>(rng() % static_cast<std::uint64_t>(m.height))});
  for (int i = 0; i < count; ++i)
    q.push_back({{static_cast<int>(rng() % static_cast<std::uint64_t>(m.width)),
                  static_cast<int>(rng() % static_cast<std::uint64_t>(m.height))},
                 goals[rng() % goals.size()]});
  return q;
}

}  // namespace

TEST_CASE("GridPlanner: lengths equal an independent relaxation, paths equal the engine's",
          "[api][grid]") {
  std::mt19937_64 rng(20261123);
  for (int trial = 0; trial < 60; ++trial) {
    const RandomMap m = random_map(rng);
    const GridMap map = GridMap::from_blocked(m.width, m.height, m.blocked);
    const arcwave::grid::Grid& engine = map.impl().grid();
    const bool moore = trial % 2 == 1;
    GridPlannerOptions o;
    o.moves = moore ? GridMoves::kEight : GridMoves::kFour;
    o.backend = arcwave::Backend::kCpu;
    o.engine = arcwave::GridEngine::kWave;
    GridPlanner planner(map, o);
    CHECK(planner.engine() == arcwave::GridEngine::kWave);
    const std::vector<GridQuery> queries = random_queries(rng, m, 12);
    const std::vector<arcwave::GridPath> answers = planner.query_batch(queries);
    REQUIRE(answers.size() == queries.size());
    for (std::size_t i = 0; i < queries.size(); ++i) {
      const GridQuery& q = queries[i];
      const arcwave::grid::Point start{q.start.x, q.start.y}, goal{q.goal.x, q.goal.y};
      const auto reference = arcwave::test::relaxed_labels(engine, goal, moore);
      const std::uint32_t want = reference[engine.index(start)];
      const bool reachable = want != 0xFFFFFFFFU && !engine.blocked(start);
      REQUIRE(answers[i].found == reachable);
      if (!reachable) {
        CHECK(std::isinf(answers[i].length));
        continue;
      }
      CHECK(answers[i].length == static_cast<double>(want));
      // The engine's path for the same labels and order, cell for cell.
      const auto n =
          moore ? arcwave::grid::Neighbourhood::kMoore : arcwave::grid::Neighbourhood::kVonNeumann;
      const auto path =
          arcwave::grid::recover_path(engine, arcwave::grid::bfs_labels(engine, goal, n), start, n,
                                      arcwave::grid::Priority::kLURD);
      REQUIRE(answers[i].cells.size() == path.size());
      for (std::size_t k = 0; k < path.size(); ++k)
        CHECK(answers[i].cells[k] == GridCell{path[k].x, path[k].y});
      // One query alone gives the same answer as inside the batch.
      const arcwave::GridPath alone = planner.query(q.start, q.goal);
      CHECK(alone.length == answers[i].length);
      CHECK(alone.cells == answers[i].cells);
    }
  }
}

TEST_CASE("GridPlanner: octile lengths, lengths-only mode and distance fields agree",
          "[api][grid]") {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 30; ++trial) {
    const RandomMap m = random_map(rng);
    const GridMap map = GridMap::from_blocked(m.width, m.height, m.blocked);
    GridPlannerOptions o;
    o.moves = GridMoves::kOctile;
    o.backend = arcwave::Backend::kCpu;
    o.engine = trial % 2 == 0 ? arcwave::GridEngine::kWave : arcwave::GridEngine::kAuto;
    o.threads = 1 + trial % 3;
    GridPlanner with_paths(map, o);
    o.paths = false;
    GridPlanner lengths_only(map, o);
    const std::vector<GridQuery> queries = random_queries(rng, m, 10);
    const auto a = with_paths.query_batch(queries);
    const auto b = lengths_only.query_batch(queries);
    for (std::size_t i = 0; i < queries.size(); ++i) {
      CHECK(a[i].found == b[i].found);
      CHECK((a[i].length == b[i].length || (std::isinf(a[i].length) && std::isinf(b[i].length))));
      CHECK(b[i].cells.empty());
      const std::vector<double> field = with_paths.distances_to(queries[i].goal);
      const double d =
          field[static_cast<std::size_t>(queries[i].start.y * m.width + queries[i].start.x)];
      if (a[i].found) CHECK(d == a[i].length);
    }
  }
}

TEST_CASE("GridMap::load and load_scenarios read the bundled MovingAI files", "[api][grid]") {
  const auto dir = arcwave::test::instances_dir() / "maps";
  const GridMap map = GridMap::load((dir / "rooms-48x40.map").string());
  CHECK(map.width() == 48);
  CHECK(map.height() == 40);
  CHECK(map.format() == "MovingAI map");
  const auto rows = arcwave::load_scenarios((dir / "rooms-48x40.scen").string());
  REQUIRE(rows.size() == 12);
  GridPlannerOptions o;
  o.moves = GridMoves::kOctile;
  o.backend = arcwave::Backend::kCpu;
  GridPlanner planner(map, o);
  std::vector<GridQuery> queries;
  for (const auto& r : rows) queries.push_back(r.query);
  const auto answers = planner.query_batch(queries);
  for (std::size_t i = 0; i < rows.size(); ++i)
    CHECK(std::fabs(answers[i].length - rows[i].optimal_length) < 1e-6);
}

TEST_CASE("GridPlanner: errors", "[api][grid]") {
  const std::vector<std::uint8_t> free(12, 0);
  const GridMap map = GridMap::from_blocked(4, 3, free);
  GridPlannerOptions o;
  o.backend = arcwave::Backend::kCpu;
  GridPlanner planner(map, o);
  const std::vector<GridQuery> queries{{{0, 0}, {3, 2}}, {{0, 0}, {4, 0}}};
  CHECK_THROWS_AS(planner.query_batch(queries), arcwave::InputError);
  CHECK_THROWS_AS(GridMap::from_blocked(4, 4, free), arcwave::InputError);
  CHECK_THROWS_AS(map.open({0, 0}, 1, 1), arcwave::InputError);
  CHECK(map.open({0, 0}, 1, 0));
  CHECK_FALSE(map.open({0, 0}, -1, 0));
  if (!arcwave::gpu_device().present) {
    o.backend = arcwave::Backend::kGpu;
    CHECK_THROWS_AS(GridPlanner(map, o), arcwave::ResourceError);
    o.backend = arcwave::Backend::kAuto;
    CHECK(GridPlanner(map, o).backend().rfind("cpu", 0) == 0);
  }
}

TEST_CASE("GridPlanner: the GPU answers as the CPU does", "[api][grid][gpu]") {
  ARCWAVE_REQUIRE_GPU();
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    const RandomMap m = random_map(rng);
    const GridMap map = GridMap::from_blocked(m.width, m.height, m.blocked);
    for (const GridMoves moves : {GridMoves::kFour, GridMoves::kEight, GridMoves::kOctile}) {
      GridPlannerOptions o;
      o.moves = moves;
      o.backend = arcwave::Backend::kCpu;
      o.engine = arcwave::GridEngine::kWave;
      GridPlanner cpu(map, o);
      o.backend = arcwave::Backend::kGpu;
      GridPlanner gpu(map, o);
      const std::vector<GridQuery> queries = random_queries(rng, m, 8);
      const auto a = cpu.query_batch(queries);
      const auto b = gpu.query_batch(queries);
      for (std::size_t i = 0; i < queries.size(); ++i) {
        CHECK(a[i].found == b[i].found);
        CHECK(a[i].cells == b[i].cells);  // the wave's paths follow the order on both
      }
    }
  }
}
