// core/backend.hpp — `--backend auto|cpu|gpu`: parsing, and resolving `auto` against what the
// machine has and how large the work is.
#pragma once

#include <string>
#include <string_view>

#include "arcwave/backend.hpp"  // Backend, parse_backend, to_string

namespace arcwave {

struct BackendChoice {
  Backend backend = Backend::kCpu;  // kCpu or kGpu, never kAuto
  std::string reason;               // one line saying why, for a `c` line or stderr
};

/// Resolves a requested backend. `work_items` is the problem size in the caller's unit and
/// `gpu_threshold` the size from which the GPU is expected to win; `gpu_bytes` is the device
/// memory the GPU path would need (0: unknown). Asking for kGpu without a GPU throws
/// ResourceError; kAuto falls back to the CPU and says why.
BackendChoice choose_backend(Backend requested, double work_items, double gpu_threshold,
                             std::size_t gpu_bytes = 0);

}  // namespace arcwave
