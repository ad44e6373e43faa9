// The shared benchmark instances (../shared/instances, or ARCWAVE_SHARED_INSTANCES; skipped
// quietly where absent): every file whose answer another solver established (answers.txt:
// FILE | STATUS | SECONDS) is solved with that answer within a limit set per file from that
// solver's time. Files it solved within 0.1 s run with the tests; the others, and the files
// nobody has an answer for (which must then not crash and, if solved, carry a checked
// solution), run on request: test_solver_instances "[.shared-slow]".
#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "tests/solver/instances/answer_table.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

namespace arcwave {

namespace {

struct SharedFile {
  std::filesystem::path path;
  std::string status;   // SATISFIABLE, UNSATISFIABLE or UNKNOWN
  double seconds = -1;  // the reference solver's time, -1 when not run
};

std::vector<SharedFile> shared_files() {
  const std::filesystem::path dir = test::shared_instances_dir();
  std::vector<SharedFile> files;
  if (dir.empty()) return files;
  for (const auto& row : test::read_answer_table(dir / "answers.txt")) {
    if (row.size() < 3) continue;
    SharedFile f{dir / row[0], row[1], -1};
    try {
      f.seconds = std::stod(row[2]);
    } catch (const std::exception&) {
      f.seconds = -1;  // "not run"
    }
    files.push_back(std::move(f));
  }
  return files;
}

// The file's limit: thirty times the reference time, at least three seconds.
double limit_for(const SharedFile& f) {
  return std::max(3.0, 30.0 * f.seconds);
}

void solve_shared(const SharedFile& f, double limit, bool require_answer) {
  CAPTURE(f.path.string(), f.status, limit);
  REQUIRE(std::filesystem::exists(f.path));
  SolverOptions o;
  o.backend = SolverBackend::kCpu;
  o.time_limit_seconds = limit;
  Solver solver = Solver::load(f.path.string(), o);
  const SolveResult r = solver.solve();
  INFO(fmt::format("status {} after {:.3f} s, {} nodes", to_string(r.status),
                   r.stats.search_seconds, r.stats.nodes));
  if (r.best) REQUIRE(solver.model().check(r.best->values));
  if (f.status == "SATISFIABLE") REQUIRE(r.status != SolveStatus::kUnsatisfiable);
  if (f.status == "UNSATISFIABLE") REQUIRE(r.status != SolveStatus::kSatisfiable);
  if (require_answer) {
    REQUIRE(r.complete);
    REQUIRE(to_string(r.status) == f.status);
  }
}

}  // namespace

TEST_CASE("shared instances solved quickly elsewhere: the same answer within the limit",
          "[solver][instances][shared]") {
  const auto files = shared_files();
  if (files.empty()) return;  // no shared instances on this machine
  int run = 0;
  for (const SharedFile& f : files) {
    if (f.status == "UNKNOWN" || f.seconds < 0 || f.seconds > 0.1) continue;
    solve_shared(f, limit_for(f), true);
    ++run;
  }
  CHECK(run > 0);
}

TEST_CASE("shared instances, the slower ones and those without an answer",
          "[.shared-slow][solver][instances]") {
  const auto files = shared_files();
  for (const SharedFile& f : files) {
    if (f.status == "UNKNOWN")
      solve_shared(f, 3.0, false);
    else if (f.seconds > 0.1)
      solve_shared(f, limit_for(f), true);
  }
}

}  // namespace arcwave
