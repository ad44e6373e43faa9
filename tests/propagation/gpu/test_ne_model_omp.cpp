// AC4GPU and AC4GPU+ compiled for Thrust's OpenMP system reach the same fixpoint as a naive
// arc-consistency algorithm, value by value, wipe-outs included.
#include "arcwave/error.hpp"
#include "tests/propagation/gpu/ac_cases.hpp"

using namespace arcwave;

TEST_CASE("AC4GPU (OpenMP) equals the naive fixpoint on random networks", "[ne][omp]") {
  const int wipeouts = test::check_random_networks(GpuAcAlgorithm::kAc4Gpu, AcExecution::kOmp, 300);
  CHECK(wipeouts > 20);
  CHECK(wipeouts < 280);
}

TEST_CASE("AC4GPU+ (OpenMP) equals the naive fixpoint on random networks", "[ne][omp]") {
  const int wipeouts =
      test::check_random_networks(GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kOmp, 300);
  CHECK(wipeouts > 20);
  CHECK(wipeouts < 280);
}

TEST_CASE("N-E sizes: both directions of every value pair", "[ne]") {
  // rand-2-40-80-103-800 shape: 103 constraints over domains of 80 values -> 1,318,400 edges,
  // the figure Li, Li & Li report for their tightness-0.8 instances.
  TableNetwork net;
  net.domain_sizes.assign(40, 80);
  for (std::uint32_t c = 0; c < 103; ++c)
    net.constraints.push_back({{c % 40, (c + 1 + c / 40) % 40}, {0, 0}});
  const NeSizes s = ne_sizes(net);
  CHECK(s.edges == 1'318'400);
  CHECK(s.nodes == 3200);
  CHECK(s.counters == 103 * 160);
  CHECK(s.supports == 206);
  net.constraints.push_back({{0, 1, 2}, {0, 0, 0}});
  CHECK_THROWS_AS(ne_sizes(net), Unsupported);
}

TEST_CASE("unary-only and empty networks", "[ne]") {
  TableNetwork net;
  net.domain_sizes = {3};
  net.constraints.push_back({{0}, {1}});
  GpuAcResult r = run_gpu_ac(net, GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kOmp);
  CHECK_FALSE(r.wiped_out);
  CHECK(r.alive == std::vector<std::uint8_t>{0, 1, 0});
  net.constraints.push_back({{0}, {}});
  CHECK(run_gpu_ac(net, GpuAcAlgorithm::kAc4Gpu, AcExecution::kOmp).wiped_out);
}
