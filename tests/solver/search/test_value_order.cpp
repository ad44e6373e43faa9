// The objective-directed value order (solver/search/value_order.hpp): the directions read off a
// model whose objective counts pieces through indicators (as the XCSP3 reader states
// sum(eq(x, 1)) = q), and what it does: non-attacking rooks of two colours on an n x n board,
// maximising how many, are placed at once (a maximal placement of rooks has n of them) where
// lex order first finds the empty board; the optimum is still proved.
#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "propagation/cpu/cpu_engine.hpp"
#include "solver/search/mac_search.hpp"
#include "solver/search/value_order.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

std::shared_ptr<const Expr> expr(std::vector<ExprInstr> code) {
  return std::make_shared<const Expr>(std::move(code));
}

// Rooks of two colours (x = 1 or 2, 0 for an empty cell) on an n x n board, none attacking
// another; q and k count each colour through indicators b = eq(x, v); maximise q + k (or
// minimise -q - k).
struct Rooks {
  Model model;
  std::vector<int> cells, indicators;
  int q = -1, k = -1;
};

Rooks rooks(int n, bool minimise = false) {
  Rooks r;
  Model& m = r.model;
  for (int i = 0; i < n * n; ++i)
    r.cells.push_back(m.add_variable(fmt::format("x{}", i), {0, 1, 2}));
  std::vector<int> colour[2];
  for (int v = 1; v <= 2; ++v)
    for (int i = 0; i < n * n; ++i) {
      const int b = m.add_variable(fmt::format("b{}_{}", v, i), {0, 1});
      // b = eq(x, v), as the reader states an expression of a list
      m.add_constraint(IntensionConstraint{{b, r.cells[static_cast<std::size_t>(i)]},
                                           expr({{ExprOp::kSlot, 0, 0},
                                                 {ExprOp::kSlot, 0, 1},
                                                 {ExprOp::kConst, 0, v},
                                                 {ExprOp::kEq, 2, 0},
                                                 {ExprOp::kEq, 2, 0}})});
      colour[v - 1].push_back(b);
      r.indicators.push_back(b);
    }
  for (int a = 0; a < n * n; ++a)
    for (int c = a + 1; c < n * n; ++c)
      if (a / n == c / n || a % n == c % n)  // or(eq(x_a, 0), eq(x_c, 0))
        m.add_constraint(IntensionConstraint{
            {r.cells[static_cast<std::size_t>(a)], r.cells[static_cast<std::size_t>(c)]},
            expr({{ExprOp::kSlot, 0, 0},
                  {ExprOp::kConst, 0, 0},
                  {ExprOp::kEq, 2, 0},
                  {ExprOp::kSlot, 0, 1},
                  {ExprOp::kConst, 0, 0},
                  {ExprOp::kEq, 2, 0},
                  {ExprOp::kOr, 2, 0}})});
  r.q = m.add_variable("q", [&] {
    std::vector<Value> d;
    for (Value v = 0; v <= n * n; ++v) d.push_back(v);
    return d;
  }());
  r.k = m.add_variable("k", m.variables()[static_cast<std::size_t>(r.q)].domain);
  for (int v = 0; v < 2; ++v) {
    Condition count;
    count.kind = Condition::Kind::kVariable;
    count.value = v == 0 ? r.q : r.k;
    m.add_constraint(SumConstraint{colour[v], std::vector<Value>(colour[v].size(), 1), count});
  }
  Objective obj;
  obj.kind = Objective::Kind::kExpression;
  obj.minimize = minimise;
  obj.scope = {r.q, r.k};
  obj.expr = minimise ? expr({{ExprOp::kSlot, 0, 0},
                              {ExprOp::kNeg, 1, 0},
                              {ExprOp::kSlot, 0, 1},
                              {ExprOp::kSub, 2, 0}})
                      : expr({{ExprOp::kSlot, 0, 0}, {ExprOp::kSlot, 0, 1}, {ExprOp::kAdd, 2, 0}});
  m.set_objective(obj);
  return r;
}

