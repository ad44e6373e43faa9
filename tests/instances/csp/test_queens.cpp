// n-queens models (instances/csp/generators.hpp): known solutions, and solution counts by
// brute force against the published sequence (OEIS A000170).
#include "arcwave/error.hpp"
#include "brute_force.hpp"
#include "instances/csp/generators.hpp"
#include "tests/support/catch.hpp"

using arcwave::Model;
using arcwave::Value;
using arcwave::gen::QueensEncoding;

namespace {
const QueensEncoding kEncodings[] = {QueensEncoding::kIntension, QueensEncoding::kExtension,
                                     QueensEncoding::kAllDifferent};
}

TEST_CASE("queens models accept known solutions and reject attacks", "[instances][queens]") {
  for (QueensEncoding e : kEncodings) {
    const Model m8 = arcwave::gen::queens(8, e);
    REQUIRE(m8.variable_count() == 8);
    REQUIRE(m8.arrays().size() == 1);
    REQUIRE(m8.variables()[3].name == "q[3]");
    const std::vector<Value> solution{0, 4, 7, 5, 2, 6, 1, 3};
    REQUIRE(m8.check(solution));
    std::vector<Value> same_column = solution;
    same_column[1] = 0;
    REQUIRE_FALSE(m8.check(same_column));
    const std::vector<Value> diagonal{0, 1, 3, 5, 7, 2, 4, 6};  // q[0], q[1] share a diagonal
    REQUIRE_FALSE(m8.check(diagonal));
    const Model m4 = arcwave::gen::queens(4, e);
    REQUIRE(m4.check(std::vector<Value>{1, 3, 0, 2}));
    REQUIRE(m4.check(std::vector<Value>{2, 0, 3, 1}));
    REQUIRE_FALSE(m4.check(std::vector<Value>{0, 2, 1, 3}));
  }
}

TEST_CASE("queens solution counts by brute force: 1 0 0 2 10 4 40 92", "[instances][queens]") {
  const std::uint64_t expected[] = {1, 0, 0, 2, 10, 4, 40, 92};
  for (QueensEncoding e : kEncodings)
    for (int n = 1; n <= 8; ++n) {
      CAPTURE(n, static_cast<int>(e));
      REQUIRE(arcwave::test::count_solutions(arcwave::gen::queens(n, e)) == expected[n - 1]);
    }
}

TEST_CASE("queens encodings: constraint counts and shared tables", "[instances][queens]") {
  const Model ext = arcwave::gen::queens(6, QueensEncoding::kExtension);
  REQUIRE(ext.constraints().size() == 15);
  // Pairs k rows apart share one table.
  const auto& c01 = std::get<arcwave::ExtensionConstraint>(ext.constraints()[0]);  // q0 q1
  const auto& c12 = std::get<arcwave::ExtensionConstraint>(ext.constraints()[5]);  // q1 q2
  REQUIRE(c01.scope == std::vector<int>{0, 1});
  REQUIRE(c12.scope == std::vector<int>{1, 2});
  REQUIRE(c01.table == c12.table);
  REQUIRE(arcwave::gen::queens(6, QueensEncoding::kAllDifferent).constraints().size() == 16);
  REQUIRE(arcwave::gen::queens(1).constraints().empty());
  REQUIRE_THROWS_AS(arcwave::gen::queens(0), arcwave::InputError);
}
