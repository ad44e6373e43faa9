// Every XCSP3-core form the reader reads, written small: the solutions arcwave finds are exactly
// those a brute force over the declared variables accepts with the form's meaning written out in
// the test (from the XCSP3 specification, independently of the reader and of the checker); the
// optimum of each objective type equals the brute-force optimum.
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "arcwave/solver.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "tests/parsers/xcsp3/xcsp3_solutions.hpp"
#include "tests/parsers/xcsp3/xcsp3_test_util.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using arcwave::test::read_xcsp3_text;

namespace {

std::string doc(const std::string& variables, const std::string& constraints,
                const std::string& objectives = "") {
  return std::string("<instance format=\"XCSP3\" type=\"") + (objectives.empty() ? "CSP" : "COP") +
         "\">\n<variables>\n" + variables + "\n</variables>\n<constraints>\n" + constraints +
         "\n</constraints>\n" +
         (objectives.empty() ? "" : "<objectives>\n" + objectives + "\n</objectives>\n") +
         "</instance>\n";
}

// A full assignment of the declared variables, read by name.
class Assignment {
 public:
  Assignment(const Model& m, const std::map<std::string, Value>& values) : m_(m), values_(values) {}
  Value operator()(const std::string& name) const { return values_.at(name); }
  Value operator()(const std::string& array, int i) const {
    return values_.at(array + "[" + std::to_string(i) + "]");
  }
  Value operator()(const std::string& array, int i, int j) const {
    return values_.at(array + "[" + std::to_string(i) + "][" + std::to_string(j) + "]");
  }
  /// The value of a symbol.
  Value sym(const std::string& s) const {
    const auto& all = m_.symbols();
    return static_cast<Value>(std::find(all.begin(), all.end(), s) - all.begin());
  }

 private:
  const Model& m_;
  const std::map<std::string, Value>& values_;
};

using Predicate = std::function<bool(const Assignment&)>;

std::vector<int> declared(const Model& m) {
  std::vector<int> vars;
  for (const Declaration& d : m.declarations()) {
    if (!d.is_array)
      vars.push_back(d.index);
    else
      for (int c : m.arrays()[static_cast<std::size_t>(d.index)].cells)
        if (c >= 0) vars.push_back(c);
  }
  return vars;
}

// Calls f(assignment, values) on every assignment of the declared variables.
void enumerate(const Model& m,
               const std::function<void(const Assignment&, const std::vector<Value>&)>& f) {
  const std::vector<int> vars = declared(m);
  std::vector<std::size_t> at(vars.size(), 0);
  std::vector<Value> full(m.variable_count(), 0);
  std::map<std::string, Value> named;
  for (;;) {
    for (std::size_t i = 0; i < vars.size(); ++i) {
      const Variable& v = m.variables()[static_cast<std::size_t>(vars[i])];
      full[static_cast<std::size_t>(vars[i])] = v.domain[at[i]];
      named[v.name] = v.domain[at[i]];
    }
    f(Assignment(m, named), full);
    std::size_t i = vars.size();
    bool carry = true;
    while (carry && i > 0) {
      --i;
      if (++at[i] < m.variables()[static_cast<std::size_t>(vars[i])].domain.size())
        carry = false;
      else
        at[i] = 0;
    }
    if (carry) return;
  }
}

std::set<test::SolutionWords> brute_force(const Model& m, const Predicate& accepts) {
  std::set<test::SolutionWords> sols;
  enumerate(m, [&](const Assignment& a, const std::vector<Value>& full) {
    if (accepts(a)) sols.insert(test::solution_words(m, full));
  });
  return sols;
}

// The solver's solutions equal the brute force's; returns how many there are.
std::size_t check_form(const std::string& text, const Predicate& accepts) {
  const XcspInstance inst = read_xcsp3_text(text);
  const test::AllSolutions got = test::all_solutions(inst.model);
  const std::set<test::SolutionWords> expected = brute_force(inst.model, accepts);
  CHECK(got.complete);
  CHECK(got.found == got.distinct.size());
  CHECK(got.distinct == expected);
  return expected.size();
}

// The solver's optimum equals the brute-force optimum of `objective` over the accepted
// assignments.
void check_optimum(const std::string& text, const Predicate& accepts,
                   const std::function<Value(const Assignment&)>& objective, bool minimize) {
  INFO(text);
  const XcspInstance inst = read_xcsp3_text(text);
  std::optional<Value> best;
  enumerate(inst.model, [&](const Assignment& a, const std::vector<Value>&) {
    if (!accepts(a)) return;
    const Value v = objective(a);
    if (!best || (minimize ? v < *best : v > *best)) best = v;
  });
  REQUIRE(best.has_value());
  SolverOptions options;
  options.backend = SolverBackend::kCpu;
  Solver solver(inst.model, options);
  const SolveResult r = solver.solve();
  REQUIRE(r.status == SolveStatus::kOptimum);
  REQUIRE(r.best.has_value());
  // The objective's own value at the solver's optimum, recomputed from the declared variables.
  std::map<std::string, Value> named;
  for (int v : declared(inst.model))
    named[inst.model.variables()[static_cast<std::size_t>(v)].name] =
        r.best->values[static_cast<std::size_t>(v)];
  CHECK(objective(Assignment(inst.model, named)) == *best);
}

const std::string kX3 = "<array id=\"x\" size=\"[3]\"> 0..2 </array>";
const std::string kX4 = "<array id=\"x\" size=\"[4]\"> 0..3 </array>";

}  // namespace

