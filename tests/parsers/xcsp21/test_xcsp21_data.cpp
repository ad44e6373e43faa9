// The XCSP 2.1 reader on the hand-written instances of data/: declared counts, what each
// constraint became, and check() against an independent brute-force evaluation of every
// assignment.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "arcwave/error.hpp"
#include "tests/parsers/xcsp21/xcsp21_test_support.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using arcwave::test::read_xcsp21_data;
using arcwave::test::read_xcsp_text;

namespace {

// Calls `visit` with every assignment of the model's variables (domains are small here).
void for_each_assignment(const Model& m,
                         const std::function<void(const std::vector<Value>&)>& visit) {
  std::vector<std::size_t> pos(m.variable_count(), 0);
  std::vector<Value> a(m.variable_count());
  while (true) {
    for (std::size_t v = 0; v < a.size(); ++v) a[v] = m.variables()[v].domain[pos[v]];
    visit(a);
    std::size_t v = 0;
    while (v < pos.size() && ++pos[v] == m.variables()[v].domain.size()) pos[v++] = 0;
    if (v == pos.size()) return;
  }
}

// Counts the assignments check() accepts, requiring it to agree with `reference` on each.
std::size_t count_solutions(const Model& m,
                            const std::function<bool(const std::vector<Value>&)>& reference) {
  std::size_t solutions = 0;
  std::size_t disagreements = 0;
  for_each_assignment(m, [&](const std::vector<Value>& a) {
    const bool ok = m.check(a);
    if (ok != reference(a)) ++disagreements;
    if (ok) ++solutions;
  });
  CHECK(disagreements == 0);
  return solutions;
}

std::vector<std::string> names_of(const Model& m) {
  std::vector<std::string> names;
  for (const Declaration& d : m.declarations()) {
    REQUIRE_FALSE(d.is_array);
    names.push_back(m.variables()[static_cast<std::size_t>(d.index)].name);
  }
  return names;
}

}  // namespace

TEST_CASE("4-queens with shared support relations", "[xcsp21]") {
  const XcspInstance inst = read_xcsp21_data("queens4_supports.xml");
  const Model& m = inst.model;
  CHECK(inst.format == XcspFormat::kXcsp21);
  CHECK(inst.type == "CSP");
  CHECK(inst.name == "queens-4");
  CHECK(inst.declared.domains == 1u);
  CHECK(inst.declared.variables == 4u);
  CHECK(inst.declared.relations == 3u);
  CHECK(!inst.declared.predicates.has_value());
  CHECK(inst.declared.constraints == 6u);
  CHECK(inst.declared_solution == std::string("2 4 1 3"));
  CHECK(inst.tuples == 6 + 8 + 10);
  CHECK(names_of(m) == std::vector<std::string>{"Q0", "Q1", "Q2", "Q3"});
  REQUIRE(m.constraints().size() == 6);
  std::set<const Table*> tables;
  for (const Constraint& c : m.constraints()) {
    REQUIRE(std::holds_alternative<ExtensionConstraint>(c));
    const auto& ext = std::get<ExtensionConstraint>(c);
    CHECK(ext.table->supports);
    CHECK(ext.table->arity == 2);
    tables.insert(ext.table.get());
  }
  CHECK(tables.size() == 3);  // one table per relation, shared by the constraints using it
  // Constraints C0, C3, C5 (distance 1) share R1.
  CHECK(std::get<ExtensionConstraint>(m.constraints()[0]).table ==
        std::get<ExtensionConstraint>(m.constraints()[5]).table);
  const auto queens = [](const std::vector<Value>& q) {
    for (std::size_t i = 0; i < q.size(); ++i)
      for (std::size_t j = i + 1; j < q.size(); ++j)
        if (q[i] == q[j] || q[i] - q[j] == static_cast<Value>(j - i) ||
            q[j] - q[i] == static_cast<Value>(j - i))
          return false;
    return true;
  };
  CHECK(count_solutions(m, queens) == 2);
  CHECK(m.check(std::vector<Value>{2, 4, 1, 3}));
  CHECK(m.check(std::vector<Value>{3, 1, 4, 2}));
  CHECK_FALSE(m.check(std::vector<Value>{1, 3, 2, 4}));
}

