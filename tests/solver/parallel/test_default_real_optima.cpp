// The default parallel search (threads = 2, ParallelMode::kAuto: a portfolio whose helper adopts
// and shares the best solution, LNS on every worker) proves exactly the optima known for the
// shared real COPs that Cosoco proves at once (answers.txt: `OPTIMUM v`, under 0.05 s), each
// reported objective strictly improving; the sequential search agrees. Skipped quietly where
// the shared instances are absent.
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "tests/solver/instances/answer_table.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

namespace arcwave {

TEST_CASE("the default on two workers proves the known optima of quick real COPs",
          "[parallel][optimise][shared]") {
  const std::filesystem::path shared = test::shared_instances_dir();
  if (shared.empty()) return;
  const std::filesystem::path dir = shared / "xcsp3-real";
  int checked = 0;
  for (const auto& row : test::read_answer_table(dir / "answers.txt")) {
    if (row.size() < 5 || !row[1].starts_with("OPTIMUM ")) continue;
    if (std::stod(row[4]) > 0.05) continue;
    const Value optimum = std::stoll(row[1].substr(8));
    for (int threads : {2, 1}) {
      CAPTURE(row[0], threads);
      SolverOptions o;
      o.threads = threads;
      o.backend = SolverBackend::kCpu;
      o.time_limit_seconds = 30;
      Solver solver = Solver::load((dir / row[0]).string(), o);
      const bool minimize = solver.model().objective()->minimize;
      std::vector<Value> improving;
      solver.on_solution([&](const Solution& s) { improving.push_back(*s.objective); });
      const SolveResult r = solver.solve();
      INFO(r.backend);
      REQUIRE(r.complete);
      REQUIRE(r.status == SolveStatus::kOptimum);
      REQUIRE(*r.best->objective == optimum);
      REQUIRE(solver.model().check(r.best->values));
      for (std::size_t i = 1; i < improving.size(); ++i)
        REQUIRE((minimize ? improving[i] < improving[i - 1] : improving[i] > improving[i - 1]));
      if (threads == 2)
        REQUIRE(r.backend.find("a portfolio (auto: optimising") != std::string::npos);
    }
    ++checked;
  }
  CHECK(checked >= 15);
}

}  // namespace arcwave