TEST_CASE("regular and mdd: integer and symbolic labels, templates", "[xcsp3][globals]") {
  // Words over {0,1} with no two 1s in a row and ending in 0.
  CHECK(check_form(doc(kX4,
                       "<regular><list> x[] </list><transitions> (a,0,a)(a,1,b)(b,0,a) "
                       "</transitions><start> a </start><final> a </final></regular>"),
                   [](const Assignment& a) {
                     for (int i = 0; i < 4; ++i)
                       if (a("x", i) > 1) return false;
                     for (int i = 0; i + 1 < 4; ++i)
                       if (a("x", i) == 1 && a("x", i + 1) == 1) return false;
                     return a("x", 3) == 0;
                   }) == 5);
  // Symbolic labels over symbolic variables: an `r` is never followed by a `g`.
  check_form(doc("<array id=\"c\" type=\"symbolic\" size=\"[3]\"> r g b </array>",
                 "<regular><list> c[] </list><transitions> (p,r,q)(p,g,p)(p,b,p)(q,r,q)(q,b,p) "
                 "</transitions><start> p </start><final> p q </final></regular>"),
             [](const Assignment& a) {
               for (int i = 0; i + 1 < 3; ++i)
                 if (a("c", i) == a.sym("r") && a("c", i + 1) == a.sym("g")) return false;
               return true;
             });
  // An MDD (root: the node nothing enters; terminal: the node nothing leaves) as a group
  // template over two rows: each row is (0,1,x) or (2,y,y).
  check_form(doc("<array id=\"m\" size=\"[2][3]\"> 0..2 </array>",
                 "<group><mdd><list> %... </list><transitions> (r,0,u)(r,2,v)(u,1,w)(w,0,t)(w,1,t)"
                 "(w,2,t)(v,0,v0)(v,1,v1)(v,2,v2)(v0,0,t)(v1,1,t)(v2,2,t) </transitions></mdd>"
                 "<args> m[0][] </args><args> m[1][] </args></group>"),
             [](const Assignment& a) {
               for (int r = 0; r < 2; ++r) {
                 const bool first = a("m", r, 0) == 0 && a("m", r, 1) == 1;
                 const bool second = a("m", r, 0) == 2 && a("m", r, 1) == a("m", r, 2);
                 if (!first && !second) return false;
               }
               return true;
             });
}

