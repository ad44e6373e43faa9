// MAC against brute force on small networks: the number of solutions, and SAT / UNSAT under
// every heuristic, restart policy and table propagator; branch and bound against the best
// objective value found by enumeration.
#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

double product_of_domains(const Model& m) {
  double p = 1;
  for (const Variable& v : m.variables()) p *= static_cast<double>(v.domain.size());
  return p;
}

std::optional<Value> brute_force_best(const Model& m) {
  const std::size_t n = m.variable_count();
  std::vector<std::size_t> pos(n, 0);
  std::vector<Value> a(n);
  std::optional<Value> best;
  const Objective& obj = *m.objective();
  for (;;) {
    for (std::size_t i = 0; i < n; ++i) a[i] = m.variables()[i].domain[pos[i]];
    if (m.check(a)) {
      const auto v = obj.evaluate(a);
      if (v && (!best || (obj.minimize ? *v < *best : *v > *best))) best = v;
    }
    std::size_t i = n;
    for (;;) {
      if (i == 0) return best;
      --i;
      if (++pos[i] < m.variables()[i].domain.size()) break;
      pos[i] = 0;
    }
  }
}

}  // namespace

TEST_CASE("solution counts equal brute force on small random networks", "[search][brute]") {
  int checked = 0;
  int satisfiable = 0;
  for (std::uint64_t seed = 1; seed <= 300 && checked < 120; ++seed) {
    const Model m = test::small_network(seed);
    if (product_of_domains(m) > 1e5) continue;
    ++checked;
    const std::uint64_t expected = test::brute_force_count(m);
    satisfiable += expected > 0 ? 1 : 0;
    for (TablePropagation t :
         {TablePropagation::kAc4, TablePropagation::kAc3Bit, TablePropagation::kCompactTable}) {
      SolverOptions o;
      o.all_solutions = true;
      o.tables = t;
      o.var_heuristic = seed % 2 == 0 ? VarHeuristic::kDomWdeg : VarHeuristic::kDomDdeg;
      Solver solver(m, o);
      INFO(fmt::format("seed {} tables {}", seed, static_cast<int>(t)));
      REQUIRE(solver.solve().solutions == expected);
    }
  }
  CHECK(checked >= 100);
  CHECK(satisfiable >= 20);
  CHECK(checked - satisfiable >= 20);
}

TEST_CASE("SAT / UNSAT agree across heuristics, restarts, seeds and nogoods", "[search][brute]") {
  int checked = 0;
  std::uint64_t recorded = 0;
  for (std::uint64_t seed = 1; seed <= 400 && checked < 60; ++seed) {
    const Model m = test::small_network(seed);
    if (product_of_domains(m) > 1e5) continue;
    ++checked;
    const bool sat = test::brute_force_count(m) > 0;
    for (VarHeuristic var :
         {VarHeuristic::kDomWdeg, VarHeuristic::kDomDdeg, VarHeuristic::kDomWdegCaCd})
      for (ValHeuristic val : {ValHeuristic::kLex, ValHeuristic::kRandom})
        for (RestartPolicy rp :
             {RestartPolicy::kLuby, RestartPolicy::kGeometric, RestartPolicy::kNone}) {
          for (const bool nogoods : {true, false}) {
            SolverOptions o;
            o.var_heuristic = var;
            o.val_heuristic = val;
            o.restarts = rp;
            o.restart_base = 2;  // restart often, so restarts really happen on small networks
            o.seed = seed;
            o.nogoods = nogoods;
            Solver solver(m, o);
            const SolveResult r = solver.solve();
            INFO(fmt::format("seed {} nogoods {}", seed, nogoods));
            REQUIRE(r.status == (sat ? SolveStatus::kSatisfiable : SolveStatus::kUnsatisfiable));
            if (sat) REQUIRE(m.check(r.best->values));
            if (!nogoods) REQUIRE(r.stats.nogoods == 0);
            recorded += r.stats.nogoods;
          }
        }
  }
  // Restarts every two failures on these networks leave nogoods behind.
  CHECK(recorded >= 30);
}

