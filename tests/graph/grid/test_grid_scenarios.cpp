// The shared MovingAI maps (../shared/maps/movingai, skipped where absent) on the CPU engines:
// every row of all 28 scenario files (46,181) answered by JPS on all cores equals the file's
// optimal octile length (MovingAI's tolerance; a length of 0 between different cells is an
// unreachable goal), with valid paths as long as their key; JPS+ on every row of the 20 maps
// that are not random obstacles (those where kAuto takes it; the random ones cost CI half a
// minute more and run in bench/grid), A* on eight small and mid-sized maps (all rows take
// minutes), first-move databases built on the CPU for the four smallest maps, every row.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "graph/grid/cell_bits.hpp"
#include "graph/grid/costs.hpp"
#include "graph/grid/cpd.hpp"
#include "graph/grid/jps_plus.hpp"
#include "graph/grid/path.hpp"
#include "graph/grid/query_batch.hpp"
#include "parsers/grid/grid_files.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

using namespace arcwave;
namespace fs = std::filesystem;

namespace {

fs::path movingai() {
  const fs::path shared = test::shared_data_dir("maps");
  return shared.empty() ? fs::path() : shared / "movingai";
}

#define REQUIRE_MAPS()                                                   \
  do {                                                                   \
    if (movingai().empty() || !fs::exists(movingai()))                   \
      ARCWAVE_SKIP("no shared MovingAI maps (../shared/maps/movingai)"); \
  } while (0)

bool agrees(double ours, double file, bool same_cell) {
  if (file == 0 && !same_cell) return std::isinf(ours);
  return !std::isinf(ours) && std::abs(ours - file) <= 1e-4 * std::max(1.0, file);
}

/// Every map with a scenario file, as "family/name" (sorted).
std::vector<std::string> all_maps() {
  std::vector<std::string> names;
  for (const auto& e : fs::recursive_directory_iterator(movingai()))
    if (e.path().extension() == ".scen") {
      std::string rel = fs::relative(e.path(), movingai()).string();
      names.push_back(rel.substr(0, rel.size() - 9));  // drop ".map.scen"
    }
  std::sort(names.begin(), names.end());
  return names;
}

struct Scenario {
  grid::Grid grid;
  std::vector<ScenarioEntry> rows;
  std::vector<grid::Query> queries;
};

Scenario load(const std::string& name) {
  const fs::path map_path = movingai() / (name + ".map");
  Scenario s{
      read_movingai_map(map_path.string()), read_movingai_scen(map_path.string() + ".scen"), {}};
  for (const ScenarioEntry& e : s.rows) s.queries.push_back({e.start, e.goal});
  return s;
}

/// Every answer equals the file's length; paths are valid and as long as their key. Returns the
/// rows that agree.
std::size_t check_answers(const std::string& name, const std::string& engine, const Scenario& s,
                          const grid::SearchMap& map,
                          const std::vector<grid::SearchResult>& answers) {
  REQUIRE(answers.size() == s.rows.size());
  std::size_t equal = 0;
  for (std::size_t i = 0; i < s.rows.size(); ++i) {
    const ScenarioEntry& row = s.rows[i];
    const double length = map.length(answers[i].key);
    const bool ok = agrees(length, row.optimal_length, row.start == row.goal);
    if (!ok) {
      INFO(engine << " " << name << " line " << row.line << ": " << length << " vs "
                  << row.optimal_length);
      CHECK(ok);
    }
    equal += ok ? 1 : 0;
    const std::vector<grid::Point>& path = answers[i].path;
    if (std::isinf(length)) continue;
    const std::string problem =
        grid::check_path(s.grid, path, row.start, row.goal, grid::Neighbourhood::kOctile);
    const double walked = grid::path_length(path, grid::Neighbourhood::kOctile);
    if (!problem.empty() || std::abs(walked - length) > 1e-9 * std::max(1.0, length)) {
      INFO(engine << " " << name << " line " << row.line << ": " << problem << " walked " << walked
                  << " length " << length);
      CHECK(problem.empty());
      CHECK(walked == Approx(length));
    }
  }
  return equal;
}

}  // namespace

TEST_CASE("shared scenarios: JPS answers all 46,181 rows optimally, JPS+ those of game maps",
          "[grid][scen]") {
  REQUIRE_MAPS();
  std::size_t rows = 0;
  std::size_t equal_jps = 0;
  std::size_t rows_plus = 0;
  std::size_t equal_plus = 0;
  for (const std::string& name : all_maps()) {
    const Scenario s = load(name);
    const grid::SearchMap map(s.grid, grid::Neighbourhood::kOctile);
    REQUIRE(grid::cell_based(s.grid));
    const grid::CellBits bits(s.grid);
    equal_jps += check_answers(name, "JPS", s, map, grid::solve_queries_jps(bits, s.queries, true));
    rows += s.rows.size();
    if (name.rfind("random", 0) == 0) continue;
    const grid::JumpTable table(bits);
    equal_plus += check_answers(name, "JPS+", s, map,
                                grid::solve_queries_jps_plus(bits, table, s.queries, true));
    rows_plus += s.rows.size();
  }
  CHECK(rows == 46181);
  CHECK(equal_jps == rows);
  CHECK(rows_plus > 0);
  CHECK(equal_plus == rows_plus);
}

TEST_CASE("shared scenarios: A* on small and mid-sized maps", "[grid][scen]") {
  REQUIRE_MAPS();
  for (const std::string name :
       {"dao/arena", "dao/den201d", "dao/den101d", "dao/den204d", "dao/den001d", "dao/combat",
        "dao/brc502d", "random10/random512-10-0"}) {
    const Scenario s = load(name);
    const grid::SearchMap map(s.grid, grid::Neighbourhood::kOctile);
    const auto answers = grid::solve_queries_cpu(map, s.queries, true, 0);
    CHECK(check_answers(name, "A*", s, map, answers) == s.rows.size());
  }
}

TEST_CASE("shared scenarios: first-move databases of the four smallest maps", "[grid][scen][cpd]") {
  REQUIRE_MAPS();
  for (const std::string name : {"dao/arena", "dao/den201d", "dao/den101d", "dao/den204d"}) {
    const Scenario s = load(name);
    const grid::SearchMap map(s.grid, grid::Neighbourhood::kOctile);
    const grid::FirstMoveDb db = grid::build_cpd_cpu(map);
    const auto answers = grid::solve_queries_cpd(db, map, s.queries, true);
    CHECK(check_answers(name, "CPD", s, map, answers) == s.rows.size());
  }
}
