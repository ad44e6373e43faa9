// The global-constraint propagators (allDifferent, sum, element), large intensions and large
// conflict tables, on random small models: the fixpoint never removes a value of the GAC
// closure (and equals it for allDifferent and tables), and MAC counts the brute-force number
// of solutions.
#include <random>

#include <fmt/format.h>

#include "propagation/cpu/cpu_engine.hpp"
#include "solver/search/mac_search.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

using Rng = std::mt19937_64;

int pick(Rng& rng, int lo, int hi) {
  return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
}

std::vector<int> distinct_vars(Rng& rng, int n, int k) {
  std::vector<int> all(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) all[static_cast<std::size_t>(i)] = i;
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(static_cast<std::size_t>(k));
  return all;
}

Condition random_condition(Rng& rng, int n, bool allow_variable) {
  Condition c;
  const int kind = pick(rng, 0, allow_variable ? 3 : 2);
  if (kind == 3) {
    c.kind = Condition::Kind::kVariable;
    c.op = static_cast<Relation>(pick(rng, 0, 5));
    c.value = pick(rng, 0, n - 1);
  } else if (kind == 0) {
    c.kind = Condition::Kind::kConstant;
    c.op = static_cast<Relation>(pick(rng, 0, 5));
    c.value = pick(rng, -4, 6);
  } else if (kind == 1) {
    c.kind = Condition::Kind::kRange;
    c.op = pick(rng, 0, 1) == 0 ? Relation::kIn : Relation::kNotIn;
    c.lo = pick(rng, -4, 3);
    c.hi = c.lo + pick(rng, 0, 4);
  } else {
    c.kind = Condition::Kind::kSet;
    c.op = pick(rng, 0, 1) == 0 ? Relation::kIn : Relation::kNotIn;
    for (int k = pick(rng, 1, 4); k > 0; --k) c.set.push_back(pick(rng, -4, 6));
    std::sort(c.set.begin(), c.set.end());
    c.set.erase(std::unique(c.set.begin(), c.set.end()), c.set.end());
  }
  return c;
}

std::shared_ptr<const Expr> random_expr(Rng& rng) {
  using I = ExprInstr;
  switch (pick(rng, 0, 3)) {
    case 0:  // s0 + s1 <= s2
      return std::make_shared<Expr>(std::vector<I>{{ExprOp::kSlot, 0, 0},
                                                   {ExprOp::kSlot, 0, 1},
                                                   {ExprOp::kAdd, 2, 0},
                                                   {ExprOp::kSlot, 0, 2},
                                                   {ExprOp::kLe, 2, 0}});
    case 1:  // |s0 - s1| != s2
      return std::make_shared<Expr>(std::vector<I>{{ExprOp::kSlot, 0, 0},
                                                   {ExprOp::kSlot, 0, 1},
                                                   {ExprOp::kDist, 2, 0},
                                                   {ExprOp::kSlot, 0, 2},
                                                   {ExprOp::kNe, 2, 0}});
    case 2:  // s0 * 2 != s1
      return std::make_shared<Expr>(std::vector<I>{{ExprOp::kSlot, 0, 0},
                                                   {ExprOp::kConst, 0, 2},
                                                   {ExprOp::kMul, 2, 0},
                                                   {ExprOp::kSlot, 0, 1},
                                                   {ExprOp::kNe, 2, 0}});
    default:  // s0 < s1 or s1 < s2
      return std::make_shared<Expr>(std::vector<I>{{ExprOp::kSlot, 0, 0},
                                                   {ExprOp::kSlot, 0, 1},
                                                   {ExprOp::kLt, 2, 0},
                                                   {ExprOp::kSlot, 0, 1},
                                                   {ExprOp::kSlot, 0, 2},
                                                   {ExprOp::kLt, 2, 0},
                                                   {ExprOp::kOr, 2, 0}});
  }
}

