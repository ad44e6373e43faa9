// instances/csp/rng.hpp — the generators' random numbers: std::mt19937_64 (whose output the C++
// standard fixes bit for bit) with our own range reduction and shuffle, so that a seed gives the
// same instance on every platform (std::uniform_int_distribution and std::shuffle do not).
#pragma once

#include <cstdint>
#include <random>
#include <span>
#include <utility>

namespace arcwave::gen {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}

  /// A raw 64-bit draw.
  std::uint64_t next() { return engine_(); }

  /// Uniform in [0, bound); bound > 0. Rejection keeps it exactly uniform.
  std::uint64_t below(std::uint64_t bound) {
    // Draws below `limit` map onto [0, bound) the same number of times each.
    const std::uint64_t limit = -bound % bound;  // (2^64 - bound) mod bound
    for (;;) {
      const std::uint64_t x = engine_();
      if (x >= limit) return x % bound;
    }
  }

  /// Uniform in [lo, hi] (inclusive); lo <= hi.
  std::int64_t between(std::int64_t lo, std::int64_t hi) {
    const auto span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
    if (span == UINT64_MAX) return static_cast<std::int64_t>(engine_());
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + below(span + 1));
  }

  /// Fisher–Yates shuffle.
  template <typename T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      const std::size_t j = below(i);
      std::swap(items[i - 1], items[j]);
    }
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace arcwave::gen
