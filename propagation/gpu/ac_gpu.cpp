// run_gpu_ac(): unary constraints on the host, memory check, then the chosen Thrust system.
#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/gpu_runtime.hpp"
#include "propagation/gpu/ac_gpu.hpp"
#include "propagation/gpu/ac_gpu_systems.hpp"

namespace arcwave {

std::vector<std::uint8_t> unary_filter(const TableNetwork& net, bool& empty_constraint) {
  std::vector<std::size_t> offset(net.variable_count() + 1, 0);
  for (std::size_t v = 0; v < net.variable_count(); ++v)
    offset[v + 1] = offset[v] + net.domain_sizes[v];
  std::vector<std::uint8_t> alive(offset.back(), 1);
  empty_constraint = false;
  for (const TableConstraint& t : net.constraints) {
    if (t.arity() == 0) {
      empty_constraint = empty_constraint || t.tuples.empty();
    } else if (t.arity() == 1) {
      std::vector<std::uint8_t> allowed(net.domain_sizes[t.scope[0]], 0);
      for (std::uint32_t a : t.tuples) allowed[a] = 1;
      for (std::size_t a = 0; a < allowed.size(); ++a)
        alive[offset[t.scope[0]] + a] =
            static_cast<std::uint8_t>(alive[offset[t.scope[0]] + a] & allowed[a]);
    }
  }
  return alive;
}

void require_ne_fits_device(const NeSizes& sizes, std::uint64_t extra_bytes) {
  if (!gpu_available()) throw ResourceError("no usable GPU: " + gpu_info().reason);
  const std::size_t free_bytes = gpu_free_memory();
  if (sizes.bytes + extra_bytes > free_bytes)
    throw ResourceError(
        fmt::format("the N-E model needs {} bytes of device memory ({} edges, {} "
                    "supports); {} are free",
                    sizes.bytes + extra_bytes, sizes.edges, sizes.supports, free_bytes));
}

namespace {

// Unary constraints only, an empty constraint, or no variable: no N-E model to build.
GpuAcResult without_model(std::vector<std::uint8_t> alive, bool empty_constraint, NeSizes sizes) {
  GpuAcResult r;
  r.wiped_out = empty_constraint;
  r.alive = std::move(alive);
  r.sizes = sizes;
  return r;
}

}  // namespace

GpuAcResult run_gpu_ac(const CompactNetwork& network, GpuAcAlgorithm algorithm,
                       AcExecution execution) {
  if (algorithm == GpuAcAlgorithm::kAc4GpuFrontier)
    require_binary_ne(network, "AC4GPU+ on the frontier driver (ac4gpu+frontier)");
  const NeSizes sizes = ne_sizes(network);
  if (network.empty_constraint || network.variable_count() == 0)
    return without_model(network.alive, network.empty_constraint, sizes);
  if (execution == AcExecution::kOmp) {
    if (algorithm == GpuAcAlgorithm::kAc4GpuFrontier)
      throw Unsupported(SourcePosition{},
                        "ac4gpu-frontier on the OpenMP backend (it is a CUDA kernel)");
    return detail::run_ne_omp(network, algorithm);
  }
#ifdef ARCWAVE_HAVE_CUDA
  require_ne_fits_device(sizes);
  return detail::run_ne_cuda(network, algorithm);
#else
  throw ResourceError("arcwave was built without CUDA: use --backend cpu");
#endif
}

GpuAcResult run_gpu_ac(const TableNetwork& network, GpuAcAlgorithm algorithm,
                       AcExecution execution) {
  if (algorithm == GpuAcAlgorithm::kAc4GpuFrontier)
    require_binary_ne(network, "AC4GPU+ on the frontier driver (ac4gpu+frontier)");
  const NeSizes sizes = ne_sizes(network);
  bool empty_constraint = false;
  const std::vector<std::uint8_t> alive = unary_filter(network, empty_constraint);
  if (empty_constraint || network.variable_count() == 0)
    return without_model(alive, empty_constraint, sizes);
  if (execution == AcExecution::kOmp) {
    if (algorithm == GpuAcAlgorithm::kAc4GpuFrontier)
      throw Unsupported(SourcePosition{},
                        "ac4gpu-frontier on the OpenMP backend (it is a CUDA kernel)");
    return detail::run_ne_omp(network, alive, algorithm);
  }
#ifdef ARCWAVE_HAVE_CUDA
  require_ne_fits_device(sizes);
  return detail::run_ne_cuda(network, alive, algorithm);
#else
  throw ResourceError("arcwave was built without CUDA: use --backend cpu");
#endif
}

#ifndef ARCWAVE_HAVE_CUDA
namespace detail {
// Without CUDA the device's copies of the N-E arrays do not exist (the [gpu] tests skip first).
NeArrays ne_arrays_cuda(const TableNetwork&, const std::vector<std::uint8_t>&, bool) {
  throw ResourceError("arcwave was built without CUDA");
}
NeArrays ne_arrays_cuda(const CompactNetwork&, bool) {
  throw ResourceError("arcwave was built without CUDA");
}
}  // namespace detail
#endif

}  // namespace arcwave
