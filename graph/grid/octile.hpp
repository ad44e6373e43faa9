// graph/grid/octile.hpp — exact octile lengths. A length on the Moore grid with costs 1 and
// sqrt(2) is orth + diag * sqrt(2) for two move counts; it is stored packed in 64 bits (orth low,
// diag high) and compared exactly with integer arithmetic, so that the CPU Dijkstra, the GPU
// wave and path recovery agree bit for bit (sqrt(2) is irrational: equal lengths have equal
// counts). Shared by host code and CUDA kernels.
#pragma once

#include <cmath>
#include <cstdint>

#include "graph/grid/hd.hpp"

namespace arcwave::grid {

inline constexpr std::uint64_t kOctileUnreached = ~std::uint64_t{0};
/// Counts stay below 2^31 so that the exact comparison's squares fit in 64 bits.
inline constexpr std::uint32_t kOctileMaxCount = 0x7FFFFFFFU;

ARCWAVE_GRID_HD std::uint64_t octile_pack(std::uint32_t orth, std::uint32_t diag) {
  return static_cast<std::uint64_t>(orth) | (static_cast<std::uint64_t>(diag) << 32);
}
ARCWAVE_GRID_HD std::uint32_t octile_orth(std::uint64_t key) {
  return static_cast<std::uint32_t>(key & 0xFFFFFFFFULL);
}
ARCWAVE_GRID_HD std::uint32_t octile_diag(std::uint64_t key) {
  return static_cast<std::uint32_t>(key >> 32);
}
/// The length plus one move (m < 4: orthogonal, cost 1; else diagonal, cost sqrt(2)).
ARCWAVE_GRID_HD std::uint64_t octile_step(std::uint64_t key, int m) {
  return m < 4 ? key + 1 : key + (std::uint64_t{1} << 32);
}

/// Exact a < b for packed lengths (kOctileUnreached is larger than every length).
ARCWAVE_GRID_HD bool octile_less(std::uint64_t a, std::uint64_t b) {
  if (a == b || a == kOctileUnreached) return false;
  if (b == kOctileUnreached) return true;
  // a < b  <=>  da < db * sqrt(2) with da = a.orth - b.orth and db = b.diag - a.diag.
  const std::int64_t da =
      static_cast<std::int64_t>(octile_orth(a)) - static_cast<std::int64_t>(octile_orth(b));
  const std::int64_t db =
      static_cast<std::int64_t>(octile_diag(b)) - static_cast<std::int64_t>(octile_diag(a));
  if (db >= 0 && da < 0) return true;
  if (db <= 0 && da >= 0) return false;
  const auto da2 = static_cast<std::uint64_t>(da * da);
  const auto db2x2 = static_cast<std::uint64_t>(2 * db * db);
  return da >= 0 ? da2 < db2x2 : da2 > db2x2;  // both positive, or both negative
}

/// The length as a number (NaN-free: unreached is +infinity).
inline double octile_value(std::uint64_t key) {
  if (key == kOctileUnreached) return INFINITY;
  return static_cast<double>(octile_orth(key)) +
         static_cast<double>(octile_diag(key)) * 1.4142135623730950488;
}

}  // namespace arcwave::grid
