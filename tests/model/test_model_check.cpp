// check(): known solutions accepted, non-solutions rejected, for every constraint kind.
#include <memory>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

std::shared_ptr<const Table> table(int arity, bool supports, std::vector<std::int32_t> cells) {
  auto t = std::make_shared<Table>();
  t->arity = arity;
  t->supports = supports;
  t->cells = std::move(cells);
  for (auto v : t->cells) t->has_star = t->has_star || v == Table::kStar;
  return t;
}

Condition cond(Relation op, Value v) {
  Condition c;
  c.op = op;
  c.value = v;
  return c;
}

}  // namespace

TEST_CASE("domains are sorted sets; empty domains are rejected", "[model]") {
  Model m;
  const int x = m.add_variable("x", {5, 1, 3, 1});
  CHECK(m.variables()[x].domain == std::vector<Value>{1, 3, 5});
  CHECK(m.value_index(x, 3) == 1);
  CHECK(m.value_index(x, 4) == -1);
  CHECK_THROWS_AS(m.add_variable("e", {}), InputError);
}

TEST_CASE("4-queens: the two solutions pass, others fail", "[model]") {
  Model m;
  for (int i = 0; i < 4; ++i) m.add_variable("q" + std::to_string(i), {0, 1, 2, 3});
  m.add_constraint(AllDifferentConstraint{{0, 1, 2, 3}, {}});
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j) {
      // dist(qi, qj) != j - i, as an intension over slots 0 and 1
      auto e = std::make_shared<Expr>(std::vector<ExprInstr>{{ExprOp::kSlot, 0, 0},
                                                             {ExprOp::kSlot, 0, 1},
                                                             {ExprOp::kDist, 2, 0},
                                                             {ExprOp::kConst, 0, j - i},
                                                             {ExprOp::kNe, 2, 0}});
      m.add_constraint(IntensionConstraint{{i, j}, e});
    }
  CHECK(m.check(std::vector<Value>{1, 3, 0, 2}));
  CHECK(m.check(std::vector<Value>{2, 0, 3, 1}));
  CHECK_FALSE(m.check(std::vector<Value>{0, 1, 2, 3}));
  CHECK(m.first_violation(std::vector<Value>{0, 1, 2, 3}) ==
        1u);  // allDifferent holds; q0,q1 diagonal
  CHECK(m.first_violation(std::vector<Value>{0, 0, 2, 3}) == 0u);
  CHECK(m.first_violation(std::vector<Value>{9, 3, 0, 2}) == m.constraints().size() + 0);
}

TEST_CASE("extension: supports, conflicts and short tables", "[model]") {
  Model m;
  m.add_variable("x", {0, 1, 2});
  m.add_variable("y", {0, 1, 2});
  m.add_constraint(ExtensionConstraint{{0, 1}, table(2, true, {0, 1, 1, 2, 2, Table::kStar})});
  CHECK(m.check(std::vector<Value>{0, 1}));
  CHECK(m.check(std::vector<Value>{2, 0}));
  CHECK(m.check(std::vector<Value>{2, 2}));
  CHECK_FALSE(m.check(std::vector<Value>{0, 0}));
  Model n;
  n.add_variable("x", {0, 1});
  n.add_variable("y", {0, 1});
  n.add_constraint(ExtensionConstraint{{0, 1}, table(2, false, {0, 0, 1, 1})});
  CHECK(n.check(std::vector<Value>{0, 1}));
  CHECK_FALSE(n.check(std::vector<Value>{1, 1}));
  CHECK_THROWS_AS(n.add_constraint(ExtensionConstraint{{0}, table(2, true, {0, 0})}), InputError);
}

TEST_CASE("allDifferent with except", "[model]") {
  Model m;
  for (int i = 0; i < 3; ++i) m.add_variable("x" + std::to_string(i), {0, 1, 2});
  m.add_constraint(AllDifferentConstraint{{0, 1, 2}, {0}});
  CHECK(m.check(std::vector<Value>{0, 0, 1}));
  CHECK_FALSE(m.check(std::vector<Value>{1, 0, 1}));
}

