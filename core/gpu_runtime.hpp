// core/gpu_runtime.hpp — is a usable GPU present, and what it is. Callable from plain C++;
// in a build without CUDA it reports that no GPU exists.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "arcwave/backend.hpp"  // warm_up_gpu_in_background, warm_up_gpus_in_background

namespace arcwave {

struct GpuInfo {
  bool present = false;
  std::string name;
  int multiprocessors = 0;
  std::size_t global_memory_bytes = 0;
  std::size_t free_memory_bytes = 0;
  std::size_t l2_cache_bytes = 0;
  int compute_major = 0;
  int compute_minor = 0;
  /// Why no GPU is usable (empty when present).
  std::string reason;
};

/// Queries device 0 once per process (cached). Never throws.
const GpuInfo& gpu_info();
inline bool gpu_available() {
  return gpu_info().present;
}
/// Free memory of the calling thread's current device now (0 without a GPU).
std::size_t gpu_free_memory();

/// Devices CUDA shows this process (after CUDA_VISIBLE_DEVICES); 0 without CUDA or a GPU.
int gpu_count();
/// Makes `device` the calling thread's current device (each host thread has its own; CUDA
/// calls then go to it). CudaError when it cannot; nothing without CUDA.
void use_gpu(int device);
/// The calling thread's current device (0 without CUDA).
int current_gpu();
/// Multiprocessors of `device` (0 when it cannot be queried).
int gpu_multiprocessors(int device);

// warm_up_gpu_in_background() and warm_up_gpus_in_background() start gpu_info() (the driver and
// the contexts) on background threads: declared with the public API (arcwave/backend.hpp).

}  // namespace arcwave
