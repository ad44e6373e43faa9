// core/cuda/check.cuh — every CUDA runtime call and kernel launch goes through these checks;
// a failure throws arcwave::CudaError naming the call, the source line and the CUDA message.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "arcwave/error.hpp"

namespace arcwave::cuda {

[[noreturn]] void throw_cuda_error(cudaError_t status, const char* call, const char* file, int line,
                                   const std::string& detail = {});

inline void check(cudaError_t status, const char* call, const char* file, int line) {
  if (status != cudaSuccess) throw_cuda_error(status, call, file, line);
}

}  // namespace arcwave::cuda

/// Checks a CUDA runtime call: ARCWAVE_CUDA_CHECK(cudaMemcpy(...)).
#define ARCWAVE_CUDA_CHECK(call) ::arcwave::cuda::check((call), #call, __FILE__, __LINE__)
/// Checks the last kernel launch (configuration errors and asynchronous faults seen so far).
#define ARCWAVE_CUDA_CHECK_LAUNCH(name) \
  ::arcwave::cuda::check(cudaGetLastError(), "launch of " name, __FILE__, __LINE__)
