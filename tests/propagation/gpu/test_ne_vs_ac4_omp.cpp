// AC4GPU and AC4GPU+ compiled for OpenMP (what CI and GPU-less users run) against serial AC4:
// binary networks, random n-ary networks (against GAC4) and the bundled instances.
#include "tests/propagation/gpu/ac4_reference.hpp"

using namespace arcwave;

TEST_CASE("AC4GPU (OpenMP) reaches serial AC4's fixpoint on random networks", "[ne][omp][ac4]") {
  CHECK(test::random_networks_against_ac4(GpuAcAlgorithm::kAc4Gpu, AcExecution::kOmp, 60) > 3);
}

TEST_CASE("AC4GPU+ (OpenMP) reaches serial AC4's fixpoint on random networks", "[ne][omp][ac4]") {
  CHECK(test::random_networks_against_ac4(GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kOmp, 120) > 5);
}

TEST_CASE("AC4GPU and AC4GPU+ (OpenMP) reach serial GAC4's fixpoint on random n-ary networks",
          "[ne][omp][ac4][nary]") {
  for (GpuAcAlgorithm a : {GpuAcAlgorithm::kAc4Gpu, GpuAcAlgorithm::kAc4GpuPlus}) {
    INFO(to_string(a));
    const test::NaryComparison r = test::random_nary_against_ac4(a, AcExecution::kOmp, 400);
    CHECK(r.wipeouts > 40);
    CHECK(r.reduced > 40);
    CHECK(r.wipeouts + r.reduced < 400);  // some networks are already consistent
  }
}

TEST_CASE("AC4GPU and AC4GPU+ (OpenMP) reach serial GAC4's fixpoint on larger n-ary networks",
          "[ne][omp][ac4][nary]") {
  for (GpuAcAlgorithm a : {GpuAcAlgorithm::kAc4Gpu, GpuAcAlgorithm::kAc4GpuPlus}) {
    INFO(to_string(a));
    int reduced = 0;
    CHECK(test::larger_nary_against_ac4(a, AcExecution::kOmp, &reduced) >= 4);
    CHECK(reduced >= 4);
  }
}

TEST_CASE("AC4GPU+ (OpenMP) reaches serial AC4's fixpoint on the bundled and shared instances",
          "[ne][omp][ac4]") {
  int nary = 0;
  CHECK(test::bundled_against_ac4(GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kOmp, &nary) >= 20);
  CHECK(nary >= 6);  // rand-3-12-4-20, latin-5 and qwh-10-0.42-1 in both formats
}

// AC4GPU recounts every counter each iteration: on the bundled instances only (the shared ones
// are binary and take minutes on two cores).
TEST_CASE("AC4GPU (OpenMP) reaches serial AC4's fixpoint on the bundled instances",
          "[ne][omp][ac4]") {
  int nary = 0;
  CHECK(test::bundled_against_ac4(GpuAcAlgorithm::kAc4Gpu, AcExecution::kOmp, &nary, false) >= 30);
  CHECK(nary >= 6);
}
