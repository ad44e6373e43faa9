// graph/cellgraph/bits.hpp — small bit helpers shared by the CPU code and by the Thrust code
// that runs on the GPU or through Thrust's OpenMP system: popcount and trailing zeros, the
// fingerprint keys, row comparisons, the trie's 8-bit chunks, and the bucket of a fingerprint.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define ARCWAVE_CELL_HD __host__ __device__
#else
#define ARCWAVE_CELL_HD
#endif

namespace arcwave::cellgraph {

inline constexpr std::uint32_t kNoVertex = 0xFFFFFFFFU;

ARCWAVE_CELL_HD inline int popcount64(std::uint64_t x) {
#if defined(__CUDA_ARCH__)
  return __popcll(x);
#else
  return __builtin_popcountll(x);
#endif
}

/// Index of the lowest set bit (x != 0).
ARCWAVE_CELL_HD inline int lowest_bit(std::uint64_t x) {
#if defined(__CUDA_ARCH__)
  return __ffsll(static_cast<long long>(x)) - 1;
#else
  return __builtin_ctzll(x);
#endif
}

/// SplitMix64's output function: a bijective mixer, used to derive the per-bit keys.
ARCWAVE_CELL_HD inline std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

/// The fingerprint key of bit k: F(x) is the XOR of key(k) over the set bits k of x.
ARCWAVE_CELL_HD inline std::uint64_t fingerprint_key(std::uint64_t seed, std::uint32_t k,
                                                     std::uint64_t mask) {
  return mix64(seed ^ mix64(k)) & mask;
}

/// The mask of a fingerprint of `width` bits (1..64).
ARCWAVE_CELL_HD inline std::uint64_t fingerprint_mask(std::uint32_t width) {
  return width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
}

/// Fingerprint of one row of `words` words.
ARCWAVE_CELL_HD inline std::uint64_t row_fingerprint(const std::uint64_t* row, std::uint32_t words,
                                                     const std::uint64_t* keys) {
  std::uint64_t f = 0;
  for (std::uint32_t w = 0; w < words; ++w) {
    for (std::uint64_t bits = row[w]; bits != 0; bits &= bits - 1)
      f ^= keys[w * 64 + static_cast<std::uint32_t>(lowest_bit(bits))];
  }
  return f;
}

ARCWAVE_CELL_HD inline bool rows_equal(const std::uint64_t* a, const std::uint64_t* b,
                                       std::uint32_t words) {
  for (std::uint32_t w = 0; w < words; ++w)
    if (a[w] != b[w]) return false;
  return true;
}

/// True when row b is row a with bit `bit` of word `word` flipped (`bit` is a one-bit mask).
ARCWAVE_CELL_HD inline bool rows_differ_in(const std::uint64_t* a, const std::uint64_t* b,
                                           std::uint32_t words, std::uint32_t word,
                                           std::uint64_t bit) {
  for (std::uint32_t w = 0; w < words; ++w)
    if ((a[w] ^ b[w]) != (w == word ? bit : 0)) return false;
  return true;
}

/// Rows ordered as sequences of unsigned words (word 0 first): the order of the radix sort.
ARCWAVE_CELL_HD inline bool row_less(const std::uint64_t* a, const std::uint64_t* b,
                                     std::uint32_t words) {
  for (std::uint32_t w = 0; w < words; ++w)
    if (a[w] != b[w]) return a[w] < b[w];
  return false;
}

// --- The trie of the tree-based algorithm: 8-bit chunks (r = 8, fan-out 256) ---------------

inline constexpr std::uint32_t kChunkBits = 8;

/// Chunks per row: 8 per word. Chunk c is byte 7 - c % 8 of word c / 8 (most significant
/// byte first), so that the trie's order is the radix sort's order of whole words.
ARCWAVE_CELL_HD inline std::uint32_t chunk_count(std::uint32_t words) {
  return words * 8;
}
ARCWAVE_CELL_HD inline std::uint32_t chunk_of(const std::uint64_t* row, std::uint32_t c) {
  return static_cast<std::uint32_t>(row[c / 8] >> (8 * (7 - c % 8)) & 0xFFU);
}
/// Chunk c of a row whose bit `bit` of word `word` is flipped.
ARCWAVE_CELL_HD inline std::uint32_t chunk_of_flipped(const std::uint64_t* row, std::uint32_t c,
                                                      std::uint32_t word, std::uint64_t bit) {
  const std::uint64_t w = row[c / 8] ^ (c / 8 == word ? bit : 0);
  return static_cast<std::uint32_t>(w >> (8 * (7 - c % 8)) & 0xFFU);
}

/// A trie node: which of the 256 chunk values have a child, and the index of the first child
/// in the next level (the children of a node are consecutive, in chunk order).
struct TrieNode {
  std::uint64_t present[4];
  std::uint32_t first_child;
  std::uint32_t unused;
};

/// Index of the child for chunk value c, or kNoVertex.
ARCWAVE_CELL_HD inline std::uint32_t trie_child(const TrieNode& node, std::uint32_t c) {
  const std::uint32_t word = c / 64;
  const std::uint64_t bit = std::uint64_t{1} << (c % 64);
  if ((node.present[word] & bit) == 0) return kNoVertex;
  std::uint32_t rank = static_cast<std::uint32_t>(popcount64(node.present[word] & (bit - 1)));
  for (std::uint32_t w = 0; w < word; ++w)
    rank += static_cast<std::uint32_t>(popcount64(node.present[w]));
  return node.first_child + rank;
}

/// Looks up a row with bit `bit` of word `word` flipped in a trie of `depth` levels over the
/// sorted distinct rows `sorted`: returns its rank in `sorted`, or kNoVertex. `levels[j]` is
/// the node array of depth j; below depth `depth` every node holds one row (its rank), whose
/// remaining chunks are compared directly.
ARCWAVE_CELL_HD inline std::uint32_t trie_lookup(const TrieNode* const* levels, std::uint32_t depth,
                                                 const std::uint64_t* sorted, std::uint32_t words,
                                                 const std::uint64_t* row, std::uint32_t word,
                                                 std::uint64_t bit) {
  std::uint32_t node = 0;
  for (std::uint32_t j = 0; j < depth; ++j) {
    node = trie_child(levels[j][node], chunk_of_flipped(row, j, word, bit));
    if (node == kNoVertex) return kNoVertex;
  }
  const std::uint64_t* candidate = sorted + static_cast<std::uint64_t>(node) * words;
  return rows_differ_in(row, candidate, words, word, bit) ? node : kNoVertex;
}

// --- Buckets of sorted fingerprints ------------------------------------------------------------

/// Bits of the bucket index: the smallest b with 2^b >= count (at least 0).
ARCWAVE_CELL_HD inline std::uint32_t bucket_bits_for(std::uint64_t count) {
  std::uint32_t b = 0;
  while (b < 63 && (std::uint64_t{1} << b) < count) ++b;
  return b;
}
/// Bucket bits of a table of `count` fingerprints of `width` bits: about one fingerprint per
/// bucket, and never more bits than a fingerprint has (narrow fingerprints, used in tests to
/// force collisions, would otherwise all fall into bucket 0).
ARCWAVE_CELL_HD inline std::uint32_t table_bucket_bits(std::uint64_t count, std::uint32_t width) {
  const std::uint32_t b = bucket_bits_for(count);
  return b < width ? b : width;
}
/// The bucket of a fingerprint of `width` bits: its top `bucket_bits` bits (bucket_bits <= width).
ARCWAVE_CELL_HD inline std::uint64_t bucket_of(std::uint64_t fingerprint, std::uint32_t bucket_bits,
                                               std::uint32_t width) {
  return bucket_bits == 0 ? 0 : fingerprint >> (width - bucket_bits);
}

}  // namespace arcwave::cellgraph