TEST_CASE("comparison: allDifferent, allEqual, ordered, lex, precedence", "[xcsp3][globals]") {
  check_form(doc(kX4, "<allDifferent><list> x[] </list><except> 0 </except></allDifferent>"),
             [](const Assignment& a) {
               for (int i = 0; i < 4; ++i)
                 for (int j = i + 1; j < 4; ++j)
                   if (a("x", i) != 0 && a("x", i) == a("x", j)) return false;
               return true;
             });
  // Several lists: the pairs (x0,x1), (x2,x3) and (y0,y1) differ, except (0,0) may repeat.
  check_form(doc(kX4 + "<array id=\"y\" size=\"[2]\"> 0 1 </array>",
                 "<allDifferent><list> x[0] x[1] </list><list> x[2] x[3] </list><list> y[] "
                 "</list><except> (0,0) </except></allDifferent>"
                 "<intension> le(add(x[0],x[1],x[2],x[3]),2) </intension>"),
             [](const Assignment& a) {
               if (a("x", 0) + a("x", 1) + a("x", 2) + a("x", 3) > 2) return false;
               std::vector<std::pair<Value, Value>> t{
                   {a("x", 0), a("x", 1)}, {a("x", 2), a("x", 3)}, {a("y", 0), a("y", 1)}};
               for (std::size_t i = 0; i < 3; ++i)
                 for (std::size_t j = i + 1; j < 3; ++j)
                   if (t[i] == t[j] && t[i] != std::pair<Value, Value>{0, 0}) return false;
               return true;
             });
  // A matrix with an exception value: rows and columns distinct apart from 0.
  check_form(doc("<array id=\"m\" size=\"[2][3]\"> 0..2 </array>",
                 "<allDifferent><matrix> m[][] </matrix><except> 0 </except></allDifferent>"),
             [](const Assignment& a) {
               auto distinct = [](std::vector<Value> v) {
                 std::vector<Value> nz;
                 for (Value x : v)
                   if (x != 0) nz.push_back(x);
                 std::sort(nz.begin(), nz.end());
                 return std::adjacent_find(nz.begin(), nz.end()) == nz.end();
               };
               for (int r = 0; r < 2; ++r)
                 if (!distinct({a("m", r, 0), a("m", r, 1), a("m", r, 2)})) return false;
               for (int c = 0; c < 3; ++c)
                 if (!distinct({a("m", 0, c), a("m", 1, c)})) return false;
               return true;
             });
  check_form(doc(kX3 + "<array id=\"y\" size=\"[3]\"> 0..2 </array>",
                 "<allEqual> x[0] y[0] </allEqual><allEqual><list> x[1] x[2] </list><list> y[1] "
                 "y[2] </list></allEqual>"),
             [](const Assignment& a) {
               return a("x", 0) == a("y", 0) && a("x", 1) == a("y", 1) && a("x", 2) == a("y", 2);
             });
  // ordered with variable lengths: x0 + l0 > x1 > ... (decreasing).
  check_form(doc(kX3 + "<array id=\"l\" size=\"[2]\"> 0 1 </array>",
                 "<ordered><list> x[] </list><lengths> l[] </lengths><operator> gt </operator>"
                 "</ordered>"),
             [](const Assignment& a) {
               return a("x", 0) + a("l", 0) > a("x", 1) && a("x", 1) + a("l", 1) > a("x", 2);
             });
  // lex over three lists (ge), one of them constants.
  check_form(doc(kX4,
                 "<lex><list> x[0] x[1] </list><list> x[2] x[3] </list><list> 1 2 </list>"
                 "<operator> ge </operator></lex>"),
             [](const Assignment& a) {
               const std::pair<Value, Value> p{a("x", 0), a("x", 1)}, q{a("x", 2), a("x", 3)};
               return p >= q && q >= std::pair<Value, Value>{1, 2};
             });
  // lex on a matrix: rows strictly increasing and columns strictly increasing.
  check_form(doc("<array id=\"m\" size=\"[2][2]\"> 0..2 </array>",
                 "<lex><matrix> (m[0][0],m[0][1])(m[1][0],m[1][1]) </matrix><operator> lt "
                 "</operator></lex>"),
             [](const Assignment& a) {
               using P = std::pair<Value, Value>;
               return P{a("m", 0, 0), a("m", 0, 1)} < P{a("m", 1, 0), a("m", 1, 1)} &&
                      P{a("m", 0, 0), a("m", 1, 0)} < P{a("m", 0, 1), a("m", 1, 1)};
             });
  // precedence without <values>: the values 0,1,2 appear first in that order; with covered,
  // every listed value appears.
  auto first = [](const Assignment& a, Value v, int n) {
    for (int i = 0; i < n; ++i)
      if (a("x", i) == v) return i;
    return n;
  };
  check_form(doc(kX4, "<precedence><list> x[] </list></precedence>"), [&](const Assignment& a) {
    for (Value v = 1; v <= 3; ++v)
      if (first(a, v, 4) < 4 && first(a, v - 1, 4) >= first(a, v, 4)) return false;
    return true;
  });
  check_form(
      doc(kX4,
          "<precedence><list> x[] </list><values covered=\"true\"> 2 1 </values>"
          "</precedence>"),
      [&](const Assignment& a) { return first(a, 2, 4) < first(a, 1, 4) && first(a, 1, 4) < 4; });
}

