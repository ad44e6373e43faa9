// XCSP3 reader on hand-written instances (tests/parsers/xcsp3/data/): one file per feature, with
// the counts the file implies and check() of a known solution and of near-miss non-solutions.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "arcwave/model.hpp"
#include "tests/parsers/xcsp3/xcsp3_test_util.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using arcwave::test::assign;
using arcwave::test::kinds;
using arcwave::test::read_xcsp3_file;

namespace {

std::vector<std::string> names(const Model& m) {
  std::vector<std::string> n;
  for (const Variable& v : m.variables()) n.push_back(v.name);
  return n;
}

const Variable& var(const Model& m, const std::string& name) {
  for (const Variable& v : m.variables())
    if (v.name == name) return v;
  throw std::logic_error("no variable " + name);
}

}  // namespace

TEST_CASE("variables: var, as, arrays, per-cell domains, compact references", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_file("vars_arrays.xml");
  const Model& m = inst.model;
  CHECK(inst.format == XcspFormat::kXcsp3);
  CHECK(inst.type == "CSP");
  CHECK(names(m) == std::vector<std::string>{"a", "b", "x[0]", "x[1]", "x[2]", "m[0][0]", "m[0][1]",
                                             "m[0][2]", "m[1][0]", "m[1][1]", "y[0]", "y[1]",
                                             "y[2]", "g[0][0]", "g[0][1]", "g[1][0]", "g[1][1]"});
  CHECK(var(m, "a").domain == std::vector<Value>{1, 3, 4, 5, 9});
  CHECK(var(m, "b").domain == var(m, "a").domain);
  CHECK(var(m, "m[0][2]").domain == std::vector<Value>{0, 1});
  CHECK(var(m, "m[1][1]").domain == std::vector<Value>{5, 6});
  CHECK(var(m, "y[1]").domain == std::vector<Value>{0, 1, 2});
  CHECK(var(m, "g[0][0]").domain == std::vector<Value>{7});
  CHECK(var(m, "g[1][1]").domain == std::vector<Value>{-3, -2, -1});

  // Declaration order: a, b, then the arrays x, m, y, g (m keeps its hole at [1][2]).
  REQUIRE(m.declarations().size() == 6);
  CHECK_FALSE(m.declarations()[0].is_array);
  CHECK(m.declarations()[2].is_array);
  REQUIRE(m.arrays().size() == 4);
  CHECK(m.arrays()[1].name == "m");
  CHECK(m.arrays()[1].sizes == std::vector<int>{2, 3});
  CHECK(m.arrays()[1].cells == std::vector<int>{5, 6, 7, 8, 9, -1});

  REQUIRE(m.constraints().size() == 4);
  const auto& second = std::get<InstantiationConstraint>(m.constraints()[1]);
  CHECK(second.scope == std::vector<int>{5, 8, 6, 7});  // m[][0] then m[0][1..2]
  const auto& third = std::get<InstantiationConstraint>(m.constraints()[2]);
  CHECK(third.scope == std::vector<int>{8, 9});  // m[1][] skips the cell without a domain

  const std::map<std::string, Value> solution{
      {"a", 3},        {"b", 9},       {"x[0]", 0},    {"x[1]", 1},    {"x[2]", 2},
      {"m[0][0]", 1},  {"m[0][1]", 0}, {"m[0][2]", 1}, {"m[1][0]", 5}, {"m[1][1]", 6},
      {"y[0]", 0},     {"y[1]", 0},    {"y[2]", 2},    {"g[0][0]", 7}, {"g[0][1]", -1},
      {"g[1][0]", -2}, {"g[1][1]", -3}};
  CHECK(m.check(assign(m, solution)));
  auto wrong = solution;
  wrong["g[1][0]"] = -3;
  CHECK(m.first_violation(assign(m, wrong)) == std::optional<std::size_t>(3));
  wrong = solution;
  wrong["a"] = 4;
  CHECK(m.first_violation(assign(m, wrong)) == std::optional<std::size_t>(0));
}

