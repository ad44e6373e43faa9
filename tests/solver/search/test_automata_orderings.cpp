// The propagators of regular, mdd, stretch, ordered, lex and precedence on random small models
// (automata_orderings_models.hpp): the root fixpoint keeps the GAC closure (and is exactly it
// where the propagator claims GAC), random walks of decisions and backtracks keep that after
// every step and restore the domains exactly on backtrack, and MAC counts the brute-force
// number of solutions.
#include <random>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/cpu/globals/layered_graph.hpp"
#include "propagation/cpu/globals/stretch_automaton.hpp"
#include "solver/search/mac_search.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/solver/search/automata_orderings_models.hpp"
#include "tests/solver/search/mac_count.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

using test::Family;

bool contains_closure(const test::Domains& engine, const test::Domains& closure) {
  for (std::size_t x = 0; x < engine.size(); ++x)
    for (Value v : closure[x])
      if (std::find(engine[x].begin(), engine[x].end(), v) == engine[x].end()) return false;
  return true;
}

std::shared_ptr<const IndexedModel> indexed(const Model& m) {
  return std::make_shared<const IndexedModel>(index_model(m));
}

struct Step {
  int var;
  Value value;
  bool assign;  // else: remove
};

std::optional<test::Domains> closure_under(const Model& m, const std::vector<Step>& steps) {
  test::Domains d = test::initial_domains(m);
  for (const Step& s : steps) {
    auto& dom = d[static_cast<std::size_t>(s.var)];
    if (s.assign)
      std::erase_if(dom, [&](Value v) { return v != s.value; });
    else
      std::erase_if(dom, [&](Value v) { return v == s.value; });
  }
  return test::naive_gac(m, d);
}

/// The number of solutions inside `domains` (by enumeration; small models only).
std::uint64_t solutions_within(const Model& m, const test::Domains& domains) {
  const std::size_t n = m.variable_count();
  std::vector<std::size_t> pos(n, 0);
  std::vector<Value> a(n);
  std::uint64_t count = 0;
  for (;;) {
    for (std::size_t i = 0; i < n; ++i) a[i] = domains[i][pos[i]];
    if (m.check(a)) ++count;
    std::size_t i = n;
    for (;;) {
      if (i == 0) return count;
      --i;
      if (++pos[i] < domains[i].size()) break;
      pos[i] = 0;
    }
  }
}

/// Checks the engine's domains against the closure of the decisions taken so far: a superset,
/// and equal when the model is GAC-propagated. False when the closure is empty.
void require_matches(const test::FamilyModel& fm, const cpu::CpuEngine& engine,
                     const IndexedModel& im, const std::optional<test::Domains>& closure) {
  const test::Domains got = test::engine_domains(engine, im);
  REQUIRE(closure.has_value());
  if (fm.gac)
    REQUIRE(got == *closure);
  else
    REQUIRE(contains_closure(got, *closure));
}

