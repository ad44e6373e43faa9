// One front door for grids: `arcwave grid` gives the answers GridPlanner gives (the CLI is a
// client of the API): on shared MovingAI maps of every family, scenario batches with each engine
// — the engine line, every length, path and work count of the --out csv equal the planner's
// answers for the same options — single queries with their length and path, and a first-move
// database written by the CLI (--cpd) and loaded by the API. Python's tests
// (python/tests/test_grid_engines.py) check the module against the same CLI. Shared maps
// missing: the shared cases skip with a message.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/grid.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/paths.hpp"

namespace fs = std::filesystem;
using arcwave::GridCell;
using arcwave::GridEngine;
using arcwave::GridMap;
using arcwave::GridMoves;
using arcwave::GridPath;
using arcwave::GridPlanner;
using arcwave::GridPlannerOptions;
using arcwave::GridQuery;

namespace {

fs::path scratch() {
  return arcwave::test::scratch_dir("arcwave_grid_parity");
}

arcwave::test::CliRun cli(const std::string& args) {
  return arcwave::test::run_arcwave("grid " + args, scratch());
}

fs::path movingai() {
  const fs::path shared = arcwave::test::shared_data_dir("maps");
  return shared.empty() ? fs::path() : shared / "movingai";
}

/// The csv's fields per row (header dropped).
std::vector<std::vector<std::string>> csv_rows(const fs::path& file) {
  std::vector<std::vector<std::string>> rows;
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::stringstream s(line);
    for (std::string f; std::getline(s, f, ',');) fields.push_back(f);
    if (line.back() == ',') fields.emplace_back();
    rows.push_back(fields);
  }
  return rows;
}

std::string path_text(const std::vector<GridCell>& cells) {
  std::string text;
  for (const GridCell c : cells) text += fmt::format("{}{}:{}", text.empty() ? "" : " ", c.x, c.y);
  return text;
}

std::string length_text(double length) {
  return std::isinf(length) ? "inf" : fmt::format("{:.8f}", length);
}

/// The CLI's batch of a scenario file with `engine` against the planner's answers.
void compare_batch(const fs::path& map_path, const std::string& engine) {
  const fs::path scen = map_path.string() + ".scen";
  const fs::path out = scratch() / "rows.csv";
  fs::remove(out);
  const arcwave::test::CliRun r =
      cli(map_path.string() + " --scen " + scen.string() + " --backend cpu --paths --out " +
          out.string() + " --engine " + engine);
  INFO(map_path.string() << " " << engine << "\n" << r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const GridMap map = GridMap::load(map_path.string());
  const auto rows = arcwave::load_scenario_rows(scen.string(), map, map_path.string());
  GridPlannerOptions o;
  o.moves = GridMoves::kOctile;
  o.backend = arcwave::Backend::kCpu;
  o.engine = arcwave::parse_grid_engine(engine);
  o.expected_queries = rows.size();
  GridPlanner planner(map, o);
  CHECK(r.out.find("engine     " + planner.engine_reason()) != std::string::npos);
  std::vector<GridQuery> queries;
  for (const auto& row : rows) queries.push_back(row.query);
  const std::vector<GridPath> answers = planner.query_batch(queries);
  const auto lines = csv_rows(out);
  REQUIRE(lines.size() == answers.size());
  for (std::size_t i = 0; i < answers.size(); ++i) {
    INFO("row " << i);
    REQUIRE(lines[i].size() == 13);
    CHECK(lines[i][8] == length_text(answers[i].length));
    CHECK(lines[i][9] == std::to_string(answers[i].expanded));
    CHECK(lines[i][12] == path_text(answers[i].cells));
  }
}

}  // namespace

TEST_CASE("grid batches: the CLI's rows equal the C++ API's on shared maps",
          "[api][parity][grid]") {
  if (movingai().empty() || !fs::exists(movingai())) {
    WARN("no shared MovingAI maps: skipped");
    return;
  }
  for (const std::string name : {"dao/arena", "dao/den204d", "dao/brc502d", "rooms/16room_000",
                                 "starcraft/BigGameHunters", "random10/random512-10-0"})
    compare_batch(movingai() / (name + ".map"), "auto");
  for (const std::string engine : {"jps", "jps+", "astar", "wave", "cpd"})
    compare_batch(movingai() / "dao/den201d.map", engine);
}

