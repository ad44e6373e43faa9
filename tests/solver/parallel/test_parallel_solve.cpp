// solve() with several workers (decomposition and work stealing) or a portfolio gives the
// sequential answers: exact counts with 1, 2, 4 and 7 workers (n-queens to 12, Langford, random
// networks against brute force), each solution reported once and checked, optima equal to the
// brute-force optimum, UNSATISFIABLE kept, the bundled instances' known answers; a stop or a
// time limit ends every worker with the answer so far.
#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "arcwave/solver.hpp"
#include "instances/csp/generators.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/solver/parallel/brute_force.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

namespace arcwave {

namespace {

struct Counted {
  SolveResult result;
  std::size_t distinct = 0;
};

// All solutions with `threads` workers; every reported solution is checked and recorded.
Counted count_all(const Model& m, int threads, VarHeuristic var = VarHeuristic::kDomWdeg) {
  SolverOptions o;
  o.all_solutions = true;
  o.threads = threads;
  o.var_heuristic = var;
  Solver solver(m, o);
  std::set<std::vector<Value>> seen;
  std::uint64_t calls = 0;
  solver.on_solution([&](const Solution& s) {
    ++calls;
    REQUIRE(m.check(s.values));
    seen.insert(s.values);
  });
  Counted c{solver.solve(), 0};
  c.distinct = seen.size();
  REQUIRE(calls == c.result.solutions);
  REQUIRE(c.result.complete);
  REQUIRE(c.result.stats.workers == threads);
  return c;
}

Model with_objective(Model m, std::uint64_t seed) {
  Objective obj;
  obj.minimize = seed % 2 == 0;
  if (seed % 3 == 0) {
    obj.kind = Objective::Kind::kVariable;
    obj.variable = static_cast<int>(seed % m.variable_count());
  } else {
    obj.kind = Objective::Kind::kSum;
    for (int x = 0; x < static_cast<int>(m.variable_count()); ++x) {
      obj.scope.push_back(x);
      obj.coeffs.push_back(static_cast<Value>((x * 7 + static_cast<int>(seed)) % 5) - 2);
    }
  }
  m.set_objective(obj);
  return m;
}

std::optional<Value> brute_force_best(const Model& m) {
  std::optional<Value> best;
  const Objective& obj = *m.objective();
  for (const auto& s : test::all_solutions(m)) {
    std::vector<Value> v(s.size());
    for (std::size_t i = 0; i < s.size(); ++i)
      v[i] = m.variables()[i].domain[static_cast<std::size_t>(s[i])];
    const auto o = obj.evaluate(v);
    if (o && (!best || (obj.minimize ? *o < *best : *o > *best))) best = o;
  }
  return best;
}

}  // namespace

TEST_CASE("n-queens counts with 1, 2, 4 and 7 workers", "[parallel][counts]") {
  const std::uint64_t expected[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};
  for (int n = 1; n <= 12; ++n) {
    for (int threads : {1, 2, 4, 7}) {
      INFO(fmt::format("n {} threads {}", n, threads));
      const Counted c = count_all(gen::queens(n), threads);
      CHECK(c.result.solutions == expected[n - 1]);
      CHECK(c.distinct == c.result.solutions);
      CHECK(c.result.status ==
            (expected[n - 1] > 0 ? SolveStatus::kSatisfiable : SolveStatus::kUnsatisfiable));
    }
  }
  // Other encodings (tables, allDifferent) on a size where stealing happens.
  for (gen::QueensEncoding enc :
       {gen::QueensEncoding::kExtension, gen::QueensEncoding::kAllDifferent})
    for (int threads : {2, 4, 7}) {
      const Counted c = count_all(gen::queens(10, enc), threads);
      CHECK(c.result.solutions == 724);
      CHECK(c.distinct == 724);
    }
}

TEST_CASE("Langford counts with several workers", "[parallel][counts]") {
  const std::uint64_t expected[] = {0, 0, 2, 2, 0, 0, 52, 300};
  for (int n = 1; n <= 8; ++n)
    for (int threads : {2, 4, 7}) {
      INFO(fmt::format("n {} threads {}", n, threads));
      const Counted c = count_all(gen::langford(2, n, n % 2 == 0), threads,
                                  n % 3 == 0 ? VarHeuristic::kDomDdeg : VarHeuristic::kDomWdeg);
      CHECK(c.result.solutions == expected[n - 1]);
      CHECK(c.distinct == c.result.solutions);
    }
}

TEST_CASE("random networks: counts, SAT and UNSAT with several workers equal brute force",
          "[parallel][counts][brute]") {
  int checked = 0;
  int unsat = 0;
  for (std::uint64_t seed = 1; seed <= 300 && checked < 50; ++seed) {
    const Model m = test::small_network(seed);
    if (test::domain_product(m) > 1e5) continue;
    ++checked;
    const std::uint64_t expected = test::brute_force_count(m);
    unsat += expected == 0 ? 1 : 0;
    for (int threads : {2, 4, 7}) {
      INFO(fmt::format("seed {} threads {}", seed, threads));
      const Counted c = count_all(m, threads);
      REQUIRE(c.result.solutions == expected);
      REQUIRE(c.distinct == expected);
      // One solution wanted: SAT with a checked solution, or UNSAT.
      for (bool portfolio : {false, true}) {
        SolverOptions o;
        o.threads = threads;
        o.parallel = portfolio ? ParallelMode::kPortfolio : ParallelMode::kDecomposed;
        o.restart_base = 2;
        o.seed = seed;
        Solver solver(m, o);
        const SolveResult r = solver.solve();
        REQUIRE(r.complete);
        REQUIRE(r.status ==
                (expected > 0 ? SolveStatus::kSatisfiable : SolveStatus::kUnsatisfiable));
        if (expected > 0) REQUIRE(m.check(r.best->values));
      }
    }
  }
  CHECK(checked >= 40);
  CHECK(unsat >= 5);
}

TEST_CASE("optima with several workers and with a portfolio equal brute force",
          "[parallel][optimise]") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 300 && checked < 40; ++seed) {
    const Model base = test::small_network(seed);
    if (test::domain_product(base) > 1e5) continue;
    ++checked;
    const Model m = with_objective(base, seed);
    const std::optional<Value> best = brute_force_best(m);
    const bool minimize = m.objective()->minimize;
    for (int threads : {2, 4}) {
      for (int mode = 0; mode < 3; ++mode) {
        // Decomposed with restarts (bounds from other workers applied there), decomposed
        // without (applied at subproblems and solutions only), portfolio.
        const bool portfolio = mode == 2;
        INFO(fmt::format("seed {} threads {} mode {}", seed, threads, mode));
        SolverOptions o;
        o.threads = threads;
        o.parallel = portfolio ? ParallelMode::kPortfolio : ParallelMode::kDecomposed;
        o.restart_base = 2;
        if (mode == 1) o.restarts = RestartPolicy::kNone;
        o.seed = seed;
        Solver solver(m, o);
        std::vector<Value> improving;
        solver.on_solution([&](const Solution& s) {
          REQUIRE(m.check(s.values));
          improving.push_back(*s.objective);
        });
        const SolveResult r = solver.solve();
        REQUIRE(r.complete);
        if (!best) {
          REQUIRE(r.status == SolveStatus::kUnsatisfiable);
          continue;
        }
        REQUIRE(r.status == SolveStatus::kOptimum);
        REQUIRE(*r.best->objective == *best);
        REQUIRE(r.solutions == improving.size());
        for (std::size_t i = 1; i < improving.size(); ++i)
          REQUIRE((minimize ? improving[i] < improving[i - 1] : improving[i] > improving[i - 1]));
      }
    }
  }
  CHECK(checked >= 30);
}

