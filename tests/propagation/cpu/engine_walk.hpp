// tests/propagation/cpu/engine_walk.hpp — random decisions and backtracks on a CPU engine, the
// walk the propagator tests compare with a reference after every step.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include <fmt/format.h>

#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "tests/propagation/cpu/naive_gac.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

struct WalkStep {
  int var;
  Value value;
  bool assign;  // else: remove the value
};

/// The model's initial domains under the decisions in force.
inline Domains under_decisions(const Model& m, const std::vector<WalkStep>& decisions) {
  Domains d(m.variable_count());
  for (std::size_t x = 0; x < d.size(); ++x) d[x] = m.variables()[x].domain.values();
  for (const WalkStep& s : decisions)
    std::erase_if(d[static_cast<std::size_t>(s.var)],
                  [&](Value v) { return s.assign ? v != s.value : v == s.value; });
  return d;
}

/// `steps` random steps on a fresh CPU engine for `m`: a backtrack (one in three, when deeper
/// than the root) or a decision, assigning (one in three) or removing a random value of a random
/// open variable. `check(ok, engine, indexed, decisions)` runs after the root fixpoint, after
/// each decision (`ok`: whether propagation succeeded; a failed decision is then undone) and at
/// the end of each step (ok = true). Stops when the root fails or every variable is fixed at
/// the root.
/// `options` compile the model (the default: as the solver does).
template <typename Check>
void random_walk(const Model& m, std::uint64_t seed, int steps, Check&& check,
                 const IndexOptions& options = {}) {
  auto indexed = std::make_shared<const IndexedModel>(index_model(m, options));
  cpu::CpuEngine engine(indexed);
  std::vector<WalkStep> decisions;
  const bool root = engine.propagate_root();
  check(root, engine, *indexed, decisions);
  if (!root) return;
  std::mt19937_64 rng(seed);
  for (int step = 0; step < steps; ++step) {
    INFO(fmt::format("seed {} step {}", seed, step));
    const int op = static_cast<int>(rng() % 3);
    std::vector<int> open;
    for (int x = 0; x < engine.variable_count(); ++x)
      if (engine.size(x) > 1) open.push_back(x);
    if ((op == 2 || open.empty()) && engine.depth() > 0) {
      engine.pop();
      decisions.pop_back();
    } else if (open.empty()) {
      return;
    } else {
      const int x = open[rng() % open.size()];
      std::vector<int> values;
      engine.values(x, values);
      const int a = values[rng() % values.size()];
      const Value v = indexed->domains[static_cast<std::size_t>(x)][static_cast<std::size_t>(a)];
      engine.push();
      decisions.push_back({x, v, op == 0});
      const bool ok = op == 0 ? engine.assign(x, a) : engine.remove(x, a);
      check(ok, engine, *indexed, decisions);
      if (!ok) {
        engine.pop();
        decisions.pop_back();
      }
    }
    check(true, engine, *indexed, decisions);
  }
}

}  // namespace arcwave::test
