// core/atomics.hpp — relaxed atomics that compile for the CUDA device and for host threads
// alike (libcu++'s cuda::atomic_ref), so that Thrust code can run on the GPU or through
// Thrust's OpenMP system unchanged. Needs the CCCL headers on the include path.
#pragma once

#include <cuda/atomic>

#ifndef __CUDACC__
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#endif

namespace arcwave::atomics {

template <typename T>
__host__ __device__ inline T fetch_add(T* p, T v) {
  return ::cuda::atomic_ref<T, ::cuda::thread_scope_device>(*p).fetch_add(
      v, ::cuda::memory_order_relaxed);
}
template <typename T>
__host__ __device__ inline T fetch_sub(T* p, T v) {
  return ::cuda::atomic_ref<T, ::cuda::thread_scope_device>(*p).fetch_sub(
      v, ::cuda::memory_order_relaxed);
}
template <typename T>
__host__ __device__ inline T exchange(T* p, T v) {
  return ::cuda::atomic_ref<T, ::cuda::thread_scope_device>(*p).exchange(
      v, ::cuda::memory_order_relaxed);
}
template <typename T>
__host__ __device__ inline T fetch_or(T* p, T v) {
  return ::cuda::atomic_ref<T, ::cuda::thread_scope_device>(*p).fetch_or(
      v, ::cuda::memory_order_relaxed);
}
template <typename T>
__host__ __device__ inline T load(const T* p) {
  return ::cuda::atomic_ref<T, ::cuda::thread_scope_device>(*const_cast<T*>(p))
      .load(::cuda::memory_order_relaxed);
}
template <typename T>
__host__ __device__ inline void store(T* p, T v) {
  ::cuda::atomic_ref<T, ::cuda::thread_scope_device>(*p).store(v, ::cuda::memory_order_relaxed);
}

}  // namespace arcwave::atomics
