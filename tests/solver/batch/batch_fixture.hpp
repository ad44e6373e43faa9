// tests/solver/batch/batch_fixture.hpp — models for the batched search's tests: a model's batch
// network with its root as the only subproblem, and the CPU solver's answer on the same model
// (the reference).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "instances/csp/generators.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/batch/batch_search.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

struct BatchCase {
  Model model;
  batch::BatchNetwork net;
  std::vector<batch::Subproblem> items;
};

inline BatchCase batch_case(Model m, const IndexOptions& options = {}) {
  BatchCase c;
  const IndexedModel indexed = index_model(m, options);
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

struct PlantedCase {
  std::string name;
  Model model;
};

/// RB networks with a planted solution (frb-style) and tight constraints, each shape with its
/// tables as conflicts and as supports: 2 to 80 solutions in trees of at most 140 nodes, so that
/// a count or a node count shows any change in pruning. More than 32 variables (two and three
/// chunks of 32 lanes), one-word domains, then two words; `with_small` adds 24 variables of 12
/// values (121 and 664 solutions).
inline std::vector<PlantedCase> planted_networks(bool with_small) {
  struct Shape {
    int n, d, e;
    double tightness;
  };
  std::vector<Shape> shapes = {{40, 6, 110, 0.58}, {70, 4, 220, 0.57}, {36, 70, 70, 0.94}};
  if (with_small) shapes.push_back({24, 12, 80, 0.5});
  std::vector<PlantedCase> out;
  for (const Shape& k : shapes)
    for (std::uint64_t seed = 1; seed <= 2; ++seed)
      out.push_back({fmt::format("rb n {} d {} e {} seed {}", k.n, k.d, k.e, seed),
                     gen::rb({.n = k.n,
                              .d = k.d,
                              .e = k.e,
                              .tightness = k.tightness,
                              .seed = 9800 + seed,
                              .supports = seed == 2,
                              .forced = true})});
  return out;
}

/// A solution in value indices as the model's values.
inline std::vector<Value> values_of(const Model& m, const std::vector<int>& indices) {
  std::vector<Value> v(indices.size());
  for (std::size_t x = 0; x < indices.size(); ++x)
    v[x] = m.variables()[x].domain[static_cast<std::size_t>(indices[x])];
  return v;
}

}  // namespace arcwave::test