// The objective of the first solution MAC finds (restarts off) with or without the preferences.
Value first_objective(const Model& m, bool directed) {
  auto indexed = std::make_shared<const IndexedModel>(index_model(m));
  cpu::CpuEngine engine(indexed);
  search::SearchConfig config{.restarts = RestartPolicy::kNone};
  if (directed) {
    const std::vector<int> direction = search::improving_direction(m);
    for (std::size_t x = 0; x < direction.size(); ++x)
      if (direction[x] > 0) config.upper_half_first.push_back(static_cast<int>(x));
    config.preferred_values = search::preferred_values(m, direction);
  }
  search::MacSearch run(engine, config, nullptr);
  std::vector<Value> values(m.variable_count());
  run.run([&](std::span<const int> idx) {
    for (std::size_t x = 0; x < values.size(); ++x)
      values[x] = indexed->domains[x][static_cast<std::size_t>(idx[x])];
    return search::AfterSolution{search::AfterSolution::Action::kStop, 0};
  });
  REQUIRE(m.check(values));
  return *m.objective()->evaluate(values);
}

}  // namespace

TEST_CASE("directions reach the objective's terms through the sums that define them",
          "[search][optimise]") {
  for (const bool minimise : {false, true}) {
    INFO("minimise " << minimise);
    const Rooks r = rooks(3, minimise);
    const std::vector<int> d = search::improving_direction(r.model);
    // -q - k minimised and q + k maximised both want more pieces.
    CHECK(d[static_cast<std::size_t>(r.q)] == 1);
    CHECK(d[static_cast<std::size_t>(r.k)] == 1);
    for (int b : r.indicators) CHECK(d[static_cast<std::size_t>(b)] == 1);
    for (int x : r.cells) CHECK(d[static_cast<std::size_t>(x)] == 0);  // not monotone
    const std::vector<int> p = search::preferred_values(r.model, d);
    for (int x : r.cells) CHECK(p[static_cast<std::size_t>(x)] == 1);  // value 1 (first met)
    for (int b : r.indicators) CHECK(p[static_cast<std::size_t>(b)] == -1);
  }
  // A variable counted with +1 in q's sum and -1 in k's has no direction.
  Rooks r = rooks(2);
  const int z = r.model.add_variable("z", {0, 1});
  Condition is_q, is_k;
  is_q.kind = is_k.kind = Condition::Kind::kVariable;
  is_q.value = r.q;
  is_k.value = r.k;
  const int other = r.model.add_variable("w", {0, 1, 2, 3, 4});
  r.model.add_constraint(SumConstraint{{z, other}, {1, 1}, is_q});
  r.model.add_constraint(SumConstraint{{z, other}, {-1, 1}, is_k});
  const std::vector<int> d = search::improving_direction(r.model);
  CHECK(d[static_cast<std::size_t>(z)] == 0);
  CHECK(d[static_cast<std::size_t>(other)] == 1);
  // No objective: no direction.
  Model plain;
  plain.add_variable("x", {0, 1});
  CHECK(search::improving_direction(plain) == std::vector<int>{0});
}

TEST_CASE("pieces counted toward the objective are placed first, and optima are still proved",
          "[search][optimise]") {
  for (int n = 2; n <= 5; ++n) {
    INFO("n " << n);
    const Rooks r = rooks(n);
    CHECK(first_objective(r.model, false) == 0);  // lex: every cell empty first
    CHECK(first_objective(r.model, true) == n);   // a maximal placement of rooks
    for (const bool lns : {true, false}) {
      SolverOptions o;
      o.lns = lns;
      o.threads = 1;
      Solver solver(r.model, o);
      const SolveResult result = solver.solve();
      REQUIRE(result.status == SolveStatus::kOptimum);
      CHECK(*result.best->objective == n);
    }
  }
}

}  // namespace arcwave