TEST_CASE("counting: sum, count, nValues, cardinality, knapsack, flow, clause",
          "[xcsp3][globals]") {
  // Variable coefficients and a condition on a variable.
  check_form(doc(kX3 + "<var id=\"s\"> 0..4 </var>",
                 "<sum><list> x[0] x[1] </list><coeffs> x[2] 2 </coeffs><condition> (eq,s) "
                 "</condition></sum>"),
             [](const Assignment& a) { return a("x", 0) * a("x", 2) + 2 * a("x", 1) == a("s"); });
  // Expressions in the list, a set and a range condition.
  check_form(doc(kX3,
                 "<sum><list> eq(x[0],1) dist(x[1],x[2]) </list><condition> (in,{1,3}) "
                 "</condition></sum><sum><list> x[] </list><coeffs> 1 -1 1 </coeffs>"
                 "<condition> (notin,1..2) </condition></sum>"),
             [](const Assignment& a) {
               const Value s = (a("x", 0) == 1 ? 1 : 0) + std::abs(a("x", 1) - a("x", 2));
               const Value t = a("x", 0) - a("x", 1) + a("x", 2);
               return (s == 1 || s == 3) && (t < 1 || t > 2);
             });
  // count with variable values, expressions in the list, and a condition ne on a variable.
  check_form(doc(kX3 + "<var id=\"v\"> 1 2 </var><var id=\"k\"> 0..3 </var>",
                 "<count><list> x[0] x[1] add(x[2],1) </list><values> v 0 </values><condition> "
                 "(ne,k) </condition></count>"),
             [](const Assignment& a) {
               int n = 0;
               for (Value t : {a("x", 0), a("x", 1), a("x", 2) + 1})
                 n += t == a("v") || t == 0 ? 1 : 0;
               return n != a("k");
             });
  check_form(doc(kX4 + "<var id=\"k\"> 0..4 </var>",
                 "<nValues><list> x[] </list><except> 0 </except><condition> (gt,k) "
                 "</condition></nValues>"),
             [](const Assignment& a) {
               std::set<Value> seen;
               for (int i = 0; i < 4; ++i)
                 if (a("x", i) != 0) seen.insert(a("x", i));
               return static_cast<Value>(seen.size()) > a("k");
             });
  // cardinality: closed, a variable value, occurrences as an integer, a variable and a range.
  check_form(doc(kX4 + "<var id=\"v\"> 2 3 </var><var id=\"o\"> 0..2 </var>",
                 "<cardinality><list> x[] </list><values closed=\"true\"> 0 1 v </values>"
                 "<occurs> 1 o 1..2 </occurs></cardinality>"),
             [](const Assignment& a) {
               int n0 = 0, n1 = 0, nv = 0;
               for (int i = 0; i < 4; ++i) {
                 const Value x = a("x", i);
                 if (x != 0 && x != 1 && x != a("v")) return false;
                 n0 += x == 0;
                 n1 += x == 1;
                 nv += x == a("v");
               }
               return n0 == 1 && n1 == a("o") && nv >= 1 && nv <= 2;
             });
  // knapsack with a <limit> and with two conditions: both weight and profit sums.
  for (const std::string& weight :
       {std::string("<limit> 4 </limit>"), std::string("<condition> (le,4) </condition>")}) {
    check_form(doc(kX3, "<knapsack><list> x[] </list><weights> 1 2 3 </weights>" + weight +
                            "<profits> 3 1 2 </profits><condition> (ge,4) </condition>"
                            "</knapsack>"),
               [](const Assignment& a) {
                 return a("x", 0) + 2 * a("x", 1) + 3 * a("x", 2) <= 4 &&
                        3 * a("x", 0) + a("x", 1) + 2 * a("x", 2) >= 4;
               });
  }
  // flow on arcs 1->2, 2->3, 1->3, 3->1 with supply 2 at node 1 and demand 2 at node 3, cost
  // at most 5.
  check_form(doc("<array id=\"f\" size=\"[4]\"> 0..2 </array>",
                 "<flow><list> f[] </list><balance> 2 0 -2 </balance><arcs> (1,2)(2,3)(1,3)(3,1) "
                 "</arcs><weights> 1 1 3 1 </weights><condition> (le,5) </condition></flow>"),
             [](const Assignment& a) {
               const Value f12 = a("f", 0), f23 = a("f", 1), f13 = a("f", 2), f31 = a("f", 3);
               return f12 + f13 - f31 == 2 && f23 - f12 == 0 && f31 - f13 - f23 == -2 &&
                      f12 + f23 + 3 * f13 + f31 <= 5;
             });
  // clause, plain and as a group template over literals given by <args>.
  check_form(doc("<array id=\"b\" size=\"[3]\"> 0 1 </array>",
                 "<clause><list> b[0] not(b[1]) </list></clause><group><clause> %... </clause>"
                 "<args> not(b[0]) b[2] </args><args> not(b[2]) not(b[1]) </args></group>"),
             [](const Assignment& a) {
               return (a("b", 0) == 1 || a("b", 1) == 0) && (a("b", 0) == 0 || a("b", 2) == 1) &&
                      (a("b", 2) == 0 || a("b", 1) == 0);
             });
}

