// The incremental element and matrix element propagators against the filters they replace
// (reference_element.hpp): on random constraints (variables and constants in the list, every
// condition form, roles drawn from a small pool so that one variable may play several), random
// removals and backtracks, both run on their own copy of the domains and must agree after
// every step: the same domains, the same wipe-outs. Residues survive backtracks, which the
// walks exercise.
#include <fmt/format.h>

#include "propagation/cpu/element.hpp"
#include "propagation/cpu/globals/element_matrix.hpp"
#include "tests/propagation/cpu/differential_walk.hpp"
#include "tests/propagation/cpu/reference_element.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

using test::all_vars;
using test::differential_walk;
using test::Gen;
using test::ModelDomains;
using test::sizes_of;

TEST_CASE("incremental element reaches the fixpoint of the sorting filter",
          "[propagation][element]") {
  std::size_t filtered = 0;
  for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
    Gen g(seed);
    const bool pool = g.chance(40);  // roles drawn from a few variables
    const int vars = pool ? g.pick(2, 4) : 12;
    ModelDomains domains;
    for (int x = 0; x < vars; ++x) domains.push_back(g.subset(g.pick(-2, 1), g.pick(2, 6)));
    ElementConstraint e;
    const int len = g.pick(1, 6);
    for (int k = 0; k < len; ++k) e.list.push_back(g.operand(vars, 25));
    e.index = g.chance(85) ? g.pick(0, vars - 1) : -1;
    e.start_index = g.pick(-1, 1);
    e.condition = g.condition(vars);
    INFO(fmt::format("seed {}", seed));
    cpu::ElementPropagator fresh(0, all_vars(domains), e, domains);
    test::ReferenceElement reference(0, all_vars(domains), e, domains);
    // Both on a first fixpoint from the full domains, to count the instances that filter.
    cpu::Context probe(sizes_of(domains));
    if (reference.propagate(probe) && probe.removals > 0) ++filtered;
    differential_walk(g, domains, fresh, reference, 40);
  }
  CHECK(filtered >= 300);
}

TEST_CASE("incremental matrix element reaches the fixpoint of the collecting filter",
          "[propagation][element]") {
  std::size_t filtered = 0;
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
    Gen g(seed * 31 + 7);
    const bool pool = g.chance(40);
    const int vars = pool ? g.pick(2, 4) : 20;
    ModelDomains domains;
    for (int x = 0; x < vars; ++x) domains.push_back(g.subset(g.pick(-2, 1), g.pick(2, 6)));
    ElementMatrixConstraint c;
    const int rows = g.pick(1, 4);
    const int cols = g.pick(1, 4);
    for (int i = 0; i < rows; ++i) {
      c.matrix.emplace_back();
      for (int j = 0; j < cols; ++j) c.matrix.back().push_back(g.operand(vars, 25));
    }
    c.row = g.operand(vars, 15);
    c.col = g.operand(vars, 15);
    c.start_row = g.pick(-1, 1);
    c.start_col = g.pick(-1, 1);
    c.condition = g.condition(vars);
    INFO(fmt::format("seed {}", seed));
    cpu::ElementMatrixPropagator fresh(0, all_vars(domains), c, domains);
    test::ReferenceElementMatrix reference(0, all_vars(domains), c, domains);
    cpu::Context probe(sizes_of(domains));
    if (reference.propagate(probe) && probe.removals > 0) ++filtered;
    differential_walk(g, domains, fresh, reference, 40);
  }
  CHECK(filtered >= 200);
}

}  // namespace arcwave