TEST_CASE("mixed domains, conflicts and supports of arity 1 to 3", "[xcsp21]") {
  const XcspInstance inst = read_xcsp21_data("mixed_conflicts.xml");
  const Model& m = inst.model;
  REQUIRE(m.variable_count() == 4);
  CHECK(m.variables()[0].domain == std::vector<Value>{-2, -1, 0, 3, 5, 6});
  CHECK(m.variables()[1].domain == std::vector<Value>{10, 20, 30});
  CHECK(m.variables()[3].domain == std::vector<Value>{7});
  CHECK(inst.tuples == 9);
  CHECK(inst.declared.relations == 3u);
  REQUIRE(m.constraints().size() == 4);
  const auto table = [&](std::size_t i) {
    return std::get<ExtensionConstraint>(m.constraints()[i]).table;
  };
  CHECK_FALSE(table(0)->supports);
  CHECK(table(1)->arity == 3);
  CHECK(table(1)->cells == std::vector<std::int32_t>{0, 10, 0, 3, 20, 3, 5, 30, 6});
  CHECK(table(2)->supports);
  CHECK(table(2)->arity == 1);
  CHECK(table(0) == table(3));
  CHECK(std::get<ExtensionConstraint>(m.constraints()[3]).scope == std::vector<int>{2, 1});
  const auto reference = [](const std::vector<Value>& x) {
    const Value a = x[0], b = x[1], c = x[2];
    const std::set<std::pair<Value, Value>> rc = {{-2, 10}, {0, 20}, {6, 30}};
    const std::set<std::tuple<Value, Value, Value>> rt = {{0, 10, 0}, {3, 20, 3}, {5, 30, 6}};
    return rc.count({a, b}) == 0 && rt.count({a, b, c}) == 0 && (a == 3 || a == 5 || a == 6) &&
           rc.count({c, b}) == 0;
  };
  const std::size_t solutions = count_solutions(m, reference);
  CHECK(solutions > 0);
  CHECK(solutions < 6 * 3 * 6);
}

TEST_CASE("predicates with typed parameters, bound to variables and constants", "[xcsp21]") {
  const XcspInstance inst = read_xcsp21_data("predicates.xml");
  const Model& m = inst.model;
  CHECK(inst.declared.predicates == 5u);
  CHECK(inst.tuples == 0);
  REQUIRE(m.constraints().size() == 8);
  for (const Constraint& c : m.constraints())
    REQUIRE(std::holds_alternative<IntensionConstraint>(c));
  const auto intension = [&](std::size_t i) {
    return std::get<IntensionConstraint>(m.constraints()[i]);
  };
  // Scope: the distinct variables of the effective parameters, in order of first appearance.
  CHECK(intension(0).scope == std::vector<int>{0, 1});
  CHECK(intension(4).scope == std::vector<int>{3, 2});
  CHECK(intension(6).scope == std::vector<int>{2, 0});
  CHECK(intension(7).scope == std::vector<int>{3});
  // The same predicate bound the same way shares one expression.
  CHECK(intension(0).expr == intension(2).expr);
  CHECK(intension(0).expr != intension(1).expr);
  const auto reference = [](const std::vector<Value>& x) {
    const Value x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    const auto dist = [](Value a, Value b) { return a > b ? a - b : b - a; };
    return dist(x0, x1) != 1 && dist(x1, x2) != 2 && dist(x2, x3) != 1 && x0 + x1 == x3 &&
           x2 < x3 && (x1 > 0 ? x0 <= x1 : true) && 2 * x2 == x0 && x3 - 1 == 2;
  };
  CHECK(count_solutions(m, reference) == 1);
  CHECK(m.check(std::vector<Value>{0, 3, 0, 3}));
}

