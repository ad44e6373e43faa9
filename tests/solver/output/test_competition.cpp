// The competition output lines: status words, the instantiation with arrays as `x[]` lists and
// `*` for cells without a variable, bounds and statistics.
#include "arcwave/competition.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

TEST_CASE("status lines use the competition's words", "[output]") {
  CHECK(competition::status_line(SolveStatus::kSatisfiable) == "s SATISFIABLE");
  CHECK(competition::status_line(SolveStatus::kUnsatisfiable) == "s UNSATISFIABLE");
  CHECK(competition::status_line(SolveStatus::kOptimum) == "s OPTIMUM FOUND");
  CHECK(competition::status_line(SolveStatus::kUnknown) == "s UNKNOWN");
  CHECK(competition::bound_line(-17) == "o -17");
}

TEST_CASE("instantiation lists declarations in file order, arrays with every cell", "[output]") {
  Model m;
  const int y = m.add_variable("y", {0, 1, 2});
  const int grid = m.add_array("g", {2, 2});
  const int a = m.add_variable("g[0][0]", {5, 6}, false);
  const int b = m.add_variable("g[1][1]", {7, 8}, false);
  m.set_array_cell(grid, 0, a);
  m.set_array_cell(grid, 3, b);
  const int z = m.add_variable("z", {-3, 3});
  const std::vector<Value> values{2, 6, 7, -3};
  (void)y;
  (void)z;
  CHECK(competition::instantiation_line(m, values) ==
        "v <instantiation> <list> y g[][] z </list> <values> 2 6 * * 7 -3 </values> "
        "</instantiation>");
}

TEST_CASE("statistics lines carry counters and phase times", "[output]") {
  SolveResult r;
  r.stats.nodes = 12;
  r.stats.fails = 3;
  r.stats.restarts = 1;
  r.stats.propagations = 99;
  r.stats.parse_seconds = 0.5;
  const auto lines = competition::statistics_lines(r);
  REQUIRE(lines.size() >= 3);
  for (const auto& l : lines) CHECK(l.rfind("c ", 0) == 0);
  CHECK(lines[0].find("nodes 12 fails 3 restarts 1") != std::string::npos);
  CHECK(lines.back().find("parse 0.500 s") != std::string::npos);
}

}  // namespace arcwave
