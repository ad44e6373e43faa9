// Generated models written as XCSP 2.1 by instances/csp/writers and read back: the same
// variables and domains, and every constraint agrees with the original on random assignments
// (an independent writer against the reader).
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "instances/csp/generators.hpp"
#include "instances/csp/writers/xcsp_writer.hpp"
#include "tests/parsers/xcsp21/xcsp21_test_support.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

void check_round_trip(const std::string& label, const Model& original) {
  INFO(label);
  std::ostringstream xml;
  gen::write_xcsp21(original, xml);
  const XcspInstance inst = test::read_xcsp_text(xml.str(), label + ".xml");
  const Model& read = inst.model;
  REQUIRE(read.variable_count() == original.variable_count());
  for (std::size_t v = 0; v < read.variable_count(); ++v)
    REQUIRE(read.variables()[v].domain == original.variables()[v].domain);
  REQUIRE(read.constraints().size() == original.constraints().size());
  CHECK(inst.declared.variables == original.variable_count());
  CHECK(inst.declared.constraints == original.constraints().size());

  std::mt19937_64 rng(11);
  std::vector<Value> a(read.variable_count());
  std::size_t disagreements = 0;
  std::size_t satisfied = 0;
  for (int trial = 0; trial < 300; ++trial) {
    for (std::size_t v = 0; v < a.size(); ++v) {
      const auto& d = read.variables()[v].domain;
      a[v] = d[std::uniform_int_distribution<std::size_t>(0, d.size() - 1)(rng)];
    }
    for (std::size_t c = 0; c < read.constraints().size(); ++c) {
      const bool expected = constraint_satisfied(original.constraints()[c], a);
      satisfied += expected ? 1 : 0;
      if (constraint_satisfied(read.constraints()[c], a) != expected) ++disagreements;
    }
  }
  CHECK(disagreements == 0);
  CHECK(satisfied > 0);
}

}  // namespace

TEST_CASE("generated instances survive an XCSP 2.1 round trip", "[xcsp21][roundtrip]") {
  check_round_trip("queens-8-intension", gen::queens(8, gen::QueensEncoding::kIntension));
  check_round_trip("queens-8-extension", gen::queens(8, gen::QueensEncoding::kExtension));
  check_round_trip("queens-8-alldifferent", gen::queens(8, gen::QueensEncoding::kAllDifferent));
  check_round_trip("rb", gen::rb({12, 6, 30, 0.4, 3, false, true}));
  check_round_trip("rb-supports", gen::rb({12, 6, 30, 0.4, 4, true, false}));
  check_round_trip("composed", gen::composed(gen::composed_family(25, 2, 10, 5)));
  check_round_trip("random-ternary", gen::random_network({10, 4, 3, 12, 0.5, 6}));
  check_round_trip("latin", gen::latin_square(5, 0.6, 7, true));
  check_round_trip("latin-ne", gen::latin_square(4, 0.5, 8, false));
  check_round_trip("langford", gen::langford(2, 4, true));
  check_round_trip("langford-ne", gen::langford(2, 3, false));
}

TEST_CASE("a planted solution is still a solution after the round trip", "[xcsp21][roundtrip]") {
  const gen::RbParams params{15, 8, 40, 0.5, 9, false, true};
  const Model original = gen::rb(params);
  std::ostringstream xml;
  gen::write_xcsp21(original, xml);
  const XcspInstance inst = test::read_xcsp_text(xml.str());
  const std::vector<Value> solution = gen::rb_forced_solution(params);
  CHECK(original.check(solution));
  CHECK(inst.model.check(solution));
}
