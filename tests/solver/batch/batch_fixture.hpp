// tests/solver/batch/batch_fixture.hpp — models for the batched search's tests: a model's batch
// network with its root as the only subproblem, and the CPU solver's answer on the same model
// (the reference).
#pragma once

#include <memory>
#include <vector>

#include "arcwave/solver.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/batch/batch_search.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

struct BatchCase {
  Model model;
  batch::BatchNetwork net;
  std::vector<batch::Subproblem> items;
};

inline BatchCase batch_case(Model m) {
  BatchCase c;
  const IndexedModel indexed = index_model(m);
  REQUIRE(!batch::batch_refusal(indexed).has_value());
  c.net = batch::make_batch_network(indexed);
  if (!indexed.trivially_false) c.items.push_back(c.net.root);
  c.model = std::move(m);
  return c;
}

/// The CPU engine's solution count (every solution) on the model.
inline std::uint64_t cpu_count(const Model& m) {
  SolverOptions o;
  o.all_solutions = true;
  o.backend = SolverBackend::kCpu;
  Solver solver(m, o);
  const SolveResult r = solver.solve();
  REQUIRE(r.complete);
  return r.solutions;
}

/// A solution in value indices as the model's values.
inline std::vector<Value> values_of(const Model& m, const std::vector<int>& indices) {
  std::vector<Value> v(indices.size());
  for (std::size_t x = 0; x < indices.size(); ++x)
    v[x] = m.variables()[x].domain[static_cast<std::size_t>(indices[x])];
  return v;
}

}  // namespace arcwave::test