TEST_CASE("extension: supports, conflicts, short and unary tables, empty tables", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_file("extension.xml");
  const Model& m = inst.model;
  REQUIRE(m.constraints().size() == 6);
  CHECK(kinds(m) == std::map<std::string, std::size_t>{{"extension", 6}});
  const auto& c1 = std::get<ExtensionConstraint>(m.constraints()[0]);
  CHECK(c1.table->supports);
  CHECK(c1.table->cells == std::vector<std::int32_t>{0, 1, 1, 2, 2, 3, 3, 0});
  const auto& c2 = std::get<ExtensionConstraint>(m.constraints()[1]);
  CHECK_FALSE(c2.table->supports);
  CHECK(c2.table->has_star);
  CHECK(c2.table->cells ==
        std::vector<std::int32_t>{1, Table::kStar, 0, Table::kStar, Table::kStar, 3});
  // The unary range 15..1000000000 lists only the domain values of u.
  const auto& c3 = std::get<ExtensionConstraint>(m.constraints()[2]);
  CHECK(c3.table->arity == 1);
  CHECK(c3.table->cells == std::vector<std::int32_t>{-5, 1, 4, 5, 6, 15, 16, 17, 18, 19, 20});
  const auto& c5 = std::get<ExtensionConstraint>(m.constraints()[4]);
  CHECK(c5.table->size() == 0);
  CHECK(c5.table->arity == 2);
  const auto& c6 = std::get<ExtensionConstraint>(m.constraints()[5]);
  CHECK(c6.scope == std::vector<int>{3, 3});
  CHECK(inst.tuples == 4 + 2 + 11 + 2 + 0 + 4);

  std::map<std::string, Value> s{{"x[0]", 1}, {"x[1]", 2}, {"x[2]", 1}, {"x[3]", 2}, {"u", 5}};
  CHECK(m.check(assign(m, s)));
  auto w = s;
  w["u"] = 2;  // not in the unary supports
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(2));
  w = s;
  w["x[3]"] = 3;  // conflict (*,*,3)
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(1));
  w = s;
  w["x[2]"] = 0;  // unary conflict
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(3));
}

TEST_CASE("intension: text and <function>", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_file("intension.xml");
  const Model& m = inst.model;
  REQUIRE(m.constraints().size() == 4);
  CHECK(kinds(m) == std::map<std::string, std::size_t>{{"intension", 4}});
  const auto& c1 = std::get<IntensionConstraint>(m.constraints()[0]);
  CHECK(c1.scope == std::vector<int>{0, 1, 3});
  const std::map<std::string, Value> s{{"x[0]", 2}, {"x[1]", 5}, {"x[2]", 4}, {"y", 7}};
  CHECK(m.check(assign(m, s)));
  auto w = s;
  w["x[2]"] = 5;  // dist(5,2) = 3
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(2));
  w = s;
  w["y"] = 16;  // the sum no longer holds; the disjunction would
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(0));
}

TEST_CASE("allDifferent: list, except, matrix", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_file("all_different.xml");
  const Model& m = inst.model;
  // q, s as a matrix (2 rows + 2 columns), z with except, q as a 2x2 matrix.
  REQUIRE(m.constraints().size() == 10);
  CHECK(std::get<AllDifferentConstraint>(m.constraints()[5]).except == std::vector<Value>{0});
  std::map<std::string, Value> s{{"q[0]", 1},    {"q[1]", 2},    {"q[2]", 3},    {"q[3]", 4},
                                 {"s[0][0]", 1}, {"s[0][1]", 2}, {"s[1][0]", 2}, {"s[1][1]", 1},
                                 {"z[0]", 0},    {"z[1]", 0},    {"z[2]", 2}};
  CHECK(m.check(assign(m, s)));
  auto w = s;
  w["s[1][1]"] = 2;  // row 1 and column 1 repeat
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(2));
  w = s;
  w["z[0]"] = 2;
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(5));
  w = s;
  w["q[0]"] = 3;
  w["q[2]"] = 1;  // all q distinct still, but column (q[0],q[2]) of the last matrix is fine too
  CHECK(m.check(assign(m, w)));
}

