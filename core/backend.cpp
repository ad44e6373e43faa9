// Definitions for core/backend.hpp (and the declarations of include/arcwave/backend.hpp).
#include "core/backend.hpp"

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/gpu_runtime.hpp"

namespace arcwave {

Backend parse_backend(std::string_view text) {
  if (text == "auto") return Backend::kAuto;
  if (text == "cpu") return Backend::kCpu;
  if (text == "gpu") return Backend::kGpu;
  throw InputError(fmt::format("unknown backend '{}' (expected auto, cpu or gpu)", text));
}

std::string_view to_string(Backend backend) {
  switch (backend) {
    case Backend::kAuto:
      return "auto";
    case Backend::kCpu:
      return "cpu";
    case Backend::kGpu:
      return "gpu";
  }
  return "?";
}

GpuDevice gpu_device() {
  const GpuInfo& gpu = gpu_info();
  return {gpu.present, gpu.name, gpu.global_memory_bytes, gpu.reason};
}

BackendChoice choose_backend(Backend requested, double work_items, double gpu_threshold,
                             std::size_t gpu_bytes) {
  const GpuInfo& gpu = gpu_info();
  const std::size_t free_bytes = gpu.present ? gpu_free_memory() : 0;
  const bool fits = gpu_bytes == 0 || gpu_bytes < free_bytes;
  if (requested == Backend::kCpu) return {Backend::kCpu, "cpu (requested)"};
  if (requested == Backend::kGpu) {
    if (!gpu.present) throw ResourceError("--backend gpu: no usable GPU (" + gpu.reason + ")");
    if (!fits)
      throw ResourceError(fmt::format("--backend gpu: needs {} bytes of device memory, {} free",
                                      gpu_bytes, free_bytes));
    return {Backend::kGpu, fmt::format("gpu (requested; {})", gpu.name)};
  }
  if (!gpu.present) return {Backend::kCpu, "cpu (auto: no GPU: " + gpu.reason + ")"};
  if (!fits)
    return {Backend::kCpu, fmt::format("cpu (auto: needs {} bytes of device memory, {} free)",
                                       gpu_bytes, free_bytes)};
  if (work_items < gpu_threshold)
    return {Backend::kCpu, fmt::format("cpu (auto: size {:.3g} below the GPU threshold {:.3g})",
                                       work_items, gpu_threshold)};
  return {Backend::kGpu, fmt::format("gpu (auto: {}, size {:.3g})", gpu.name, work_items)};
}

}  // namespace arcwave
