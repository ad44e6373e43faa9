// [gpu] AC4GPU, AC4GPU+ and AC4GPU+ on the frontier driver, CUDA build, against serial AC4 on
// 600 random networks each (wipe-outs included) and on every binary instance of instances/ and
// of the shared instance folder; AC4GPU and AC4GPU+ also against GAC4 on random n-ary networks
// and on the bundled n-ary instances (the frontier variant refuses those).
#include "arcwave/error.hpp"
#include "tests/propagation/gpu/ac4_reference.hpp"
#include "tests/propagation/gpu/ac_cases.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave;

TEST_CASE("AC4GPU (CUDA) reaches serial AC4's fixpoint on random networks", "[gpu][ne][ac4]") {
  ARCWAVE_REQUIRE_GPU();
  CHECK(test::random_networks_against_ac4(GpuAcAlgorithm::kAc4Gpu, AcExecution::kCuda, 600) > 20);
}

TEST_CASE("AC4GPU+ (CUDA) reaches serial AC4's fixpoint on random networks", "[gpu][ne][ac4]") {
  ARCWAVE_REQUIRE_GPU();
  CHECK(test::random_networks_against_ac4(GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kCuda, 600) >
        20);
}

TEST_CASE("AC4GPU+ frontier (CUDA) reaches serial AC4's fixpoint on random networks",
          "[gpu][ne][ac4]") {
  ARCWAVE_REQUIRE_GPU();
  CHECK(test::random_networks_against_ac4(GpuAcAlgorithm::kAc4GpuFrontier, AcExecution::kCuda,
                                          600) > 20);
}

TEST_CASE("AC4GPU and AC4GPU+ (CUDA) reach serial GAC4's fixpoint on random n-ary networks",
          "[gpu][ne][ac4][nary]") {
  ARCWAVE_REQUIRE_GPU();
  for (GpuAcAlgorithm a : {GpuAcAlgorithm::kAc4Gpu, GpuAcAlgorithm::kAc4GpuPlus}) {
    INFO(to_string(a));
    const test::NaryComparison r = test::random_nary_against_ac4(a, AcExecution::kCuda, 400);
    CHECK(r.wipeouts > 40);
    CHECK(r.reduced > 40);
    CHECK(r.wipeouts + r.reduced < 400);
    int reduced = 0;
    CHECK(test::larger_nary_against_ac4(a, AcExecution::kCuda, &reduced) >= 4);
    CHECK(reduced >= 4);
  }
}

TEST_CASE("AC4GPU and AC4GPU+ (CUDA) on small n-ary networks worked out by hand",
          "[gpu][ne][nary]") {
  ARCWAVE_REQUIRE_GPU();
  for (GpuAcAlgorithm a : {GpuAcAlgorithm::kAc4Gpu, GpuAcAlgorithm::kAc4GpuPlus}) {
    INFO(to_string(a));
    test::check_small_nary_networks(a, AcExecution::kCuda);
  }
  CHECK_THROWS_AS(
      run_gpu_ac(test::sum_network(), GpuAcAlgorithm::kAc4GpuFrontier, AcExecution::kCuda),
      Unsupported);
}

TEST_CASE(
    "AC4GPU and AC4GPU+ (CUDA) reach serial AC4's fixpoint on every bundled and shared "
    "instance (binary ones for the frontier variant)",
    "[gpu][ne][ac4]") {
  ARCWAVE_REQUIRE_GPU();
  for (GpuAcAlgorithm a :
       {GpuAcAlgorithm::kAc4Gpu, GpuAcAlgorithm::kAc4GpuPlus, GpuAcAlgorithm::kAc4GpuFrontier}) {
    INFO(to_string(a));
    int nary = 0;
    const int compared = test::bundled_against_ac4(a, AcExecution::kCuda, &nary);
    CHECK(compared >= 20);
    if (a == GpuAcAlgorithm::kAc4GpuFrontier)
      CHECK(nary == 0);
    else
      CHECK(nary >= 6);
    WARN(to_string(a) << ": compared " << compared << " instances, " << nary << " n-ary");
  }
}
