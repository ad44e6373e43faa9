// core/gpu_runtime.hpp for builds without CUDA: no GPU is ever present.
#include "core/gpu_runtime.hpp"

namespace arcwave {

const GpuInfo& gpu_info() {
  static const GpuInfo info = [] {
    GpuInfo i;
    i.reason = "arcwave was built without CUDA";
    return i;
  }();
  return info;
}

std::size_t gpu_free_memory() {
  return 0;
}

void warm_up_gpu_in_background() {}
void warm_up_gpus_in_background(std::vector<int> /*devices*/) {}

int gpu_count() {
  return 0;
}
void use_gpu(int /*device*/) {}
int current_gpu() {
  return 0;
}
int gpu_multiprocessors(int /*device*/) {
  return 0;
}

}  // namespace arcwave
