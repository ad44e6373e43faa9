// tests/support/gpu.hpp — [gpu] tests start with ARCWAVE_REQUIRE_GPU(), which skips them with a
// message where no CUDA device is usable (the CI machine) and runs them on the GPU machine.
#pragma once

#include "core/gpu_runtime.hpp"
#include "tests/support/catch.hpp"

#define ARCWAVE_REQUIRE_GPU()                                         \
  do {                                                                \
    if (!::arcwave::gpu_available())                                  \
      ARCWAVE_SKIP("no usable GPU: " + ::arcwave::gpu_info().reason); \
  } while (0)
