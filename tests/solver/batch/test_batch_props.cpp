// The batched search's device propagators (solver/batch/props/) on the host reference searcher,
// kind by kind, against the CPU engine: fixpoints after random decisions and backtracks (equal
// where the device filters as the CPU does, else a superset that keeps every solution), and
// solution counts and optima of whole searches, with and without work given away.
#include <fmt/format.h>

#include "instances/csp/rng.hpp"

#include "tests/solver/batch/batch_fixture.hpp"
#include "tests/solver/batch/global_kinds.hpp"
#include "tests/solver/batch/prop_fixture.hpp"

namespace arcwave {

namespace {

cpu::CpuEngineOptions cpu_options(const test::GlobalKind& kind) {
  cpu::CpuEngineOptions o;
  o.all_different_matching = !kind.value_elimination;
  return o;
}

}  // namespace

TEST_CASE("device propagators: fixpoints after decisions and backtracks against the CPU engine's",
          "[batch][props]") {
  for (const test::GlobalKind& kind : test::global_kinds()) {
    int compared = 0;
    for (int i = 0; i < 40; ++i) {
      const auto seed = static_cast<std::uint64_t>(7100 + i);
      const Model m = test::global_model(kind, seed);
      auto indexed = std::make_shared<const IndexedModel>(index_model(m, kind.index));
      INFO(fmt::format("{} model {} (seed {})", kind.name, i, seed));
      REQUIRE(!batch::batch_refusal(*indexed).has_value());
      const batch::BatchNetwork net = batch::make_batch_network(*indexed);
      if (indexed->trivially_false) continue;
      compared +=
          test::compare_fixpoints(m, net, indexed, cpu_options(kind), kind.relation, seed * 31, 30);
    }
    INFO(kind.name);
    CHECK(compared > 200);
  }
}

TEST_CASE("device propagators: counts and optima equal the CPU engine's", "[batch][props]") {
  for (const test::GlobalKind& kind : test::global_kinds()) {
    int sat = 0;
    for (int i = 0; i < 30; ++i) {
      const auto seed = static_cast<std::uint64_t>(7300 + i);
      Model m = test::global_model(kind, seed);
      INFO(fmt::format("{} model {} (seed {})", kind.name, i, seed));
      const test::BatchCase c = test::batch_case(m, kind.index);
      batch::BatchOptions o;
      o.all_solutions = true;
      o.donate_below = i % 3;
      const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
      CHECK(r.complete);
      const std::uint64_t expected = test::cpu_count(m);
      CHECK(r.solutions == expected);
      sat += expected > 0 ? 1 : 0;
      // The first solution satisfies the model.
      const batch::BatchResult first = batch::batch_search_host(c.net, c.items, {});
      CHECK(first.solution.has_value() == (expected > 0));
      if (first.solution) CHECK(m.check(test::values_of(m, *first.solution)));
    }
    INFO(kind.name);
    CHECK(sat > 3);
  }
}

// Objectives of one variable, linear sums (coefficients of both signs, a repeated variable) and
// expressions, minimised and maximised: the optimum the searcher proves equals the CPU solver's,
// from no bound and from a bound the CPU found first.
TEST_CASE("device objectives: optima equal the CPU solver's", "[batch][props][cop]") {
  int proved = 0;
  for (const test::GlobalKind& kind : test::global_kinds()) {
    for (int i = 0; i < 12; ++i) {
      const auto seed = static_cast<std::uint64_t>(7700 + i);
      Model m = test::global_model(kind, seed);
      gen::Rng rng(seed * 7);
      std::vector<int> vars(m.variable_count());
      for (std::size_t x = 0; x < vars.size(); ++x) vars[x] = static_cast<int>(x);
      Objective obj;
      obj.minimize = rng.below(2) == 0;
      if (i % 3 == 0) {
        obj.kind = Objective::Kind::kVariable;
        obj.variable = vars[rng.below(vars.size())];
      } else if (i % 3 == 2) {
        obj.kind = Objective::Kind::kExpression;
        obj.scope = test::pick_vars(rng, vars, 2 + rng.below(2));
        gen::ExprBuilder b;
        test::random_term(b, rng, static_cast<std::uint32_t>(obj.scope.size()), 3);
        obj.expr = b.build();
      } else {
        obj.kind = Objective::Kind::kSum;
        obj.scope = test::pick_vars(rng, vars, 2 + rng.below(3));
        obj.scope.push_back(obj.scope[0]);
        for (std::size_t k = 0; k < obj.scope.size(); ++k) obj.coeffs.push_back(rng.between(-4, 4));
      }
      m.set_objective(obj);
      INFO(fmt::format("{} model {} (seed {})", kind.name, i, seed));
      SolverOptions so;
      so.backend = SolverBackend::kCpu;
      Solver cpu(m, so);
      const SolveResult expected = cpu.solve();
      const test::BatchCase c = test::batch_case(m, kind.index);
      for (const bool bounded : {false, true}) {
        batch::BatchOptions o;
        o.donate_below = i % 2;
        // From a bound one worse than the optimum: only the optimum itself is left to find.
        if (bounded && expected.best)
          o.initial_bound = *expected.best->objective + (obj.minimize ? 1 : -1);
        const batch::BatchResult r = batch::batch_search_host(c.net, c.items, o);
        CHECK(r.complete);
        CHECK(r.solution.has_value() == expected.best.has_value());
        if (!r.solution || !expected.best) continue;
        const std::vector<Value> v = test::values_of(m, *r.solution);
        CHECK(m.check(v));
        CHECK(obj.evaluate(v) == expected.best->objective);
        ++proved;
      }
    }
  }
  CHECK(proved > 40);
}

}  // namespace arcwave
