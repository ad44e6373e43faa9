// Definitions of the RAII event timer and stream of core/cuda/device_buffer.cuh.
#include "core/cuda/device_buffer.cuh"

namespace arcwave::cuda {

EventTimer::EventTimer() {
  ARCWAVE_CUDA_CHECK(cudaEventCreate(&start_));
  ARCWAVE_CUDA_CHECK(cudaEventCreate(&stop_));
}
EventTimer::~EventTimer() {
  cudaEventDestroy(start_);
  cudaEventDestroy(stop_);
}
void EventTimer::start(cudaStream_t stream) {
  ARCWAVE_CUDA_CHECK(cudaEventRecord(start_, stream));
}
void EventTimer::stop(cudaStream_t stream) {
  ARCWAVE_CUDA_CHECK(cudaEventRecord(stop_, stream));
}
float EventTimer::milliseconds() const {
  ARCWAVE_CUDA_CHECK(cudaEventSynchronize(stop_));
  float ms = 0.0F;
  ARCWAVE_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
  return ms;
}

Stream::Stream() {
  ARCWAVE_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
}
Stream::~Stream() {
  cudaStreamDestroy(stream_);
}
void Stream::synchronize() const {
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream_));
}

}  // namespace arcwave::cuda
