// [gpu] AC4GPU, AC4GPU+ and AC4GPU+ on the frontier driver, CUDA build, against serial AC4 on
// 600 random networks each (wipe-outs included) and on every binary instance of instances/ and
// of the shared instance folder.
#include "tests/propagation/gpu/ac4_reference.hpp"
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

TEST_CASE(
    "AC4GPU and AC4GPU+ (CUDA) reach serial AC4's fixpoint on every bundled and shared "
    "binary instance",
    "[gpu][ne][ac4]") {
  ARCWAVE_REQUIRE_GPU();
  for (GpuAcAlgorithm a :
       {GpuAcAlgorithm::kAc4Gpu, GpuAcAlgorithm::kAc4GpuPlus, GpuAcAlgorithm::kAc4GpuFrontier}) {
    const int compared = test::bundled_against_ac4(a, AcExecution::kCuda);
    CHECK(compared >= 20);
    WARN("compared " << compared << " instances");
  }
}
