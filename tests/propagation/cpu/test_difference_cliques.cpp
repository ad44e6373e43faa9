// Cliques of binary != constraints: found on quasigroup completion stated pairwise (every row
// and column), not on relations that only look alike; the redundant allDifferents they become
// change no solution count (MAC against brute force on random graph colourings) and only
// strengthen the root fixpoint.
#include <random>

#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "propagation/cpu/difference_cliques.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

std::shared_ptr<const Expr> binary_expr(ExprOp op) {
  return std::make_shared<const Expr>(
      std::vector<ExprInstr>{{ExprOp::kSlot, 0, 0}, {ExprOp::kSlot, 0, 1}, {op, 2, 0}});
}

// A random graph colouring: n vertices, k colours (some domains shifted, so that the != tables
// are not all alike), an edge with probability p; a few < constraints mixed in.
Model colouring(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const int n = 5 + static_cast<int>(seed % 4);
  const int k = 2 + static_cast<int>(seed % 3);
  Model m;
  for (int i = 0; i < n; ++i) {
    const Value shift = rng() % 4 == 0 ? 1 : 0;
    std::vector<Value> d;
    for (int c = 0; c < k; ++c) d.push_back(c + shift);
    m.add_variable(fmt::format("v{}", i), d);
  }
  const auto ne = binary_expr(ExprOp::kNe);
  const auto lt = binary_expr(ExprOp::kLt);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const auto r = rng() % 10;
      if (r < 6) m.add_constraint(IntensionConstraint{{i, j}, ne});
      if (r == 9) m.add_constraint(IntensionConstraint{{i, j}, lt});
    }
  return m;
}

}  // namespace

TEST_CASE("difference cliques of pairwise quasigroup completion are its rows and columns",
          "[propagation][cliques]") {
  const int n = 7;
  const Model m = gen::latin_square(n, 0.5, 3, false);
  const IndexedModel indexed = index_model(m);
  std::vector<std::vector<int>> cliques = cpu::difference_cliques(indexed);
  std::sort(cliques.begin(), cliques.end());
  std::vector<std::vector<int>> lines;
  for (int r = 0; r < n; ++r) {
    std::vector<int> row, column;
    for (int c = 0; c < n; ++c) {
      row.push_back(r * n + c);
      column.push_back(c * n + r);
    }
    lines.push_back(row);
    lines.push_back(column);
  }
  std::sort(lines.begin(), lines.end());
  CHECK(cliques == lines);
  // A < relation between the same domains is no difference.
  Model lt;
  lt.add_variable("a", {0, 1, 2});
  lt.add_variable("b", {0, 1, 2});
  lt.add_variable("c", {0, 1, 2});
  for (auto [i, j] : {std::pair{0, 1}, std::pair{1, 2}, std::pair{0, 2}})
    lt.add_constraint(IntensionConstraint{{i, j}, binary_expr(ExprOp::kLt)});
  CHECK(cpu::difference_cliques(index_model(lt)).empty());
}

TEST_CASE("redundant allDifferents on difference cliques keep every solution",
          "[propagation][cliques]") {
  int with_cliques = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const Model m = colouring(seed);
    auto indexed = std::make_shared<const IndexedModel>(index_model(m));
    with_cliques += cpu::difference_cliques(*indexed).empty() ? 0 : 1;
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
    if (b_ok)
      for (int x = 0; x < a.variable_count(); ++x)
        for (int v = 0; v < a.initial_size(x); ++v)
          REQUIRE((a.contains(x, v) || !b.contains(x, v)));
    for (bool cliques : {false, true}) {
      SolverOptions o;
      o.all_solutions = true;
      o.difference_cliques = cliques;
      Solver solver(m, o);
      REQUIRE(solver.solve().solutions == expected);
    }
  }
  CHECK(with_cliques >= 50);
}

}  // namespace arcwave
