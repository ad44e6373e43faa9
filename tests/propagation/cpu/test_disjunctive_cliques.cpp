// Cliques of binary disjunctive pairs: a pair `or(le(add(x,p),y),le(add(y,q),x))` is read back
// with its lengths (so is |x - y| > k on intervals), a precedence, x != y (lengths 1 and 1), a
// disjunction with a pair missing or a separation of values with holes is not one; the redundant
// noOverlaps over the cliques change no solution count (MAC against brute force on random
// open-shop-like models) and only strengthen the root fixpoint, and they settle without search
// an open shop whose machines cannot fit before the horizon.
#include <random>

#include <fmt/format.h>

#include "arcwave/expr_text.hpp"
#include "arcwave/solver.hpp"
#include "propagation/cpu/disjunctive_cliques.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

std::vector<Value> range(Value lo, Value hi) {
  std::vector<Value> d;
  for (Value v = lo; v <= hi; ++v) d.push_back(v);
  return d;
}

// The lengths read back from the only binary constraint of m.
std::optional<std::pair<Value, Value>> read_back(const Model& m) {
  const IndexedModel indexed = index_model(m);
  for (const IndexedConstraint& c : indexed.constraints)
    if (const auto* b = std::get_if<IndexedBinary>(&c)) {
      auto lengths = cpu::disjunctive_pair(*b, indexed);
      if (lengths && b->x != 0) std::swap(lengths->first, lengths->second);
      return lengths;
    }
  return std::nullopt;
}

// Random tasks with pairwise disjunctions among some of them (lengths that differ a little
// from pair to pair at times), a few precedences, domains with holes now and then.
Model shop(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto pick = [&](int lo, int hi) {
    return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
  };
  Model m;
  const int n = pick(3, 5);
  std::vector<Value> length;
  for (int i = 0; i < n; ++i) {
    std::vector<Value> d = range(0, pick(4, 7));
    if (pick(0, 5) == 0) d.erase(d.begin() + pick(0, static_cast<int>(d.size()) - 1));
    m.add_variable(fmt::format("s{}", i), d);
    length.push_back(pick(1, 3));
  }
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const int r = pick(0, 9);
      if (r < 7) {
        const Value p = length[static_cast<std::size_t>(i)] + (pick(0, 4) == 0 ? 1 : 0);
        const Value q = length[static_cast<std::size_t>(j)];
        m.add_constraint(intension(
            m, fmt::format("or(le(add(s{},{}),s{}),le(add(s{},{}),s{}))", i, p, j, j, q, i)));
      } else if (r == 9) {
        m.add_constraint(intension(m, fmt::format("le(add(s{},1),s{})", i, j)));
      }
    }
  return m;
}

}  // namespace

TEST_CASE("disjunctive pairs are read back with their lengths", "[propagation][cliques]") {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 200; ++round) {
    const Value p = 1 + static_cast<Value>(rng() % 5);
    const Value q = 1 + static_cast<Value>(rng() % 5);
    Model m;
    m.add_variable("x", range(0, 12));
    m.add_variable("y", range(static_cast<Value>(rng() % 3), 12));
    m.add_constraint(intension(m, fmt::format("or(le(add(x,{}),y),le(add(y,{}),x))", p, q)));
    INFO(fmt::format("p {} q {}", p, q));
    if (p == 1 && q == 1)
      CHECK_FALSE(read_back(m));  // x != y: left to the allDifferents
    else
      CHECK(read_back(m) == std::pair{p, q});
  }
  Model precedence;
  precedence.add_variable("x", range(0, 9));
  precedence.add_variable("y", range(0, 9));
  precedence.add_constraint(intension(precedence, "le(add(x,2),y)"));
  CHECK_FALSE(read_back(precedence));
  // One order of one pair forbidden as well: no longer exactly a disjunction.
  Model holed;
  holed.add_variable("x", range(0, 9));
  holed.add_variable("y", range(0, 9));
  holed.add_constraint(
      intension(holed, "and(or(le(add(x,2),y),le(add(y,3),x)),or(ne(x,0),ne(y,5)))"));
  CHECK_FALSE(read_back(holed));
  // Values with holes (frequencies kept apart, |x - y| > 2): not start times.
  Model frequencies;
  frequencies.add_variable("x", {0, 3, 6, 9, 12});
  frequencies.add_variable("y", {0, 3, 6, 9, 12});
  frequencies.add_constraint(intension(frequencies, "gt(dist(x,y),2)"));
  CHECK_FALSE(read_back(frequencies));
  Model intervals;
  intervals.add_variable("x", range(0, 12));
  intervals.add_variable("y", range(0, 12));
  intervals.add_constraint(intension(intervals, "gt(dist(x,y),2)"));
  CHECK(read_back(intervals) == std::pair<Value, Value>{3, 3});
}

TEST_CASE("redundant noOverlaps on disjunctive cliques keep every solution",
          "[propagation][cliques]") {
  int with_cliques = 0, stronger = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const Model m = shop(seed);
    auto indexed = std::make_shared<const IndexedModel>(index_model(m));
    with_cliques += cpu::disjunctive_cliques(*indexed).empty() ? 0 : 1;
    const std::uint64_t expected = test::brute_force_count(m);
    // The root fixpoint with cliques lies inside plain arc consistency's.
    cpu::CpuEngineOptions plain;
    cpu::CpuEngineOptions strong;
    strong.difference_cliques = true;
    cpu::CpuEngine a(indexed, plain);
    cpu::CpuEngine b(indexed, strong);
    const bool a_ok = a.propagate_root();
    const bool b_ok = b.propagate_root();
    INFO(fmt::format("seed {}", seed));
    REQUIRE((a_ok || !b_ok));
    if (expected > 0) REQUIRE(b_ok);
    bool more = a_ok && !b_ok;
    if (b_ok)
      for (int x = 0; x < a.variable_count(); ++x)
        for (int v = 0; v < a.initial_size(x); ++v) {
          REQUIRE((a.contains(x, v) || !b.contains(x, v)));
          more = more || (a.contains(x, v) && !b.contains(x, v));
        }
    stronger += more ? 1 : 0;
    for (bool cliques : {false, true}) {
      SolverOptions o;
      o.all_solutions = true;
      o.difference_cliques = cliques;
      Solver solver(m, o);
      REQUIRE(solver.solve().solutions == expected);
    }
  }
  WARN(fmt::format("{} of 300 models with disjunctive cliques, {} of them filtered more",
                   with_cliques, stronger));
  CHECK(with_cliques >= 120);
  CHECK(stronger >= 20);
}

TEST_CASE("an open shop stated pair by pair that overloads a machine fails at the root",
          "[propagation][cliques]") {
  // Four tasks of length 3 on one machine, all within [0, 11): 12 time units of work in 11.
  // Arc consistency on the pairs sees nothing; the noOverlap's overload check fails.
  Model m;
  for (int i = 0; i < 4; ++i) m.add_variable(fmt::format("s{}", i), range(0, 8));
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j)
      m.add_constraint(
          intension(m, fmt::format("or(le(add(s{},3),s{}),le(add(s{},3),s{}))", i, j, j, i)));
  auto indexed = std::make_shared<const IndexedModel>(index_model(m));
  REQUIRE(cpu::disjunctive_cliques(*indexed).size() == 1);
  cpu::CpuEngineOptions strong;
  strong.difference_cliques = true;
  CHECK(cpu::CpuEngine(indexed).propagate_root());
  CHECK_FALSE(cpu::CpuEngine(indexed, strong).propagate_root());
}

}  // namespace arcwave
