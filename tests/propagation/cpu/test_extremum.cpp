// The minimum / maximum propagator that no longer enumerates V against the filter it replaces
// (reference_extremum.hpp): random lists (variables repeated or not), every condition form,
// random removals and backtracks; both must agree after every step (differential_walk.hpp).
#include <fmt/format.h>

#include "propagation/cpu/globals/extremum.hpp"
#include "tests/propagation/cpu/differential_walk.hpp"
#include "tests/propagation/cpu/reference_extremum.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

TEST_CASE("minimum / maximum reach the fixpoint of the enumerating filter",
          "[propagation][extremum]") {
  std::size_t filtered = 0;
  for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
    test::Gen g(seed * 17 + 1);
    const bool pool = g.chance(40);  // the list and the right-hand side share variables
    const int vars = pool ? g.pick(2, 4) : 10;
    test::ModelDomains domains;
    for (int x = 0; x < vars; ++x) domains.push_back(g.subset(g.pick(-2, 1), g.pick(2, 6)));
    ExtremumConstraint c;
    c.maximum = g.chance(50);
    for (int k = g.pick(1, 5); k > 0; --k) c.scope.push_back(g.pick(0, vars - 1));
    c.condition = g.condition(vars);
    INFO(fmt::format("seed {}", seed));
    cpu::ExtremumPropagator fresh(0, test::all_vars(domains), c, domains);
    test::ReferenceExtremum reference(0, test::all_vars(domains), c, domains);
    cpu::Context probe(test::sizes_of(domains));
    if (reference.propagate(probe) && probe.removals > 0) ++filtered;
    test::differential_walk(g, domains, fresh, reference, 40);
  }
  CHECK(filtered >= 400);
}

}  // namespace arcwave
