// Intensions as clauses of linear literals (propagation/indexed/intension_shape) and their
// dedicated propagators (propagation/cpu/linear/), on random expressions and models with fixed
// seeds:
//  - a recognised formula holds on exactly the tuples its expression satisfies;
//  - the shapes of the real models are recognised as the propagators expect them;
//  - where one propagator covers the constraint and claims GAC, the engine's domains equal the
//    GAC closure computed from the checker (and so the generic intension propagator's fixpoint
//    when it enumerates), at the root and after random decisions and backtracks; elsewhere they
//    contain the closure and contain the generic propagator's fixpoint only as a decomposition
//    may (never removing a value of the closure), and a wipe-out means the closure is empty;
//  - MAC with the dedicated propagators counts the brute-force number of solutions;
//  - binary equalities over domains of several words keep exactly the values with a partner.
#include <fmt/format.h>

#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/cpu/linear/linear_eq.hpp"
#include "propagation/indexed/intension_shape.hpp"
#include "solver/search/mac_search.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/propagation/cpu/engine_walk.hpp"
#include "tests/propagation/cpu/linear_models.hpp"
#include "tests/propagation/cpu/naive_gac.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

using Expr = arcwave::Expr;

bool clause_holds(const LinearClause& clause, const std::vector<Value>& assignment) {
  std::vector<Value> values;
  for (const LinearLiteral& l : clause) {
    values.clear();
    for (int x : l.vars) values.push_back(assignment[static_cast<std::size_t>(x)]);
    if (l.holds(values)) return true;
  }
  return false;
}

bool shape_holds(const IntensionShape& s, const std::vector<Value>& assignment) {
  for (const LinearClause& c : s.clauses)
    if (!clause_holds(c, assignment)) return false;
  return true;
}

// One propagator covers the whole constraint and claims GAC (linear_*.hpp, disjunction.hpp).
bool claims_gac(const IntensionShape& s) {
  std::size_t disequalities = 0;
  std::size_t others = 0;
  for (const LinearClause& c : s.clauses) {
    for (const LinearLiteral& l : c)
      if (l.op == Relation::kEq && l.vars.size() >= 3) return false;
    if (c.size() == 1 && c.front().op == Relation::kNe)
      ++disequalities;
    else
      ++others;
  }
  return (others == 1 && disequalities == 0) || (others == 0 && disequalities > 0);
}

IndexOptions shaped() {
  IndexOptions o;
  o.intension_table_limit = 1;  // every intension of two variables or more stays one
  return o;
}

IndexOptions generic() {
  IndexOptions o = shaped();
  o.intension_shapes = false;
  return o;
}

bool contains(const test::Domains& outer, const test::Domains& inner) {
  for (std::size_t x = 0; x < outer.size(); ++x)
    for (Value v : inner[x])
      if (std::find(outer[x].begin(), outer[x].end(), v) == outer[x].end()) return false;
  return true;
}

// A model of `constraints` random intensions over 3 to 5 variables.
Model random_model(test::LinearModels& gen, int constraints) {
  Model m;
  const int n = gen.pick(3, 5);
  for (int i = 0; i < n; ++i) m.add_variable(fmt::format("x{}", i), gen.domain());
  for (int k = 0; k < constraints; ++k) {
    const int slots = gen.pick(2, std::min(4, n));
    std::vector<int> scope;
    while (static_cast<int>(scope.size()) < slots) {
      const int x = gen.pick(0, n - 1);
      if (std::find(scope.begin(), scope.end(), x) == scope.end()) scope.push_back(x);
    }
    m.add_constraint(IntensionConstraint{scope, std::make_shared<Expr>(gen.expression(slots))});
  }
  return m;
}

std::optional<IntensionShape> shape_of(const Model& m, std::size_t k) {
  const auto& c = std::get<IntensionConstraint>(m.constraints()[k]);
  std::vector<Domain> domains;
  for (const Variable& v : m.variables()) domains.push_back(v.domain);
  return recognise_intension(*c.expr, c.scope, domains);
}

test::Domains root_domains(const Model& m, const IndexOptions& o, bool& ok,
                           std::size_t enumeration = 5'000) {
  auto indexed = std::make_shared<const IndexedModel>(index_model(m, o));
  cpu::CpuEngine engine(indexed, {.intension_enumeration_limit = enumeration});
  ok = engine.propagate_root();
  return test::engine_domains(engine, *indexed);
}