void walk(const test::FamilyModel& fm, std::uint64_t seed) {
  const Model& m = fm.model;
  auto im = indexed(m);
  cpu::CpuEngine engine(im);
  std::vector<Step> steps;
  std::vector<test::Domains> before;  // the domains before each push
  const bool root = engine.propagate_root();
  const auto root_closure = test::naive_gac(m, test::initial_domains(m));
  if (!root) {
    // A failure is only allowed where the closure is empty, or (not GAC) no solution exists.
    if (fm.gac) REQUIRE(!root_closure.has_value());
    if (root_closure) REQUIRE(test::brute_force_count(m) == 0);
    return;
  }
  if (fm.gac) REQUIRE(root_closure.has_value());
  if (!root_closure) return;  // a weaker propagator may miss an empty closure
  require_matches(fm, engine, *im, root_closure);
  std::mt19937_64 rng(seed);
  for (int step = 0; step < 30; ++step) {
    INFO(fmt::format("step {}", step));
    const int op = static_cast<int>(rng() % 3);
    std::vector<int> open;
    for (int x = 0; x < engine.variable_count(); ++x)
      if (engine.size(x) > 1) open.push_back(x);
    if ((op == 2 || open.empty()) && engine.depth() > 0) {
      engine.pop();
      steps.pop_back();
      REQUIRE(test::engine_domains(engine, *im) == before.back());
      before.pop_back();
      continue;
    }
    if (open.empty()) return;
    const int x = open[rng() % open.size()];
    std::vector<int> values;
    engine.values(x, values);
    const int a = values[rng() % values.size()];
    const Value v = im->domains[static_cast<std::size_t>(x)][static_cast<std::size_t>(a)];
    before.push_back(test::engine_domains(engine, *im));
    engine.push();
    steps.push_back({x, v, op == 0});
    const bool ok = op == 0 ? engine.assign(x, a) : engine.remove(x, a);
    const auto closure = closure_under(m, steps);
    if (fm.gac) REQUIRE(ok == closure.has_value());
    // Not GAC: a failure is still only allowed without solutions below.
    if (closure && !ok) REQUIRE(solutions_within(m, *closure) == 0);
    if (!ok || !closure) {
      engine.pop();
      steps.pop_back();
      REQUIRE(test::engine_domains(engine, *im) == before.back());
      before.pop_back();
      continue;
    }
    require_matches(fm, engine, *im, closure);
  }
}

}  // namespace

TEST_CASE("automata and orderings: root fixpoint against the GAC closure",
          "[search][globals][automata]") {
  for (Family f : test::kFamilies) {
    std::size_t gac_models = 0;
    for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
      INFO(fmt::format("{} seed {}", test::family_name(f), seed));
      test::FamilyGenerator gen(seed);
      const test::FamilyModel fm = gen.make(f);
      auto im = indexed(fm.model);
      cpu::CpuEngine engine(im);
      const bool ok = engine.propagate_root();
      const auto closure = test::naive_gac(fm.model, test::initial_domains(fm.model));
      if (fm.gac) {
        ++gac_models;
        REQUIRE(ok == closure.has_value());
        if (ok) REQUIRE(test::engine_domains(engine, *im) == *closure);
      } else {
        if (closure && ok) REQUIRE(contains_closure(test::engine_domains(engine, *im), *closure));
        if (!ok) REQUIRE((!closure || test::brute_force_count(fm.model) == 0));
      }
    }
    // The generator must give the exact comparison something to do.
    INFO(test::family_name(f));
    REQUIRE(gac_models > 250);
  }
}

TEST_CASE("automata and orderings: decisions and backtracks", "[search][globals][automata]") {
  for (Family f : test::kFamilies)
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
      INFO(fmt::format("{} seed {}", test::family_name(f), seed));
      test::FamilyGenerator gen(seed);
      walk(gen.make(f), seed);
    }
}

TEST_CASE("automata and orderings: MAC counts every solution", "[search][globals][automata]") {
  for (Family f : test::kFamilies) {
    std::uint64_t total = 0;
    for (std::uint64_t seed = 1; seed <= 500; ++seed) {
      INFO(fmt::format("{} seed {}", test::family_name(f), seed));
      test::FamilyGenerator gen(seed);
      const Model m = gen.make(f).model;
      const std::uint64_t expected = test::brute_force_count(m);
      REQUIRE(test::mac_count(m) == expected);
      total += expected;
    }
    REQUIRE(total > 0);
  }
}

TEST_CASE("stretch automaton accepts exactly the stretch words", "[search][globals][automata]") {
  // Every word over the values (and one value outside them) up to length 6.
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    StretchConstraint c;
    const int n = static_cast<int>(rng() % 7);
    for (int i = 0; i < n; ++i) c.scope.push_back(i);
    for (Value v = 0; v < 1 + static_cast<Value>(rng() % 3); ++v) {
      c.values.push_back(v);
      c.min_width.push_back(static_cast<Value>(rng() % 3));
      c.max_width.push_back(c.min_width.back() + static_cast<Value>(rng() % 4));
    }
    if (rng() % 2 == 0) c.patterns = {{0, 1}, {1, 0}, {2, 2}};
    const Automaton a = cpu::stretch_automaton(c);
    std::vector<Value> word(static_cast<std::size_t>(n), 0);
    const Value base = static_cast<Value>(c.values.size()) + 1;
    for (;;) {
      INFO(fmt::format("trial {} word {}", trial, fmt::join(word, " ")));
      REQUIRE(a.accepts(word) == constraint_satisfied(Constraint{c}, word));
      std::size_t i = 0;
      while (i < word.size() && ++word[i] == base) word[i++] = 0;
      if (i == word.size()) break;
    }
  }
}

