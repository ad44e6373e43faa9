// tests/solver/batch/prop_fixture.hpp — fixpoints of the batched search's searcher (the host
// reference, one thread) against the CPU engine's, after random decisions and backtracks: the
// searcher propagates the root domains restricted by the decisions from scratch (it keeps no
// state but the domains), the CPU engine walks the decisions with push / pop. Monotone
// propagators reach the same greatest fixpoint either way.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "instances/csp/rng.hpp"
#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "solver/batch/batch_network.hpp"
#include "solver/batch/host_searcher_memory.hpp"
#include "solver/batch/network_view.hpp"
#include "solver/batch/searcher.hpp"
#include "solver/batch/state_decisions.hpp"
#include "tests/solver/batch/global_models.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

/// The searcher's fixpoint of `state` (nullopt: a wipe-out).
inline std::optional<batch::Subproblem> searcher_fixpoint(const batch::BatchNetwork& net,
                                                          const batch::Subproblem& state) {
  batch::HostSearcherMemory own(net, 1);
  const batch::Scratch s = own.scratch();
  std::copy(state.begin(), state.end(), s.dom);
  std::vector<int> residue(net.relations.size() / static_cast<std::size_t>(net.words) + 1, 0);
  std::vector<unsigned> weight(static_cast<std::size_t>(std::max(net.constraints, 1)), 1);
  batch::SharedState sh;
  sh.residue = residue.data();
  sh.weight = weight.data();
  const batch::NetworkView view = batch::host_view(net);
  const batch::HostGroup g;
  batch::Searcher<batch::HostGroup> searcher(g, view, sh, own.memory(), s);
  if (!searcher.fixpoint()) return std::nullopt;
  return batch::Subproblem(s.dom, s.dom + net.state_words());
}

/// One decision: x = a (assign) or x != a.
struct Decision {
  int x = 0;
  int a = 0;
  bool assign = true;
};

/// The root domains with the decisions applied, nothing propagated.
inline batch::Subproblem restricted_root(const batch::BatchNetwork& net,
                                         const std::vector<Decision>& decisions) {
  batch::Subproblem s = net.root;
  const auto W = static_cast<std::size_t>(net.words);
  for (const Decision& d : decisions) {
    std::uint64_t* dom = s.data() + static_cast<std::size_t>(d.x) * W;
    const std::uint64_t bit = std::uint64_t{1} << (d.a & 63);
    const auto w = static_cast<std::size_t>(d.a >> 6);
    if (d.assign) {
      const std::uint64_t keep = dom[w] & bit;
      for (std::size_t k = 0; k < W; ++k) dom[k] = 0;
      dom[w] = keep;
    } else {
      dom[w] &= ~bit;
    }
  }
  return s;
}

/// Every solution of the model as value indices (the CPU solver, all solutions).
inline std::vector<std::vector<int>> solution_indices(const Model& m) {
  SolverOptions o;
  o.all_solutions = true;
  o.backend = SolverBackend::kCpu;
  Solver solver(m, o);
  std::vector<std::vector<int>> out;
  solver.on_solution([&](const Solution& s) {
    std::vector<int> idx(s.values.size());
    for (std::size_t x = 0; x < idx.size(); ++x)
      idx[x] = m.value_index(static_cast<int>(x), s.values[x]);
    out.push_back(std::move(idx));
  });
  const SolveResult r = solver.solve();
  REQUIRE(r.complete);
  return out;
}

/// Walks `steps` random decisions and backtracks on the CPU engine and compares each fixpoint
/// with the searcher's; returns the number of comparisons made.
inline int compare_fixpoints(const Model& m, const batch::BatchNetwork& net,
                             const std::shared_ptr<const IndexedModel>& indexed,
                             const cpu::CpuEngineOptions& options, FixpointRelation relation,
                             std::uint64_t seed, int steps) {
  const std::vector<std::vector<int>> solutions = solution_indices(m);
  const auto W = static_cast<std::size_t>(net.words);
  auto inside = [&](const batch::Subproblem& s, const std::vector<int>& sol) {
    for (int x = 0; x < net.n; ++x) {
      const int a = sol[static_cast<std::size_t>(x)];
      if (((s[static_cast<std::size_t>(x) * W + static_cast<std::size_t>(a >> 6)] >> (a & 63)) &
           1U) == 0)
        return false;
    }
    return true;
  };
  auto check = [&](bool cpu_ok, const cpu::CpuEngine& cpu, const std::vector<Decision>& ds) {
    const batch::Subproblem raw = restricted_root(net, ds);
    const std::optional<batch::Subproblem> dev = searcher_fixpoint(net, raw);
    // Soundness whatever the relation: every solution within the decisions survives.
    bool kept = true;
    for (const std::vector<int>& sol : solutions)
      if (inside(raw, sol)) kept = kept && dev.has_value() && inside(*dev, sol);
    CHECK(kept);
    if (relation == FixpointRelation::kEqual) {
      CHECK(dev.has_value() == cpu_ok);
      if (dev && cpu_ok) {
        const batch::Subproblem c = batch::read_state(cpu, net);
        std::string diff;
        for (std::size_t i = 0; i < c.size(); ++i)
          if (c[i] != (*dev)[i])
            diff += fmt::format(" word {}: cpu {:x} device {:x};", i, c[i], (*dev)[i]);
        INFO("differences:" << diff);
        CHECK(diff.empty());
      }
    } else if (relation == FixpointRelation::kWeaker) {
      // Weaker: never a wipe-out the CPU does not see, never a value the CPU keeps removed.
      if (cpu_ok) REQUIRE(dev.has_value());
      if (dev && cpu_ok) {
        const batch::Subproblem c = batch::read_state(cpu, net);
        bool superset = true;
        for (std::size_t i = 0; i < c.size(); ++i) superset = superset && (c[i] & ~(*dev)[i]) == 0;
        CHECK(superset);
      }
    }
  };
  cpu::CpuEngine cpu(indexed, options);
  const bool root = cpu.propagate_root();
  check(root, cpu, {});
  if (!root) return 1;
  gen::Rng rng(seed);
  std::vector<Decision> ds;
  int compared = 1;
  std::vector<int> values;
  for (int step = 0; step < steps; ++step) {
    if (!ds.empty() && rng.below(10) < 3) {
      cpu.pop();
      ds.pop_back();
      check(true, cpu, ds);
      ++compared;
      continue;
    }
    std::vector<int> open;
    for (int x = 0; x < net.n; ++x)
      if (cpu.size(x) > 1) open.push_back(x);
    if (open.empty()) {
      if (ds.empty()) break;
      cpu.pop();
      ds.pop_back();
      continue;
    }
    Decision d;
    d.x = open[rng.below(open.size())];
    cpu.values(d.x, values);
    d.a = values[rng.below(values.size())];
    d.assign = rng.below(2) == 0;
    cpu.push();
    const bool ok = d.assign ? cpu.assign(d.x, d.a) : cpu.remove(d.x, d.a);
    ds.push_back(d);
    check(ok, cpu, ds);
    ++compared;
    if (!ok) {
      cpu.pop();
      ds.pop_back();
    }
  }
  return compared;
}

}  // namespace arcwave::test
