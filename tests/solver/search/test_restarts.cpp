// Restart cutoffs: the Luby sequence as published (Luby, Sinclair & Zuckerman 1993: 1 1 2 1 1 2
// 4 1 1 2 1 1 2 4 8 ...) scaled by the base, geometric growth, no restarts; and restarts really
// happening in a search that needs many failures.
#include <cmath>

#include "arcwave/solver.hpp"
#include "instances/csp/generators.hpp"
#include "solver/search/restarts.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

TEST_CASE("restart cutoffs follow Luby, geometric or none", "[search][restarts]") {
  const std::uint64_t luby[] = {1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4};
  search::RestartSchedule l(RestartPolicy::kLuby, 10, 1.0);
  for (std::uint64_t term : luby) CHECK(l.next() == 10 * term);
  for (std::uint64_t i = 1; i <= 1000; ++i) {
    // Each power of two 2^k first appears at position 2^(k+1) - 1.
    const std::uint64_t t = search::luby(i);
    CHECK((t & (t - 1)) == 0);
    if (((i + 1) & i) == 0) CHECK(t == (i + 1) / 2);
  }
  search::RestartSchedule g(RestartPolicy::kGeometric, 100, 1.5);
  for (int i = 0; i < 10; ++i)
    CHECK(g.next() == static_cast<std::uint64_t>(100 * std::pow(1.5, i)));
  g.reset();
  CHECK(g.next() == 100);
  search::RestartSchedule none(RestartPolicy::kNone, 100, 1.5);
  CHECK(none.next() == UINT64_MAX);
}

TEST_CASE("a long search restarts and still proves unsatisfiability", "[search][restarts]") {
  // Langford L(2, 9) has no solution (n = 1 or 2 mod 4); proving it takes many failures.
  SolverOptions o;
  o.restart_base = 10;
  Solver solver(gen::langford(2, 9, true), o);
  const SolveResult r = solver.solve();
  CHECK(r.status == SolveStatus::kUnsatisfiable);
  CHECK(r.stats.restarts > 0);
  CHECK(r.stats.fails > r.stats.restarts * 10);
}

}  // namespace arcwave