TEST_CASE("sum with each operator and right-hand side", "[model]") {
  Model m;
  m.add_variable("x", {0, 1, 2, 3});
  m.add_variable("y", {0, 1, 2, 3});
  m.add_variable("z", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  const std::vector<Value> a = {2, 3, 8};  // 2x + 3y = 13
  auto sum_holds = [&](Condition c) {
    Model k = m;
    k.add_constraint(SumConstraint{{0, 1}, {2, 3}, std::move(c)});
    return k.check(a);
  };
  CHECK(sum_holds(cond(Relation::kEq, 13)));
  CHECK_FALSE(sum_holds(cond(Relation::kEq, 12)));
  CHECK(sum_holds(cond(Relation::kLt, 14)));
  CHECK_FALSE(sum_holds(cond(Relation::kLt, 13)));
  CHECK(sum_holds(cond(Relation::kLe, 13)));
  CHECK(sum_holds(cond(Relation::kGe, 13)));
  CHECK(sum_holds(cond(Relation::kGt, 12)));
  CHECK(sum_holds(cond(Relation::kNe, 12)));
  Condition var_rhs = cond(Relation::kGt, 2);
  var_rhs.kind = Condition::Kind::kVariable;  // 13 > z = 8
  CHECK(sum_holds(var_rhs));
  Condition range;
  range.op = Relation::kIn;
  range.kind = Condition::Kind::kRange;
  range.lo = 10;
  range.hi = 13;
  CHECK(sum_holds(range));
  range.hi = 12;
  CHECK_FALSE(sum_holds(range));
  Condition set;
  set.op = Relation::kNotIn;
  set.kind = Condition::Kind::kSet;
  set.set = {1, 13};
  CHECK_FALSE(sum_holds(set));
  set.set = {1, 12};
  CHECK(sum_holds(set));
}

TEST_CASE("element with startIndex, constants and the membership form", "[model]") {
  Model m;
  m.add_variable("a", {5, 6});
  m.add_variable("i", {1, 2, 3});
  m.add_variable("v", {5, 6, 7});
  ElementConstraint e;
  e.list = {{true, 0}, {false, 7}, {true, 2}};
  e.index = 1;
  e.start_index = 1;
  e.condition = cond(Relation::kEq, 2);
  e.condition.kind = Condition::Kind::kVariable;
  m.add_constraint(e);
  CHECK(m.check(std::vector<Value>{5, 1, 5}));  // list[0] = a = 5 = v
  CHECK(m.check(std::vector<Value>{6, 2, 7}));  // list[1] = 7 = v
  CHECK_FALSE(m.check(std::vector<Value>{6, 2, 6}));
  CHECK(m.check(std::vector<Value>{6, 3, 6}));  // list[2] = v itself
  Model k;
  k.add_variable("a", {1, 2});
  k.add_variable("b", {1, 2});
  ElementConstraint member;
  member.list = {{true, 0}, {true, 1}};
  member.condition = cond(Relation::kEq, 2);
  k.add_constraint(member);
  CHECK(k.check(std::vector<Value>{1, 2}));
  CHECK_FALSE(k.check(std::vector<Value>{1, 1}));
}

TEST_CASE("instantiation and objective values", "[model]") {
  Model m;
  m.add_variable("x", {0, 1, 2});
  m.add_variable("y", {0, 1, 2});
  m.add_constraint(InstantiationConstraint{{1}, {2}});
  CHECK(m.check(std::vector<Value>{0, 2}));
  CHECK_FALSE(m.check(std::vector<Value>{0, 1}));
  Objective o;
  o.kind = Objective::Kind::kSum;
  o.scope = {0, 1};
  o.coeffs = {3, -1};
  m.set_objective(o);
  CHECK(m.objective()->evaluate(std::vector<Value>{2, 1}) == 5);
  CHECK_THROWS_AS(m.add_constraint(InstantiationConstraint{{0, 1}, {1}}), InputError);
  CHECK_THROWS_AS(m.add_constraint(AllDifferentConstraint{{0, 7}, {}}), InputError);
}

TEST_CASE("arrays keep their shape for output", "[model]") {
  Model m;
  const int arr = m.add_array("x", {2, 3});
  for (int i = 0; i < 6; ++i) {
    const int v = m.add_variable("x[" + std::to_string(i / 3) + "][" + std::to_string(i % 3) + "]",
                                 {0, 1}, false);
    m.set_array_cell(arr, static_cast<std::size_t>(i), v);
  }
  m.add_variable("z", {1});
  REQUIRE(m.declarations().size() == 2);
  CHECK(m.declarations()[0].is_array);
  CHECK_FALSE(m.declarations()[1].is_array);
  CHECK(m.arrays()[0].cells[5] == 5);
  CHECK_THROWS_AS(m.add_array("bad", {2, 0}), InputError);
}
