// make_table_network(): every table accepts exactly the tuples its model constraint accepts
// (conflict tables, short tables, intension, allDifferent, sum), on generated models.
#include <algorithm>

#include "arcwave/error.hpp"
#include "instances/csp/generators.hpp"
#include "propagation/network/table_network.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

void check_equivalent(const Model& model) {
  const TableNetwork net = make_table_network(model);
  REQUIRE(net.from_model.size() == model.constraints().size());
  std::vector<Value> assignment(model.variable_count());
  for (std::size_t ci = 0; ci < model.constraints().size(); ++ci) {
    if (net.from_model[ci].size() != 1) continue;  // decomposed: checked by the solver tests
    const TableConstraint& t = net.constraints[net.from_model[ci][0]];
    // enumerate the product and compare membership with the model's semantics
    std::vector<std::uint32_t> idx(t.arity(), 0);
    std::size_t allowed = 0;
    for (;;) {
      for (std::size_t p = 0; p < t.arity(); ++p)
        assignment[t.scope[p]] = model.variables()[t.scope[p]].domain[idx[p]];
      bool listed = false;
      for (std::size_t k = 0; k < t.size() && !listed; ++k)
        listed = std::equal(idx.begin(), idx.end(),
                            t.tuples.begin() + static_cast<std::ptrdiff_t>(k * t.arity()));
      REQUIRE(listed == constraint_satisfied(model.constraints()[ci], assignment));
      allowed += listed ? 1 : 0;
      std::size_t p = t.arity();
      while (p > 0 && ++idx[p - 1] == net.domain_sizes[t.scope[p - 1]]) idx[--p] = 0;
      if (p == 0) break;
    }
    CHECK(allowed == t.size());
  }
}

}  // namespace

TEST_CASE("table networks are equivalent to their models", "[table_network]") {
  check_equivalent(gen::rb({.n = 12, .d = 6, .e = 30, .tightness = 0.4, .seed = 3}));
  check_equivalent(
      gen::rb({.n = 12, .d = 6, .e = 30, .tightness = 0.4, .seed = 4, .supports = true}));
  check_equivalent(gen::random_network(
      {.n = 8, .d = 4, .arity = 3, .constraints = 10, .tightness = 0.5, .seed = 5}));
  check_equivalent(gen::queens(6, gen::QueensEncoding::kIntension));
  check_equivalent(gen::queens(6, gen::QueensEncoding::kAllDifferent));
  check_equivalent(gen::langford(2, 4));
}

TEST_CASE("large allDifferent is decomposed into binary disequalities", "[table_network]") {
  const Model m = gen::queens(12, gen::QueensEncoding::kAllDifferent);
  const TableNetwork net = make_table_network(m, 1000);
  CHECK(net.binary());
  std::size_t from_alldiff = 0;
  for (std::size_t ci = 0; ci < m.constraints().size(); ++ci)
    if (std::holds_alternative<AllDifferentConstraint>(m.constraints()[ci]))
      from_alldiff = net.from_model[ci].size();
  CHECK(from_alldiff == 12 * 11 / 2);
}

TEST_CASE("small global constraints are tabulated from their semantics, large ones refused",
          "[table_network]") {
  // A cumulative over 3 tasks with small origin domains becomes one table of the model's
  // semantics; the same over 12 tasks with origins 0..20 exceeds the tabulation limit and is
  // refused naming the constraint's kind (exit code 3 for `solve --backend gpu`).
  auto cumulative = [](int tasks, int horizon) {
    Model m;
    CumulativeConstraint c;
    std::vector<Value> times;
    for (int t = 0; t <= horizon; ++t) times.push_back(t);
    for (int i = 0; i < tasks; ++i) {
      c.origins.push_back(m.add_variable("s" + std::to_string(i), times));
      c.lengths.push_back(Operand{false, 2 + i % 3});
      c.heights.push_back(Operand{false, 1 + i % 2});
    }
    c.condition.op = Relation::kLe;
    c.condition.value = 2;
    m.add_constraint(std::move(c));
    return m;
  };
  check_equivalent(cumulative(3, 4));
  try {
    (void)make_table_network(cumulative(12, 20), 100'000);
    FAIL("a cumulative on 12 tasks was tabulated");
  } catch (const Unsupported& e) {
    CHECK(std::string(e.what()).find("cumulative") != std::string::npos);
  }
}
