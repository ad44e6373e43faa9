// solver/search/tick_clock.hpp — a cheap clock for timing the many short propagation calls of a
// search (millions per second): the CPU's time-stamp counter where there is one (x86-64), read
// in a few cycles, converted to seconds at the end against the wall clock measured over the
// same span. Elsewhere it falls back to std::chrono::steady_clock.
#pragma once

#include <chrono>
#include <cstdint>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace arcwave::search {

class TickClock {
 public:
  TickClock() : wall_start_(std::chrono::steady_clock::now()), tick_start_(now()) {}

  /// An opaque tick count.
  [[nodiscard]] static std::uint64_t now() noexcept {
#if defined(__x86_64__)
    return __rdtsc();
#else
    return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
  }

  /// `ticks` as seconds, at the rate the counter ran since construction.
  [[nodiscard]] double seconds(std::uint64_t ticks) const {
#if defined(__x86_64__)
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start_).count();
    const std::uint64_t elapsed = now() - tick_start_;
    return elapsed == 0 ? 0.0 : wall * static_cast<double>(ticks) / static_cast<double>(elapsed);
#else
    return std::chrono::duration<double>(std::chrono::steady_clock::duration(
                                             static_cast<std::chrono::steady_clock::rep>(ticks)))
        .count();
#endif
  }

 private:
  std::chrono::steady_clock::time_point wall_start_;
  std::uint64_t tick_start_;
};

}  // namespace arcwave::search
