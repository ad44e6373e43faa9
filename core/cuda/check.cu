// Definitions for core/cuda/check.cuh.
#include "core/cuda/check.cuh"

namespace arcwave::cuda {

void throw_cuda_error(cudaError_t status, const char* call, const char* file, int line,
                      const std::string& detail) {
  std::string message = std::string("CUDA error in ") + call + " (" + file + ":" +
                        std::to_string(line) + "): " + cudaGetErrorName(status) + ": " +
                        cudaGetErrorString(status);
  if (!detail.empty()) message += " [" + detail + "]";
  if (status == cudaErrorMemoryAllocation) throw ResourceError(message);
  throw CudaError(message);
}

}  // namespace arcwave::cuda
