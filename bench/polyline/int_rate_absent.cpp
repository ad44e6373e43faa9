// bench/polyline/int_rate.hpp without CUDA: no GPU, no rate.
#include "bench/polyline/int_rate.hpp"

namespace arcwave::bench {

double int32_max_ops_per_second() {
  return 0.0;
}

}  // namespace arcwave::bench
