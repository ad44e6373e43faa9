// core/cuda/caching_allocator.cuh — Thrust's temporary storage (thrust::cuda::par(allocator)
// .on(stream)) from CUB's caching allocator, which keeps freed blocks for reuse. Without it
// every scan, reduce-by-key or sort of a build allocates and frees its scratch with cudaMalloc
// and cudaFree, and cudaFree waits for the whole device: tens of microseconds per call, which
// dominate the small steps of a build.
//
// One allocator per sequence of work on one stream (a build, a run): its blocks are tied to
// that stream and freed when it is destroyed, so it must outlive the work that uses them.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cub/util_allocator.cuh>

#include "core/cuda/check.cuh"

namespace arcwave::cuda {

class CachingAllocator {
 public:
  using value_type = char;

  explicit CachingAllocator(cudaStream_t stream) : stream_(stream) {}
  CachingAllocator(const CachingAllocator&) = delete;
  CachingAllocator& operator=(const CachingAllocator&) = delete;

  char* allocate(std::ptrdiff_t bytes) {
    void* block = nullptr;
    ARCWAVE_CUDA_CHECK(
        cache_.DeviceAllocate(&block, bytes > 0 ? static_cast<std::size_t>(bytes) : 1, stream_));
    return static_cast<char*>(block);
  }
  void deallocate(char* block, std::size_t) { cache_.DeviceFree(block); }

 private:
  cudaStream_t stream_;
  // Bins of powers of two from 256 B, none too large to cache (at most half of a block wasted;
  // the defaults stop caching at 2 MB, below the CSR build's temporaries).
  cub::CachingDeviceAllocator cache_{2U, 8U};
};

}  // namespace arcwave::cuda
