// core/gpu_runtime.hpp — is a usable GPU present, and what it is. Callable from plain C++;
// in a build without CUDA it reports that no GPU exists.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

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

/// Starts gpu_info() — loading the driver and creating the device's context, 0.1-0.3 s — on a
/// background thread, so that it overlaps with reading the input; a later gpu_info() waits for
/// it to finish. Idempotent. The thread is detached: a program that may exit while it runs
/// (an early error) should end with _Exit / quick_exit, not exit() — CUDA's atexit teardown
/// would run beside it (the CLI does: cli/stop_guard.hpp). Does nothing without CUDA.
void warm_up_gpu_in_background();
/// The same for the devices a run will use (ordinals after CUDA_VISIBLE_DEVICES; empty: every
/// visible one): each context is created on a thread of its own, in parallel. Measured on two
/// H100s: the second device's context, made inside the search's clock, cost 0.13-0.15 s, more
/// than a whole one-GPU search of the hardest shared random networks saved by the second GPU.
/// Ordinals that are not visible are skipped (the run reports them). Only the first call of
/// either function starts anything.
void warm_up_gpus_in_background(std::vector<int> devices);

}  // namespace arcwave