TEST_CASE("bundled instances keep their known answers with several workers",
          "[parallel][instances]") {
  std::ifstream in(test::instances_dir() / "answers.txt");
  REQUIRE(in);
  int checked = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line.rfind("xcsp3/", 0) != 0) continue;
    std::istringstream fields(line);
    std::string file, bar, answer, count;
    fields >> file >> bar >> answer >> bar >> count;
    INFO(line);
    for (int threads : {3}) {
      SolverOptions o;
      o.threads = threads;
      o.all_solutions = count != "-" && std::stoull(count) <= 200'000;
      Solver solver = Solver::load((test::instances_dir() / file).string(), o);
      const SolveResult r = solver.solve();
      REQUIRE(r.complete);
      REQUIRE(std::string(to_string(r.status)) == answer);
      if (r.best) REQUIRE(solver.model().check(r.best->values));
      if (o.all_solutions) REQUIRE(r.solutions == std::stoull(count));
    }
    ++checked;
  }
  CHECK(checked >= 15);
}

TEST_CASE("a stop request or the time limit ends every worker", "[parallel]") {
  SolverOptions o;
  o.all_solutions = true;
  o.threads = 4;
  Solver solver(gen::queens(16, gen::QueensEncoding::kAllDifferent), o);
  std::uint64_t seen = 0;
  solver.on_solution([&](const Solution&) {
    if (++seen == 1000) solver.stop();
  });
  const SolveResult r = solver.solve();
  CHECK_FALSE(r.complete);
  CHECK(r.status == SolveStatus::kSatisfiable);
  CHECK(r.solutions >= 1000);
  CHECK(r.solutions < 14772512);

  SolverOptions t;
  t.all_solutions = true;
  t.threads = 2;
  t.time_limit_seconds = 0.3;
  Solver timed(gen::queens(28, gen::QueensEncoding::kAllDifferent), t);
  const SolveResult tr = timed.solve();
  CHECK_FALSE(tr.complete);
  CHECK(tr.status == SolveStatus::kSatisfiable);
  REQUIRE(tr.best);
  CHECK(timed.model().check(tr.best->values));
}

