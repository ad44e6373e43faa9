// Every bundled instance (instances/xcsp3, instances/xcsp21) solved by `arcwave::Solver` within
// the time limit this file sets for it, with the answer recorded in instances/answers.txt,
// under each table propagator; recorded solution counts re-counted where they are small.
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "tests/solver/instances/answer_table.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

namespace arcwave {

namespace {

// Seconds each instance may take (each is solved in well under 0.1 s on a 2-core machine).
const std::map<std::string, double> kLimits = {
    {"composed-25-1-2-1.xml", 5},    {"composed-25-1-25-1.xml", 5},
    {"frb30-15-1.xml", 10},          {"langford-2-4.xml", 5},
    {"langford-2-5.xml", 5},         {"langford-2-7.xml", 5},
    {"langford-3-9.xml", 10},        {"latin-5.xml", 5},
    {"queens-10-alldiff.xml", 5},    {"queens-4.xml", 5},
    {"queens-8-ext.xml", 5},         {"queens-8.xml", 5},
    {"qwh-10-0.42-1.xml", 10},       {"qwh-7-0.5-2-ne.xml", 5},
    {"rand-3-12-4-20-0.6-6.xml", 5}, {"rb-12-6-30-0.5-1.xml", 5},
    {"rb-12-6-30-0.5-4.xml", 5},     {"rb-12-6-30-0.5-9-sup.xml", 5},
};

// Counts up to this many solutions are re-counted by the solver.
constexpr std::uint64_t kCountLimit = 1000;

SolveResult solve_file(const std::filesystem::path& file, SolverOptions o) {
  Solver solver = Solver::load(file.string(), o);
  SolveResult r = solver.solve();
  if (r.best) REQUIRE(solver.model().check(r.best->values));
  return r;
}

}  // namespace

TEST_CASE("bundled instances: the recorded answer within the file's time limit",
          "[solver][instances]") {
  const std::filesystem::path dir = test::instances_dir();
  const auto rows = test::read_answer_table(dir / "answers.txt");
  REQUIRE(rows.size() >= 30);
  std::map<std::string, int> listed;
  for (const auto& row : rows) {
    REQUIRE(row.size() == 4);
    const std::filesystem::path file = dir / row[0];
    const std::string name = file.filename().string();
    CAPTURE(row[0]);
    REQUIRE(std::filesystem::exists(file));
    REQUIRE(kLimits.contains(name));
    ++listed[row[0]];
    const SolveStatus expected =
        row[1] == "SATISFIABLE" ? SolveStatus::kSatisfiable : SolveStatus::kUnsatisfiable;
    REQUIRE((row[1] == "SATISFIABLE" || row[1] == "UNSATISFIABLE"));
    for (TablePropagation t :
         {TablePropagation::kAuto, TablePropagation::kAc4, TablePropagation::kCompactTable}) {
      SolverOptions o;
      o.backend = SolverBackend::kCpu;
      o.tables = t;
      o.time_limit_seconds = kLimits.at(name);
      const SolveResult r = solve_file(file, o);
      INFO(fmt::format("tables {} engine {}", static_cast<int>(t), r.engine));
      REQUIRE(r.complete);
      REQUIRE(r.status == expected);
    }
    if (row[2] != "-" && std::stoull(row[2]) <= kCountLimit) {
      SolverOptions o;
      o.backend = SolverBackend::kCpu;
      o.all_solutions = true;
      o.time_limit_seconds = kLimits.at(name);
      const SolveResult r = solve_file(file, o);
      REQUIRE(r.complete);
      REQUIRE(std::to_string(r.solutions) == row[2]);
    }
  }
  // No bundled file goes untested.
  for (const char* folder : {"xcsp3", "xcsp21"})
    for (const auto& e : std::filesystem::directory_iterator(dir / folder)) {
      const std::string key = std::string(folder) + "/" + e.path().filename().string();
      CAPTURE(key);
      CHECK(listed[key] == 1);
    }
}

}  // namespace arcwave