TEST_CASE("sum: coeffs with repetition, every kind of condition", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_file("sum.xml");
  const Model& m = inst.model;
  REQUIRE(m.constraints().size() == 8);
  const auto& c3 = std::get<SumConstraint>(m.constraints()[2]);
  CHECK(c3.coeffs == std::vector<Value>{1, 1, 3, 3});
  CHECK(c3.condition.kind == Condition::Kind::kRange);
  const auto& c4 = std::get<SumConstraint>(m.constraints()[3]);
  CHECK(c4.condition.op == Relation::kNotIn);
  CHECK(c4.condition.set == std::vector<Value>{0, 1, 2});
  const auto& c8 = std::get<SumConstraint>(m.constraints()[7]);
  CHECK(c8.condition.kind == Condition::Kind::kVariable);
  CHECK(c8.condition.value == 0);
  const std::map<std::string, Value> s{
      {"x[0]", 1}, {"x[1]", 2}, {"x[2]", 3}, {"x[3]", 2}, {"t", 8}};
  CHECK(m.check(assign(m, s)));
  auto w = s;
  w["t"] = 9;
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(0));
  w = s;
  w["x[0]"] = 2;  // 2 + 2 = 4 is not < 3 (and t breaks first)
  w["t"] = 9;
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(6));
  w = s;
  w["x[2]"] = 0;  // x[2] + x[3] = 2 is in {0,1,2}; the total breaks first
  w["t"] = 5;
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(2));
}

TEST_CASE("element: variables, integers, startIndex, value, condition, membership", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_file("element.xml");
  const Model& m = inst.model;
  REQUIRE(m.constraints().size() == 4);
  const auto& c2 = std::get<ElementConstraint>(m.constraints()[1]);
  CHECK(c2.start_index == 1);
  CHECK_FALSE(c2.list[0].is_variable);
  CHECK(c2.list[3].value == 40);
  const auto& c3 = std::get<ElementConstraint>(m.constraints()[2]);
  CHECK(c3.index == -1);
  const std::map<std::string, Value> s{{"x[0]", 1}, {"x[1]", 2}, {"x[2]", 6}, {"x[3]", 3},
                                       {"i", 2},    {"j", 3},    {"v", 6}};
  CHECK(m.check(assign(m, s)));
  auto w = s;
  w["i"] = 1;
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(0));
  w = s;
  w["j"] = 4;
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(1));
  w = s;
  w["x[2]"] = 4;  // x[i] = v still holds, x[i] >= 5 does not
  w["v"] = 4;
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(3));
}

TEST_CASE("groups with %i and %..., blocks nested", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_file("groups_blocks.xml");
  const Model& m = inst.model;
  REQUIRE(m.constraints().size() == 14);
  CHECK(kinds(m) == std::map<std::string, std::size_t>{
                        {"allDifferent", 2}, {"extension", 4}, {"intension", 6}, {"sum", 2}});
  // One table per group, shared by its constraints.
  const auto& e1 = std::get<ExtensionConstraint>(m.constraints()[5]);
  const auto& e2 = std::get<ExtensionConstraint>(m.constraints()[6]);
  CHECK(e1.table == e2.table);
  CHECK(e2.scope == std::vector<int>{6, 7});
  // Instances over distinct new variables share one bound expression.
  const auto& i1 = std::get<IntensionConstraint>(m.constraints()[0]);
  const auto& i2 = std::get<IntensionConstraint>(m.constraints()[1]);
  CHECK(i1.expr == i2.expr);
  CHECK(i2.scope == std::vector<int>{1, 2});
  // A constant argument and a repeated variable: x[4] is the template's own slot 0.
  const auto& g2 = std::get<IntensionConstraint>(m.constraints()[3]);
  CHECK(g2.scope == std::vector<int>{4, 0});
  const auto& unary = std::get<ExtensionConstraint>(m.constraints()[12]);
  CHECK(unary.table->cells == std::vector<std::int32_t>{3, 4});
  CHECK(inst.tuples == 2 + 2);

  const std::map<std::string, Value> s{{"x[0]", 0}, {"x[1]", 1}, {"x[2]", 2}, {"x[3]", 3},
                                       {"x[4]", 4}, {"b[0]", 0}, {"b[1]", 1}, {"b[2]", 0}};
  CHECK(m.check(assign(m, s)));
  auto w = s;
  w["x[1]"] = 4;  // ne(x[1], x[4]) in g2's second instance
  w["x[4]"] = 4;
  CHECK_FALSE(m.check(assign(m, w)));
  w = s;
  w["b[2]"] = 1;  // (b[1], b[2]) = (1, 1) is not supported
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(6));
  w = s;
  w["x[4]"] = 0;  // sum b[0] + b[1] = 1 > x[4]
  w["x[0]"] = 4;
  CHECK_FALSE(m.check(assign(m, w)));
}

