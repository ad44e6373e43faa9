// XCSP3 reader on small documents written in the test: details of references, templates,
// slides and tables, a large streamed group, and the errors each construct can raise.
#include <algorithm>
#include <cstdlib>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/model.hpp"
#include "tests/parsers/xcsp3/xcsp3_test_util.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using arcwave::test::read_xcsp3_text;

namespace {

std::string doc(const std::string& variables, const std::string& constraints,
                const std::string& type = "CSP") {
  return "<instance format=\"XCSP3\" type=\"" + type + "\">\n<variables>\n" + variables +
         "\n</variables>\n<constraints>\n" + constraints + "\n</constraints>\n</instance>\n";
}

// The message of the InputError that reading `text` raises ("" if none).
std::string input_error(const std::string& text) {
  try {
    (void)read_xcsp3_text(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string unsupported(const std::string& text) {
  try {
    (void)read_xcsp3_text(text);
  } catch (const Unsupported& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("compact forms select boxes of multi-dimensional arrays", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_text(
      doc("<array id=\"x\" size=\"[2][3][2]\"> 0..9 </array>",
          "<allDifferent> x[1][0..1][] </allDifferent>\n<allDifferent> x[][2][1] </allDifferent>"));
  const Model& m = inst.model;
  REQUIRE(m.constraints().size() == 2);
  // Flat index i*6 + j*2 + k.
  CHECK(std::get<AllDifferentConstraint>(m.constraints()[0]).scope == std::vector<int>{6, 7, 8, 9});
  CHECK(std::get<AllDifferentConstraint>(m.constraints()[1]).scope == std::vector<int>{5, 11});
  CHECK(m.variables()[11].name == "x[1][2][1]");
}

TEST_CASE("an expression naming one variable twice gets one slot", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_text(doc("<array id=\"x\" size=\"[3]\"> 0..9 </array>",
                                                "<intension> lt(x[1],add(x[01],x[2])) "
                                                "</intension>"));
  const auto& c = std::get<IntensionConstraint>(inst.model.constraints()[0]);
  CHECK(c.scope == std::vector<int>{1, 2});
  CHECK(c.expr->satisfied(std::vector<Value>{3, 1}));
  CHECK_FALSE(c.expr->satisfied(std::vector<Value>{3, 0}));
}

TEST_CASE("a group of 100000 args streams into shared tables", "[xcsp3]") {
  std::string args;
  const int n = 100000;
  for (int i = 0; i < n; ++i)
    args += "<args> x[" + std::to_string(i % 500) + "] x[" + std::to_string((i * 7 + 1) % 500) +
            "] </args>\n";
  const XcspInstance inst = read_xcsp3_text(
      doc("<array id=\"x\" size=\"[500]\"> 0..3 </array>",
          "<group><extension><list> %0 %1 </list><conflicts> (0,0)(1,1)(2,2)(3,3) </conflicts>"
          "</extension>\n" +
              args + "</group>"));
  const Model& m = inst.model;
  REQUIRE(m.constraints().size() == static_cast<std::size_t>(n));
  CHECK(inst.tuples == 4);  // the table is read once
  const auto& first = std::get<ExtensionConstraint>(m.constraints().front());
  const auto& last = std::get<ExtensionConstraint>(m.constraints().back());
  CHECK(first.table == last.table);
  CHECK(last.scope == std::vector<int>{(n - 1) % 500, ((n - 1) * 7 + 1) % 500});
}

TEST_CASE("templates: sum and element with parameters in conditions and lists", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_text(
      doc("<array id=\"x\" size=\"[4]\"> 0..5 </array><var id=\"i\"> 0..3 </var>",
          "<group><sum><list> %... </list><coeffs> 2x2 </coeffs><condition> (eq,%0) </condition>"
          "</sum><args> 4 x[0] x[1] </args><args> x[3] x[1] x[2] </args></group>\n"
          "<group><element><list> %... </list><index> %0 </index><value> 2 </value></element>"
          "<args> i x[] </args></group>"));
  const Model& m = inst.model;
  REQUIRE(m.constraints().size() == 3);
  const auto& s2 = std::get<SumConstraint>(m.constraints()[1]);
  CHECK(s2.scope == std::vector<int>{1, 2});
  CHECK(s2.coeffs == std::vector<Value>{2, 2});
  CHECK(s2.condition.kind == Condition::Kind::kVariable);
  CHECK(s2.condition.value == 3);
  const auto& e = std::get<ElementConstraint>(m.constraints()[2]);
  CHECK(e.index == 4);
  CHECK(e.list.size() == 4);
  // x[0] + x[1] = 2, 2 (x[1] + x[2]) = x[3], x[i] = 2; the variables are x[0..3], i.
  CHECK(m.check(std::vector<Value>{1, 1, 0, 2, 3}));
  CHECK(m.check(std::vector<Value>{2, 0, 1, 2, 0}));
  CHECK(m.first_violation(std::vector<Value>{1, 1, 0, 2, 2}) == std::optional<std::size_t>(2));
  CHECK(m.first_violation(std::vector<Value>{1, 1, 1, 2, 3}) == std::optional<std::size_t>(1));
  CHECK(m.first_violation(std::vector<Value>{0, 1, 0, 2, 3}) == std::optional<std::size_t>(0));
}

TEST_CASE("slide over an offset that does not divide the list", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_text(
      doc("<array id=\"x\" size=\"[7]\"> 0..9 </array>",
          "<slide><list offset=\"3\"> x[] </list><intension> ne(%0,%1) </intension></slide>"));
  // Windows start at 0 and 3 (6 + 2 > 7).
  REQUIRE(inst.model.constraints().size() == 2);
  CHECK(std::get<IntensionConstraint>(inst.model.constraints()[1]).scope == std::vector<int>{3, 4});
}

TEST_CASE("extension over %... takes its arity from the tuples", "[xcsp3]") {
  const XcspInstance inst = read_xcsp3_text(
      doc("<array id=\"x\" size=\"[4]\"> 0..3 </array>",
          "<group><extension><list> %... </list><supports> (0,1,2)(1,2,3) </supports>"
          "</extension><args> x[0..2] </args><args> x[1..3] </args></group>"));
  REQUIRE(inst.model.constraints().size() == 2);
  CHECK(inst.model.check(std::vector<Value>{0, 1, 2, 3}));
  CHECK_FALSE(inst.model.check(std::vector<Value>{0, 1, 2, 2}));
}

TEST_CASE("errors name the exact position", "[xcsp3]") {
  const std::string vars = "<array id=\"x\" size=\"[3]\"> 0..3 </array>";
  // Line 6 is the first constraint line of doc().
  CHECK(input_error(doc(vars, "<allDifferent> x[0] x[1] x[3] </allDifferent>")) ==
        "doc.xml:6:28: index '3' out of range 0..2 in 'x[3]'");
  CHECK(input_error(doc(vars, "<allDifferent> x[0] x x[1] </allDifferent>")) ==
        "doc.xml:6:21: 'x' is an array: name cells like x[0] or all of it with x[]");
  CHECK(input_error(doc(vars, "<allDifferent> x[0][1] </allDifferent>")) ==
        "doc.xml:6:20: 'x[0][1]' has more indices than the array's 1 dimension(s)");
  CHECK(input_error(doc(vars, "<sum><list> x[] </list><condition> (in,5) </condition></sum>")) ==
        "doc.xml:6:40: the operator 'in' needs a range or a set");
  CHECK(input_error(doc(vars, "<sum><list> x[] </list><condition> (le,3 </condition></sum>")) ==
        "doc.xml:6:42: expected ')' to close the condition");
  CHECK(input_error(doc(vars,
                        "<sum><list> x[] </list><coeffs> 1 2 </coeffs>"
                        "<condition> (le,3) </condition></sum>")) ==
        "doc.xml:6:24: 2 coefficients for 3 variables");
  CHECK(input_error(doc(vars,
                        "<extension><list> x[0] x[1] </list><supports> (0,1)(2,x) "
                        "</supports></extension>")) ==
        "doc.xml:6:55: expected an integer or '*' in a tuple");
  CHECK(input_error(doc(vars, "<extension><list> x[] </list></extension>")) ==
        "doc.xml:6:1: <extension> needs exactly one of <supports>, <conflicts>");
  CHECK(input_error(doc(vars, "<group><intension> ne(%0,%1) </intension></group>")) == "");
  CHECK(input_error(doc(vars, "<group><args> x[0] </args></group>")) ==
        "doc.xml:6:8: <args> before the group's constraint template");
  CHECK(input_error(doc(vars,
                        "<element><list> x[] </list><index> 2 </index><value> 1 </value>"
                        "</element>")) == "doc.xml:6:28: <index> must hold one variable");
  CHECK(input_error(doc(vars,
                        "<slide><list> x[] </list><intension> ne(%0,%1,%2) </intension>"
                        "</slide>"))
            .empty());
  CHECK(input_error(doc(vars,
                        "<slide><list collect=\"2\"> x[] </list><intension> ne(%0,%1,%2) "
                        "</intension></slide>")) ==
        "doc.xml:6:1: the slide collects 2 variable(s) per step but its template has 3 "
        "parameter(s)");
  CHECK(input_error("<instance format=\"XCSP3\" type=\"CSP\"><variables><var id=\"x\"> 0 "
                    "</var><var id=\"x\" as=\"x\"/></variables></instance>") ==
        "doc.xml:1:69: duplicate id 'x' (first declared at 1:48)");
  CHECK(input_error(doc("<var id=\"y\" as=\"z\"/>", "")) ==
        "doc.xml:3:1: 'as' names 'z', which is not a variable");
  CHECK(input_error(doc("<array id=\"y\" size=\"[2]\"><domain for=\"y[0] z[1]\"> 1 </domain>"
                        "</array>",
                        "")) ==
        "doc.xml:3:26: <domain for=...> names 'z[1]', not a cell of array 'y'");
  CHECK(input_error(doc("<array id=\"y\" size=\"[2]\"><domain for=\"y[]\"> 1 </domain><domain "
                        "for=\"y[1]\"> 2 </domain></array>",
                        "")) == "doc.xml:3:56: cell y[1] is given a domain twice");
  CHECK(input_error(doc("<var id=\"y\"> 1 </var>",
                        "<instantiation><list> y </list><values> 1 2 "
                        "</values></instantiation>")) == "doc.xml:6:32: 2 values for 1 variables");
}

TEST_CASE("unsupported features are named, never dropped", "[xcsp3]") {
  const std::string vars = "<array id=\"x\" size=\"[3]\"> 0..3 </array>";
  CHECK(unsupported(doc(vars,
                        "<allDistant><list> x[] </list><condition> (ge,2) </condition>"
                        "</allDistant>")) == "unsupported: constraint <allDistant> at doc.xml:6:1");
  CHECK(unsupported(doc(vars + "<var id=\"b\"> 0 1 </var>",
                        "<sum reifiedBy=\"b\"><list> x[] </list><condition> (le,3) "
                        "</condition></sum>")) ==
        "unsupported: attribute reifiedBy=\"b\" of <sum> at doc.xml:6:1");
  CHECK(unsupported(doc(vars,
                        "<cumulative><origins> x[] </origins><lengths> 1 1 1 </lengths>"
                        "<heights> 1 1 1 </heights><machines> x[] </machines><conditions> "
                        "(le,1) </conditions></cumulative>")) ==
        "unsupported: <machines> in <cumulative> at doc.xml:6:89");
  CHECK(unsupported(doc(vars,
                        "<extension><list> x[0] add(x[1],1) </list><supports> (0,1) "
                        "</supports></extension>")) ==
        "unsupported: expression 'add(x[1],1)' in a list at doc.xml:6:24");
  CHECK(unsupported(doc(vars,
                        "<extension><list> x[] </list><supports> (0,1,2) </supports>"
                        "</extension>",
                        "WCSP")) ==
        "unsupported: instance type \"WCSP\" (only CSP and COP) at "
        "doc.xml:1:1");
  CHECK(unsupported(doc("<array id=\"y\" size=\"[2]\" startIndex=\"1\"> 0 1 </array>", "")) ==
        "unsupported: array startIndex=\"1\" at doc.xml:3:1");
  CHECK(unsupported("<instance format=\"XCSP3\" type=\"COP\"><variables><var id=\"y\"> 0 1 "
                    "</var></variables><objectives><minimize> y </minimize><maximize> y "
                    "</maximize></objectives></instance>") ==
        "unsupported: several objectives at doc.xml:1:119");
}

TEST_CASE("a few bytes cannot make the reader allocate without bound", "[xcsp3]") {
  const auto resource_error = [](const std::string& text) -> std::string {
    try {
      (void)read_xcsp3_text(text);
    } catch (const ResourceError& e) {
      CHECK(e.exit_code() == 4);
      return e.what();
    }
    return "";
  };
  CHECK(resource_error(doc("<array id=\"y\" size=\"[5000][5000]\"> 0 1 </array>", "")) ==
        "doc.xml:3:1: array size '[5000][5000]' has more than 4194304 cells");
  CHECK(resource_error(doc("<array id=\"y\" size=\"[3][3]\"> 0 1 </array><array id=\"z\" "
                           "size=\"[2048][2048]\"> 0 1 </array>",
                           "")) ==
        "doc.xml:3:42: more than 4194304 variables and array cells in all");
  CHECK(resource_error(doc("<array id=\"y\" size=\"[2]\"> 0 1 </array>",
                           "<sum><list> y[] </list><coeffs> 1x999999999 </coeffs><condition> "
                           "(le,3) </condition></sum>")) ==
        "doc.xml:6:33: a list of more than 16777216 entries");
  // A long list within the limits is read.
  CHECK(resource_error(doc("<array id=\"y\" size=\"[2]\"> 0 1 </array>",
                           "<sum><list> y[] </list><coeffs> 1x2 </coeffs><condition> "
                           "(le,3) </condition></sum>")) == "");
}

TEST_CASE("domains of more than 2^24 values are read as intervals, up to 2^31 values", "[xcsp3]") {
  // One range past 2^24 values: a large domain, its bounds only (no value is stored).
  const XcspInstance big =
      read_xcsp3_text(doc("<var id=\"y\"> 0..2147483647 </var><array id=\"z\" size=\"[2]\"> "
                          "-1073741824..1073741823 </array><var id=\"h\"> 100000000 "
                          "0..99999999 </var><var id=\"s\"> 0..16777215 </var>",
                          "<intension> le(add(y,z[0]),h) </intension>"));
  const auto& vars = big.model.variables();
  REQUIRE(vars.size() == 5);
  CHECK(vars[0].domain.large());
  CHECK(vars[0].domain.size() == (std::size_t{1} << 31));
  CHECK(vars[0].domain.front() == 0);
  CHECK(vars[0].domain.back() == 2147483647);
  CHECK(vars[0].domain[12345678] == 12345678);
  CHECK(vars[1].domain.large());
  CHECK(vars[1].domain.size() == (std::size_t{1} << 31));
  CHECK(vars[1].domain.index_of(-1073741824) == 0);
  CHECK(vars[1].domain.index_of(1073741824) == -1);
  CHECK(vars[3].domain.large());  // 0..99999999 and 100000000 merge into one range
  CHECK(vars[3].domain.size() == 100000001);
  CHECK(!vars[4].domain.large());  // exactly 2^24 values: enumerated as before
  CHECK(vars[4].domain.size() == (std::size_t{1} << 24));
  // Past 2^31 values, or past 2^24 with holes: refused (exit code 3), naming the position.
  CHECK(unsupported(doc("<var id=\"y\"> 0..4000000000 </var>", "")) ==
        "unsupported: the domain of 'y' has more than 2^31 values at doc.xml:3:14");
  CHECK(unsupported(doc("<var id=\"y\"> 0..2147483648 </var>", "")) ==
        "unsupported: the domain of 'y' has more than 2^31 values at doc.xml:3:14");
  CHECK(unsupported(doc("<var id=\"y\"> 0..20000000 20000002 </var>", "")) ==
        "unsupported: the domain of 'y' has more than 16777216 values and holes (a large "
        "domain must be one range) at doc.xml:3:14");
  // Malformed large ranges stay errors at their position (exit code 2).
  CHECK(input_error(doc("<var id=\"y\"> 0..21474836470000000000 </var>", "")) != "");
  CHECK(input_error(doc("<var id=\"y\"> 2147483647..0 </var>", "")) ==
        "doc.xml:3:14: reversed range '2147483647..0' (empty)");
  // An expression over large domains gets a large auxiliary variable.
  const XcspInstance aux = read_xcsp3_text(
      doc("<array id=\"x\" size=\"[2]\"> 0..100000000 </array>",
          "<sum><list> add(x[0],x[1]) x[1] </list><condition> (le,7) </condition></sum>"));
  CHECK(aux.model.variables().back().domain.large());
  CHECK(aux.model.variables().back().domain.back() == 200000000);
}

TEST_CASE("table cells: 32-bit values, wider 64-bit ones unsupported, wider still an error",
          "[xcsp3]") {
  const auto table_doc = [](const std::string& tuples) {
    return doc("<array id=\"x\" size=\"[2]\"> 0..3 </array>",
               "<extension><list> x[] </list><supports> " + tuples + " </supports></extension>");
  };
  const XcspInstance inst =
      read_xcsp3_text(table_doc("(2147483647,-2147483647)(0000000000000000000000000003,-0)"));
  const auto& c = std::get<ExtensionConstraint>(inst.model.constraints()[0]);
  CHECK(c.table->cells == std::vector<std::int32_t>{2147483647, -2147483647, 3, 0});
  // Column 44 is the value after "(0," on line 6.
  for (const char* wide :
       {"2147483648", "-2147483648", "9223372036854775807", "-9223372036854775808", "+4294967296"})
    CHECK(unsupported(table_doc(std::string("(0,") + wide + ")")) ==
          "unsupported: table value beyond the 32-bit range of table cells at doc.xml:6:44");
  for (const char* wider : {"9223372036854775808", "-9223372036854775809", "99999999999999999999"})
    CHECK(input_error(table_doc(std::string("(0,") + wider + ")")) ==
          "doc.xml:6:44: table value out of the 64-bit range");
}

TEST_CASE("expressions in lists: one auxiliary variable each, exact or interval domains",
          "[xcsp3]") {
  // Small products of domains give the exact image; eq(x,y) twice is one variable.
  {
    const XcspInstance inst = read_xcsp3_text(
        doc("<var id=\"x\"> 0 3 7 </var><var id=\"y\"> 1 3 </var>",
            "<sum><list> mul(x,y) eq(x,y) mul(x,y) </list><condition> (le,30) </condition></sum>"));
    const Model& m = inst.model;
    REQUIRE(m.variable_count() == 4);  // x, y, mul(x,y), eq(x,y)
    CHECK(m.variables()[2].domain == std::vector<Value>{0, 3, 7, 9, 21});
    CHECK(m.variables()[3].domain == std::vector<Value>{0, 1});
    CHECK(m.declarations().size() == 2);  // the auxiliary variables are not printed
    const auto& sum = std::get<SumConstraint>(m.constraints().back());
    CHECK(sum.scope == std::vector<int>{2, 3, 2});
    // aux = expr holds exactly on the tuples where aux is the expression's value.
    const auto& def = std::get<IntensionConstraint>(m.constraints()[0]);
    CHECK(def.scope == std::vector<int>{2, 0, 1});
    CHECK(def.expr->satisfied(std::vector<Value>{21, 7, 3}));
    CHECK(!def.expr->satisfied(std::vector<Value>{7, 7, 3}));
  }
  // Past 10^6 tuples the domain is the interval of interval arithmetic: it holds the exact
  // image (computed here by brute force) and, for these operators, has its bounds.
  const std::string vars = "<var id=\"x\"> -1000..999 </var><var id=\"y\"> -3..1996 </var>";
  struct Case {
    std::string expr;
    std::function<std::optional<Value>(Value, Value)> f;
    bool tight;  // the interval's bounds are the image's bounds
  };
  const std::vector<Case> cases = {
      {"add(x,y)", [](Value x, Value y) { return std::optional<Value>(x + y); }, true},
      {"sub(x,mul(2,y))", [](Value x, Value y) { return std::optional<Value>(x - 2 * y); }, true},
      {"mul(x,y)", [](Value x, Value y) { return std::optional<Value>(x * y); }, true},
      {"dist(x,y)", [](Value x, Value y) { return std::optional<Value>(std::abs(x - y)); }, true},
      {"max(x,neg(y))", [](Value x, Value y) { return std::optional<Value>(std::max(x, -y)); },
       true},
      {"div(x,y)",
       [](Value x, Value y) { return y == 0 ? std::nullopt : std::optional<Value>(x / y); }, true},
      {"mod(x,y)",
       [](Value x, Value y) { return y == 0 ? std::nullopt : std::optional<Value>(x % y); }, false},
      {"if(lt(x,y),x,sqr(y))",
       [](Value x, Value y) { return std::optional<Value>(x < y ? x : y * y); }, false},
  };
  for (const Case& c : cases) {
    INFO(c.expr);
    const XcspInstance inst = read_xcsp3_text(
        doc(vars, "<sum><list> x " + c.expr + " </list><condition> (ge,0) </condition></sum>"));
    REQUIRE(inst.model.variable_count() == 3);
    const Domain& d = inst.model.variables()[2].domain;
    Value lo = std::numeric_limits<Value>::max(), hi = std::numeric_limits<Value>::min();
    std::size_t outside = 0;
    for (Value x = -1000; x <= 999; ++x)
      for (Value y = -3; y <= 1996; ++y)
        if (const std::optional<Value> v = c.f(x, y)) {
          lo = std::min(lo, *v);
          hi = std::max(hi, *v);
          outside += std::binary_search(d.begin(), d.end(), *v) ? 0 : 1;
        }
    CHECK(outside == 0);
    CHECK(d.back() - d.front() + 1 == static_cast<Value>(d.size()));  // an interval
    if (c.tight) {
      CHECK(d.front() == lo);
      CHECK(d.back() == hi);
    }
  }
  CHECK(unsupported(doc(vars,
                        "<sum><list> mul(x,y,y) </list><condition> (ge,0) </condition>"
                        "</sum>")) ==
        "unsupported: expression 'mul(x,y,y)' whose values span -3984016000..3980031984 (more "
        "than 2^31 values) at doc.xml:6:13");
}