Expr parse_postfix(std::vector<ExprInstr> code) {
  return Expr(std::move(code));
}

}  // namespace

TEST_CASE("a recognised intension holds on exactly the tuples of its expression",
          "[propagation][linear]") {
  std::size_t recognised = 0;
  std::size_t refused = 0;
  for (std::uint64_t seed = 1; seed <= 4000; ++seed) {
    test::LinearModels gen(seed);
    const int slots = gen.pick(2, 4);
    std::vector<Domain> domains;
    std::vector<int> scope;
    for (int i = 0; i < slots; ++i) {
      domains.push_back(gen.domain());
      scope.push_back(i);
    }
    const Expr e = gen.expression(slots);
    INFO(fmt::format("seed {}: {}", seed, e.to_string()));
    const auto shape = recognise_intension(e, scope, domains);
    if (!shape) {
      ++refused;
      continue;
    }
    ++recognised;
    REQUIRE(!shape->clauses.empty());
    std::vector<std::size_t> pos(domains.size(), 0);
    std::vector<Value> t(domains.size());
    for (bool more = true; more;) {
      for (std::size_t i = 0; i < t.size(); ++i) t[i] = domains[i][pos[i]];
      REQUIRE(e.satisfied(t) == shape_holds(*shape, t));
      more = false;
      for (std::size_t i = t.size(); i-- > 0;) {
        if (++pos[i] < domains[i].size()) {
          more = true;
          break;
        }
        pos[i] = 0;
      }
    }
  }
  CHECK(recognised >= 2500);
  CHECK(refused >= 300);
}

TEST_CASE("the intensions of the real models get the expected clauses", "[propagation][linear]") {
  using I = ExprInstr;
  const std::vector<Domain> domains(6, Domain{0, 1, 2, 3, 4, 5, 6, 7});
  auto slot = [](Value s) { return I{ExprOp::kSlot, 0, s}; };
  auto cst = [](Value v) { return I{ExprOp::kConst, 0, v}; };
  auto op = [](ExprOp o, std::uint32_t n) { return I{o, n, 0}; };
  // GolombRuler: ne(dist(x1,x0),dist(x2,x1)) over the scope x1 x0 x2: two disequalities.
  {
    const Expr e = parse_postfix({slot(0), slot(1), op(ExprOp::kDist, 2), slot(2), slot(0),
                                  op(ExprOp::kDist, 2), op(ExprOp::kNe, 2)});
    const auto s = recognise_intension(e, {0, 1, 2}, domains);
    REQUIRE(s);
    REQUIRE(s->clauses.size() == 2);
    for (const LinearClause& c : s->clauses) {
      REQUIRE(c.size() == 1);
      CHECK(c.front().op == Relation::kNe);
    }
  }
  // Taillard: le(add(s,70),t): one inequality s - t + 70 <= 0.
  {
    const Expr e =
        parse_postfix({slot(0), cst(70), op(ExprOp::kAdd, 2), slot(1), op(ExprOp::kLe, 2)});
    const auto s = recognise_intension(e, {3, 4}, domains);
    REQUIRE(s);
    REQUIRE(s->clauses.size() == 1);
    const LinearLiteral& l = s->clauses[0][0];
    CHECK(l.op == Relation::kLe);
    CHECK(l.vars == std::vector<int>{3, 4});
    CHECK(l.coeffs == std::vector<Value>{1, -1});
    CHECK(l.constant == 70);
  }
  // TestScheduling: or(ne(m1,m2),le(add(s1,d1),s2),le(add(s2,d2),s1)): one clause of three.
  {
    const Expr e =
        parse_postfix({slot(0), slot(1), op(ExprOp::kNe, 2), slot(2), cst(424), op(ExprOp::kAdd, 2),
                       slot(3), op(ExprOp::kLe, 2), slot(3), cst(15), op(ExprOp::kAdd, 2), slot(2),
                       op(ExprOp::kLe, 2), op(ExprOp::kOr, 3)});
    const auto s = recognise_intension(e, {0, 1, 2, 3}, domains);
    REQUIRE(s);
    REQUIRE(s->clauses.size() == 1);
    REQUIRE(s->clauses[0].size() == 3);
    CHECK(s->clauses[0][0].op == Relation::kNe);
    CHECK(s->clauses[0][1].op == Relation::kLe);
  }
  // VRP: eq(add(a,b),c) and imp(eq(a,60),eq(b,61)).
  {
    const Expr e =
        parse_postfix({slot(0), slot(1), op(ExprOp::kAdd, 2), slot(2), op(ExprOp::kEq, 2)});
    const auto s = recognise_intension(e, {0, 1, 2}, domains);
    REQUIRE(s);
    CHECK(s->clauses.size() == 1);
    CHECK(s->clauses[0][0].op == Relation::kEq);
    const Expr imp = parse_postfix({slot(0), cst(6), op(ExprOp::kEq, 2), slot(1), cst(7),
                                    op(ExprOp::kEq, 2), op(ExprOp::kImp, 2)});
    const auto t = recognise_intension(imp, {0, 1}, domains);
    REQUIRE(t);
    REQUIRE(t->clauses.size() == 1);
    CHECK(t->clauses[0].size() == 2);
  }
  // Refused: a product of variables; values near 2^62.
  {
    const Expr e =
        parse_postfix({slot(0), slot(1), op(ExprOp::kMul, 2), slot(2), op(ExprOp::kLe, 2)});
    CHECK(!recognise_intension(e, {0, 1, 2}, domains));
    const Expr big = parse_postfix(
        {slot(0), cst(Value{1} << 61), op(ExprOp::kMul, 2), slot(1), op(ExprOp::kLe, 2)});
    CHECK(!recognise_intension(big, {0, 1}, domains));
  }
}

