// The "connection" propagators (minimum / maximum, their arg forms, element on a matrix, the
// three channel forms, circuit) against the GAC closure computed from the checker alone
// (naive_gac.hpp), on random small models with fixed seeds: at the root, and after random
// decisions, refutations and backtracks. Where a propagator claims GAC (every kind but
// circuit, with its roles played by distinct variables) the engine's domains equal the
// closure, and a wipe-out happens exactly when the closure is empty; otherwise (circuit, or a
// variable in several roles) they contain it, and a wipe-out implies an empty closure.
#include <random>
#include <set>

#include <fmt/format.h>

#include "tests/propagation/cpu/connection_models.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/propagation/cpu/engine_walk.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

using test::ConnectionKind;

bool contains(const test::Domains& outer, const test::Domains& inner) {
  for (std::size_t x = 0; x < outer.size(); ++x)
    for (Value v : inner[x])
      if (std::find(outer[x].begin(), outer[x].end(), v) == outer[x].end()) return false;
  return true;
}

// The engine's state against the closure: equal when exact, containing it otherwise.
void compare(bool ok, const test::Domains& engine, const std::optional<test::Domains>& closure,
             bool exact) {
  if (exact) {
    REQUIRE(ok == closure.has_value());
    if (ok) REQUIRE(engine == *closure);
  } else {
    if (!ok) REQUIRE(!closure.has_value());
    if (ok && closure) REQUIRE(contains(engine, *closure));
  }
}

// Random decisions and backtracks; after each step the engine is compared with the closure of
// the initial domains under the decisions in force.
void walk(const Model& m, bool exact, std::uint64_t seed) {
  test::random_walk(m, seed, 30,
                    [&](bool ok, const cpu::CpuEngine& engine, const IndexedModel& indexed,
                        const std::vector<test::WalkStep>& decisions) {
                      compare(ok, test::engine_domains(engine, indexed),
                              test::naive_gac(m, test::under_decisions(m, decisions)), exact);
                    });
}

}  // namespace

TEST_CASE("connection propagators reach the GAC closure at the root", "[propagation][connection]") {
  for (ConnectionKind kind : test::kConnectionKinds) {
    std::size_t wipeouts = 0;
    std::size_t filtered = 0;
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
      for (bool distinct : {true, false}) {
        test::ConnectionModels gen(seed * 7919 + static_cast<std::uint64_t>(kind));
        const Model m = gen.make(kind, distinct);
        INFO(fmt::format("{} seed {} distinct {}", test::to_string(kind), seed, distinct));
        auto indexed = std::make_shared<const IndexedModel>(index_model(m));
        cpu::CpuEngine engine(indexed);
        const bool ok = engine.propagate_root();
        const auto closure = test::naive_gac(m, test::initial_domains(m));
        const auto domains = test::engine_domains(engine, *indexed);
        compare(ok, domains, closure, distinct && test::claims_gac(kind));
        wipeouts += ok ? 0 : 1;
        filtered += ok && domains != test::initial_domains(m) ? 1 : 0;
      }
    }
    // The random models exercise both outcomes (not all trivially consistent or empty).
    INFO(test::to_string(kind));
    CHECK(wipeouts >= 20);
    CHECK(filtered >= 100);
  }
}

TEST_CASE("connection propagators keep the closure through decisions and backtracks",
          "[propagation][connection][backtrack]") {
  for (ConnectionKind kind : test::kConnectionKinds)
    for (std::uint64_t seed = 1; seed <= 120; ++seed)
      for (bool distinct : {true, false}) {
        test::ConnectionModels gen(seed * 104729 + static_cast<std::uint64_t>(kind));
        const Model m = gen.make(kind, distinct);
        INFO(fmt::format("{} seed {} distinct {}", test::to_string(kind), seed, distinct));
        walk(m, distinct && test::claims_gac(kind), seed);
      }
}

