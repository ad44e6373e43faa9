// [gpu] AC4GPU, AC4GPU+ and the frontier variant on the CUDA device against the naive fixpoint
// and against the OpenMP build of the same code (binary and n-ary networks); BuildNE from the
// compact form against the table form, array by array.
#include "instances/csp/generators.hpp"
#include "tests/propagation/gpu/ac_cases.hpp"
#include "tests/propagation/gpu/compact_checks.hpp"
#include "tests/propagation/gpu/messy_models.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave;

TEST_CASE("AC4GPU (CUDA) equals the naive fixpoint", "[gpu][ne]") {
  ARCWAVE_REQUIRE_GPU();
  CHECK(test::check_random_networks(GpuAcAlgorithm::kAc4Gpu, AcExecution::kCuda, 200) > 10);
}

TEST_CASE("AC4GPU+ (CUDA) equals the naive fixpoint", "[gpu][ne]") {
  ARCWAVE_REQUIRE_GPU();
  CHECK(test::check_random_networks(GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kCuda, 200) > 10);
}

TEST_CASE("AC4GPU+ on the frontier driver equals the naive fixpoint", "[gpu][ne]") {
  ARCWAVE_REQUIRE_GPU();
  CHECK(test::check_random_networks(GpuAcAlgorithm::kAc4GpuFrontier, AcExecution::kCuda, 200) > 10);
}

TEST_CASE("CUDA and OpenMP builds agree on larger networks", "[gpu][ne]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const TableNetwork net =
        test::random_binary_network(60, 40, 0.2, 0.55 + 0.05 * static_cast<double>(seed), seed);
    const GpuAcResult omp = run_gpu_ac(net, GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kOmp);
    for (GpuAcAlgorithm a :
         {GpuAcAlgorithm::kAc4Gpu, GpuAcAlgorithm::kAc4GpuPlus, GpuAcAlgorithm::kAc4GpuFrontier}) {
      const GpuAcResult gpu = run_gpu_ac(net, a, AcExecution::kCuda);
      INFO(to_string(a) << " seed " << seed);
      CHECK(gpu.wiped_out == omp.wiped_out);
      if (!omp.wiped_out) CHECK(gpu.alive == omp.alive);
    }
  }
}

TEST_CASE("CUDA and OpenMP builds agree on n-ary networks", "[gpu][ne][nary]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    TableNetwork net =
        test::random_binary_network(30, 8, 0.1, 0.3 + 0.05 * static_cast<double>(seed), seed);
    // Ternary tables over consecutive variables: every triple allowed but one in three.
    const std::vector<std::uint32_t>& d = net.domain_sizes;
    for (std::uint32_t x = 0; x + 2 < 30; x += 3) {
      TableConstraint t{{x, x + 1, x + 2}, {}};
      for (std::uint32_t a = 0; a < d[x]; ++a)
        for (std::uint32_t b = 0; b < d[x + 1]; ++b)
          for (std::uint32_t c = 0; c < d[x + 2]; ++c)
            if ((a * 64 + b * 8 + c + seed) % 3 != 0) t.tuples.insert(t.tuples.end(), {a, b, c});
      net.constraints.push_back(std::move(t));
    }
    for (GpuAcAlgorithm a : {GpuAcAlgorithm::kAc4Gpu, GpuAcAlgorithm::kAc4GpuPlus}) {
      const GpuAcResult omp = run_gpu_ac(net, a, AcExecution::kOmp);
      const GpuAcResult gpu = run_gpu_ac(net, a, AcExecution::kCuda);
      INFO(to_string(a) << " seed " << seed);
      CHECK(gpu.wiped_out == omp.wiped_out);
      if (!omp.wiped_out) CHECK(gpu.alive == omp.alive);
    }
  }
}

// A few models, for the sanitizers.
TEST_CASE("BuildNE (CUDA) from the compact form on a few models", "[gpu][ne][compact][small]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    INFO("seed " << seed);
    test::same_ne_arrays(test::messy_model(seed), AcExecution::kCuda);
  }
}

TEST_CASE("BuildNE (CUDA) makes the same N-E arrays from the compact form", "[gpu][ne][compact]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 13; seed <= 120; ++seed) {
    INFO("seed " << seed);
    test::same_ne_arrays(test::messy_model(seed), AcExecution::kCuda);
  }
  test::same_ne_arrays(gen::rb({.n = 40, .d = 30, .e = 200, .tightness = 0.45, .seed = 2}),
                       AcExecution::kCuda);
  test::same_ne_arrays(
      gen::random_network(
          {.n = 20, .d = 8, .arity = 3, .constraints = 40, .tightness = 0.5, .seed = 9}),
      AcExecution::kCuda);
}

TEST_CASE("AC4GPU, AC4GPU+ and the frontier variant (CUDA) from the compact form",
          "[gpu][ne][compact]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const Model model = test::messy_model(seed);
    const CompactNetwork net = make_compact_network(model);
    const GpuAcResult omp = run_gpu_ac(net, GpuAcAlgorithm::kAc4GpuPlus, AcExecution::kOmp);
    for (GpuAcAlgorithm a :
         {GpuAcAlgorithm::kAc4Gpu, GpuAcAlgorithm::kAc4GpuPlus, GpuAcAlgorithm::kAc4GpuFrontier}) {
      if (a == GpuAcAlgorithm::kAc4GpuFrontier && !net.binary()) continue;
      const GpuAcResult gpu = run_gpu_ac(net, a, AcExecution::kCuda);
      INFO(to_string(a) << " seed " << seed);
      CHECK(gpu.wiped_out == omp.wiped_out);
      if (!omp.wiped_out) CHECK(gpu.alive == omp.alive);
    }
  }
}
