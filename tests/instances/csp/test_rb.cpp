// RB-model networks (instances/csp/generators.hpp): parameters honoured exactly, determinism,
// the supports form, forced (planted) networks.
#include <set>

#include "arcwave/error.hpp"
#include "brute_force.hpp"
#include "instances/csp/generators.hpp"
#include "model_text.hpp"
#include "tests/support/catch.hpp"

using arcwave::ExtensionConstraint;
using arcwave::Model;
using arcwave::Value;
using arcwave::gen::RbParams;

namespace {

std::set<std::pair<int, int>> table_pairs(const arcwave::Table& t) {
  std::set<std::pair<int, int>> pairs;
  for (std::size_t k = 0; k < t.size(); ++k) pairs.emplace(t.tuple(k)[0], t.tuple(k)[1]);
  return pairs;
}

void require_rb_shape(const Model& m, const RbParams& p) {
  REQUIRE(m.variable_count() == static_cast<std::size_t>(p.n));
  for (const arcwave::Variable& v : m.variables()) REQUIRE(v.domain.size() == std::size_t(p.d));
  REQUIRE(m.constraints().size() == static_cast<std::size_t>(p.e));
  const auto conflicts = static_cast<std::size_t>(std::llround(p.tightness * p.d * p.d));
  std::set<std::pair<int, int>> scopes;
  for (const arcwave::Constraint& c : m.constraints()) {
    const auto& ext = std::get<ExtensionConstraint>(c);
    REQUIRE(ext.scope.size() == 2);
    REQUIRE(ext.scope[0] < ext.scope[1]);
    REQUIRE(scopes.emplace(ext.scope[0], ext.scope[1]).second);  // distinct pairs
    REQUIRE(ext.table->supports == p.supports);
    const std::size_t stated = p.supports ? std::size_t(p.d * p.d) - conflicts : conflicts;
    REQUIRE(ext.table->size() == stated);
    REQUIRE(table_pairs(*ext.table).size() == stated);  // drawn without replacement
    for (std::int32_t cell : ext.table->cells) REQUIRE((cell >= 0 && cell < p.d));
  }
}

}  // namespace

TEST_CASE("rb honours n, d, e and tightness exactly", "[instances][rb]") {
  const RbParams shapes[] = {
      {40, 18, 84, 0.9, 1, false, false},   {40, 8, 103, 0.8, 2, false, false},
      {30, 15, 208, 0.25, 3, false, false}, {10, 5, 45, 0.5, 4, false, false},
      {12, 7, 30, 0.37, 5, true, false},    {6, 3, 0, 0.5, 6, false, false},
      {5, 4, 10, 1.0, 7, false, false},     {5, 4, 10, 0.0, 8, true, false}};
  for (const RbParams& p : shapes) {
    CAPTURE(p.n, p.d, p.e, p.tightness);
    require_rb_shape(arcwave::gen::rb(p), p);
  }
}

TEST_CASE("rb is deterministic for a seed and differs between seeds", "[instances][rb]") {
  RbParams p{20, 10, 60, 0.4, 17, false, false};
  const std::string a = arcwave::test::xcsp3_text(arcwave::gen::rb(p));
  REQUIRE(a == arcwave::test::xcsp3_text(arcwave::gen::rb(p)));
  p.seed = 18;
  REQUIRE(a != arcwave::test::xcsp3_text(arcwave::gen::rb(p)));
}

TEST_CASE("rb --supports states the same network", "[instances][rb]") {
  RbParams p{8, 6, 20, 0.45, 23, false, false};
  const Model conflicts = arcwave::gen::rb(p);
  p.supports = true;
  const Model supports = arcwave::gen::rb(p);
  require_rb_shape(supports, p);
  for (std::size_t i = 0; i < conflicts.constraints().size(); ++i) {
    const auto& c = std::get<ExtensionConstraint>(conflicts.constraints()[i]);
    const auto& s = std::get<ExtensionConstraint>(supports.constraints()[i]);
    REQUIRE(c.scope == s.scope);
    for (Value a = 0; a < 6; ++a)
      for (Value b = 0; b < 6; ++b) {
        std::vector<Value> full(8, 0);
        full[c.scope[0]] = a;
        full[c.scope[1]] = b;
        REQUIRE(arcwave::constraint_satisfied(conflicts.constraints()[i], full) ==
                arcwave::constraint_satisfied(supports.constraints()[i], full));
      }
  }
}

TEST_CASE("forced rb networks keep their planted solution", "[instances][rb]") {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const RbParams p{15, 6, 80, 0.6, seed, seed % 2 == 0, true};
    const Model m = arcwave::gen::rb(p);
    require_rb_shape(m, p);
    REQUIRE(m.check(arcwave::gen::rb_forced_solution(p)));
  }
}

TEST_CASE("small rb networks: satisfiability agrees with brute force over all assignments",
          "[instances][rb]") {
  // Plain enumeration of all 4^6 assignments, independent of the backtracking reference.
  int satisfiable = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Model m = arcwave::gen::rb({6, 4, 10, 0.45, seed, false, false});
    std::uint64_t count = 0;
    std::vector<Value> a(6, 0);
    for (int code = 0; code < 4096; ++code) {
      for (int v = 0, c = code; v < 6; ++v, c /= 4) a[v] = c % 4;
      count += m.check(a) ? 1 : 0;
    }
    REQUIRE(arcwave::test::count_solutions(m) == count);
    satisfiable += count > 0 ? 1 : 0;
  }
  REQUIRE(satisfiable > 0);  // the parameters sit near the threshold: both answers occur
  REQUIRE(satisfiable < 30);
}

TEST_CASE("rb rejects impossible parameters", "[instances][rb]") {
  using arcwave::InputError;
  REQUIRE_THROWS_AS(arcwave::gen::rb({5, 3, 11, 0.5, 1, false, false}), InputError);  // > C(5,2)
  REQUIRE_THROWS_AS(arcwave::gen::rb({1, 3, 0, 0.5, 1, false, false}), InputError);
  REQUIRE_THROWS_AS(arcwave::gen::rb({5, 0, 1, 0.5, 1, false, false}), InputError);
  REQUIRE_THROWS_AS(arcwave::gen::rb({5, 3, 1, 1.5, 1, false, false}), InputError);
  REQUIRE_THROWS_AS(arcwave::gen::rb({5, 3, 1, 1.0, 1, false, true}), InputError);
}
