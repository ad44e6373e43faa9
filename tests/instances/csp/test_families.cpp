// Composed, random, latin square and Langford generators (instances/csp/generators.hpp).
#include <set>

#include "arcwave/error.hpp"
#include "brute_force.hpp"
#include "instances/csp/generators.hpp"
#include "model_text.hpp"
#include "tests/support/catch.hpp"

using arcwave::ExtensionConstraint;
using arcwave::Model;
using arcwave::Value;

TEST_CASE("composed networks have the published composed-m-n-k shape", "[instances][composed]") {
  struct Family {
    int m, n, k;
    std::size_t satellite_supports;
  };
  for (const Family f : {Family{25, 1, 25, 35}, Family{75, 1, 2, 35}, Family{25, 10, 20, 50}}) {
    CAPTURE(f.m, f.n, f.k);
    const Model model = arcwave::gen::composed(arcwave::gen::composed_family(f.m, f.n, f.k, 3));
    const int total = f.m + 8 * f.n;
    REQUIRE(model.variable_count() == static_cast<std::size_t>(total));
    REQUIRE(model.constraints().size() == static_cast<std::size_t>(8 * f.m + (22 + f.k) * f.n));
    std::set<std::pair<int, int>> pairs;
    std::size_t main = 0, satellite = 0, link = 0;
    for (const arcwave::Constraint& c : model.constraints()) {
      const auto& ext = std::get<ExtensionConstraint>(c);
      const int a = ext.scope[0], b = ext.scope[1];
      REQUIRE(a < b);
      REQUIRE(pairs.emplace(a, b).second);
      if (b < f.m) {  // main part: 15 conflicts of 100
        ++main;
        REQUIRE_FALSE(ext.table->supports);
        REQUIRE(ext.table->size() == 15);
      } else if (a >= f.m) {  // one satellite: supports
        ++satellite;
        REQUIRE((a - f.m) / 8 == (b - f.m) / 8);
        REQUIRE(ext.table->supports);
        REQUIRE(ext.table->size() == f.satellite_supports);
      } else {  // link: 5 conflicts
        ++link;
        REQUIRE_FALSE(ext.table->supports);
        REQUIRE(ext.table->size() == 5);
      }
    }
    REQUIRE(main == static_cast<std::size_t>(8 * f.m));
    REQUIRE(satellite == static_cast<std::size_t>(22 * f.n));
    REQUIRE(link == static_cast<std::size_t>(f.k * f.n));
  }
}

TEST_CASE("composed is deterministic per seed", "[instances][composed]") {
  const auto p = arcwave::gen::composed_family(25, 1, 25, 9);
  const std::string a = arcwave::test::xcsp3_text(arcwave::gen::composed(p));
  REQUIRE(a == arcwave::test::xcsp3_text(arcwave::gen::composed(p)));
  REQUIRE(a != arcwave::test::xcsp3_text(
                   arcwave::gen::composed(arcwave::gen::composed_family(25, 1, 25, 10))));
  auto bad = p;
  bad.links = 25 * 8 + 1;
  REQUIRE_THROWS_AS(arcwave::gen::composed(bad), arcwave::InputError);
}

TEST_CASE("random networks of any arity: distinct scopes, exact support counts",
          "[instances][random]") {
  for (int arity : {1, 2, 3, 4}) {
    const arcwave::gen::RandomParams p{9, 3, arity, 9, 0.3, 5};
    const Model m = arcwave::gen::random_network(p);
    REQUIRE(m.constraints().size() == 9);
    std::uint64_t space = 1;
    for (int i = 0; i < arity; ++i) space *= 3;
    const auto supports =
        space - static_cast<std::uint64_t>(std::llround(0.3 * static_cast<double>(space)));
    std::set<std::vector<int>> scopes;
    for (const arcwave::Constraint& c : m.constraints()) {
      const auto& ext = std::get<ExtensionConstraint>(c);
      REQUIRE(ext.scope.size() == static_cast<std::size_t>(arity));
      REQUIRE(scopes.insert(ext.scope).second);
      REQUIRE(ext.table->supports);
      REQUIRE(ext.table->size() == supports);
      std::set<std::vector<std::int32_t>> tuples;
      for (std::size_t t = 0; t < ext.table->size(); ++t)
        tuples.emplace(ext.table->tuple(t).begin(), ext.table->tuple(t).end());
      REQUIRE(tuples.size() == supports);
    }
  }
  REQUIRE_THROWS_AS(arcwave::gen::random_network({4, 3, 5, 1, 0.3, 1}), arcwave::InputError);
}

