// `arcwave grid` end to end on the shared MovingAI maps (../shared/maps/movingai, skipped where
// absent) and bundled weighted maps: --scen --check exits 0 with every row equal, 1 when a row's
// length is altered, 2 with FILE:LINE:COL for a row of another map or size; the --queries form;
// weighted single queries (--terrain, --costs) against Dijkstra.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "graph/grid/costs.hpp"
#include "graph/grid/grid_dijkstra.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/image/image.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/cli.hpp"
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

test::CliRun run(const std::string& args) {
  return test::run_arcwave("grid " + args, test::scratch_dir("arcwave_grid_scen"));
}

}  // namespace

TEST_CASE("arcwave grid --scen --check on shared maps", "[grid][scen][cli]") {
  REQUIRE_MAPS();
  const fs::path dir = test::scratch_dir("arcwave_grid_scen");
  for (const std::string name : {"dao/den101d", "dao/brc502d"}) {
    const fs::path map = movingai() / (name + ".map");
    const fs::path csv = dir / "results.csv";
    fs::remove(csv);
    const test::CliRun r = run(map.string() + " --scen " + map.string() +
                               ".scen --check --backend cpu --out " + csv.string());
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    const std::size_t rows = read_movingai_scen(map.string() + ".scen").size();
    CHECK(r.out.find("check      " + std::to_string(rows) + " rows equal") != std::string::npos);
    CHECK(r.out.find(", 0 differ") != std::string::npos);
    std::ifstream in(csv);
    std::size_t lines = 0;
    for (std::string line; std::getline(in, line);) ++lines;
    CHECK(lines == rows + 1);
  }
}

TEST_CASE("arcwave grid --check fails on an altered row", "[grid][scen][cli]") {
  REQUIRE_MAPS();
  const fs::path map = movingai() / "dao" / "arena.map";
  std::ifstream in(map.string() + ".scen");
  std::stringstream text;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (number == 5) line = line.substr(0, line.rfind('\t')) + "\t99.5";  // a wrong length
    text << line << '\n';
  }
  const fs::path scen = test::scratch_dir("arcwave_grid_scen") / "arena.map.scen";
  std::ofstream(scen) << text.str();
  const test::CliRun r = run(map.string() + " --scen " + scen.string() + " --check --backend cpu");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.out.find(", 1 differ") != std::string::npos);
  CHECK(r.out.find(scen.string() + ":5:") != std::string::npos);
}

TEST_CASE("arcwave grid --scen rejects rows of another map", "[grid][scen][cli]") {
  REQUIRE_MAPS();
  const fs::path map = movingai() / "dao" / "arena.map";
  const fs::path scen = test::scratch_dir("arcwave_grid_scen") / "mixed.scen";
  std::ofstream(scen) << "version 1\n"
                      << "0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n"
                      << "0\tmaps/dao/combat.map\t49\t49\t1\t11\t1\t12\t1\n";
  test::CliRun r = run(map.string() + " --scen " + scen.string() + " --backend cpu");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find(scen.string() + ":3:3:") != std::string::npos);
  std::ofstream(scen) << "version 1\n"
                      << "0\tmaps/dao/arena.map\t50\t49\t1\t11\t1\t12\t1\n";
  r = run(map.string() + " --scen " + scen.string() + " --backend cpu");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find(scen.string() + ":2:") != std::string::npos);
  CHECK(r.err.find("49x49") != std::string::npos);
}

TEST_CASE("arcwave grid --queries with paths", "[grid][scen][cli]") {
  REQUIRE_MAPS();
  const fs::path map = movingai() / "dao" / "arena.map";
  const fs::path dir = test::scratch_dir("arcwave_grid_scen");
  const fs::path queries = dir / "queries.txt";
  std::ofstream(queries) << "# start goal\n1 11 1 12\n1 13 4 12\n";
  const fs::path csv = dir / "queries.csv";
  const test::CliRun r = run(map.string() + " --queries " + queries.string() +
                             " --moves octile --backend cpu --paths --out " + csv.string());
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const std::string out = test::slurp(csv);
  CHECK(out.find(",1.00000000,") != std::string::npos);
  CHECK(out.find("1:11 1:12") != std::string::npos);
  CHECK(out.find(",3.41421356,") != std::string::npos);
  std::ofstream(queries) << "1 11 1 49\n";
  const test::CliRun bad = run(map.string() + " --queries " + queries.string() + " --backend cpu");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find(queries.string() + ":1:8:") != std::string::npos);
}