TEST_CASE("one dedicated intension propagator reaches the GAC closure where it claims it",
          "[propagation][linear]") {
  std::size_t exact = 0;
  std::size_t wipeouts = 0;
  std::size_t filtered = 0;
  for (std::uint64_t seed = 1; seed <= 2500; ++seed) {
    test::LinearModels gen(seed * 7 + 3);
    const Model m = random_model(gen, 1);
    const auto shape = shape_of(m, 0);
    if (!shape) continue;
    const bool gac = claims_gac(*shape);
    exact += gac ? 1 : 0;
    INFO(fmt::format("seed {} gac {}: {}", seed, gac,
                     std::get<IntensionConstraint>(m.constraints()[0]).expr->to_string()));
    bool ok = false;
    const test::Domains got = root_domains(m, shaped(), ok);
    const auto closure = test::naive_gac(m, test::initial_domains(m));
    if (gac) {
      REQUIRE(ok == closure.has_value());
      if (ok) REQUIRE(got == *closure);
      // The generic propagator, enumerating, reaches the same fixpoint.
      bool generic_ok = false;
      const test::Domains reference = root_domains(m, generic(), generic_ok, 1'000'000);
      REQUIRE(generic_ok == ok);
      if (ok) REQUIRE(reference == got);
    } else {
      if (!ok) REQUIRE(!closure.has_value());
      if (ok && closure) REQUIRE(contains(got, *closure));
    }
    wipeouts += ok ? 0 : 1;
    filtered += ok && got != test::initial_domains(m) ? 1 : 0;
    test::random_walk(
        m, seed, 25,
        [&](bool walk_ok, const cpu::CpuEngine& engine, const IndexedModel& indexed,
            const std::vector<test::WalkStep>& decisions) {
          const auto c = test::naive_gac(m, test::under_decisions(m, decisions));
          const test::Domains d = test::engine_domains(engine, indexed);
          if (gac) {
            REQUIRE(walk_ok == c.has_value());
            if (walk_ok) REQUIRE(d == *c);
          } else {
            if (!walk_ok) REQUIRE(!c.has_value());
            if (walk_ok && c) REQUIRE(contains(d, *c));
          }
        },
        shaped());
  }
  CHECK(exact >= 1000);
  CHECK(wipeouts >= 150);
  CHECK(filtered >= 350);
}

