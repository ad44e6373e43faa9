// core/device_set.hpp: --gpus lists (parsing, checking against the visible devices, the default
// of every device, repeated ordinals) and the device of an MPI rank; no GPU needed.
#include "arcwave/error.hpp"
#include "core/device_set.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

TEST_CASE("--gpus lists parse, and bad ones name the position", "[gpus]") {
  CHECK(parse_gpu_list("").empty());
  CHECK(parse_gpu_list("all").empty());
  CHECK(parse_gpu_list("0") == std::vector<int>{0});
  CHECK(parse_gpu_list("1,0,1") == std::vector<int>{1, 0, 1});
  CHECK(parse_gpu_list("12") == std::vector<int>{12});
  for (const char* bad : {"a", "0,", ",0", "0,,1", "-1", "0;1", "1 ,2", "0x1"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_gpu_list(bad), InputError);
  }
  try {
    (void)parse_gpu_list("0,x");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("character 3") != std::string::npos);
  }
}

TEST_CASE("device lists resolve against the visible devices", "[gpus]") {
  CHECK(resolve_gpus({}, 0).empty());
  CHECK(resolve_gpus({0}, 0).empty());  // no device: the caller reports that no GPU is usable
  CHECK(resolve_gpus({}, 1) == std::vector<int>{0});
  CHECK(resolve_gpus({}, 4) == std::vector<int>{0, 1, 2, 3});
  CHECK(resolve_gpus({0, 0}, 1) == std::vector<int>{0, 0});
  CHECK(resolve_gpus({2, 1}, 3) == std::vector<int>{2, 1});
  CHECK_THROWS_AS(resolve_gpus({1}, 1), InputError);
  CHECK_THROWS_AS(resolve_gpus({0, 5}, 2), InputError);
  CHECK(workers_per_device({0, 0, 1}) == std::vector<int>{2, 2, 1});
  CHECK(workers_per_device({3}) == std::vector<int>{1});
  CHECK(format_gpu_list({0, 0, 1}) == "0,0,1");
}

TEST_CASE("an MPI rank takes local rank modulo the devices", "[gpus][mpi]") {
  CHECK(gpu_for_local_rank({}, 0, 0) == -1);
  CHECK(gpu_for_local_rank({}, 0, 2) == 0);
  CHECK(gpu_for_local_rank({}, 1, 2) == 1);
  CHECK(gpu_for_local_rank({}, 5, 2) == 1);
  CHECK(gpu_for_local_rank({}, 3, 1) == 0);   // count forced to 1: every rank on device 0
  CHECK(gpu_for_local_rank({1}, 0, 2) == 1);  // --gpus overrides
  CHECK(gpu_for_local_rank({1, 0}, 3, 2) == 0);
  CHECK_THROWS_AS(gpu_for_local_rank({4}, 0, 2), InputError);
}

}  // namespace arcwave