TEST_CASE("threads = 0 uses every core; a portfolio refuses all solutions", "[parallel]") {
  SolverOptions o;
  o.threads = 0;
  Solver solver(gen::queens(8), o);
  const SolveResult r = solver.solve();
  CHECK(r.status == SolveStatus::kSatisfiable);
  CHECK(r.stats.workers == std::max(1, static_cast<int>(std::thread::hardware_concurrency())));

  SolverOptions p;
  p.threads = 2;
  p.parallel = ParallelMode::kPortfolio;
  p.all_solutions = true;
  Solver portfolio(gen::queens(6), p);
  CHECK_THROWS_AS(portfolio.solve(), InputError);
}

TEST_CASE("auto decomposes for all solutions and runs a portfolio otherwise", "[parallel]") {
  SolverOptions o;
  o.threads = 2;
  o.backend = SolverBackend::kCpu;
  o.all_solutions = true;
  Solver every(gen::queens(8), o);
  const SolveResult c = every.solve();
  INFO(c.backend);
  CHECK(c.backend.find("decomposed (auto: every solution wanted") != std::string::npos);
  CHECK(c.stats.subproblems > 0);
  CHECK(c.solutions == 92);
  o.all_solutions = false;
  Solver one(gen::queens(8), o);
  const SolveResult f = one.solve();
  INFO(f.backend);
  CHECK(f.backend.find("a portfolio (auto: one solution wanted; worker 0 runs the sequential") !=
        std::string::npos);
  CHECK(f.status == SolveStatus::kSatisfiable);
  CHECK(f.stats.subproblems == 0);
  // Every queen's column summed, minimised: the first solution is not the optimum.
  Model m = gen::queens(10);
  Objective obj;
  obj.kind = Objective::Kind::kSum;
  for (int x = 0; x < 10; ++x) {
    obj.scope.push_back(x);
    obj.coeffs.push_back(x + 1);
  }
  m.set_objective(obj);
  Solver cop(m, o);
  const SolveResult r = cop.solve();
  INFO(r.backend);
  CHECK(r.backend.find("a portfolio (auto: optimising") != std::string::npos);
  CHECK(r.status == SolveStatus::kOptimum);
  o.threads = 1;
  Solver sequential(m, o);
  CHECK(sequential.solve().best->objective == r.best->objective);
}

}  // namespace arcwave
