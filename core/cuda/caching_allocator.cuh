// core/cuda/caching_allocator.cuh — a byte allocator for Thrust's temporary storage
// (thrust::cuda::par(allocator).on(stream)) that keeps freed blocks for reuse. Without it every
// scan, reduce-by-key or sort of a build allocates and frees its scratch with cudaMalloc and
// cudaFree, and cudaFree waits for the whole device: tens of microseconds per call, which
// dominate the small steps of a build.
//
// One allocator per sequence of work on one stream (a build, a run): not thread-safe, and its
// blocks are freed when it is destroyed, so it must outlive the work that uses them.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <map>

#include "core/cuda/check.cuh"

namespace arcwave::cuda {

class CachingAllocator {
 public:
  using value_type = char;

  CachingAllocator() = default;
  CachingAllocator(const CachingAllocator&) = delete;
  CachingAllocator& operator=(const CachingAllocator&) = delete;
  ~CachingAllocator() {
    for (auto& [size, block] : free_) cudaFree(block);
    for (auto& [block, size] : used_) cudaFree(block);
  }

  char* allocate(std::ptrdiff_t bytes) {
    const auto size = static_cast<std::size_t>(bytes);
    // The smallest free block that fits and wastes at most half of itself.
    const auto it = free_.lower_bound(size);
    if (it != free_.end() && it->first <= 2 * size + 256) {
      char* block = it->second;
      used_.emplace(block, it->first);
      free_.erase(it);
      return block;
    }
    void* block = nullptr;
    ARCWAVE_CUDA_CHECK(cudaMalloc(&block, size == 0 ? 1 : size));
    used_.emplace(static_cast<char*>(block), size);
    return static_cast<char*>(block);
  }

  void deallocate(char* block, std::size_t) {
    const auto it = used_.find(block);
    if (it == used_.end()) return;
    free_.emplace(it->second, block);
    used_.erase(it);
  }

 private:
  std::multimap<std::size_t, char*> free_;  // size -> block
  std::map<char*, std::size_t> used_;       // block -> size
};

}  // namespace arcwave::cuda
