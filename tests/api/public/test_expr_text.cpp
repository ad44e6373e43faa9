// parse_expr / intension: text expressions evaluate as written, over the right variables.
#include <random>

#include "arcwave/error.hpp"
#include "arcwave/expr_text.hpp"
#include "arcwave/solver.hpp"
#include "tests/support/catch.hpp"

TEST_CASE("intension: the scope follows the names, the expression evaluates as written",
          "[api][solver]") {
  arcwave::Model m;
  m.add_variable("a", {0, 1, 2, 3});
  m.add_variable("x[1]", {-2, 0, 2});
  m.add_variable("b", {1, 5});
  const arcwave::IntensionConstraint c = arcwave::intension(m, "le(add(b,x[1]),mul(a,2))");
  CHECK(c.scope == std::vector<int>{2, 1, 0});
  for (const arcwave::Value a : m.variables()[0].domain)
    for (const arcwave::Value x : m.variables()[1].domain)
      for (const arcwave::Value b : m.variables()[2].domain) {
        const std::vector<arcwave::Value> slots{b, x, a};
        CHECK(c.expr->satisfied(slots) == (b + x <= 2 * a));
      }
  m.add_constraint(c);
  arcwave::SolverOptions o;
  o.all_solutions = true;
  std::uint64_t count = 0;
  for (const arcwave::Value a : m.variables()[0].domain)
    for (const arcwave::Value x : m.variables()[1].domain)
      for (const arcwave::Value b : m.variables()[2].domain) count += b + x <= 2 * a ? 1 : 0;
  CHECK(arcwave::Solver(m, o).solve().solutions == count);
}

TEST_CASE("parse_expr / intension: errors", "[api][solver]") {
  arcwave::Model m;
  m.add_variable("x", {0, 1});
  CHECK_THROWS_AS(arcwave::intension(m, "eq(x,y)"), arcwave::InputError);
  CHECK_THROWS_AS(arcwave::intension(m, "eq(x,%0)"), arcwave::InputError);
  CHECK_THROWS_AS(arcwave::parse_expr("eq(x,"), arcwave::InputError);
  CHECK_THROWS_AS(arcwave::parse_expr("frobnicate(x)"), arcwave::InputError);
  const arcwave::ParsedExpr p = arcwave::parse_expr("  add(y, mul(x, y)) ");
  CHECK(p.identifiers == std::vector<std::string>{"y", "x"});
}
