// tests/propagation/cpu/engine_domains.hpp — reading an engine's domains as model values, and
// the generated networks the propagator tests run on.
#pragma once

#include <memory>
#include <vector>

#include "instances/csp/generators.hpp"
#include "propagation/cpu/cpu_engine.hpp"
#include "propagation/cpu/fixpoint.hpp"
#include "propagation/indexed/indexed_model.hpp"
#include "tests/propagation/cpu/naive_gac.hpp"

namespace arcwave::test {

inline Domains engine_domains(const Engine& e, const IndexedModel& m) {
  Domains out(m.domains.size());
  std::vector<int> idx;
  for (std::size_t x = 0; x < out.size(); ++x) {
    e.values(static_cast<int>(x), idx);
    for (int a : idx) out[x].push_back(m.domains[x][static_cast<std::size_t>(a)]);
  }
  return out;
}

inline Domains fixpoint_values(const cpu::FixpointResult& r, const IndexedModel& m) {
  Domains out(m.domains.size());
  for (std::size_t x = 0; x < out.size(); ++x)
    for (int a : r.domains[x]) out[x].push_back(m.domains[x][static_cast<std::size_t>(a)]);
  return out;
}

inline const cpu::TableAlgorithm kAllTableAlgorithms[] = {
    cpu::TableAlgorithm::kAc4, cpu::TableAlgorithm::kAc3Bit, cpu::TableAlgorithm::kCompactTable};

/// A small random network: RB (conflicts or supports), composed, or random of arity 2 to 4,
/// chosen and shaped by `seed`.
inline Model small_network(std::uint64_t seed) {
  const std::uint64_t kind = seed % 5;
  const int s = static_cast<int>(seed / 5);
  if (kind <= 1) {
    gen::RbParams p;
    p.n = 6 + s % 7;
    p.d = 3 + s % 4;
    p.e = std::min(p.n * (p.n - 1) / 2, p.n + s % 11);
    p.tightness = 0.15 + 0.1 * (s % 6);
    p.seed = seed;
    p.supports = kind == 1;
    return gen::rb(p);
  }
  if (kind == 2) {
    gen::ComposedParams p;
    p.main_vars = 6 + s % 4;
    p.satellites = 1 + s % 2;
    p.links = 2 + s % 3;
    p.satellite_vars = 4;
    p.domain = 4 + s % 3;
    p.main_constraints = 8 + s % 6;
    p.satellite_constraints = 4;
    p.main_tightness = 0.1 + 0.05 * (s % 4);
    p.satellite_tightness = 0.3 + 0.1 * (s % 4);
    p.link_tightness = 0.1;
    p.seed = seed;
    return gen::composed(p);
  }
  gen::RandomParams p;
  p.arity = kind == 3 ? 3 : 2 + s % 3;
  p.n = 6 + s % 4;
  p.d = 2 + s % 3;
  p.constraints = 4 + s % 8;
  p.tightness = 0.2 + 0.1 * (s % 6);
  p.seed = seed;
  return gen::random_network(p);
}

}  // namespace arcwave::test