TEST_CASE("connection: minimum, maximum, their args, element, channel", "[xcsp3][globals]") {
  // The older <index> form: the position of the first minimum, and its value.
  check_form(doc(kX3 + "<var id=\"i\"> 1..3 </var><var id=\"m\"> 0..2 </var>",
                 "<minimum><list startIndex=\"1\"> x[] </list><index rank=\"first\"> i </index>"
                 "<condition> (eq,m) </condition></minimum>"),
             [](const Assignment& a) {
               const Value lo = std::min({a("x", 0), a("x", 1), a("x", 2)});
               int firstpos = 0;
               while (a("x", firstpos) != lo) ++firstpos;
               return a("m") == lo && a("i") == firstpos + 1;
             });
  check_form(doc(kX3, "<maximum><list> x[] </list><condition> (in,1..1) </condition></maximum>"),
             [](const Assignment& a) {
               return std::max({a("x", 0), a("x", 1), a("x", 2)}) == 1;
             });
  check_form(doc(kX3 + "<var id=\"p\"> 0..3 </var>",
                 "<maximumArg rank=\"last\"><list> x[] </list><condition> (eq,p) </condition>"
                 "</maximumArg>"),
             [](const Assignment& a) {
               const Value hi = std::max({a("x", 0), a("x", 1), a("x", 2)});
               int last = 2;
               while (a("x", last) != hi) --last;
               return a("p") == last;
             });
  check_form(doc(kX3 + "<var id=\"p\"> 0..3 </var>",
                 "<minimumArg><list> x[] </list><condition> (eq,p) </condition></minimumArg>"),
             [](const Assignment& a) {
               const Value lo = std::min({a("x", 0), a("x", 1), a("x", 2)});
               return a("p") < 3 && a("x", static_cast<int>(a("p"))) == lo;
             });
  // element on a matrix of constants and variables, with start indices and a condition.
  check_form(doc(kX3 + "<var id=\"r\"> 1 2 </var><var id=\"c\"> 0..2 </var>",
                 "<element><matrix startRowIndex=\"1\"> (0,x[0],2)(x[1],1,x[2]) </matrix><index> "
                 "r c </index><condition> (ge,2) </condition></element>"),
             [](const Assignment& a) {
               const Value m[2][3] = {{0, a("x", 0), 2}, {a("x", 1), 1, a("x", 2)}};
               return m[a("r") - 1][a("c")] >= 2;
             });
  // element with rank first: i is the first position holding v.
  check_form(doc(kX3 + "<var id=\"i\"> 0..2 </var><var id=\"v\"> 1 2 </var>",
                 "<element><list> x[] </list><index rank=\"first\"> i </index><value> v </value>"
                 "</element>"),
             [](const Assignment& a) {
               int firstpos = 0;
               while (firstpos < 3 && a("x", firstpos) != a("v")) ++firstpos;
               return firstpos < 3 && a("i") == firstpos;
             });
  // Membership: some entry equals 2.
  check_form(
      doc(kX3, "<element><list> x[] </list><value> 2 </value></element>"),
      [](const Assignment& a) { return a("x", 0) == 2 || a("x", 1) == 2 || a("x", 2) == 2; });
  // channel of two lists of different lengths and start indices: x[i] = j => y[j] = i.
  check_form(doc("<array id=\"x\" size=\"[2]\"> 1..3 </array><array id=\"y\" size=\"[3]\"> 0..3 "
                 "</array>",
                 "<channel><list startIndex=\"1\"> x[] </list><list startIndex=\"1\"> y[] </list>"
                 "</channel>"),
             [](const Assignment& a) {
               for (int i = 0; i < 2; ++i)
                 if (a("y", static_cast<int>(a("x", i) - 1)) != i + 1) return false;
               return true;
             });
  // channel of 0/1 variables and a value: exactly x[v] = 1.
  check_form(doc("<array id=\"b\" size=\"[3]\"> 0 1 </array><var id=\"v\"> 0..3 </var>",
                 "<channel><list> b[] </list><value> v </value></channel>"),
             [](const Assignment& a) {
               for (int i = 0; i < 3; ++i)
                 if ((a("b", i) == 1) != (a("v") == i)) return false;
               return a("v") < 3;
             });
  check_form(doc(kX3, "<channel> x[] </channel>"), [](const Assignment& a) {
    for (int i = 0; i < 3; ++i)
      if (a("x", static_cast<int>(a("x", i))) != i) return false;
    return true;
  });
}

