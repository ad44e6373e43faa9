// bench/polyline/int_rate.hpp — the GPU's peak rate of 32-bit integer max operations, the unit
// of the polyline DP's floor: multiprocessors x 64 results per clock (the CUDA programming
// guide's throughput for 32-bit integer min/max on compute capability 8.x and 9.0) x the SM
// clock. 0 without a GPU.
#pragma once

namespace arcwave::bench {

double int32_max_ops_per_second();

}  // namespace arcwave::bench