TEST_CASE("global constraints: allDifferent, weightedSum, element", "[xcsp21]") {
  const XcspInstance inst = read_xcsp21_data("globals.xml");
  const Model& m = inst.model;
  REQUIRE(m.constraints().size() == 7);
  CHECK(std::get<AllDifferentConstraint>(m.constraints()[0]).scope == std::vector<int>{0, 1, 2});
  CHECK(std::get<AllDifferentConstraint>(m.constraints()[1]).scope == std::vector<int>{1, 2, 3});
  const auto& sum = std::get<SumConstraint>(m.constraints()[2]);
  CHECK(sum.scope == std::vector<int>{0, 1, 4});
  CHECK(sum.coeffs == std::vector<Value>{1, 2, -1});
  CHECK(sum.condition.op == Relation::kEq);
  CHECK(sum.condition.kind == Condition::Kind::kConstant);
  CHECK(sum.condition.value == 0);
  CHECK(std::get<SumConstraint>(m.constraints()[3]).condition.op == Relation::kLe);
  const auto& ne = std::get<SumConstraint>(m.constraints()[4]).condition;
  CHECK(ne.op == Relation::kNe);
  CHECK(ne.kind == Condition::Kind::kVariable);
  CHECK(ne.value == 2);
  const auto& element = std::get<ElementConstraint>(m.constraints()[5]);
  CHECK(element.index == 5);
  CHECK(element.start_index == 1);
  REQUIRE(element.list.size() == 4);
  CHECK_FALSE(element.list[2].is_variable);
  CHECK(element.list[2].value == 5);
  const auto& constant_index = std::get<ElementConstraint>(m.constraints()[6]);
  CHECK(constant_index.index == -1);
  REQUIRE(constant_index.list.size() == 1);
  CHECK(constant_index.list[0].value == 3);  // A3
  const auto reference = [](const std::vector<Value>& x) {
    const Value a0 = x[0], a1 = x[1], a2 = x[2], a3 = x[3], s = x[4], i = x[5], v = x[6];
    const Value list[] = {a0, a1, 5, a2};
    return a0 != a1 && a0 != a2 && a1 != a2 && a1 != a3 && a2 != a3 && a0 + 2 * a1 - s == 0 &&
           3 * a2 + a3 <= 10 && a0 + a1 != a2 && list[i - 1] == v && a3 == 4;
  };
  CHECK(count_solutions(m, reference) == 32);
  CHECK(m.check(std::vector<Value>{4, 3, 2, 4, 10, 4, 2}));
}

TEST_CASE("empty relations, signs, and tuples laid out freely", "[xcsp21]") {
  const std::string doc = R"(<instance>
<domains nbDomains="1"><domain name="D" nbValues="3">-1..1</domain></domains>
<variables nbVariables="2"><variable name="X" domain="D"/><variable name="Y" domain="D"/></variables>
<relations nbRelations="3">
<relation name="NONE" arity="2" nbTuples="0" semantics="supports"/>
<relation name="ALL" arity="2" nbTuples="0" semantics="conflicts">  </relation>
<relation name="S" arity="2" nbTuples="2" semantics="supports">
  +1   -1
  |
  -1 +1</relation>
</relations>
<constraints nbConstraints="2">
<constraint name="C0" arity="2" scope="X Y" reference="ALL"/>
<constraint name="C1" arity="2" scope="Y X" reference="S"/>
</constraints>
</instance>)";
  const XcspInstance inst = read_xcsp_text(doc);
  const Model& m = inst.model;
  CHECK(inst.tuples == 2);
  CHECK(std::get<ExtensionConstraint>(m.constraints()[1]).table->cells ==
        std::vector<std::int32_t>{1, -1, -1, 1});
  CHECK(m.check(std::vector<Value>{-1, 1}));
  CHECK(m.check(std::vector<Value>{1, -1}));
  CHECK_FALSE(m.check(std::vector<Value>{1, 1}));
  // An empty support relation forbids everything.
  const XcspInstance none = read_xcsp_text(
      R"(<instance><domains><domain name="D">0..1</domain></domains>
<variables><variable name="X" domain="D"/><variable name="Y" domain="D"/></variables>
<relations><relation name="N" arity="2" nbTuples="0" semantics="supports"/></relations>
<constraints><constraint name="C" arity="2" scope="X Y" reference="N"/></constraints></instance>)");
  CHECK_FALSE(none.model.check(std::vector<Value>{0, 0}));
  CHECK(!none.declared.constraints.has_value());
}

