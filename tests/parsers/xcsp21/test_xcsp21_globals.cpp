// The XCSP 2.1 global constraints beyond allDifferent, weightedSum and element (among, atleast,
// atmost, global_cardinality, nvalue, cumulative with <nil/> entries, disjunctive, diffn),
// written small: the solutions arcwave finds are exactly those a brute force accepts with the
// Global Constraint Catalog's meaning written out in the test.
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "arcwave/solver.hpp"
#include "tests/parsers/xcsp21/xcsp21_test_support.hpp"
#include "tests/parsers/xcsp3/xcsp3_solutions.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

// An instance over variables X0..X{n-1} of domain lo..hi and one global constraint.
std::string instance(int n, int lo, int hi, const std::string& reference,
                     const std::string& parameters, const std::string& scope = "") {
  std::string vars;
  std::string all;
  for (int i = 0; i < n; ++i) {
    vars += "<variable name=\"X" + std::to_string(i) + "\" domain=\"D\"/>";
    all += (i > 0 ? " X" : "X") + std::to_string(i);
  }
  const std::string s = scope.empty() ? all : scope;
  const auto arity = std::count(s.begin(), s.end(), 'X');
  return "<instance>\n<presentation format=\"XCSP 2.1\"/>\n<domains nbDomains=\"1\"><domain "
         "name=\"D\" nbValues=\"" +
         std::to_string(hi - lo + 1) + "\">" + std::to_string(lo) + ".." + std::to_string(hi) +
         "</domain></domains>\n<variables nbVariables=\"" + std::to_string(n) + "\">" + vars +
         "</variables>\n<constraints nbConstraints=\"1\">\n<constraint name=\"C\" arity=\"" +
         std::to_string(arity) + "\" scope=\"" + s + "\" reference=\"" + reference +
         "\"><parameters>" + parameters +
         "</parameters></constraint>\n</constraints>\n"
         "</instance>\n";
}

using Values = std::vector<Value>;

// The solver's solutions equal those of `accepts` over every assignment; returns their number.
std::size_t check(const std::string& text, const std::function<bool(const Values&)>& accepts) {
  const XcspInstance inst = test::read_xcsp_text(text);
  const Model& m = inst.model;
  std::set<test::SolutionWords> expected;
  Values x(m.variable_count(), 0);
  std::vector<std::size_t> at(x.size(), 0);
  for (;;) {
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = m.variables()[i].domain[at[i]];
    if (accepts(x)) expected.insert(test::solution_words(m, x));
    std::size_t i = x.size();
    bool carry = true;
    while (carry && i > 0) {
      --i;
      if (++at[i] < m.variables()[i].domain.size())
        carry = false;
      else
        at[i] = 0;
    }
    if (carry) break;
  }
  const test::AllSolutions got = test::all_solutions(m);
  CHECK(got.complete);
  CHECK(got.distinct == expected);
  return expected.size();
}

}  // namespace

TEST_CASE("XCSP 2.1 among, atleast, atmost, global_cardinality, nvalue", "[xcsp21][globals]") {
  // among(N, [X0 X1 X2], [1 2]) with N = X3.
  CHECK(check(instance(4, 0, 3, "global:among", "X3 [ X0 X1 X2 ] [ 1 2 ]"), [](const Values& x) {
          Value n = 0;
          for (int i = 0; i < 3; ++i) n += x[i] == 1 || x[i] == 2;
          return n == x[3];
        }) > 0);
  check(instance(4, 0, 2, "global:atleast", "2 [ X0 X1 X2 X3 ] 1"),
        [](const Values& x) { return std::count(x.begin(), x.end(), 1) >= 2; });
  check(instance(4, 0, 2, "global:atmost", "1 [ X0 X1 X2 X3 ] 0", "X0 X1 X2 X3"),
        [](const Values& x) { return std::count(x.begin(), x.end(), 0) <= 1; });
  // global_cardinality([X0 X1 X2], [{0 X3} {1 2}]).
  check(instance(4, 0, 2, "global:global_cardinality", "[ X0 X1 X2 ] [ { 0 X3 } { 1 2 } ]"),
        [](const Values& x) {
          return std::count(x.begin(), x.begin() + 3, 0) == x[3] &&
                 std::count(x.begin(), x.begin() + 3, 1) == 2;
        });
  check(instance(4, 1, 3, "global:nvalue", "X3 [ X0 X1 X2 ]"), [](const Values& x) {
    return static_cast<Value>(std::set<Value>(x.begin(), x.begin() + 3).size()) == x[3];
  });
}

TEST_CASE("XCSP 2.1 cumulative, disjunctive, diffn", "[xcsp21][globals]") {
  // Three tasks: origins X0 X1 X2, durations 2, X3, 1, heights 1 1 2, limit 2; the second gives
  // no end (<nil/>), so none may.
  check(instance(4, 0, 2, "global:cumulative",
                 "[ { X0 2 <nil/> 1 } { X1 X3 <nil/> 1 } { X2 1 <nil/> 2 } ] 2"),
        [](const Values& x) {
          const Value o[3] = {x[0], x[1], x[2]}, d[3] = {2, x[3], 1}, h[3] = {1, 1, 2};
          for (Value t = 0; t < 5; ++t) {
            Value load = 0;
            for (int i = 0; i < 3; ++i)
              if (o[i] <= t && t < o[i] + d[i]) load += h[i];
            if (load > 2) return false;
          }
          return true;
        });
  // With ends: X2 = X0 + 1 and X3 = X1 + 2, limit 1.
  check(instance(4, 0, 3, "global:cumulative", "[ { X0 1 X2 1 } { X1 2 X3 1 } ] 1"),
        [](const Values& x) {
          return x[2] == x[0] + 1 && x[3] == x[1] + 2 && (x[0] + 1 <= x[1] || x[1] + 2 <= x[0]);
        });
  check(instance(3, 0, 3, "global:disjunctive", "[ { X0 2 } { X1 1 } { X2 1 } ]"),
        [](const Values& x) {
          const Value d[3] = {2, 1, 1};
          for (int i = 0; i < 3; ++i)
            for (int j = i + 1; j < 3; ++j)
              if (!(x[i] + d[i] <= x[j] || x[j] + d[j] <= x[i])) return false;
          return true;
        });
  // Two rectangles: (X0,X1) of size 2x1 and (X2,X3) of size 1x2.
  check(instance(4, 0, 2, "global:diffn", "[ [ { X0 2 } { X1 1 } ] [ { X2 1 } { X3 2 } ] ]"),
        [](const Values& x) {
          return x[0] + 2 <= x[2] || x[2] + 1 <= x[0] || x[1] + 1 <= x[3] || x[3] + 2 <= x[1];
        });
}

TEST_CASE("XCSP 2.1 global parameters that are wrong give their position", "[xcsp21][globals]") {
  auto input_error = [](const std::string& text) -> std::string {
    try {
      (void)test::read_xcsp_text(text);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  CHECK(input_error(instance(3, 0, 2, "global:among", "X2 [ X0 X1 ] [ 1 Y ]")) ==
        "mem.xml:6:103: expected an integer, found 'Y'");
  CHECK(input_error(
            instance(3, 0, 2, "global:cumulative", "[ { X0 1 X1 1 } { X2 1 <nil/> 1 } ] 2")) ==
        "mem.xml:6:1: global:cumulative gives the end of some tasks but not of all");
  CHECK(input_error(instance(2, 0, 2, "global:disjunctive", "[ { X0 1 } { X1 } ]")) ==
        "mem.xml:6:105: expected the duration, found '}'");
}
