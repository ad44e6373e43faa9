// Intension-to-extension: the table accepts exactly the tuples the expression accepts.
#include <random>

#include "arcwave/model.hpp"
#include "model/intension_table.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

TEST_CASE("intension tables agree with the expression on every tuple", "[model]") {
  std::mt19937 rng(7);
  Model m;
  for (int i = 0; i < 3; ++i) {
    std::vector<Value> dom;
    for (int v = -3; v <= 4; ++v)
      if (rng() % 3 != 0) dom.push_back(v * (i + 1));
    m.add_variable("x" + std::to_string(i), dom);
  }
  // le(add(x0, mul(2, x1)), x2) and ne(mod(x0, 2), 0) as two constraints
  const IntensionConstraint c1{{0, 1, 2},
                               std::make_shared<Expr>(std::vector<ExprInstr>{{ExprOp::kSlot, 0, 0},
                                                                             {ExprOp::kConst, 0, 2},
                                                                             {ExprOp::kSlot, 0, 1},
                                                                             {ExprOp::kMul, 2, 0},
                                                                             {ExprOp::kAdd, 2, 0},
                                                                             {ExprOp::kSlot, 0, 2},
                                                                             {ExprOp::kLe, 2, 0}})};
  const auto t = intension_to_table(m, c1);
  REQUIRE(t != nullptr);
  Model with_expr = m;
  with_expr.add_constraint(c1);
  Model with_table = m;
  with_table.add_constraint(ExtensionConstraint{{0, 1, 2}, t});
  std::size_t checked = 0;
  for (Value a : m.variables()[0].domain)
    for (Value b : m.variables()[1].domain)
      for (Value c : m.variables()[2].domain) {
        const std::vector<Value> tuple = {a, b, c};
        CHECK(with_expr.check(tuple) == with_table.check(tuple));
        ++checked;
      }
  CHECK(checked > 50);
  CHECK(intension_to_table(m, c1, 10) == nullptr);  // product over the limit
}
