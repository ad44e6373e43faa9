// graph/csr/build_gpu.hpp — builds a Csr from an EdgeList on the GPU (CUB scan, stable radix
// sort of (source, target) keys, reduce-by-key for merged parallel edges); the result equals
// build_csr() of build_cpu.hpp. Callable from plain C++: in a build without CUDA it throws
// ResourceError. Weight types: int32_t, int64_t, float, double.
#pragma once

#include "graph/csr/csr.hpp"
#include "graph/csr/edge_list.hpp"

namespace arcwave {

/// Milliseconds spent in each phase of a GPU build (CUDA events).
struct GpuBuildTimes {
  float upload_ms = 0;
  float build_ms = 0;
  float download_ms = 0;
};

template <typename Weight>
Csr<Weight> build_csr_gpu(const EdgeList<Weight>& list, const BuildOptions& options = {},
                          GpuBuildTimes* times = nullptr);

}  // namespace arcwave