TEST_CASE("two connection constraints on shared variables keep the GAC closure",
          "[propagation][connection]") {
  // The combined fixpoint of GAC propagators is the network's GAC closure (it is unique).
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    test::ConnectionModels gen(seed);
    const auto first = test::kConnectionKinds[seed % 6];
    const auto second = test::kConnectionKinds[(seed / 6) % 6];
    Model m = gen.make(first, true);
    const Model other = gen.make(second, true);
    // Put the second constraint on variables of the first where the counts allow.
    std::vector<int> map;
    for (std::size_t x = 0; x < other.variable_count(); ++x) {
      if (x < m.variable_count() && gen.chance(50)) {
        map.push_back(static_cast<int>(x));
      } else {
        map.push_back(m.add_variable(fmt::format("w{}", x), other.variables()[x].domain));
      }
    }
    Constraint c = other.constraints().front();
    std::visit(
        [&](auto& k) {
          using K = std::decay_t<decltype(k)>;
          auto remap = [&](int& v) { v = map[static_cast<std::size_t>(v)]; };
          auto remap_op = [&](Operand& o) {
            if (o.is_variable) o.value = map[static_cast<std::size_t>(o.value)];
          };
          auto remap_cond = [&](Condition& cd) {
            if (cd.kind == Condition::Kind::kVariable)
              cd.value = map[static_cast<std::size_t>(cd.value)];
          };
          if constexpr (std::is_same_v<K, ExtremumConstraint> ||
                        std::is_same_v<K, ExtremumArgConstraint>) {
            for (int& v : k.scope) remap(v);
            remap_cond(k.condition);
          } else if constexpr (std::is_same_v<K, ElementMatrixConstraint>) {
            for (auto& row : k.matrix)
              for (Operand& o : row) remap_op(o);
            remap_op(k.row);
            remap_op(k.col);
            remap_cond(k.condition);
          } else if constexpr (std::is_same_v<K, ChannelConstraint>) {
            for (int& v : k.list) remap(v);
            for (int& v : k.other) remap(v);
            if (k.value >= 0) remap(k.value);
          }
        },
        c);
    const auto scope = constraint_scope(c);
    const std::set<int> distinct(scope.begin(), scope.end());
    INFO(fmt::format("seed {}: {} and {}", seed, test::to_string(first), test::to_string(second)));
    m.add_constraint(c);
    auto indexed = std::make_shared<const IndexedModel>(index_model(m));
    cpu::CpuEngine engine(indexed);
    const bool ok = engine.propagate_root();
    const auto closure = test::naive_gac(m, test::initial_domains(m));
    // Remapping may put one variable in two roles of the second constraint: then only
    // containment is claimed.
    compare(ok, test::engine_domains(engine, *indexed), closure,
            distinct.size() == constraint_scope(other.constraints().front()).size());
  }
}

}  // namespace arcwave

namespace arcwave {

namespace {

// The engine's root fixpoint of a one-list channel over `domains` (start 0), or nullopt.
std::optional<test::Domains> channel_self_fixpoint(const test::Domains& domains, Model& m) {
  std::vector<int> list;
  for (std::size_t i = 0; i < domains.size(); ++i)
    list.push_back(m.add_variable(fmt::format("x{}", i), domains[i]));
  m.add_constraint(ChannelConstraint{list, 0, {}, 0, -1});
  auto indexed = std::make_shared<const IndexedModel>(index_model(m));
  cpu::CpuEngine engine(indexed);
  if (!engine.propagate_root()) return std::nullopt;
  return test::engine_domains(engine, *indexed);
}

}  // namespace

TEST_CASE("one-list channel sees odd cycles (general matching)", "[propagation][connection]") {
  {
    // A triangle without loops: every value has a partner both ways, each x can take a
    // permutation's value, yet no involution exists (three nodes cannot be paired).
    Model m;
    REQUIRE(!channel_self_fixpoint({{1, 2}, {0, 2}, {0, 1}}, m));
  }
  {
    // The triangle 0-1-2 with a pendant 3 on 2: the only pairing is {0,1}, {2,3}.
    Model m;
    const auto d = channel_self_fixpoint({{1, 2}, {0, 2}, {0, 1, 3}, {2}}, m);
    REQUIRE(d);
    CHECK(*d == test::Domains{{1}, {0}, {3}, {2}});
  }
  {
    // A 5-cycle where node 0 may loop: 0 loops, then {1,2}, {3,4}.
    Model m;
    const auto d = channel_self_fixpoint({{0, 1, 4}, {0, 2}, {1, 3}, {2, 4}, {3, 0}}, m);
    REQUIRE(d);
    CHECK(*d == test::Domains{{0}, {2}, {1}, {4}, {3}});
  }
}

TEST_CASE("one-list channel reaches the GAC closure on random graphs of up to 8 nodes",
          "[propagation][connection]") {
  std::size_t empty = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    std::mt19937_64 rng(seed);
    const auto n = static_cast<std::size_t>(3 + seed % 6);
    // A random symmetric graph with few loops, so that odd cycles decide.
    test::Domains domains(n);
    for (std::size_t i = 0; i < n; ++i) {
      if (rng() % 6 == 0) domains[i].push_back(static_cast<Value>(i));
      for (std::size_t j = i + 1; j < n; ++j)
        if (rng() % 100 < 45) {
          domains[i].push_back(static_cast<Value>(j));
          domains[j].push_back(static_cast<Value>(i));
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (domains[i].empty()) domains[i].push_back(static_cast<Value>((i + 1) % n));
      std::sort(domains[i].begin(), domains[i].end());
    }
    INFO(fmt::format("seed {}", seed));
    Model m;
    const auto engine = channel_self_fixpoint(domains, m);
    const auto closure = test::naive_gac(m, test::initial_domains(m));
    REQUIRE(engine.has_value() == closure.has_value());
    if (engine) REQUIRE(*engine == *closure);
    empty += engine ? 0 : 1;
  }
  CHECK(empty >= 20);
  CHECK(empty <= 280);
}

}  // namespace arcwave