TEST_CASE("branch and bound finds the optimum of small networks", "[search][optimise]") {
  int checked = 0;
  int with_neighbourhoods[2] = {0, 0};
  for (std::uint64_t seed = 1; seed <= 300 && checked < 60; ++seed) {
    Model m = test::small_network(seed);
    if (product_of_domains(m) > 1e5) continue;
    ++checked;
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
    const std::optional<Value> best = brute_force_best(m);
    // LNS on (the default) and off; with LNS, restarts every few failures so that its phases
    // and the complete search alternate many times on networks this small.
    for (const bool lns : {true, false}) {
      SolverOptions o;
      o.seed = seed;
      o.lns = lns;
      if (lns) o.restart_base = 4;
      std::vector<Value> improving;
      Solver solver(m, o);
      solver.on_solution([&](const Solution& s) { improving.push_back(*s.objective); });
      const SolveResult r = solver.solve();
      INFO(fmt::format("seed {} lns {}", seed, lns));
      if (!best) {
        REQUIRE(r.status == SolveStatus::kUnsatisfiable);
        continue;
      }
      REQUIRE(r.status == SolveStatus::kOptimum);
      REQUIRE(*r.best->objective == *best);
      if (!lns) CHECK(r.stats.neighbourhoods == 0);
      if (lns && improving.size() > 1) ++with_neighbourhoods[r.stats.neighbourhoods > 0];
      for (std::size_t i = 1; i < improving.size(); ++i)
        REQUIRE((obj.minimize ? improving[i] < improving[i - 1] : improving[i] > improving[i - 1]));
    }
  }
  CHECK(checked >= 50);
  // Where the first solution was not the optimum, neighbourhoods were searched.
  CHECK(with_neighbourhoods[1] >= 10);
  CHECK(with_neighbourhoods[0] == 0);
}

TEST_CASE("LNS and the complete search prove the same optima on larger networks",
          "[search][optimise][lns]") {
  int proved = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Model m = test::small_network(seed + 1000);
    Objective obj;
    obj.minimize = seed % 2 == 1;
    obj.kind = Objective::Kind::kSum;
    for (int x = 0; x < static_cast<int>(m.variable_count()); ++x) {
      obj.scope.push_back(x);
      obj.coeffs.push_back(static_cast<Value>((x * 5 + static_cast<int>(seed)) % 7) - 3);
    }
    m.set_objective(obj);
    std::optional<Value> optimum[2];
    SolveStatus status[2]{};
    for (const bool lns : {false, true}) {
      SolverOptions o;
      o.seed = seed;
      o.lns = lns;
      o.restart_base = 8;
      o.time_limit_seconds = 20;  // a bound for a slow CI machine; these take milliseconds
      Solver solver(m, o);
      const SolveResult r = solver.solve();
      status[lns] = r.status;
      if (r.best) optimum[lns] = r.best->objective;
    }
    INFO(fmt::format("seed {}", seed));
    REQUIRE(status[0] == status[1]);
    REQUIRE(optimum[0] == optimum[1]);
    proved += status[0] == SolveStatus::kOptimum ? 1 : 0;
  }
  CHECK(proved >= 10);
}

TEST_CASE("a stop request ends the search with the answer so far", "[search]") {
  SolverOptions o;
  o.all_solutions = true;
  Solver solver(gen::queens(16, gen::QueensEncoding::kAllDifferent), o);
  std::uint64_t seen = 0;
  solver.on_solution([&](const Solution&) {
    if (++seen == 1000) solver.stop();
  });
  const SolveResult r = solver.solve();
  CHECK_FALSE(r.complete);
  CHECK(r.status == SolveStatus::kSatisfiable);
  CHECK(r.solutions >= 1000);
  CHECK(r.solutions < 14772512);  // queens-16 has that many
}

}  // namespace arcwave
