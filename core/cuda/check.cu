// Definitions for core/cuda/check.cuh.
#include "core/cuda/check.cuh"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace arcwave::cuda {

namespace fault {

namespace {

enum class Kind { kNone, kLaunch, kAlloc };

struct Plan {
  Kind kind = Kind::kNone;
  long nth = 0;
};

Plan read_plan() {
  const char* text = std::getenv("ARCWAVE_CUDA_FAULT");
  if (text == nullptr) return {};
  const std::string_view spec(text);
  const auto colon = spec.find(':');
  if (colon == std::string_view::npos) return {};
  const std::string_view kind = spec.substr(0, colon);
  const long nth = std::strtol(text + colon + 1, nullptr, 10);
  if (nth <= 0) return {};
  if (kind == "launch") return {Kind::kLaunch, nth};
  if (kind == "alloc") return {Kind::kAlloc, nth};
  return {};
}

const Plan& plan() {
  static const Plan p = read_plan();
  return p;
}

std::atomic<long> seen{0};

Kind kind_of(const char* call) {
  if (std::strncmp(call, "launch of", 9) == 0 || std::strstr(call, "Launch") != nullptr)
    return Kind::kLaunch;  // <<<>>> launches, cudaLaunchCooperativeKernel, cudaGraphLaunch
  if (std::strstr(call, "Malloc") != nullptr || std::strstr(call, "HostAlloc") != nullptr)
    return Kind::kAlloc;
  return Kind::kNone;
}

}  // namespace

bool armed() noexcept {
  return plan().kind != Kind::kNone;
}

cudaError_t inject(const char* call, cudaError_t status) noexcept {
  const Plan& p = plan();
  if (status != cudaSuccess || kind_of(call) != p.kind) return status;
  if (seen.fetch_add(1) + 1 != p.nth) return status;
  return p.kind == Kind::kLaunch ? cudaErrorLaunchFailure : cudaErrorMemoryAllocation;
}

}  // namespace fault

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
