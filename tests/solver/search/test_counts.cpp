// Solution counts with published values: n-queens (OEIS A000170) in three encodings and Langford
// L(2, n) (OEIS A014552, which counts a sequence and its reversal once; the model counts both).
#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "instances/csp/generators.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

std::uint64_t count_all(Model m, TablePropagation tables,
                        VarHeuristic var = VarHeuristic::kDomWdeg) {
  SolverOptions o;
  o.all_solutions = true;
  o.tables = tables;
  o.var_heuristic = var;
  Solver solver(std::move(m), o);
  const SolveResult r = solver.solve();
  REQUIRE(r.complete);
  REQUIRE(r.status == (r.solutions > 0 ? SolveStatus::kSatisfiable : SolveStatus::kUnsatisfiable));
  return r.solutions;
}

}  // namespace

TEST_CASE("n-queens solution counts for n = 1..10", "[search][counts]") {
  const std::uint64_t expected[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
  for (int n = 1; n <= 10; ++n) {
    for (gen::QueensEncoding enc :
         {gen::QueensEncoding::kIntension, gen::QueensEncoding::kExtension,
          gen::QueensEncoding::kAllDifferent}) {
      for (TablePropagation t :
           {TablePropagation::kAuto, TablePropagation::kAc4, TablePropagation::kCompactTable}) {
        INFO(fmt::format("n {} encoding {} tables {}", n, static_cast<int>(enc),
                         static_cast<int>(t)));
        CHECK(count_all(gen::queens(n, enc), t) == expected[n - 1]);
      }
    }
  }
}

TEST_CASE("Langford L(2, n) counts for n = 1..8", "[search][counts]") {
  // A014552: 0, 0, 1, 1, 0, 0, 26, 150 up to reversal.
  const std::uint64_t expected[] = {0, 0, 2, 2, 0, 0, 52, 300};
  for (int n = 1; n <= 8; ++n) {
    INFO(fmt::format("n {}", n));
    CHECK(count_all(gen::langford(2, n, true), TablePropagation::kAuto) == expected[n - 1]);
    CHECK(count_all(gen::langford(2, n, false), TablePropagation::kAc4, VarHeuristic::kDomDdeg) ==
          expected[n - 1]);
  }
}

TEST_CASE("latin squares: every quasigroup-with-holes instance is satisfiable", "[search]") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    for (bool alldiff : {true, false}) {
      Solver solver(gen::latin_square(10, 0.6, seed, alldiff));
      const SolveResult r = solver.solve();
      INFO(fmt::format("seed {} alldiff {}", seed, alldiff));
      REQUIRE(r.status == SolveStatus::kSatisfiable);
      REQUIRE(solver.model().check(r.best->values));
    }
  }
}

}  // namespace arcwave