TEST_CASE("scheduling: stretch, noOverlap, cumulative, binPacking, circuit", "[xcsp3][globals]") {
  // Stretches of 1 last 1..2, of 2 exactly 2; 1 may follow 2 but not the converse.
  check_form(doc("<array id=\"x\" size=\"[5]\"> 1 2 </array>",
                 "<stretch><list> x[] </list><values> 1 2 </values><widths> 1..2 2 </widths>"
                 "<patterns> (2,1) </patterns></stretch>"),
             [](const Assignment& a) {
               std::vector<std::pair<Value, int>> runs;
               for (int i = 0; i < 5; ++i) {
                 if (!runs.empty() && runs.back().first == a("x", i))
                   ++runs.back().second;
                 else
                   runs.push_back({a("x", i), 1});
               }
               for (std::size_t r = 0; r < runs.size(); ++r) {
                 const auto [v, w] = runs[r];
                 if (v == 1 && (w < 1 || w > 2)) return false;
                 if (v == 2 && w != 2) return false;
                 if (r > 0 && !(runs[r - 1].first == 2 && v == 1)) return false;
               }
               return true;
             });
  // 1-D with variable lengths, zero lengths not ignored.
  check_form(doc("<array id=\"s\" size=\"[3]\"> 0..3 </array><array id=\"d\" size=\"[3]\"> 0..2 "
                 "</array>",
                 "<noOverlap zeroIgnored=\"false\"><origins> s[] </origins><lengths> d[] "
                 "</lengths></noOverlap>"),
             [](const Assignment& a) {
               for (int i = 0; i < 3; ++i)
                 for (int j = i + 1; j < 3; ++j)
                   if (!(a("s", i) + a("d", i) <= a("s", j) || a("s", j) + a("d", j) <= a("s", i)))
                     return false;
               return true;
             });
  // 3-D boxes.
  check_form(
      doc("<array id=\"o\" size=\"[2][3]\"> 0 1 </array>",
          "<noOverlap><origins> (o[0][0],o[0][1],o[0][2])(o[1][0],o[1][1],o[1][2]) "
          "</origins><lengths> (1,2,1)(1,1,2) </lengths></noOverlap>"),
      [](const Assignment& a) {
        const int l[2][3] = {{1, 2, 1}, {1, 1, 2}};
        for (int d = 0; d < 3; ++d)
          if (a("o", 0, d) + l[0][d] <= a("o", 1, d) || a("o", 1, d) + l[1][d] <= a("o", 0, d))
            return true;
        return false;
      });
  // cumulative with ends and a variable height: the load never exceeds 2.
  check_form(doc("<array id=\"s\" size=\"[3]\"> 0..2 </array><array id=\"e\" size=\"[3]\"> 0..4 "
                 "</array><var id=\"h\"> 1 2 </var>",
                 "<cumulative><origins> s[] </origins><lengths> 2 1 2 </lengths><ends> e[] "
                 "</ends><heights> 1 h 1 </heights><condition> (le,2) </condition></cumulative>"),
             [](const Assignment& a) {
               const Value len[3] = {2, 1, 2};
               const Value hgt[3] = {1, a("h"), 1};
               for (int i = 0; i < 3; ++i)
                 if (a("e", i) != a("s", i) + len[i]) return false;
               for (Value t = 0; t < 5; ++t) {
                 Value load = 0;
                 for (int i = 0; i < 3; ++i)
                   if (a("s", i) <= t && t < a("s", i) + len[i]) load += hgt[i];
                 if (load > 2) return false;
               }
               return true;
             });
  // binPacking with a condition on every bin (the items' values), and with loads.
  check_form(doc("<array id=\"b\" size=\"[3]\"> 1..3 </array>",
                 "<binPacking><list> b[] </list><sizes> 2 1 2 </sizes><condition> (ne,1) "
                 "</condition></binPacking>"),
             [](const Assignment& a) {
               const Value size[3] = {2, 1, 2};
               for (Value bin = 1; bin <= 3; ++bin) {
                 Value load = 0;
                 for (int i = 0; i < 3; ++i) load += a("b", i) == bin ? size[i] : 0;
                 if (load == 1) return false;
               }
               return true;
             });
  check_form(doc("<array id=\"b\" size=\"[3]\"> 0..2 </array><var id=\"l\"> 0..5 </var>",
                 "<binPacking><list> b[] </list><sizes> 2 1 2 </sizes><loads startIndex=\"1\"> l 2 "
                 "</loads></binPacking>"),
             [](const Assignment& a) {
               const Value size[3] = {2, 1, 2};
               Value load[2] = {0, 0};
               for (int i = 0; i < 3; ++i) {
                 if (a("b", i) < 1) return false;
                 load[a("b", i) - 1] += size[i];
               }
               return load[0] == a("l") && load[1] == 2;
             });
  // circuit counted from 1, of size 3 among 4 nodes (one node on a loop).
  check_form(doc("<array id=\"s\" size=\"[4]\"> 1..4 </array>",
                 "<circuit startIndex=\"1\"><list> s[] </list><size> 3 </size></circuit>"),
             [](const Assignment& a) {
               int loops = 0, start = -1;
               for (int i = 0; i < 4; ++i) {
                 if (a("s", i) == i + 1)
                   ++loops;
                 else
                   start = i;
               }
               if (loops != 1) return false;
               int at = start, length = 0;
               do {
                 at = static_cast<int>(a("s", at) - 1);
                 ++length;
               } while (at != start && length <= 4);
               return length == 3;
             });
}

TEST_CASE("symbolic variables in tables, expressions and instantiations", "[xcsp3][globals]") {
  check_form(doc("<var id=\"c\" type=\"symbolic\"> red green blue </var><array id=\"d\" "
                 "type=\"symbolic\" size=\"[2]\"> red blue </array>",
                 "<extension><list> c d[0] </list><supports> (red,blue)(green,red)(blue,blue) "
                 "</supports></extension><intension> ne(d[1],red) </intension>"),
             [](const Assignment& a) {
               const Value r = a.sym("red"), g = a.sym("green"), b = a.sym("blue");
               const bool t = (a("c") == r && a("d", 0) == b) || (a("c") == g && a("d", 0) == r) ||
                              (a("c") == b && a("d", 0) == b);
               return t && a("d", 1) != r;
             });
  const XcspInstance inst = read_xcsp3_text(
      doc("<var id=\"c\" type=\"symbolic\"> red green </var>",
          "<instantiation><list> c </list><values> green </values></instantiation>"));
  const test::AllSolutions all = test::all_solutions(inst.model);
  REQUIRE(all.distinct.size() == 1);
  CHECK(*all.distinct.begin() == test::SolutionWords{"c=green"});
}