namespace {
bool is_latin(const std::vector<int>& square, int n) {
  for (int i = 0; i < n; ++i) {
    std::set<int> row, column;
    for (int j = 0; j < n; ++j) {
      const int r = square[static_cast<std::size_t>(i * n + j)];
      const int c = square[static_cast<std::size_t>(j * n + i)];
      if (r < 0 || r >= n || c < 0 || c >= n) return false;
      row.insert(r);
      column.insert(c);
    }
    if (static_cast<int>(row.size()) != n || static_cast<int>(column.size()) != n) return false;
  }
  return true;
}
}  // namespace

TEST_CASE("random latin squares are latin, deterministic, and not just the cyclic square",
          "[instances][latin]") {
  std::set<std::vector<int>> order4;
  for (std::uint64_t seed = 1; seed <= 200; ++seed)
    for (int n : {1, 2, 3, 4, 7, 12, 25}) {
      const std::vector<int> s = arcwave::gen::random_latin_square(n, seed);
      REQUIRE(is_latin(s, n));
      if (n == 4) order4.insert(s);
    }
  // 576 latin squares of order 4; half of them are not isotopic to the cyclic group Z4.
  REQUIRE(order4.size() > 150);
  REQUIRE(arcwave::gen::random_latin_square(9, 4) == arcwave::gen::random_latin_square(9, 4));
  REQUIRE(arcwave::gen::random_latin_square(9, 4) != arcwave::gen::random_latin_square(9, 5));
  REQUIRE(is_latin(arcwave::gen::random_latin_square(60, 1), 60));
}

TEST_CASE("latin square models: counts of order 3 and 4, planted solutions, holes",
          "[instances][latin]") {
  for (bool all_different : {true, false}) {
    // Published numbers of latin squares: 12 of order 3, 576 of order 4 (OEIS A002860).
    REQUIRE(arcwave::test::count_solutions(arcwave::gen::latin_square(3, 1.0, 1, all_different)) ==
            12);
    REQUIRE(arcwave::test::count_solutions(arcwave::gen::latin_square(4, 1.0, 1, all_different)) ==
            576);
    // No holes: the planted square is the only solution.
    REQUIRE(arcwave::test::count_solutions(arcwave::gen::latin_square(6, 0.0, 2, all_different)) ==
            1);
  }
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const int n = 8;
    const Model m = arcwave::gen::latin_square(n, 0.4, seed);
    const std::vector<int> square = arcwave::gen::random_latin_square(n, seed);
    REQUIRE(m.check(std::vector<Value>(square.begin(), square.end())));
    std::size_t free_cells = 0;
    for (std::size_t cell = 0; cell < m.variable_count(); ++cell) {
      const auto& domain = m.variables()[cell].domain;
      if (domain.size() == static_cast<std::size_t>(n)) {
        ++free_cells;
      } else {
        REQUIRE(domain == std::vector<Value>{square[cell]});
      }
    }
    REQUIRE(free_cells == 26);  // round(0.4 * 64)
    REQUIRE(m.constraints().size() == 16);
  }
}

TEST_CASE("langford counts by brute force: L(2,n) solutions exist iff n = 0 or 3 mod 4",
          "[instances][langford]") {
  // Published counts up to reversal (OEIS A014552): L(2,3) 1, L(2,4) 1, L(2,7) 26, L(2,8) 150;
  // the model counts a sequence and its reverse apart.
  const std::pair<int, std::uint64_t> cases[] = {{1, 0}, {2, 0}, {3, 2}, {4, 2},
                                                 {5, 0}, {6, 0}, {7, 52}};
  for (bool all_different : {true, false})
    for (const auto& [n, count] : cases) {
      CAPTURE(n, all_different);
      REQUIRE(arcwave::test::count_solutions(arcwave::gen::langford(2, n, all_different)) == count);
    }
  // Reversed variable order (a different search) agrees.
  const auto reversed =
      arcwave::test::enumerate(arcwave::gen::langford(2, 7), {UINT64_MAX, UINT64_MAX, true});
  REQUIRE(reversed.complete);
  REQUIRE(reversed.solutions == 52);
  const Model l24 = arcwave::gen::langford(2, 4);
  // 4 1 3 1 2 4 3 2: copies of 1 at 1,3; of 2 at 4,7; of 3 at 2,6; of 4 at 0,5.
  REQUIRE(l24.check(std::vector<Value>{1, 3, 4, 7, 2, 6, 0, 5}));
  REQUIRE_FALSE(l24.check(std::vector<Value>{1, 3, 4, 7, 2, 6, 5, 0}));
}