Model random_mixed_model(std::uint64_t seed) {
  Rng rng(seed);
  Model m;
  const int n = pick(rng, 4, 7);
  for (int i = 0; i < n; ++i) {
    std::vector<Value> d;
    for (int k = pick(rng, 2, 5); k > 0; --k) d.push_back(pick(rng, -3, 5));
    m.add_variable(fmt::format("x{}", i), d);
  }
  for (int c = pick(rng, 2, 5); c > 0; --c) {
    switch (pick(rng, 0, 4)) {
      case 0: {
        AllDifferentConstraint ad{distinct_vars(rng, n, pick(rng, 2, std::min(n, 4))), {}};
        if (pick(rng, 0, 3) == 0) ad.except = {0};
        m.add_constraint(ad);
        break;
      }
      case 1: {
        SumConstraint s;
        for (int k = pick(rng, 2, 4); k > 0; --k) {
          s.scope.push_back(pick(rng, 0, n - 1));  // repeats allowed
          s.coeffs.push_back(pick(rng, -3, 3));
        }
        s.condition = random_condition(rng, n, true);
        m.add_constraint(s);
        break;
      }
      case 2: {
        ElementConstraint e;
        for (int k = pick(rng, 2, 4); k > 0; --k) {
          const bool var = pick(rng, 0, 2) != 0;
          e.list.push_back({var, var ? pick(rng, 0, n - 1) : pick(rng, -2, 4)});
        }
        e.index = pick(rng, 0, 4) == 0 ? -1 : pick(rng, 0, n - 1);
        e.start_index = pick(rng, -1, 1);
        e.condition = random_condition(rng, n, true);
        m.add_constraint(e);
        break;
      }
      case 3: {
        m.add_constraint(IntensionConstraint{distinct_vars(rng, n, 3), random_expr(rng)});
        break;
      }
      default: {  // a ternary conflict table
        auto t = std::make_shared<Table>();
        t->arity = 3;
        t->supports = false;
        for (int k = pick(rng, 1, 12); k > 0; --k)
          for (int j = 0; j < 3; ++j) t->cells.push_back(pick(rng, -3, 5));
        m.add_constraint(ExtensionConstraint{distinct_vars(rng, n, 3), t});
        break;
      }
    }
  }
  return m;
}

bool contains_closure(const test::Domains& engine, const test::Domains& closure) {
  for (std::size_t x = 0; x < engine.size(); ++x)
    for (Value v : closure[x])
      if (std::find(engine[x].begin(), engine[x].end(), v) == engine[x].end()) return false;
  return true;
}

// Compiled so that intensions stay intensions and conflict tables stay negative.
std::shared_ptr<const IndexedModel> untabulated(const Model& m) {
  IndexOptions o;
  o.intension_table_limit = 1;
  o.conflict_expand_limit = 0;
  return std::make_shared<const IndexedModel>(index_model(m, o));
}

}  // namespace

TEST_CASE("global propagators keep the GAC closure and count solutions exactly",
          "[search][globals]") {
  for (std::uint64_t seed = 1; seed <= 500; ++seed) {
    const Model m = random_mixed_model(seed);
    const auto closure = test::naive_gac(m, test::initial_domains(m));
    const std::uint64_t expected = test::brute_force_count(m);
    for (bool tabulate : {false, true}) {
      INFO(fmt::format("seed {} tabulated {}", seed, tabulate));
      auto indexed =
          tabulate ? std::make_shared<const IndexedModel>(index_model(m)) : untabulated(m);
      cpu::CpuEngine engine(indexed);
      const bool ok = engine.propagate_root();
      if (ok && closure)
        REQUIRE(contains_closure(test::engine_domains(engine, *indexed), *closure));
      if (!closure) REQUIRE(expected == 0);
      REQUIRE((ok || expected == 0));
      std::uint64_t count = 0;
      if (ok) {
        std::vector<Value> values(m.variable_count());
        cpu::CpuEngine fresh(indexed);  // the search runs the root fixpoint itself
        search::MacSearch run(fresh, {.restarts = RestartPolicy::kNone}, nullptr);
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
}

TEST_CASE("allDifferent by matching reaches the GAC closure", "[search][globals]") {
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    Rng rng(seed);
    Model m;
    const int n = pick(rng, 3, 7);
    for (int i = 0; i < n; ++i) {
      std::vector<Value> d;
      for (int k = pick(rng, 1, 4); k > 0; --k) d.push_back(pick(rng, 0, n));
      m.add_variable(fmt::format("x{}", i), d);
    }
    std::vector<int> all(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) all[static_cast<std::size_t>(i)] = i;
    m.add_constraint(AllDifferentConstraint{all, {}});
    auto indexed = std::make_shared<const IndexedModel>(index_model(m));
    cpu::CpuEngine engine(indexed);
    const bool ok = engine.propagate_root();
    const auto closure = test::naive_gac(m, test::initial_domains(m));
    INFO(fmt::format("seed {}", seed));
    REQUIRE(ok == closure.has_value());
    if (ok) REQUIRE(test::engine_domains(engine, *indexed) == *closure);
  }
}

}  // namespace arcwave
