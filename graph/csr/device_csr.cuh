// graph/csr/device_csr.cuh — a Csr in device memory (owning), and its CsrView for kernels and
// the frontier primitive.
#pragma once

#include <cstdint>
#include <span>

#include "core/csr_view.hpp"
#include "core/cuda/device_buffer.cuh"
#include "graph/csr/csr.hpp"

namespace arcwave {

template <typename Weight>
struct DeviceCsr {
  std::uint32_t vertex_count = 0;
  std::uint64_t edge_count = 0;
  cuda::DeviceBuffer<std::uint64_t> offsets;
  cuda::DeviceBuffer<std::uint32_t> targets;
  cuda::DeviceBuffer<Weight> weights;  // empty when unweighted

  DeviceCsr() = default;
  explicit DeviceCsr(const Csr<Weight>& host, cudaStream_t stream = nullptr)
      : vertex_count(host.vertex_count),
        edge_count(host.edge_count()),
        offsets(host.offsets.size()),
        targets(host.targets.size()),
        weights(host.weights.size()) {
    offsets.copy_from(std::span<const std::uint64_t>(host.offsets), stream);
    targets.copy_from(std::span<const std::uint32_t>(host.targets), stream);
    weights.copy_from(std::span<const Weight>(host.weights), stream);
  }

  [[nodiscard]] CsrView<Weight> view() const {
    return {vertex_count, edge_count, offsets.data(), targets.data(),
            weights.empty() ? nullptr : weights.data()};
  }
};

}  // namespace arcwave
