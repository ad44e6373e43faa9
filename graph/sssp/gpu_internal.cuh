// graph/sssp/gpu_internal.cuh — pieces the GPU shortest-path files share: atomics on
// distances, launch sizes, and the device-resident entry points Johnson composes (the
// Bellman-Ford runs and the batched multi-source SSSP on a graph already on the device).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "core/csr_view.hpp"
#include "core/cuda/check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "graph/csr/csr.hpp"
#include "graph/sssp/apsp.hpp"
#include "graph/sssp/device_spread.hpp"
#include "graph/sssp/distance.hpp"
#include "graph/sssp/sssp_gpu.hpp"

namespace arcwave::sssp::gpu::detail {

constexpr int kBlock = 256;
constexpr int kWarp = 32;
constexpr unsigned kFullMask = 0xFFFFFFFFU;

/// Blocks that fill the device once (grid-stride kernels use this many at most).
unsigned resident_blocks();

/// Blocks for one thread per item, at most resident_blocks() * 8.
unsigned blocks_for(std::uint64_t items);

/// atomicMin on a distance of any sign; returns the value before.
__device__ inline std::int64_t atomic_min_signed(std::int64_t* address, std::int64_t value) {
  return atomicMin(reinterpret_cast<long long*>(address), static_cast<long long>(value));
}
__device__ inline double atomic_min_signed(double* address, double value) {
  auto* bits = reinterpret_cast<unsigned long long*>(address);
  unsigned long long old = *bits;
  while (value < __longlong_as_double(static_cast<long long>(old))) {
    const unsigned long long seen =
        atomicCAS(bits, old, static_cast<unsigned long long>(__double_as_longlong(value)));
    if (seen == old) break;
    old = seen;
  }
  return __longlong_as_double(static_cast<long long>(old));
}

/// atomicMin on a non-negative distance: doubles >= +0.0 (and +inf) order like their bits
/// read as int64, so one hardware atomicMin does (reweighted weights are clamped at +0.0).
__device__ inline std::int64_t atomic_min_non_negative(std::int64_t* address, std::int64_t value) {
  return atomicMin(reinterpret_cast<long long*>(address), static_cast<long long>(value));
}
__device__ inline double atomic_min_non_negative(double* address, double value) {
  return __longlong_as_double(
      atomicMin(reinterpret_cast<long long*>(address), __double_as_longlong(value)));
}

template <typename T>
__global__ void fill_kernel(T* data, std::uint64_t count, T value) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x;
       i < count; i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x)
    data[i] = value;
}

template <typename T>
void fill(T* data, std::uint64_t count, T value, cudaStream_t stream) {
  if (count == 0) return;
  fill_kernel<<<blocks_for(count), kBlock, 0, stream>>>(data, count, value);
  ARCWAVE_CUDA_CHECK_LAUNCH("fill_kernel");
}

/// Bellman-Ford state left on the device.
template <typename D>
struct DeviceBellmanFord {
  cuda::DeviceBuffer<D> dist;
  cuda::DeviceBuffer<std::uint64_t> pred;
  std::uint64_t rounds = 0;
  std::vector<std::uint32_t> negative_cycle;
};

/// Runs `variant` on `view` (the device copy of `host`, which is used to name a negative
/// cycle). Defined in bellman_ford_gpu.cu for int64_t and double.
template <typename Weight>
void run_bellman_ford(const Csr<Weight>& host, const CsrView<Weight>& view,
                      std::optional<std::uint32_t> source, BellmanFordVariant variant,
                      DeviceBellmanFord<Distance<Weight>>& out, cudaStream_t stream);

/// Batched SSSP on `view` (device, non-negative weights). With `potential` (device, n
/// entries) rows are un-reweighted: d(s,v) - h(s) + h(v). With `shared`, only the batches this
/// device takes from it (several devices); else all, in order. Defined in multi_source_gpu.cu.
template <typename Weight>
void run_multi_source(const CsrView<Weight>& view, std::span<const std::uint32_t> sources,
                      const Distance<Weight>* potential, const RowSink<Distance<Weight>>& sink,
                      std::uint32_t batch, GpuTimes& times, cudaStream_t stream,
                      SourceBatches* shared = nullptr);

}  // namespace arcwave::sssp::gpu::detail
