// core/cuda/device_buffer.cuh — RAII ownership of a cudaMalloc'd array (plus typed copies), of
// a pinned host array, of an event timer and of a stream.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/cuda/check.cuh"

namespace arcwave::cuda {

template <typename T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) { allocate(count); }
  explicit DeviceBuffer(std::span<const T> host) {
    allocate(host.size());
    copy_from(host);
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    if (this != &other) {
      release();
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
    }
    return *this;
  }
  ~DeviceBuffer() { release(); }

  /// Frees what is held and allocates `count` elements (contents undefined).
  void allocate(std::size_t count) {
    release();
    if (count == 0) return;
    const cudaError_t real = cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(T));
    cudaError_t status = real;
    if (fault::armed()) [[unlikely]]
      status = fault::inject("cudaMalloc", status);
    if (status != cudaSuccess) {
      if (real == cudaSuccess) cudaFree(data_);  // an injected failure (test hook)
      data_ = nullptr;
      throw_cuda_error(status, "cudaMalloc", __FILE__, __LINE__,
                       std::to_string(count * sizeof(T)) + " bytes");
    }
    size_ = count;
  }
  void release() noexcept {
    if (data_ != nullptr) cudaFree(data_);
    data_ = nullptr;
    size_ = 0;
  }

  void copy_from(std::span<const T> host, cudaStream_t stream = nullptr) {
    if (host.empty()) return;
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(data_, host.data(), host.size() * sizeof(T),
                                       cudaMemcpyHostToDevice, stream));
  }
  void copy_to(std::span<T> host, cudaStream_t stream = nullptr) const {
    if (host.empty()) return;
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(host.data(), data_, host.size() * sizeof(T),
                                       cudaMemcpyDeviceToHost, stream));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  }
  [[nodiscard]] std::vector<T> to_host(cudaStream_t stream = nullptr) const {
    std::vector<T> host(size_);
    copy_to(host, stream);
    return host;
  }
  void fill_bytes(int byte, cudaStream_t stream = nullptr) {
    if (size_ > 0) ARCWAVE_CUDA_CHECK(cudaMemsetAsync(data_, byte, size_ * sizeof(T), stream));
  }

  [[nodiscard]] T* data() noexcept { return data_; }
  [[nodiscard]] const T* data() const noexcept { return data_; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] std::size_t bytes() const noexcept { return size_ * sizeof(T); }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

/// RAII page-locked host array (cudaHostAlloc); `mapped` also maps it into the device's address
/// space (kernels write it directly; device_pointer() is its device-side address).
template <typename T>
class PinnedBuffer {
 public:
  explicit PinnedBuffer(std::size_t count, bool mapped = false) {
    ARCWAVE_CUDA_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&data_),
                                     (count > 0 ? count : 1) * sizeof(T),
                                     mapped ? cudaHostAllocMapped : cudaHostAllocDefault));
    size_ = count;
    if (mapped)
      ARCWAVE_CUDA_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_), data_, 0));
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  ~PinnedBuffer() { cudaFreeHost(data_); }

  [[nodiscard]] T* data() noexcept { return data_; }
  [[nodiscard]] const T* data() const noexcept { return data_; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] T* device_pointer() const noexcept { return device_; }

 private:
  T* data_ = nullptr;
  T* device_ = nullptr;  // mapped buffers only
  std::size_t size_ = 0;
};

/// RAII CUDA event pair for timing a region on a stream, in milliseconds.
class EventTimer {
 public:
  EventTimer();
  EventTimer(const EventTimer&) = delete;
  EventTimer& operator=(const EventTimer&) = delete;
  ~EventTimer();
  void start(cudaStream_t stream = nullptr);
  void stop(cudaStream_t stream = nullptr);
  /// Waits for the stop event and returns the elapsed milliseconds.
  [[nodiscard]] float milliseconds() const;

 private:
  cudaEvent_t start_{};
  cudaEvent_t stop_{};
};

/// RAII CUDA stream.
class Stream {
 public:
  Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  ~Stream();
  [[nodiscard]] cudaStream_t get() const noexcept { return stream_; }
  void synchronize() const;

 private:
  cudaStream_t stream_{};
};

}  // namespace arcwave::cuda
