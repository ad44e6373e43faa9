// bench/support/device_ceilings.hpp without CUDA: no device, no bandwidth.
#include "bench/support/device_ceilings.hpp"

namespace arcwave::bench {
double device_bandwidth_bytes_per_second() {
  return 0.0;
}
}  // namespace arcwave::bench
