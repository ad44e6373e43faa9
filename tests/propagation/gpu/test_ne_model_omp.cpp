// AC4GPU and AC4GPU+ compiled for Thrust's OpenMP system reach the same fixpoint as a naive
// arc-consistency algorithm, value by value, wipe-outs included; the N-E sizes; small n-ary
// networks whose generalised arc-consistent closure is worked out by hand.
#include <string>

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
}

TEST_CASE("N-E sizes: one edge per allowed n-ary tuple, counters per scope value", "[ne][nary]") {
  TableNetwork net;
  net.domain_sizes = {3, 3, 3, 2};
  net.constraints.push_back({{0, 1}, {0, 0, 1, 1}});
  net.constraints.push_back({{0, 1, 2}, {0, 0, 0, 0, 1, 1, 0, 2, 2, 1, 0, 1, 1, 1, 2, 2, 0, 2}});
  net.constraints.push_back(
      {{0, 1, 2, 3}, {0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 2, 2, 2, 1, 2, 0, 2, 0}});
  const NeSizes s = ne_sizes(net);
  CHECK(s.nodes == 11);
  CHECK(s.edges == 18);
  CHECK(s.supports == 4);
  CHECK(s.nary_tuples == 6 + 5);
  CHECK(s.nary_entries == 18 + 20);
  CHECK(s.counters == 6 + 9 + 11);
  NeSizes binary_only = ne_sizes(TableNetwork{net.domain_sizes, {net.constraints[0]}, {}});
  CHECK(s.bytes > binary_only.bytes + 38 * 20);
}

TEST_CASE("AC4GPU and AC4GPU+ (OpenMP) on small n-ary networks worked out by hand",
          "[ne][omp][nary]") {
  for (GpuAcAlgorithm a : {GpuAcAlgorithm::kAc4Gpu, GpuAcAlgorithm::kAc4GpuPlus}) {
    INFO(to_string(a));
    test::check_small_nary_networks(a, AcExecution::kOmp);
  }
}

TEST_CASE("the frontier variant refuses n-ary networks, naming the constraint", "[ne][nary]") {
  TableNetwork net = test::sum_network();
  net.constraints.insert(net.constraints.begin(), TableConstraint{{0, 1}, {0, 0}});
  CHECK_THROWS_AS(run_gpu_ac(net, GpuAcAlgorithm::kAc4GpuFrontier, AcExecution::kOmp), Unsupported);
  // Refused before anything needs a device.
  CHECK_THROWS_AS(run_gpu_ac(net, GpuAcAlgorithm::kAc4GpuFrontier, AcExecution::kCuda),
                  Unsupported);
  std::string message;
  try {
    require_binary_ne(net, "this propagator");
  } catch (const Unsupported& e) {
    message = e.what();
  }
  INFO(message);
  CHECK(message.find("table #1 of the network") != std::string::npos);
  CHECK(message.find("arity 3") != std::string::npos);
  CHECK(message.find("ac4gpu and ac4gpu+") != std::string::npos);
  // With the model's numbering: model constraint #4 became tables 0 and 1.
  net.from_model = {{}, {}, {}, {}, {0, 1}};
  message.clear();
  try {
    require_binary_ne(net, "this propagator");
  } catch (const Unsupported& e) {
    message = e.what();
  }
  CHECK(message.find("constraint #4 has arity 3") != std::string::npos);
  net.constraints.pop_back();
  CHECK_NOTHROW(require_binary_ne(net, "this propagator"));
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
