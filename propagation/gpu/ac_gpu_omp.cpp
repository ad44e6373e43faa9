// The N-E algorithms on CPU cores: ne_model.inl compiled for Thrust's OpenMP system.
#include <chrono>

#include "propagation/gpu/ac_gpu_systems.hpp"
#include "propagation/gpu/ne_model_includes.hpp"

namespace arcwave::ne_omp {
#include "propagation/gpu/ne_model.inl"
// (after the model, which it uses)
#include "propagation/gpu/ne_arrays.inl"
}  // namespace arcwave::ne_omp

namespace arcwave::detail {

namespace {

double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

auto omp_exec() {
  return [] { return thrust::device; };
}

// Upload (upload(ne) fills the input arrays), BuildNE with its phases, then the fixpoint.
template <typename Upload>
GpuAcResult run_with(Upload&& upload, const NeSizes& sizes, GpuAcAlgorithm algorithm) {
  using namespace ne_omp;
  auto exec = omp_exec();
  GpuAcResult result;
  result.sizes = sizes;
  NeDevice ne;
  auto t0 = std::chrono::steady_clock::now();
  upload(ne);
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

}  // namespace

GpuAcResult run_ne_omp(const TableNetwork& network, const std::vector<std::uint8_t>& initial_alive,
                       GpuAcAlgorithm algorithm) {
  return run_with([&](ne_omp::NeDevice& ne) { ne_omp::upload_network(network, initial_alive, ne); },
                  ne_sizes(network), algorithm);
}

GpuAcResult run_ne_omp(const CompactNetwork& network, GpuAcAlgorithm algorithm) {
  return run_with([&](ne_omp::NeDevice& ne) { ne_omp::upload_network(network, network.alive, ne); },
                  ne_sizes(network), algorithm);
}

NeArrays ne_arrays_omp(const TableNetwork& network, const std::vector<std::uint8_t>& initial_alive,
                       bool with_csr) {
  ne_omp::NeDevice ne;
  ne_omp::upload_network(network, initial_alive, ne);
  return ne_omp::copy_back(ne, omp_exec(), with_csr);
}

NeArrays ne_arrays_omp(const CompactNetwork& network, bool with_csr) {
  ne_omp::NeDevice ne;
  ne_omp::upload_network(network, network.alive, ne);
  return ne_omp::copy_back(ne, omp_exec(), with_csr);
}

}  // namespace arcwave::detail