TEST_CASE("group and slide templates of global constraints", "[xcsp3][globals]") {
  // count as a group template with %... in <values>, sum over slide windows.
  check_form(doc(kX4,
                 "<group><count><list> x[] </list><values> %... </values><condition> (le,1) "
                 "</condition></count><args> 0 </args><args> 1 2 </args></group>"
                 "<slide><list offset=\"1\" collect=\"2\"> x[] </list><sum><list> %0 %1 </list>"
                 "<condition> (ge,2) </condition></sum></slide>"),
             [](const Assignment& a) {
               int zeros = 0, ones_twos = 0;
               for (int i = 0; i < 4; ++i) {
                 zeros += a("x", i) == 0;
                 ones_twos += a("x", i) == 1 || a("x", i) == 2;
               }
               for (int i = 0; i + 1 < 4; ++i)
                 if (a("x", i) + a("x", i + 1) < 2) return false;
               return zeros <= 1 && ones_twos <= 1;
             });
}

TEST_CASE("objectives of every type reach the brute-force optimum", "[xcsp3][globals]") {
  const std::string vars = "<array id=\"x\" size=\"[3]\"> 0..3 </array>";
  const std::string cons = "<allDifferent> x[] </allDifferent>";
  auto any = [](const Assignment& a) {
    return a("x", 0) != a("x", 1) && a("x", 0) != a("x", 2) && a("x", 1) != a("x", 2);
  };
  auto x = [](const Assignment& a, int i) { return a("x", i); };
  check_optimum(
      doc(vars, cons, "<maximize type=\"sum\"> x[0] sub(x[1],x[2]) </maximize>"), any,
      [&](const Assignment& a) { return x(a, 0) + x(a, 1) - x(a, 2); }, false);
  check_optimum(
      doc(vars, cons,
          "<minimize type=\"product\"><list> x[] </list><coeffs> 1 2 1 "
          "</coeffs></minimize>"),
      [&](const Assignment& a) { return any(a) && x(a, 0) > 0 && x(a, 2) > 0; },
      [&](const Assignment& a) { return x(a, 0) * 2 * x(a, 1) * x(a, 2); }, true);
  check_optimum(
      doc(vars, cons, "<minimize type=\"maximum\"> add(x[0],2) x[1] x[2] </minimize>"), any,
      [&](const Assignment& a) {
        return std::max({x(a, 0) + 2, x(a, 1), x(a, 2)});
      },
      true);
  check_optimum(
      doc(vars, cons,
          "<maximize type=\"minimum\"><list> x[] </list><coeffs> 1 -1 1 "
          "</coeffs></maximize>"),
      any,
      [&](const Assignment& a) {
        return std::min({x(a, 0), -x(a, 1), x(a, 2)});
      },
      false);
  check_optimum(
      doc(vars, "<sum><list> x[] </list><condition> (le,4) </condition></sum>",
          "<maximize type=\"nValues\"> x[] </maximize>"),
      [&](const Assignment& a) { return x(a, 0) + x(a, 1) + x(a, 2) <= 4; },
      [&](const Assignment& a) {
        return static_cast<Value>(std::set<Value>{x(a, 0), x(a, 1), x(a, 2)}.size());
      },
      false);
  // lex: the lexicographically smallest (x2, x0) among the accepted; compared through the
  // mixed-radix rank of the pair, which orders pairs as lex does.
  check_optimum(
      doc(vars, cons + "<intension> ge(add(x[2],x[0]),3) </intension>",
          "<minimize type=\"lex\"> x[2] x[0] </minimize>"),
      [&](const Assignment& a) { return any(a) && x(a, 2) + x(a, 0) >= 3; },
      [&](const Assignment& a) { return x(a, 2) * 4 + x(a, 0); }, true);
}

