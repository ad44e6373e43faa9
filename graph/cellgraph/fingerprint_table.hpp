// graph/cellgraph/fingerprint_table.hpp — the look-up side of the fingerprint method, shared
// by the CPU code and the Thrust code (GPU or OpenMP): the vertices' fingerprints sorted, a
// bucket index on their top bits, an optional bitmap filter, and an exact check of the rows.
#pragma once

#include <cstdint>

#include "graph/cellgraph/bits.hpp"
#include "graph/cellgraph/cell_graph.hpp"

namespace arcwave::cellgraph {

/// Buckets whose table is larger than this get the bitmap filter under ProbeFilter::kAuto:
/// beyond it the table no longer stays in a GPU's L2 cache (50 MB on an H100) or a CPU's L3.
inline constexpr std::uint64_t kFilterAutoBytes = std::uint64_t{24} << 20;
/// Filter bits per bucket (2^3): about 1/8 of the absent neighbours pass it.
inline constexpr std::uint32_t kFilterExtraBits = 3;

/// Bytes of the bucket table of `vertices` fingerprints.
ARCWAVE_CELL_HD inline std::uint64_t fingerprint_table_bytes(std::uint64_t vertices) {
  return (std::uint64_t{1} << bucket_bits_for(vertices)) * 4 + vertices * 12;
}
/// log2 of the filter's size in bits.
ARCWAVE_CELL_HD inline std::uint32_t filter_log_bits(std::uint64_t vertices) {
  const std::uint32_t b = bucket_bits_for(vertices) + kFilterExtraBits;
  return b < 6 ? 6 : b;
}

/// Whether the filter is used for `vertices` vertices.
inline bool filter_wanted(ProbeFilter filter, std::uint64_t vertices) {
  if (filter == ProbeFilter::kAuto) return fingerprint_table_bytes(vertices) > kFilterAutoBytes;
  return filter == ProbeFilter::kOn;
}

struct FingerprintTable {
  const std::uint32_t* bucket_start = nullptr;  // 2^bucket_bits + 1 entries
  const std::uint64_t* fingerprint = nullptr;   // the vertices' fingerprints, sorted
  const std::uint32_t* vertex = nullptr;        // the vertex of each sorted fingerprint
  const std::uint64_t* filter = nullptr;        // bit (f & filter_mask) set for each f; or null
  std::uint64_t filter_mask = 0;
  std::uint32_t bucket_bits = 0;         // table_bucket_bits(vertices, width)
  std::uint32_t width = 64;              // fingerprint bits
  const std::uint64_t* cells = nullptr;  // the vertices' rows
  std::uint32_t words = 0;

  /// The vertex whose row is `row` with bit `bit` of word `word` flipped, whose fingerprint
  /// is therefore `q`; kNoVertex when there is none. Every fingerprint match is verified.
  ARCWAVE_CELL_HD std::uint32_t find(std::uint64_t q, const std::uint64_t* row, std::uint32_t word,
                                     std::uint64_t bit) const {
    if (filter != nullptr) {
      const std::uint64_t f = q & filter_mask;
      if ((filter[f >> 6] >> (f & 63) & 1U) == 0) return kNoVertex;
    }
    const std::uint64_t b = bucket_of(q, bucket_bits, width);
    const std::uint32_t end = bucket_start[b + 1];
    for (std::uint32_t t = bucket_start[b]; t < end; ++t) {
      const std::uint64_t f = fingerprint[t];
      if (f > q) break;
      if (f == q) {
        const std::uint32_t v = vertex[t];
        if (rows_differ_in(row, cells + static_cast<std::uint64_t>(v) * words, words, word, bit))
          return v;
      }
    }
    return kNoVertex;
  }
};

}  // namespace arcwave::cellgraph
