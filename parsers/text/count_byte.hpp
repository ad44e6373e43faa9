// parsers/text/count_byte.hpp — how many times a byte occurs in a text, eight bytes at a time
// (std::count runs a byte at a time: counting the tuples of a table before reading them took a
// fifth of the reading).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace arcwave {

inline std::size_t count_byte(std::string_view text, char c) noexcept {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
  constexpr std::uint64_t kEvenBytes = 0x00ff00ff00ff00ffULL;
  const std::uint64_t pattern = kOnes * static_cast<unsigned char>(c);
  std::size_t count = 0;
  std::size_t i = 0;
  while (i + 8 <= text.size()) {
    // Byte lanes count up to 255 matches, then go into `count`.
    std::uint64_t lanes = 0;
    const std::size_t stop = std::min(text.size() - 7, i + std::size_t{8} * 255);
    for (; i < stop; i += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, text.data() + i, 8);
      const std::uint64_t x = word ^ pattern;  // zero bytes where `c` is
      // The high bit of each byte of `nonzero` is set where x's byte is not zero (no carry
      // crosses bytes: the low 7 bits are added apart).
      const std::uint64_t nonzero = ((x & kLow7) + kLow7) | x;
      lanes += (~nonzero >> 7) & kOnes;
    }
    lanes = (lanes & kEvenBytes) + ((lanes >> 8) & kEvenBytes);  // four 16-bit sums
    count += static_cast<std::size_t>((lanes * 0x0001000100010001ULL) >> 48);
  }
  for (; i < text.size(); ++i) count += text[i] == c ? 1 : 0;
  return count;
}

}  // namespace arcwave