TEST_CASE("arcwave grid on weighted maps", "[grid][cli][weighted]") {
  const fs::path dir = test::scratch_dir("arcwave_grid_scen");
  const std::string rooms = (test::instances_dir() / "maps" / "rooms-48x40.map").string();
  // Terrain letters: trees cost 4, water 9 (the map has both).
  const grid::CellCosts costs = read_movingai_costs(rooms, parse_terrain_costs("T=4,W=9"));
  const grid::Grid g = grid::grid_from_costs(costs);
  for (const std::string moves : {"4", "octile"}) {
    const grid::SearchMap map(
        g, moves == "4" ? grid::Neighbourhood::kVonNeumann : grid::Neighbourhood::kOctile, &costs);
    const auto keys = grid::dijkstra_keys(map, {1, 1});
    const test::CliRun r =
        run(rooms + " --terrain T=4,W=9 --moves " + moves + " --from 1,1 --to 46,38 --backend cpu");
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    const std::string want =
        fmt::format("length     {:.8f}", map.length(keys[map.index({46, 38})]));
    CHECK(r.out.find(want) != std::string::npos);
  }
  // A cost image: a wall of cost 0 with a gap, a band of cost 9 before it.
  GrayImage image;
  image.width = 20;
  image.height = 12;
  image.pixels.assign(240, 1);
  for (int y = 0; y < 12; ++y) {
    image.pixels[static_cast<std::size_t>(y * 20 + 10)] = y == 6 ? 1 : 0;
    image.pixels[static_cast<std::size_t>(y * 20 + 8)] = 9;
  }
  const std::string pgm = (dir / "costs.pgm").string();
  write_pgm(pgm, image);
  const grid::CellCosts image_costs = costs_from_image(image);
  const grid::SearchMap map(grid::grid_from_costs(image_costs), grid::Neighbourhood::kOctile,
                            &image_costs);
  const auto keys = grid::dijkstra_keys(map, {0, 0});
  const test::CliRun r =
      run(pgm + " --costs --moves octile --from 0,0 --to 19,11 --backend cpu --path-out " +
          (dir / "path.txt").string());
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find(fmt::format("length     {:.8f}", map.length(keys[map.index({19, 11})]))) !=
        std::string::npos);
  CHECK(test::slurp(dir / "path.txt").find("10 6\n") != std::string::npos);  // through the gap
  // The same costs as a raw array of bytes.
  const fs::path raw = dir / "costs.raw";
  {
    std::ofstream out(raw, std::ios::binary);
    for (const std::uint16_t c : image.pixels) out.put(static_cast<char>(c));
  }
  const test::CliRun from_raw = run(raw.string() +
                                    " --costs --raw 20x12 --moves octile --from 0,0 --to 19,11 "
                                    "--backend cpu");
  INFO(from_raw.out << from_raw.err);
  REQUIRE(from_raw.exit_code == 0);
  CHECK(from_raw.out.find(fmt::format("length     {:.8f}",
                                      map.length(keys[map.index({19, 11})]))) != std::string::npos);
  // Bad combinations.
  CHECK(run(pgm + " --terrain T=3 --from 0,0 --to 1,1").exit_code == 2);
  CHECK(run(rooms + " --terrain T=3 --moves 8 --from 1,1 --to 2,2").exit_code == 2);
  CHECK(run(rooms + " --scen " + (test::instances_dir() / "maps" / "rooms-48x40.scen").string() +
            " --terrain T=3 --check")
            .exit_code == 2);
}
