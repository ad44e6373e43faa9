// Shared checks of the N-E propagators: against the naive fixpoint on random binary networks,
// and on small n-ary networks worked out by hand.
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

/// x + y = z over {0,1,2}: the six allowed triples.
inline TableNetwork sum_network() {
  TableNetwork net;
  net.domain_sizes = {3, 3, 3};
  net.constraints.push_back({{0, 1, 2}, {0, 0, 0, 0, 1, 1, 0, 2, 2, 1, 0, 1, 1, 1, 2, 2, 0, 2}});
  return net;
}

/// Small n-ary networks whose generalised arc-consistent closure is worked out by hand.
inline void check_small_nary_networks(GpuAcAlgorithm algorithm, AcExecution execution) {
  TableNetwork net = sum_network();
  GpuAcResult r = run_gpu_ac(net, algorithm, execution);
  CHECK_FALSE(r.wiped_out);
  CHECK(r.deletions == 0);
  CHECK(r.sizes.nary_tuples == 6);
  // z = 0 leaves (0,0,0) alone.
  net.constraints.push_back({{2}, {0}});
  r = run_gpu_ac(net, algorithm, execution);
  CHECK_FALSE(r.wiped_out);
  CHECK(r.alive == std::vector<std::uint8_t>{1, 0, 0, 1, 0, 0, 1, 0, 0});
  // z = 2 and x = 0 leave y = 2; a binary constraint (y, v) that y = 2 has no support in then
  // wipes out.
  net = sum_network();
  net.constraints.push_back({{2}, {2}});
  net.constraints.push_back({{0}, {0}});
  r = run_gpu_ac(net, algorithm, execution);
  CHECK_FALSE(r.wiped_out);
  CHECK(r.alive == std::vector<std::uint8_t>{1, 0, 0, 0, 0, 1, 0, 0, 1});
  net.domain_sizes.push_back(1);
  net.constraints.push_back({{1, 3}, {0, 0, 1, 0}});
  CHECK(run_gpu_ac(net, algorithm, execution).wiped_out);
  // An empty n-ary table wipes out.
  net = sum_network();
  net.constraints.push_back({{2, 1, 0}, {}});
  CHECK(run_gpu_ac(net, algorithm, execution).wiped_out);
  // A tuple losing two values in one round: x, y, z, w over {0,1}; (x,w) and (y,w) allow x = 0
  // and y = 0 only, so x = 1 and y = 1 go together in AC4GPU+'s first round. (1,1,1) is the
  // only support of z = 1 in (x,y,z): its counter must fall to 0 (once), not below, so that
  // z = 1 goes in the next round.
  net = TableNetwork{};
  net.domain_sizes = {2, 2, 2, 2};
  net.constraints.push_back({{0, 3}, {0, 0, 0, 1}});
  net.constraints.push_back({{1, 3}, {0, 0, 0, 1}});
  net.constraints.push_back({{0, 1, 2}, {0, 0, 0, 0, 1, 0, 1, 1, 1}});
  r = run_gpu_ac(net, algorithm, execution);
  CHECK_FALSE(r.wiped_out);
  CHECK(r.alive == std::vector<std::uint8_t>{1, 0, 1, 0, 1, 0, 1, 1});
  CHECK(r.deletions == 3);
}

}  // namespace arcwave::test
