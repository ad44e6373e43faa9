// bench/support/device_ceilings.hpp — the GPU's measured memory bandwidth, the floor every GPU
// benchmark states beside its times (bytes that must move / bandwidth). Measured once per
// process with a large device-to-device copy (bytes read + bytes written, over an array several
// times the L2 size), as docs/design.md's performance method asks.
#pragma once

namespace arcwave::bench {

/// Bytes per second of a large device-to-device copy (0 without a GPU). Cached.
double device_bandwidth_bytes_per_second();

/// Milliseconds the device needs to move `bytes` at the measured bandwidth.
inline double floor_ms(double bytes) {
  const double bw = device_bandwidth_bytes_per_second();
  return bw > 0 ? bytes / bw * 1e3 : 0.0;
}

}  // namespace arcwave::bench
