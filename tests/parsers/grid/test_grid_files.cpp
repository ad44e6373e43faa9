// parsers/grid: MovingAI maps and scenarios (the bundled maps, whose .scen lengths were computed
// by an independent Python Dijkstra, instances/maps/make_scenarios.py), passability files,
// height maps through load_grid, and bad files with their line and column.
#include <filesystem>
#include <fstream>

#include "arcwave/error.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/octile.hpp"
#include "instances/maps/map_generators.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/image/image.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

using namespace arcwave;

namespace {

std::string bundled(const std::string& name) {
  return (test::instances_dir() / "maps" / name).string();
}

std::string temp_path(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "arcwave-test-grid-files";
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

template <typename F>
void expect_error_at(F&& f, std::uint64_t line, std::uint64_t column) {
  try {
    f();
    FAIL("no InputError");
  } catch (const InputError& e) {
    INFO(e.what());
    CHECK(e.where().line == line);
    CHECK(e.where().column == column);
  }
}

}  // namespace

TEST_CASE("bundled MovingAI maps and their scenario lengths", "[grid-files]") {
  for (const std::string name : {"maze-41", "rooms-48x40", "scattered-64x24"}) {
    const grid::Grid g = read_movingai_map(bundled(name + ".map"));
    const std::vector<ScenarioEntry> scen = read_movingai_scen(bundled(name + ".scen"));
    REQUIRE(scen.size() == 12);
    for (const ScenarioEntry& e : scen) {
      INFO(name << " line " << e.line);
      CHECK(e.map == name + ".map");
      CHECK(e.map_width == g.width());
      CHECK(e.map_height == g.height());
      const auto dist = grid::octile_labels(g, e.goal);
      CHECK(std::abs(grid::octile_value(dist[g.index(e.start)]) - e.optimal_length) < 1e-6);
    }
  }
  const grid::Grid rooms = read_movingai_map(bundled("rooms-48x40.map"));
  CHECK(rooms.width() == 48);
  CHECK(rooms.height() == 40);
  CHECK(rooms.blocked({0, 0}));
  CHECK_FALSE(rooms.blocked({1, 1}));
}

TEST_CASE("MovingAI map terrain and round trip", "[grid-files]") {
  const grid::Grid g =
      parse_movingai_map("t.map", "type octile\nheight 2\nwidth 4\nmap\n.GS@\nOTW.\n");
  CHECK_FALSE(g.blocked({0, 0}));
  CHECK_FALSE(g.blocked({1, 0}));
  CHECK_FALSE(g.blocked({2, 0}));
  CHECK(g.blocked({3, 0}));
  CHECK(g.blocked({0, 1}));
  CHECK(g.blocked({1, 1}));
  CHECK(g.blocked({2, 1}));
  CHECK_FALSE(g.blocked({3, 1}));
  // CR-LF files read the same.
  const grid::Grid crlf =
      parse_movingai_map("t.map", "type octile\r\nwidth 4\r\nheight 2\r\nmap\r\n.GS@\r\nOTW.\r\n");
  CHECK(std::ranges::equal(crlf.cells(), g.cells()));
  const std::string path = temp_path("round.map");
  const grid::Grid cells = gen::random_blocked_cells(30, 17, 0.3, 8);
  write_movingai_map(path, cells);
  CHECK(std::ranges::equal(read_movingai_map(path).cells(), cells.cells()));
  // Edge closures between free cells cannot be written as a MovingAI map.
  CHECK_THROWS_AS(write_movingai_map(path, gen::random_passability(5, 5, 0.3, 1)), InputError);
}

TEST_CASE("bad MovingAI maps", "[grid-files]") {
  expect_error_at(
      [] { parse_movingai_map("m", "type octile\nheight 2\nwidth 3\nmap\n..x\n...\n"); }, 5, 3);
  expect_error_at([] { parse_movingai_map("m", "type octile\nheight 2\nwidth 3\nmap\n..\n...\n"); },
                  5, 3);
  expect_error_at(
      [] { parse_movingai_map("m", "type octile\nheight 3\nwidth 3\nmap\n...\n...\n"); }, 7, 1);
  expect_error_at([] { parse_movingai_map("m", "type octile\nheight -2\nwidth 3\nmap\n"); }, 2, 8);
  expect_error_at([] { parse_movingai_map("m", "type octile\nheigth 2\nwidth 3\nmap\n"); }, 2, 1);
  expect_error_at([] { parse_movingai_map("m", "type octile\nheight 1\nwidth 1\nmap\n.\n@\n"); }, 6,
                  1);
  expect_error_at([] { parse_movingai_map("m", "type octile\nheight 1\n"); }, 2, 1);
  CHECK_THROWS_AS(parse_movingai_map("m", "type tile\nheight 1\nwidth 1\nmap\n.\n"), Unsupported);
  CHECK_THROWS_AS(read_movingai_map(temp_path("missing.map")), InputError);
}

TEST_CASE("bad scenario files", "[grid-files]") {
  CHECK(parse_movingai_scen("s", "version 1\n0\ta.map\t4\t4\t0\t0\t3\t3\t4.24264069\n").size() ==
        1);
  CHECK(parse_movingai_scen("s", "0 a.map 4 4 0 0 3 3 4.2\n").front().goal == grid::Point{3, 3});
  expect_error_at([] { parse_movingai_scen("s", "version 1\n0\ta.map\t4\t4\t0\t0\t3\t3\n"); }, 2,
                  1);
  expect_error_at([] { parse_movingai_scen("s", "version 1\n0 a.map 4 4 0 z 3 3 1.0\n"); }, 2, 15);
  expect_error_at([] { parse_movingai_scen("s", "version 1\n0 a.map 4 4 0 0 4 3 1.0\n"); }, 2, 17);
  expect_error_at([] { parse_movingai_scen("s", "0 a.map 4 4 0 0 3 3 -1\n"); }, 1, 21);
  CHECK_THROWS_AS(parse_movingai_scen("s", "version 7\n"), Unsupported);
}

TEST_CASE("passability files: bundled, round trip, errors", "[grid-files]") {
  const grid::Grid gates = read_passability(bundled("gates-16x10.pass"));
  CHECK(gates.width() == 16);
  CHECK(gates.height() == 10);
  CHECK(gates.bits({0, 0}) == 0xC);
  const std::string path = temp_path("round.pass");
  for (const grid::Grid& g :
       {gen::random_passability(23, 11, 0.4, 3), gen::random_blocked_cells(9, 31, 0.2, 4)}) {
    write_passability(path, g);
    CHECK(std::ranges::equal(read_passability(path).cells(), g.cells()));
  }
  const grid::Grid blocked = parse_passability("p", "passability 3 1\n0x0\n");
  CHECK(blocked.blocked({1, 0}));
  expect_error_at([] { parse_passability("p", "passability 2 1\n40\n"); }, 2, 1);  // disagree
  expect_error_at([] { parse_passability("p", "passability 2 1\n10\n"); }, 2, 1);  // leaves grid
  expect_error_at([] { parse_passability("p", "# c\npassability 2 2\n45\n0g\n"); }, 4, 2);
  expect_error_at([] { parse_passability("p", "passability 2 2\n00\n"); }, 2, 1);
  expect_error_at([] { parse_passability("p", "passability 2 0\n"); }, 1, 15);
  expect_error_at([] { parse_passability("p", "passability 3 1\n4x1\n"); }, 2, 1);
}

TEST_CASE("load_grid recognises every input", "[grid-files]") {
  HeightMapOptions none;
  CHECK(load_grid(bundled("maze-41.map"), none).format == "MovingAI map");
  CHECK(load_grid(bundled("gates-16x10.pass"), none).format == "passability file");
  CHECK_THROWS_AS(load_grid(bundled("hills-48x32.pgm"), none), InputError);  // no threshold
  HeightMapOptions twelve;
  twelve.threshold = 12;
  const LoadedGrid hills = load_grid(bundled("hills-48x32.pgm"), twelve);
  CHECK(hills.format == "PGM height map (8-bit)");
  CHECK(hills.grid.width() == 48);
  // The ridge in the middle column is crossed only near the middle row.
  const auto labels = grid::bfs_labels(hills.grid, {0, 16}, grid::Neighbourhood::kVonNeumann);
  CHECK(labels[hills.grid.index({47, 16})] != grid::kUnreached);

  // The same heights as a 16-bit PNG and as raw little-endian samples give the same grid.
  const GrayImage image = read_image(bundled("hills-48x32.pgm"));
  GrayImage wide = image;
  wide.max_value = 65535;
  for (std::uint16_t& v : wide.pixels) v = static_cast<std::uint16_t>(v * 256);
  write_png_gray(temp_path("hills16.png"), wide);
  HeightMapOptions scaled;
  scaled.threshold = 12 * 256;
  CHECK(std::ranges::equal(load_grid(temp_path("hills16.png"), scaled).grid.cells(),
                           hills.grid.cells()));
  {
    std::ofstream raw(temp_path("hills.raw"), std::ios::binary);
    for (const std::uint16_t v : wide.pixels) {
      raw.put(static_cast<char>(v & 0xFF));
      raw.put(static_cast<char>(v >> 8));
    }
  }
  HeightMapOptions raw = scaled;
  raw.raw_width = 48;
  raw.raw_height = 32;
  raw.raw_bytes = 2;
  const LoadedGrid from_raw = load_grid(temp_path("hills.raw"), raw);
  CHECK(from_raw.format == "raw height map (16-bit)");
  CHECK(std::ranges::equal(from_raw.grid.cells(), hills.grid.cells()));
  raw.raw_width = 47;
  CHECK_THROWS_AS(load_grid(temp_path("hills.raw"), raw), InputError);
  CHECK_THROWS_AS(load_grid(bundled("maze-41.scen"), none), InputError);
}

TEST_CASE("weighted MovingAI maps: terrain costs", "[grid-files][weighted]") {
  const std::string text = "type octile\nheight 2\nwidth 5\nmap\n.GS@T\nOTW..\n";
  // Defaults: S costs 1, T and W are blocked (the unweighted reading).
  grid::CellCosts c = parse_movingai_costs("t.map", text, TerrainCosts{});
  CHECK(c.width == 5);
  CHECK(c.height == 2);
  CHECK(c.cost == std::vector<std::uint16_t>{1, 1, 1, 0, 0, 0, 0, 0, 1, 1});
  CHECK(std::ranges::equal(grid::grid_from_costs(c).cells(),
                           parse_movingai_map("t.map", text).cells()));
  c = parse_movingai_costs("t.map", text, parse_terrain_costs("T=4,S=2,W=9"));
  CHECK(c.cost == std::vector<std::uint16_t>{1, 1, 2, 0, 4, 0, 4, 9, 1, 1});
  CHECK(c.min_cost() == 1);
  CHECK(c.max_cost() == 9);
  const TerrainCosts only_water = parse_terrain_costs("W=3");
  CHECK(only_water.cost('W') == 3);
  CHECK(only_water.cost('T') == 0);
  CHECK(only_water.cost('S') == 1);
  for (const std::string bad : {"", "X=3", "T3", "T=0", "T=70000", "T=2,", "T=2,,S=1", "T=a"})
    CHECK_THROWS_AS(parse_terrain_costs(bad), InputError);
  // Map errors keep their positions.
  expect_error_at(
      [] { parse_movingai_costs("m", "type octile\nheight 1\nwidth 3\nmap\n.x.\n", {}); }, 5, 2);
}

TEST_CASE("cost images: pixel values are cell costs", "[grid-files][weighted]") {
  GrayImage image;
  image.width = 3;
  image.height = 2;
  image.max_value = 255;
  image.pixels = {1, 0, 200, 7, 7, 255};
  const std::string pgm = temp_path("costs.pgm");
  write_pgm(pgm, image);
  const grid::CellCosts c = costs_from_image(read_image(pgm));
  CHECK(c.width == 3);
  CHECK(c.height == 2);
  CHECK(c.cost == std::vector<std::uint16_t>{1, 0, 200, 7, 7, 255});
  const grid::Grid g = grid::grid_from_costs(c);
  CHECK(g.blocked({1, 0}));
  CHECK_FALSE(g.blocked({0, 0}));
}
