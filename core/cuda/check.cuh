// core/cuda/check.cuh — every CUDA runtime call and kernel launch goes through these checks;
// a failure throws arcwave::CudaError naming the call, the source line and the CUDA message.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "arcwave/error.hpp"

namespace arcwave::cuda {

[[noreturn]] void throw_cuda_error(cudaError_t status, const char* call, const char* file, int line,
                                   const std::string& detail = {});

/// Test hook for the error paths: with ARCWAVE_CUDA_FAULT=launch:N (or alloc:N) in the
/// environment, the Nth checked kernel launch (or device / pinned allocation) of the process
/// reports a failure (cudaErrorLaunchFailure, cudaErrorMemoryAllocation) as the device would.
/// Read once; without the variable a check costs one predictable branch more.
namespace fault {
bool armed() noexcept;
cudaError_t inject(const char* call, cudaError_t status) noexcept;
}  // namespace fault

inline void check(cudaError_t status, const char* call, const char* file, int line) {
  if (fault::armed()) [[unlikely]]
    status = fault::inject(call, status);
  if (status != cudaSuccess) throw_cuda_error(status, call, file, line);
}

}  // namespace arcwave::cuda

/// Checks a CUDA runtime call: ARCWAVE_CUDA_CHECK(cudaMemcpy(...)).
#define ARCWAVE_CUDA_CHECK(call) ::arcwave::cuda::check((call), #call, __FILE__, __LINE__)
/// Checks the last kernel launch (configuration errors and asynchronous faults seen so far).
#define ARCWAVE_CUDA_CHECK_LAUNCH(name) \
  ::arcwave::cuda::check(cudaGetLastError(), "launch of " name, __FILE__, __LINE__)
