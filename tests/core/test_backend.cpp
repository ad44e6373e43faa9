// Backend parsing and the `auto` decision.
#include "arcwave/error.hpp"
#include "core/backend.hpp"
#include "core/gpu_runtime.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

TEST_CASE("backend names parse and print", "[core]") {
  CHECK(parse_backend("auto") == Backend::kAuto);
  CHECK(parse_backend("cpu") == Backend::kCpu);
  CHECK(parse_backend("gpu") == Backend::kGpu);
  CHECK(to_string(Backend::kGpu) == "gpu");
  CHECK_THROWS_AS(parse_backend("tpu"), InputError);
}

TEST_CASE("choose_backend honours requests and falls back", "[core]") {
  CHECK(choose_backend(Backend::kCpu, 1e12, 1.0).backend == Backend::kCpu);
  const BackendChoice small = choose_backend(Backend::kAuto, 10, 1e6);
  CHECK(small.backend == Backend::kCpu);
  CHECK_FALSE(small.reason.empty());
  if (!gpu_available()) {
    CHECK_THROWS_AS(choose_backend(Backend::kGpu, 1e9, 1.0), ResourceError);
    const BackendChoice big = choose_backend(Backend::kAuto, 1e9, 1.0);
    CHECK(big.backend == Backend::kCpu);
    CHECK(big.reason.find("no GPU") != std::string::npos);
  } else {
    CHECK(choose_backend(Backend::kAuto, 1e9, 1.0).backend == Backend::kGpu);
    // More memory than any device has: auto falls back and says why.
    const BackendChoice huge = choose_backend(Backend::kAuto, 1e9, 1.0, std::size_t{1} << 50);
    CHECK(huge.backend == Backend::kCpu);
    CHECK(huge.reason.find("bytes") != std::string::npos);
  }
}