TEST_CASE("networks of dedicated intension propagators: sound fixpoints, exact counts",
          "[propagation][linear]") {
  for (std::uint64_t seed = 1; seed <= 600; ++seed) {
    test::LinearModels gen(seed * 13 + 5);
    const Model m = random_model(gen, gen.pick(2, 4));
    INFO(fmt::format("seed {}", seed));
    bool all_gac = true;
    for (std::size_t k = 0; k < m.constraints().size(); ++k) {
      const auto s = shape_of(m, k);
      all_gac = all_gac && (!s || claims_gac(*s));
    }
    bool ok = false;
    const test::Domains got = root_domains(m, shaped(), ok);
    bool generic_ok = false;
    const test::Domains reference = root_domains(m, generic(), generic_ok, 1'000'000);
    const auto closure = test::naive_gac(m, test::initial_domains(m));
    // Each constraint GAC on its own (the generic propagator enumerating) and the dedicated
    // ones: the same arc-consistent closure when they all claim GAC, else a weaker one.
    if (all_gac) {
      REQUIRE(ok == generic_ok);
      if (ok) REQUIRE(got == reference);
    } else {
      if (ok && generic_ok) REQUIRE(contains(got, reference));
      if (!ok) REQUIRE(!generic_ok);
    }
    if (ok && closure) REQUIRE(contains(got, *closure));
    const std::uint64_t expected = test::brute_force_count(m);
    std::uint64_t count = 0;
    if (ok) {
      auto indexed = std::make_shared<const IndexedModel>(index_model(m, shaped()));
      cpu::CpuEngine engine(indexed);
      search::MacSearch run(engine, {.restarts = RestartPolicy::kNone}, nullptr);
      std::vector<Value> values(m.variable_count());
      run.run([&](std::span<const int> idx) {
        for (std::size_t x = 0; x < values.size(); ++x)
          values[x] = indexed->domains[x][static_cast<std::size_t>(idx[x])];
        REQUIRE(m.check(values));
        ++count;
        return search::AfterSolution{search::AfterSolution::Action::kContinue, 0};
      });
    }
    REQUIRE(count == expected);
  }
}

TEST_CASE("binary linear equalities over long domains keep exactly the values with a partner",
          "[propagation][linear]") {
  // Several words per domain (the shifted-bitset pairs of y = x + k, and the value-by-value
  // ones), random holes, against a direct count of partners.
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    test::LinearModels gen(seed * 101);
    const Value fx = gen.pick(-50, 50);
    const Value fy = gen.pick(-50, 50);
    std::vector<std::vector<Value>> lists(2);
    for (Value v = fx; v < fx + gen.pick(60, 300); ++v)
      if (gen.chance(85) || v == fx) lists[0].push_back(v);
    for (Value v = fy; v < fy + gen.pick(60, 300); ++v)
      if (gen.chance(85) || v == fy) lists[1].push_back(v);
    const std::vector<Domain> domains{lists[0], lists[1]};
    LinearLiteral lit;
    lit.vars = {0, 1};
    const int form = gen.pick(0, 3);
    lit.coeffs = form == 0   ? std::vector<Value>{1, -1}
                 : form == 1 ? std::vector<Value>{-1, 1}
                 : form == 2 ? std::vector<Value>{1, 1}
                             : std::vector<Value>{2, -3};
    lit.constant = gen.pick(-40, 40);
    lit.op = Relation::kEq;
    INFO(fmt::format("seed {} form {}", seed, form));
    cpu::LinearEqual p(0, lit, domains);
    cpu::Context ctx({static_cast<int>(domains[0].size()), static_cast<int>(domains[1].size())});
    for (int step = 0; step < 6; ++step) {
      ctx.tick();
      const bool ok = p.propagate(ctx);
      // Expected: the values with a partner among the present ones (to a fixpoint: one round
      // of each side suffices for a functional relation).
      std::vector<std::vector<int>> present(2);
      for (int x = 0; x < 2; ++x)
        for (int a = 0; a < static_cast<int>(domains[x].size()); ++a)
          if (ctx.domains.contains(x, a)) present[x].push_back(a);
      auto has_partner = [&](int x, int a) {
        const int y = 1 - x;
        for (int b : present[y]) {
          const Value vx = domains[x][a];
          const Value vy = domains[y][b];
          if (lit.coeffs[x] * vx + lit.coeffs[y] * vy + lit.constant == 0) return true;
        }
        return false;
      };
      if (!ok) break;
      for (int x = 0; x < 2; ++x)
        for (int a : present[x]) REQUIRE(has_partner(x, a));
      // Knock a few values out and go again.
      for (int k = 0; k < 8; ++k) {
        const int x = gen.pick(0, 1);
        if (ctx.domains.size(x) <= 1) continue;
        const int a = ctx.domains.dense(x)[gen.pick(0, ctx.domains.size(x) - 1)];
        ctx.remove(x, a);
      }
    }
  }
}

}  // namespace arcwave
