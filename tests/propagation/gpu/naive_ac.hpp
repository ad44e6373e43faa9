// A deliberately simple arc-consistency fixpoint (revise every arc until nothing changes) and
// random binary table networks: the second algorithm the N-E propagators are checked against.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "propagation/network/table_network.hpp"

namespace arcwave::test {

struct NaiveAcResult {
  bool wiped_out = false;
  std::vector<std::uint8_t> alive;  // per node, variable-major
};

inline NaiveAcResult naive_ac(const TableNetwork& net) {
  std::vector<std::size_t> offset(net.variable_count() + 1, 0);
  for (std::size_t v = 0; v < net.variable_count(); ++v)
    offset[v + 1] = offset[v] + net.domain_sizes[v];
  NaiveAcResult r;
  r.alive.assign(offset.back(), 1);
  auto alive = [&](std::uint32_t v, std::uint32_t a) -> std::uint8_t& {
    return r.alive[offset[v] + a];
  };
  for (const TableConstraint& t : net.constraints) {
    if (t.arity() == 0 && t.tuples.empty()) r.wiped_out = true;
    if (t.arity() != 1) continue;
    std::vector<std::uint8_t> ok(net.domain_sizes[t.scope[0]], 0);
    for (std::uint32_t a : t.tuples) ok[a] = 1;
    for (std::uint32_t a = 0; a < ok.size(); ++a) alive(t.scope[0], a) &= ok[a];
  }
  bool changed = true;
  while (changed && !r.wiped_out) {
    changed = false;
    for (const TableConstraint& t : net.constraints) {
      if (t.arity() != 2) continue;
      for (int side = 0; side < 2; ++side) {
        const std::uint32_t x = t.scope[side];
        const std::uint32_t y = t.scope[1 - side];
        for (std::uint32_t a = 0; a < net.domain_sizes[x]; ++a) {
          if (!alive(x, a)) continue;
          bool supported = false;
          for (std::size_t k = 0; k < t.size() && !supported; ++k) {
            const std::uint32_t va = t.tuples[2 * k + side];
            const std::uint32_t vb = t.tuples[2 * k + 1 - side];
            supported = va == a && alive(y, vb);
          }
          if (!supported) {
            alive(x, a) = 0;
            changed = true;
          }
        }
      }
    }
    for (std::size_t v = 0; v < net.variable_count(); ++v) {
      bool any = false;
      for (std::uint32_t a = 0; a < net.domain_sizes[v]; ++a)
        any = any || alive(static_cast<std::uint32_t>(v), a);
      if (!any) r.wiped_out = true;
    }
  }
  return r;
}

/// Random binary network: n variables (domains 1..max_d), `density` of all pairs constrained,
/// each pair allowed with probability 1 - tightness; some unary tables.
inline TableNetwork random_binary_network(std::uint32_t n, std::uint32_t max_d, double density,
                                          double tightness, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto uniform = [&] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
  TableNetwork net;
  for (std::uint32_t v = 0; v < n; ++v)
    net.domain_sizes.push_back(1 + static_cast<std::uint32_t>(rng() % max_d));
  for (std::uint32_t x = 0; x < n; ++x)
    for (std::uint32_t y = x + 1; y < n; ++y) {
      if (uniform() >= density) continue;
      TableConstraint t;
      t.scope =
          (rng() % 2 == 0) ? std::vector<std::uint32_t>{x, y} : std::vector<std::uint32_t>{y, x};
      for (std::uint32_t a = 0; a < net.domain_sizes[t.scope[0]]; ++a)
        for (std::uint32_t b = 0; b < net.domain_sizes[t.scope[1]]; ++b)
          if (uniform() >= tightness) t.tuples.insert(t.tuples.end(), {a, b});
      net.constraints.push_back(std::move(t));
    }
  for (std::uint32_t v = 0; v < n; v += 7) {
    TableConstraint t;
    t.scope = {v};
    for (std::uint32_t a = 0; a < net.domain_sizes[v]; ++a)
      if (uniform() < 0.8) t.tuples.push_back(a);
    net.constraints.push_back(std::move(t));
  }
  return net;
}

}  // namespace arcwave::test