TEST_CASE("grid single queries: the CLI's length and path equal the C++ API's",
          "[api][parity][grid]") {
  const fs::path maps = arcwave::test::instances_dir() / "maps";
  struct Case {
    std::string file;
    std::string args;
    GridMoves moves;
  };
  for (const Case& c : std::vector<Case>{{"rooms-48x40.map", "--moves octile", GridMoves::kOctile},
                                         {"rooms-48x40.map", "--moves 4", GridMoves::kFour},
                                         {"maze-41.map", "--moves 8", GridMoves::kEight},
                                         {"scattered-64x24.map", "--moore", GridMoves::kOctile}}) {
    const GridMap map = GridMap::load((maps / c.file).string());
    GridPlannerOptions o;
    o.moves = c.moves;
    o.backend = arcwave::Backend::kCpu;
    o.expected_queries = 1;
    GridPlanner planner(map, o);
    for (const GridQuery q : {GridQuery{{1, 1}, {map.width() - 2, map.height() - 2}},
                              GridQuery{{2, 1}, {map.width() / 2, map.height() / 2}}}) {
      const fs::path path_file = scratch() / "path.txt";
      const arcwave::test::CliRun r = cli(fmt::format(
          "{} {} --backend cpu --from {},{} --to {},{} --path-out {}", (maps / c.file).string(),
          c.args, q.start.x, q.start.y, q.goal.x, q.goal.y, path_file.string()));
      INFO(c.file << " " << c.args << "\n" << r.out << r.err);
      const GridPath p = planner.query(q.start, q.goal);
      CHECK(r.out.find("engine     " + planner.engine_reason()) != std::string::npos);
      if (!p.found) {
        CHECK(r.exit_code == 1);
        continue;
      }
      REQUIRE(r.exit_code == 0);
      std::string want;
      for (const GridCell cell : p.cells) want += fmt::format("{} {}\n", cell.x, cell.y);
      CHECK(arcwave::test::slurp(path_file) == want);
    }
  }
}

TEST_CASE("grid --cpd: the CLI writes a database the C++ API loads", "[api][parity][grid]") {
  const fs::path maps = arcwave::test::instances_dir() / "maps";
  const fs::path map_path = maps / "rooms-48x40.map";
  const fs::path db = scratch() / "rooms.cpd";
  fs::remove(db);
  const arcwave::test::CliRun built =
      cli(map_path.string() + " --scen " + (maps / "rooms-48x40.scen").string() +
          " --check --backend cpu --cpd " + db.string());
  INFO(built.out << built.err);
  REQUIRE(built.exit_code == 0);
  REQUIRE(fs::exists(db));
  CHECK(built.out.find("written") != std::string::npos);
  const arcwave::test::CliRun again =
      cli(map_path.string() + " --scen " + (maps / "rooms-48x40.scen").string() +
          " --check --backend cpu --cpd " + db.string());
  CHECK(again.exit_code == 0);
  CHECK(again.out.find("loaded from") != std::string::npos);
  GridPlannerOptions o;
  o.moves = GridMoves::kOctile;
  o.backend = arcwave::Backend::kCpu;
  o.cpd_file = db.string();
  GridPlanner planner(GridMap::load(map_path.string()), o);
  CHECK(planner.engine() == GridEngine::kCpd);
  const auto scen = arcwave::load_scenarios((maps / "rooms-48x40.scen").string());
  for (const auto& row : scen)
    CHECK(arcwave::lengths_agree(planner.query(row.query.start, row.query.goal).length,
                                 row.optimal_length, row.query.start == row.query.goal));
  // Another engine with --cpd is refused.
  CHECK(cli(map_path.string() + " --from 1,1 --to 2,2 --engine jps --moves octile --cpd " +
            db.string())
            .exit_code == 2);
}
