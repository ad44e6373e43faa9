// Definitions for bench/support/device_ceilings.hpp.
#include <cuda_runtime.h>

#include <algorithm>
#include <vector>

#include "bench/support/device_ceilings.hpp"
#include "core/cuda/device_buffer.cuh"
#include "core/gpu_runtime.hpp"

namespace arcwave::bench {

double device_bandwidth_bytes_per_second() {
  static const double measured = [] {
    if (!gpu_available()) return 0.0;
    const std::size_t bytes = std::size_t{1} << 31;  // 2 GiB each way: far beyond the L2
    cuda::DeviceBuffer<char> a(bytes);
    cuda::DeviceBuffer<char> b(bytes);
    a.fill_bytes(1);
    ARCWAVE_CUDA_CHECK(cudaMemcpy(b.data(), a.data(), bytes, cudaMemcpyDeviceToDevice));  // warm-up
    cuda::EventTimer timer;
    std::vector<float> ms;
    for (int i = 0; i < 7; ++i) {
      timer.start();
      ARCWAVE_CUDA_CHECK(cudaMemcpy(b.data(), a.data(), bytes, cudaMemcpyDeviceToDevice));
      timer.stop();
      ms.push_back(timer.milliseconds());
    }
    std::nth_element(ms.begin(), ms.begin() + 3, ms.end());
    return 2.0 * static_cast<double>(bytes) / (ms[3] * 1e-3);  // read + write, median of 7
  }();
  return measured;
}

}  // namespace arcwave::bench