TEST_CASE("random binary networks: every tuple read back exactly", "[xcsp21][property]") {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 5; ++round) {
    const int n = 20, d = 12, e = 40;
    std::ostringstream xml;
    xml << "<?xml version=\"1.0\"?>\n<instance>\n<presentation name=\"rand\" "
           "maxConstraintArity=\"2\" format=\"XCSP 2.1\"/>\n";
    xml << "<domains nbDomains=\"1\"><domain name=\"D\" nbValues=\"" << d << "\">0.." << d - 1
        << "</domain></domains>\n<variables nbVariables=\"" << n << "\">\n";
    for (int v = 0; v < n; ++v) xml << "<variable name=\"V" << v << "\" domain=\"D\"/>\n";
    xml << "</variables>\n<relations nbRelations=\"" << e << "\">\n";
    std::vector<std::vector<std::int32_t>> expected(e);
    std::vector<std::pair<int, int>> scopes;
    std::uint64_t total = 0;
    for (int r = 0; r < e; ++r) {
      std::vector<std::int32_t>& cells = expected[static_cast<std::size_t>(r)];
      for (int a = 0; a < d; ++a)
        for (int b = 0; b < d; ++b)
          if (std::uniform_int_distribution<int>(0, 2)(rng) == 0) {
            cells.push_back(a);
            cells.push_back(b);
          }
      const std::size_t t = cells.size() / 2;
      total += t;
      xml << "<relation name=\"R" << r << "\" arity=\"2\" nbTuples=\"" << t << "\" semantics=\""
          << (r % 2 == 0 ? "supports" : "conflicts") << "\">";
      for (std::size_t k = 0; k < t; ++k)
        xml << (k > 0 ? "|" : "") << cells[2 * k] << ' ' << cells[2 * k + 1];
      xml << "</relation>\n";
      int x = std::uniform_int_distribution<int>(0, n - 1)(rng);
      int y = std::uniform_int_distribution<int>(0, n - 2)(rng);
      if (y >= x) ++y;
      scopes.emplace_back(x, y);
    }
    xml << "</relations>\n<constraints nbConstraints=\"" << e << "\">\n";
    for (int r = 0; r < e; ++r)
      xml << "<constraint name=\"C" << r << "\" arity=\"2\" scope=\"V"
          << scopes[static_cast<std::size_t>(r)].first << " V"
          << scopes[static_cast<std::size_t>(r)].second << "\" reference=\"R" << r << "\"/>\n";
    xml << "</constraints>\n</instance>\n";
    const XcspInstance inst = read_xcsp_text(xml.str());
    CHECK(inst.tuples == total);
    REQUIRE(inst.model.constraints().size() == static_cast<std::size_t>(e));
    for (int r = 0; r < e; ++r) {
      const auto& c =
          std::get<ExtensionConstraint>(inst.model.constraints()[static_cast<std::size_t>(r)]);
      CHECK(c.table->cells == expected[static_cast<std::size_t>(r)]);
      CHECK(c.table->supports == (r % 2 == 0));
      CHECK(c.scope == std::vector<int>{scopes[static_cast<std::size_t>(r)].first,
                                        scopes[static_cast<std::size_t>(r)].second});
    }
  }
}

TEST_CASE("a domain of more than 2^24 values is read as an interval, up to 2^31", "[xcsp21]") {
  const std::string head =
      "<instance><presentation format=\"XCSP 2.1\"/><domains nbDomains=\"2\">"
      "<domain name=\"D0\" nbValues=\"3\">0..2</domain>"
      "<domain name=\"D1\" nbValues=\"";
  const std::string tail =
      "</domain></domains><variables nbVariables=\"2\"><variable name=\"X0\" domain=\"D0\"/>"
      "<variable name=\"X1\" domain=\"D1\"/></variables><constraints nbConstraints=\"0\"/>"
      "</instance>";
  const XcspInstance inst = read_xcsp_text(head + "2147483648\">0..2147483647" + tail);
  const Domain& d = inst.model.variables()[1].domain;
  CHECK(d.large());
  CHECK(d.size() == (std::size_t{1} << 31));
  CHECK(d.back() == 2147483647);
  CHECK_FALSE(inst.model.variables()[0].domain.large());
  // More than 2^31 values, or more than 2^24 with holes: refused (exit code 3).
  CHECK_THROWS_AS(read_xcsp_text(head + "2147483649\">0..2147483648" + tail), Unsupported);
  CHECK_THROWS_AS(read_xcsp_text(head + "20000001\">0..19999999 30000000" + tail), Unsupported);
}