TEST_CASE("slide: plain, circular with collect, offset, several lists", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_file("slide.xml");
  const Model& m = inst.model;
  REQUIRE(m.constraints().size() == 4 + 4 + 2 + 3);
  const auto& circular_last = std::get<ExtensionConstraint>(m.constraints()[7]);
  CHECK(circular_last.scope == std::vector<int>{8, 5});  // (y[3], y[0])
  const auto& offset_second = std::get<IntensionConstraint>(m.constraints()[9]);
  CHECK(offset_second.scope == std::vector<int>{11, 12, 13});  // z[2..4]
  const auto& multi_last = std::get<IntensionConstraint>(m.constraints()[12]);
  CHECK(multi_last.scope == std::vector<int>{2, 13, 14});  // x[2], z[4], z[5]
  const std::map<std::string, Value> s{{"x[0]", 0}, {"x[1]", 1}, {"x[2]", 2}, {"x[3]", 3},
                                       {"x[4]", 4}, {"y[0]", 0}, {"y[1]", 1}, {"y[2]", 0},
                                       {"y[3]", 1}, {"z[0]", 1}, {"z[1]", 1}, {"z[2]", 2},
                                       {"z[3]", 1}, {"z[4]", 3}, {"z[5]", 0}};
  CHECK(m.check(assign(m, s)));
  auto w = s;
  w["y[3]"] = 0;  // the windows (y[2], y[3]) and, circular, (y[3], y[0])
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(6));
  w = s;
  w["x[2]"] = 4;  // x[2] < x[3] fails, and so does x[2] <= z[4] + z[5] = 3
  CHECK(m.first_violation(assign(m, w)) == std::optional<std::size_t>(2));
  CHECK_FALSE(constraint_satisfied(m.constraints()[12], assign(m, w)));
}

TEST_CASE("objectives: variable, sum, expression", "[xcsp3]") {
  const std::vector<Value> a{0, 1, 2};
  {
    const XcspInstance inst = read_xcsp3_file("objective_sum.xml");
    CHECK(inst.type == "COP");
    REQUIRE(inst.model.objective().has_value());
    CHECK_FALSE(inst.model.objective()->minimize);
    CHECK(inst.model.objective()->kind == Objective::Kind::kSum);
    CHECK(inst.model.objective()->evaluate(a) == std::optional<Value>(8));
  }
  {
    const XcspInstance inst = read_xcsp3_file("objective_variable.xml");
    REQUIRE(inst.model.objective().has_value());
    CHECK(inst.model.objective()->minimize);
    CHECK(inst.model.objective()->kind == Objective::Kind::kVariable);
    CHECK(inst.model.objective()->variable == 1);
  }
  {
    const XcspInstance inst = read_xcsp3_file("objective_expression.xml");
    REQUIRE(inst.model.objective().has_value());
    CHECK(inst.model.objective()->kind == Objective::Kind::kExpression);
    CHECK(inst.model.objective()->evaluate(a) == std::optional<Value>(4));
  }
}

TEST_CASE("queens: group of intensions, plain and lzma-compressed", "[xcsp3]") {
  for (const char* file : {"queens-6.xml", "queens-6.xml.lzma"}) {
    const XcspInstance inst = read_xcsp3_file(file);
    const Model& m = inst.model;
    CHECK(m.variable_count() == 6);
    CHECK(m.constraints().size() == 1 + 15);
    CHECK(m.check(std::vector<Value>{1, 3, 5, 0, 2, 4}));
    CHECK_FALSE(m.check(std::vector<Value>{0, 2, 4, 1, 3, 5}));  // q[2], q[5]... 4-1 = 5-2
    // Every assignment that check() accepts is a 6-queens solution: there are 4 of them.
    std::vector<Value> q{0, 1, 2, 3, 4, 5};
    int solutions = 0;
    do {
      solutions += m.check(q) ? 1 : 0;
    } while (std::next_permutation(q.begin(), q.end()));
    CHECK(solutions == 4);
  }
}
