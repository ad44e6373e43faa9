// graph/cellgraph/bit_vectors.hpp — n binary vectors of ℓ bits each, packed 64 to a word: the
// input of the cell graph (one vector per sample point; bit k says whether the point satisfies
// constraint k) and the vector of each of its vertices.
//
// Bit k of vector i is bit (k % 64) of word k / 64 of row i (least significant bit first), so
// character k of a text line (parsers/vectors/) is bit k. Padding bits of the last word of a
// row are always 0: every algorithm compares rows word by word.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace arcwave {

struct BitVectors {
  std::uint32_t bits = 0;           // ℓ, the length of every vector
  std::uint32_t words = 0;          // 64-bit words per row: ceil(ℓ / 64)
  std::uint64_t count = 0;          // n, the number of vectors
  std::vector<std::uint64_t> data;  // count * words words, row after row

  BitVectors() = default;
  /// `count` all-zero vectors of `bits` bits.
  BitVectors(std::uint64_t vector_count, std::uint32_t bit_count)
      : bits(bit_count),
        words(words_for(bit_count)),
        count(vector_count),
        data(vector_count * words_for(bit_count), 0) {}

  static constexpr std::uint32_t words_for(std::uint32_t bit_count) {
    return (bit_count + 63) / 64;
  }
  /// The bits of a row's last word that belong to the vector (the others are padding, 0).
  static constexpr std::uint64_t last_word_mask(std::uint32_t bit_count) {
    const std::uint32_t used = bit_count % 64;
    return used == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << used) - 1;
  }

  [[nodiscard]] std::span<const std::uint64_t> row(std::uint64_t i) const {
    return {data.data() + i * words, words};
  }
  [[nodiscard]] std::span<std::uint64_t> row(std::uint64_t i) {
    return {data.data() + i * words, words};
  }
  [[nodiscard]] bool get(std::uint64_t i, std::uint32_t k) const {
    return (data[i * words + k / 64] >> (k % 64) & 1U) != 0;
  }
  void set(std::uint64_t i, std::uint32_t k, bool value) {
    std::uint64_t& w = data[i * words + k / 64];
    const std::uint64_t bit = std::uint64_t{1} << (k % 64);
    w = value ? (w | bit) : (w & ~bit);
  }
  /// Vector i as a string of '0' and '1' (character k is bit k).
  [[nodiscard]] std::string to_string(std::uint64_t i) const {
    std::string s(bits, '0');
    for (std::uint32_t k = 0; k < bits; ++k)
      if (get(i, k)) s[k] = '1';
    return s;
  }
  /// Appends a row of `words` words (padding bits must be 0).
  void push_back(std::span<const std::uint64_t> r) {
    data.insert(data.end(), r.begin(), r.end());
    ++count;
  }
};

inline bool operator==(const BitVectors& a, const BitVectors& b) {
  return a.bits == b.bits && a.count == b.count && a.data == b.data;
}

}  // namespace arcwave
