// graph/cellgraph/cpu_radix_sort.hpp — a stable LSD radix sort of (64-bit key, 32-bit value)
// pairs on OpenMP threads: the CPU fingerprint method's sort by fingerprint.
#pragma once

#include <cstdint>
#include <vector>

namespace arcwave::cellgraph::detail {

/// Sorts keys (and values alongside) by the low `key_bits` bits of the keys, stably, on
/// `threads` threads.
void radix_sort_pairs_parallel(std::vector<std::uint64_t>& keys, std::vector<std::uint32_t>& values,
                               std::uint32_t key_bits, int threads);

}  // namespace arcwave::cellgraph::detail
