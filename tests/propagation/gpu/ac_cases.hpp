// Shared differential checks of the N-E propagators against the naive fixpoint.
#pragma once

#include "propagation/gpu/ac_gpu.hpp"
#include "tests/propagation/gpu/naive_ac.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

/// Runs `algorithm` on `execution` over many random networks (fixed seeds) and compares the
/// fixpoint value by value; returns how many wiped out (so callers can check both kinds ran).
inline int check_random_networks(GpuAcAlgorithm algorithm, AcExecution execution, int count) {
  int wipeouts = 0;
  for (int i = 0; i < count; ++i) {
    const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(i);
    const std::uint32_t n = 2 + static_cast<std::uint32_t>(seed % 25);
    const double tightness = 0.1 + 0.8 * static_cast<double>(i % 9) / 8.0;
    const TableNetwork net =
        random_binary_network(n, 1 + static_cast<std::uint32_t>(seed % 12), 0.3, tightness, seed);
    const NaiveAcResult expected = naive_ac(net);
    const GpuAcResult got = run_gpu_ac(net, algorithm, execution);
    INFO("network " << i << " (seed " << seed << ", n " << n << ", tightness " << tightness << ")");
    REQUIRE(got.wiped_out == expected.wiped_out);
    if (!expected.wiped_out) REQUIRE(got.alive == expected.alive);
    wipeouts += expected.wiped_out ? 1 : 0;
  }
  return wipeouts;
}

}  // namespace arcwave::test
