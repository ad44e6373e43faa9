// The decomposition (solver/parallel/decomposition.hpp) against brute force on small random
// networks: its subproblems and the solutions it reports partition the solutions (each solution
// in exactly one piece), every subproblem is consistent and open, the target is met, and two
// runs give the same subproblems; with an objective, every solution better than the last bound
// is kept; a wanted solution and the stop flag end it.
#include <algorithm>
#include <atomic>
#include <memory>

#include <fmt/format.h>

#include "instances/csp/generators.hpp"
#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/parallel/decomposition.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/solver/parallel/brute_force.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

using search::AfterSolution;

struct Run {
  parallel::Decomposition decomposition;
  std::vector<std::vector<int>> leaves;
};

Run decompose_model(const std::shared_ptr<const IndexedModel>& indexed, std::size_t target,
                    bool& root_ok) {
  cpu::CpuEngine engine(indexed);
  Run run;
  root_ok = engine.propagate_root();
  if (!root_ok) return run;
  run.decomposition = parallel::decompose(
      engine, target,
      [&](std::span<const int> s) {
        run.leaves.emplace_back(s.begin(), s.end());
        return AfterSolution{AfterSolution::Action::kContinue, 0};
      },
      nullptr);
  REQUIRE(engine.depth() == 0);
  return run;
}

}  // namespace

TEST_CASE("the decomposition partitions the solutions of small networks",
          "[parallel][decomposition]") {
  int checked = 0;
  int decomposed = 0;
  for (std::uint64_t seed = 1; seed <= 300 && checked < 60; ++seed) {
    const Model m = test::small_network(seed);
    if (test::domain_product(m) > 1e5) continue;
    ++checked;
    const auto solutions = test::all_solutions(m);
    const auto indexed = std::make_shared<const IndexedModel>(index_model(m));
    for (const std::size_t target : {2, 7, 30, 200}) {
      INFO(fmt::format("seed {} target {}", seed, target));
      bool root_ok = true;
      const Run run = decompose_model(indexed, target, root_ok);
      if (!root_ok) {
        REQUIRE(solutions.empty());
        continue;
      }
      const parallel::Decomposition& d = run.decomposition;
      REQUIRE_FALSE(d.interrupted);
      REQUIRE_FALSE(d.stopped_on_solution);
      if (d.complete)
        REQUIRE(d.subproblems.empty());
      else
        REQUIRE(d.subproblems.size() >= target);
      for (const auto& leaf : run.leaves)
        REQUIRE(std::find(solutions.begin(), solutions.end(), leaf) != solutions.end());
      for (const auto& s : solutions) {
        std::size_t pieces =
            static_cast<std::size_t>(std::count(run.leaves.begin(), run.leaves.end(), s));
        for (const search::Subproblem& p : d.subproblems) pieces += test::satisfies(s, p) ? 1 : 0;
        REQUIRE(pieces == 1);
      }
      // Every subproblem propagates without failing and leaves a variable open.
      cpu::CpuEngine engine(indexed);
      REQUIRE(engine.propagate_root());
      for (const search::Subproblem& p : d.subproblems) {
        const search::Replay r = search::replay(engine, p);
        REQUIRE(r.consistent);
        bool open = false;
        for (int x = 0; x < engine.variable_count(); ++x) open = open || engine.size(x) > 1;
        REQUIRE(open);
        for (int i = 0; i < r.pushed; ++i) engine.pop();
      }
      // Deterministic.
      bool again_ok = true;
      const Run again = decompose_model(indexed, target, again_ok);
      REQUIRE(again.decomposition.subproblems == d.subproblems);
      REQUIRE(again.leaves == run.leaves);
      decomposed += d.subproblems.empty() ? 0 : 1;
    }
  }
  CHECK(checked >= 50);
  CHECK(decomposed >= 60);
}

TEST_CASE("with an objective, every solution better than the last bound stays in one piece",
          "[parallel][decomposition][optimise]") {
  int checked = 0;
  int improved = 0;
  for (std::uint64_t seed = 1; seed <= 300 && checked < 40; ++seed) {
    Model m = test::small_network(seed);
    if (test::domain_product(m) > 1e5) continue;
    ++checked;
    Objective obj;
    obj.minimize = seed % 2 == 0;
    obj.kind = Objective::Kind::kSum;
    for (int x = 0; x < static_cast<int>(m.variable_count()); ++x) {
      obj.scope.push_back(x);
      obj.coeffs.push_back(static_cast<Value>((x * 5 + static_cast<int>(seed)) % 7) - 3);
    }
    m.set_objective(obj);
    const auto solutions = test::all_solutions(m);
    const auto value_of = [&](const std::vector<int>& s) {
      std::vector<Value> v(s.size());
      for (std::size_t i = 0; i < s.size(); ++i)
        v[i] = m.variables()[i].domain[static_cast<std::size_t>(s[i])];
      return *obj.evaluate(v);
    };
    cpu::CpuEngine engine(std::make_shared<const IndexedModel>(index_model(m)));
    if (!engine.propagate_root()) {
      REQUIRE(solutions.empty());
      continue;
    }
    std::optional<Value> best;
    std::vector<std::vector<int>> leaves;
    const parallel::Decomposition d = parallel::decompose(
        engine, 40,
        [&](std::span<const int> s) {
          leaves.emplace_back(s.begin(), s.end());
          const Value v = value_of(leaves.back());
          if (!best || (obj.minimize ? v < *best : v > *best)) best = v;
          return AfterSolution{AfterSolution::Action::kImprove, *best};
        },
        nullptr);
    INFO(fmt::format("seed {}", seed));
    REQUIRE(engine.depth() == 0);
    for (const auto& s : solutions) {
      std::size_t pieces = 0;
      for (const search::Subproblem& p : d.subproblems) pieces += test::satisfies(s, p) ? 1 : 0;
      REQUIRE(pieces <= 1);
      const bool better = !best || (obj.minimize ? value_of(s) < *best : value_of(s) > *best);
      if (better) REQUIRE(pieces == 1);
    }
    improved += leaves.empty() ? 0 : 1;
  }
  CHECK(checked >= 30);
  CHECK(improved >= 1);
}

TEST_CASE("a wanted solution or the stop flag ends the decomposition",
          "[parallel][decomposition]") {
  const Model m = gen::queens(8);
  const auto indexed = std::make_shared<const IndexedModel>(index_model(m));
  cpu::CpuEngine engine(indexed);
  REQUIRE(engine.propagate_root());
  std::vector<Value> found;
  const parallel::Decomposition d = parallel::decompose(
      engine, 1'000'000,
      [&](std::span<const int> s) {
        for (std::size_t v = 0; v < s.size(); ++v)
          found.push_back(m.variables()[v].domain[static_cast<std::size_t>(s[v])]);
        return AfterSolution{AfterSolution::Action::kStop, 0};
      },
      nullptr);
  CHECK(d.stopped_on_solution);
  CHECK_FALSE(d.complete);
  REQUIRE(m.check(found));
  CHECK(engine.depth() == 0);

  std::atomic<bool> stop{true};
  const parallel::Decomposition s = parallel::decompose(
      engine, 100, [](std::span<const int>) { return AfterSolution{}; }, &stop);
  CHECK(s.interrupted);
  CHECK_FALSE(s.complete);
  CHECK(engine.depth() == 0);
}

}  // namespace arcwave
