// The peak integer max rate of bench/polyline/int_rate.hpp, from the device's attributes.
#include <cuda_runtime.h>

#include "bench/polyline/int_rate.hpp"

namespace arcwave::bench {

double int32_max_ops_per_second() {
  int sms = 0;
  int khz = 0;
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0) != cudaSuccess ||
      cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0) != cudaSuccess) {
    cudaGetLastError();
    return 0.0;
  }
  return static_cast<double>(sms) * 64.0 * static_cast<double>(khz) * 1e3;
}

}  // namespace arcwave::bench
