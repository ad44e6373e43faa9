// The N-E algorithms on CPU cores: ne_model.inl compiled for Thrust's OpenMP system.
#include <chrono>

#include "propagation/gpu/ac_gpu_systems.hpp"
#include "propagation/gpu/ne_model_includes.hpp"

namespace arcwave::ne_omp {
#include "propagation/gpu/ne_model.inl"
}  // namespace arcwave::ne_omp

namespace arcwave::detail {

namespace {
double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}
}  // namespace

GpuAcResult run_ne_omp(const TableNetwork& network, const std::vector<std::uint8_t>& initial_alive,
                       GpuAcAlgorithm algorithm) {
  using namespace ne_omp;
  auto exec = [] { return thrust::device; };
  GpuAcResult result;
  result.sizes = ne_sizes(network);
  NeDevice ne;
  auto t0 = std::chrono::steady_clock::now();
  upload_network(network, initial_alive, ne);
  result.transfer_ms = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  auto phase_start = t0;
  const char* phase = nullptr;
  auto mark = [&](const char* name) {
    const auto now = std::chrono::steady_clock::now();
    if (phase != nullptr)
      result.build_phases.emplace_back(
          phase, std::chrono::duration<double, std::milli>(now - phase_start).count());
    phase = name;
    phase_start = now;
  };
  build_ne(ne, exec, algorithm != GpuAcAlgorithm::kAc4Gpu, mark);
  mark(nullptr);
  result.build_ms = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  bool wiped = false;
  if (algorithm == GpuAcAlgorithm::kAc4Gpu) {
    result.iterations = ac4gpu(
        ne, exec, exec, [] {}, wiped);
  } else {
    result.iterations = ac4gpu_plus(ne, exec, wiped);
  }
  result.propagate_ms = ms_since(t0);
  result.wiped_out = wiped;
  std::vector<std::uint32_t> exists(ne.nodes);
  thrust::copy(ne.exists.begin(), ne.exists.end(), exists.begin());
  result.alive.assign(exists.begin(), exists.end());
  for (std::uint8_t a : result.alive) result.deletions += a == 0 ? 1 : 0;
  return result;
}

}  // namespace arcwave::detail