TEST_CASE("layered graph of an MDD has the diagram's size", "[search][globals][automata]") {
  // root -0-> a, root -1-> b, a -2-> t, b -2-> t, b -5-> t (5 outside the domain)
  Automaton a;
  a.states = 4;
  a.start = 0;
  a.finals = {3};
  a.transitions = {{0, 0, 1}, {0, 1, 2}, {1, 2, 3}, {2, 2, 3}, {2, 5, 3}};
  const std::vector<Value> d = {0, 1, 2};
  const cpu::LayeredGraph g = cpu::LayeredGraph::unfold(a, {&d, &d});
  REQUIRE(g.node_count() == 4);
  REQUIRE(g.edge_count() == 4);
  // Over three layers no word reaches the terminal.
  REQUIRE(cpu::LayeredGraph::unfold(a, {&d, &d, &d}).empty());
}

}  // namespace arcwave

namespace arcwave {

TEST_CASE("precedence covered assigns a value's only place", "[search][globals][automata]") {
  // 1 precedes 2 over a b c, covered: only a can take 1, so a = 1.
  Model m;
  const int a = m.add_variable("a", {0, 1});
  const int b = m.add_variable("b", {0, 2});
  const int c = m.add_variable("c", {0, 2});
  m.add_constraint(PrecedenceConstraint{{a, b, c}, {1, 2}, true});
  auto im = indexed(m);
  cpu::CpuEngine engine(im);
  REQUIRE(engine.propagate_root());
  REQUIRE(test::engine_domains(engine, *im) == test::Domains{{1}, {0, 2}, {0, 2}});
  // b = 0 leaves c as the only place of 2.
  engine.push();
  REQUIRE(engine.assign(b, 0));
  REQUIRE(test::engine_domains(engine, *im) == test::Domains{{1}, {0}, {2}});
  engine.pop();
  // 2 only before the only place of 1: no solution.
  Model late;
  const int first = late.add_variable("a", {0, 2});
  const int second = late.add_variable("b", {0, 1});
  late.add_constraint(PrecedenceConstraint{{first, second}, {1, 2}, true});
  cpu::CpuEngine fails(indexed(late));
  REQUIRE(!fails.propagate_root());
}

}  // namespace arcwave

namespace arcwave {

TEST_CASE("automata and orderings on empty lists", "[search][globals][automata]") {
  auto accepting = std::make_shared<Automaton>();
  accepting->states = 2;
  accepting->start = 0;
  accepting->finals = {0};
  auto rejecting = std::make_shared<Automaton>(*accepting);
  rejecting->finals = {1};
  const Constraint cases[] = {
      RegularConstraint{{}, accepting, false},  RegularConstraint{{}, rejecting, false},
      StretchConstraint{{}, {1}, {2}, {3}, {}}, OrderedConstraint{{}, {}, Relation::kLt},
      LexConstraint{{{}, {}}, Relation::kLe},   LexConstraint{{{}, {}}, Relation::kLt},
      PrecedenceConstraint{{}, {1, 2}, false},  PrecedenceConstraint{{}, {1, 2}, true},
  };
  for (const Constraint& c : cases) {
    INFO(constraint_kind(c));
    Model m;
    m.add_variable("x", {0, 1});
    m.add_constraint(c);
    cpu::CpuEngine engine(indexed(m));
    const std::vector<Value> any = {0};
    REQUIRE(engine.propagate_root() == constraint_satisfied(c, any));
  }
}

}  // namespace arcwave