TEST_CASE("every global form reads the same as a group template and inside a block",
          "[xcsp3][globals]") {
  // Each form names the list x[] (4 variables 0..3): as a template, x[] becomes %... and the
  // group's <args> give x[]; in a <block> the form is read as it is. All three models have the
  // same solutions.
  const std::string vars = kX4 + "<var id=\"y\"> 0..3 </var>";
  const std::vector<std::string> forms = {
      "<regular><list> x[] </list><transitions> (a,0,a)(a,1,b)(b,0,a)(b,2,b) </transitions>"
      "<start> a </start><final> b </final></regular>",
      "<mdd><list> x[] </list><transitions> (r,0,a)(r,1,b)(a,2,c)(b,3,c)(c,0,d)(c,1,d)(d,2,t)"
      "(d,3,t) </transitions></mdd>",
      "<allDifferent><list> x[] </list><except> 0 </except></allDifferent>",
      "<allEqual> x[] </allEqual>",
      "<ordered><list> x[] </list><operator> lt </operator></ordered>",
      "<precedence><list> x[] </list><values> 2 1 </values></precedence>",
      "<sum><list> x[] </list><coeffs> 1 2 -1 y </coeffs><condition> (le,y) </condition></sum>",
      "<count><list> x[] </list><values> 1 y </values><condition> (eq,2) </condition></count>",
      "<nValues><list> x[] </list><condition> (le,2) </condition></nValues>",
      "<cardinality><list> x[] </list><values> 0 1 </values><occurs> y 1..2 </occurs>"
      "</cardinality>",
      "<minimum><list> x[] </list><condition> (eq,y) </condition></minimum>",
      "<maximumArg><list> x[] </list><condition> (eq,y) </condition></maximumArg>",
      "<element><list> x[] </list><index> y </index><value> 2 </value></element>",
      "<channel><list> x[] </list></channel>",
      "<stretch><list> x[] </list><values> 0 1 2 3 </values><widths> 1..2 1..2 1 1..4 "
      "</widths></stretch>",
      "<noOverlap><origins> x[] </origins><lengths> 1 2 1 1 </lengths></noOverlap>",
      "<cumulative><origins> x[] </origins><lengths> 1 2 1 1 </lengths><heights> 1 1 2 1 "
      "</heights><condition> (le,2) </condition></cumulative>",
      "<binPacking><list> x[] </list><sizes> 1 2 1 1 </sizes><condition> (le,2) </condition>"
      "</binPacking>",
      "<knapsack><list> x[] </list><weights> 1 2 1 1 </weights><limit> 5 </limit><profits> 1 1 "
      "1 1 </profits><condition> (ge,y) </condition></knapsack>",
      "<circuit> x[] </circuit>",
      "<instantiation><list> x[] </list><values> 1 2 0 3 </values></instantiation>",
  };
  for (const std::string& form : forms) {
    INFO(form);
    std::string tmpl = form;
    for (std::size_t at = tmpl.find("x[]"); at != std::string::npos; at = tmpl.find("x[]", at))
      tmpl.replace(at, 3, "%...");
    const XcspInstance direct = read_xcsp3_text(doc(vars, form));
    const XcspInstance group =
        read_xcsp3_text(doc(vars, "<group>" + tmpl + "<args> x[] </args></group>"));
    const XcspInstance block =
        read_xcsp3_text(doc(vars, "<block class=\"b\">" + form + "</block>"));
    const test::AllSolutions a = test::all_solutions(direct.model);
    CHECK(a.complete);
    CHECK(test::all_solutions(group.model).distinct == a.distinct);
    CHECK(test::all_solutions(block.model).distinct == a.distinct);
    CHECK(test::kinds(group.model) == test::kinds(direct.model));
  }
}

TEST_CASE("global forms inside a slide: one constraint per window", "[xcsp3][globals]") {
  // A circular slide over x[] (5 variables) with windows of 3: the same solutions as the five
  // constraints written out.
  const std::string vars = "<array id=\"x\" size=\"[5]\"> 0..2 </array>";
  const std::vector<std::pair<std::string, std::string>> forms = {
      {"<allDifferent> %0 %1 %2 </allDifferent>", "<allDifferent> A B C </allDifferent>"},
      {"<sum><list> %0 %1 %2 </list><coeffs> 1 -1 1 </coeffs><condition> (ge,1) </condition>"
       "</sum>",
       "<sum><list> A B C </list><coeffs> 1 -1 1 </coeffs><condition> (ge,1) </condition>"
       "</sum>"},
      {"<count><list> %0 %1 %2 </list><values> 0 </values><condition> (le,1) </condition>"
       "</count>",
       "<count><list> A B C </list><values> 0 </values><condition> (le,1) </condition></count>"},
      {"<ordered><list> %0 %1 </list><lengths> %2 </lengths><operator> le </operator></ordered>",
       "<ordered><list> A B </list><lengths> C </lengths><operator> le </operator></ordered>"},
  };
  for (const auto& [tmpl, written] : forms) {
    INFO(tmpl);
    std::string all;
    for (int k = 0; k < 5; ++k) {
      std::string c = written;
      const char* names[] = {"A", "B", "C"};
      for (int j = 0; j < 3; ++j) {
        const std::string cell = "x[" + std::to_string((k + j) % 5) + "]";
        for (std::size_t at = c.find(std::string(" ") + names[j] + " "); at != std::string::npos;
             at = c.find(std::string(" ") + names[j] + " "))
          c.replace(at + 1, 1, cell);
      }
      all += c;
    }
    const XcspInstance slide = read_xcsp3_text(
        doc(vars, "<slide circular=\"true\"><list collect=\"3\"> x[] </list>" + tmpl + "</slide>"));
    const XcspInstance direct = read_xcsp3_text(doc(vars, all));
    CHECK(slide.model.constraints().size() == 5);
    const test::AllSolutions a = test::all_solutions(direct.model);
    CHECK(a.complete);
    CHECK(test::all_solutions(slide.model).distinct == a.distinct);
  }
}
