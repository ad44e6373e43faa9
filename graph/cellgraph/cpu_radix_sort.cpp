// Definitions for graph/cellgraph/cpu_radix_sort.hpp: 8-bit digits; per pass every thread
// counts the digits of its slice, the slices' offsets are laid out digit by digit, thread by
// thread (which keeps the sort stable), and every thread scatters its slice.
#include "graph/cellgraph/cpu_radix_sort.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <utility>

namespace arcwave::cellgraph::detail {

void radix_sort_pairs_parallel(std::vector<std::uint64_t>& keys, std::vector<std::uint32_t>& values,
                               std::uint32_t key_bits, int thread_count) {
  const std::size_t n = keys.size();
  if (n < 2) return;
  std::vector<std::uint64_t> keys_out(n);
  std::vector<std::uint32_t> values_out(n);
  const int threads = std::max(1, thread_count);
  std::vector<std::array<std::size_t, 256>> offset(static_cast<std::size_t>(threads));
  for (std::uint32_t shift = 0; shift < key_bits; shift += 8) {
#pragma omp parallel num_threads(threads)
    {
      const auto t = static_cast<std::size_t>(omp_get_thread_num());
      const std::size_t begin = n * t / static_cast<std::size_t>(threads);
      const std::size_t end = n * (t + 1) / static_cast<std::size_t>(threads);
      std::array<std::size_t, 256>& count = offset[t];
      count.fill(0);
      for (std::size_t i = begin; i < end; ++i) ++count[keys[i] >> shift & 0xFFU];
#pragma omp barrier
#pragma omp single
      {
        std::size_t running = 0;
        for (std::size_t d = 0; d < 256; ++d) {
          for (auto& c : offset) {
            const std::size_t here = c[d];
            c[d] = running;
            running += here;
          }
        }
      }
      for (std::size_t i = begin; i < end; ++i) {
        const std::size_t slot = count[keys[i] >> shift & 0xFFU]++;
        keys_out[slot] = keys[i];
        values_out[slot] = values[i];
      }
    }
    keys.swap(keys_out);
    values.swap(values_out);
  }
}

}  // namespace arcwave::cellgraph::detail
