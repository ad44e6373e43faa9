// core/gpu_runtime.hpp with the CUDA runtime.
#include <cuda_runtime.h>

#include <algorithm>
#include <mutex>
#include <thread>
#include <vector>

#include "core/cuda/check.cuh"
#include "core/gpu_runtime.hpp"

namespace arcwave {

namespace {
GpuInfo query() {
  GpuInfo info;
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    info.reason =
        status != cudaSuccess ? std::string(cudaGetErrorString(status)) : "no CUDA device";
    cudaGetLastError();  // clear the sticky-free error so later checks start clean
    return info;
  }
  cudaDeviceProp prop{};
  if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
    info.reason = "cudaGetDeviceProperties failed";
    cudaGetLastError();
    return info;
  }
  info.present = true;
  info.name = prop.name;
  info.multiprocessors = prop.multiProcessorCount;
  info.global_memory_bytes = prop.totalGlobalMem;
  info.l2_cache_bytes = static_cast<std::size_t>(prop.l2CacheSize);
  info.compute_major = prop.major;
  info.compute_minor = prop.minor;
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess) info.free_memory_bytes = free_bytes;
  return info;
}
}  // namespace

const GpuInfo& gpu_info() {
  static const GpuInfo info = query();
  return info;
}

void warm_up_gpu_in_background() {
  warm_up_gpus_in_background({0});
}

void warm_up_gpus_in_background(std::vector<int> devices) {
  // gpu_info()'s static is initialised once; a caller arriving meanwhile blocks until it is. A
  // device's primary context is likewise made once: a thread that uses the device meanwhile
  // waits for it inside the driver. The thread is detached, never joined: an early error or a
  // signal must not wait for the driver (0.1-0.3 s, more on a busy machine), and no static
  // object may hold it at exit (a join there hung on the H100 while CUDA's own atexit teardown
  // ran). A process that ends while it runs must end through _Exit (the CLI does).
  static std::once_flag started;
  std::call_once(started, [&devices] {
    std::thread([devices = std::move(devices)]() mutable {
      // The other devices' contexts beside device 0's (gpu_info() makes that one): made one
      // after the other, two cost twice one.
      int visible = 0;
      if (cudaGetDeviceCount(&visible) != cudaSuccess) {
        cudaGetLastError();
        visible = 0;
      }
      if (devices.empty())
        for (int d = 0; d < visible; ++d) devices.push_back(d);
      std::sort(devices.begin(), devices.end());
      devices.erase(std::unique(devices.begin(), devices.end()), devices.end());
      std::vector<std::jthread> others;  // joined before this thread ends
      for (const int d : devices)
        if (d > 0 && d < visible)
          others.emplace_back([d] {
            if (cudaSetDevice(d) != cudaSuccess || cudaFree(nullptr) != cudaSuccess)
              cudaGetLastError();  // the run that uses the device reports the failure
          });
      (void)gpu_info();  // device 0's context, on this thread
    }).detach();
  });
}

std::size_t gpu_free_memory() {
  if (!gpu_available()) return 0;
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) return 0;
  return free_bytes;
}

int gpu_count() {
  if (!gpu_available()) return 0;
  static const int count = [] {
    int c = 0;
    if (cudaGetDeviceCount(&c) != cudaSuccess) {
      cudaGetLastError();
      return 0;
    }
    return c;
  }();
  return count;
}

void use_gpu(int device) {
  ARCWAVE_CUDA_CHECK(cudaSetDevice(device));
}

int current_gpu() {
  int d = 0;
  if (cudaGetDevice(&d) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return d;
}

int gpu_multiprocessors(int device) {
  int count = 0;
  if (cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return count;
}

}  // namespace arcwave
