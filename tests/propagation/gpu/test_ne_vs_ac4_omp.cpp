// AC4GPU and AC4GPU+ compiled for OpenMP (what CI and GPU-less users run) against serial AC4.
#include "tests/propagation/gpu/ac4_reference.hpp"

using namespace arcwave;

TEST_CASE("AC4GPU (OpenMP) reaches serial AC4's fixpoint on random networks", "[ne][omp][ac4]") {
  CHECK(test::random_networks_against_ac4(GpuAcAlgorithm::kAc4Gpu, AcExecution::kOmp, 60) > 3);
}

TEST_CASE("AC4GPU+ (OpenMP) reaches serial AC4's fixpoint on random networks", "[ne][omp][ac4]") {
  CHECK(test::random_networks_against_ac4(GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kOmp, 120) > 5);
}

TEST_CASE("AC4GPU+ (OpenMP) reaches serial AC4's fixpoint on the bundled instances",
          "[ne][omp][ac4]") {
  CHECK(test::bundled_against_ac4(GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kOmp) >= 20);
}
