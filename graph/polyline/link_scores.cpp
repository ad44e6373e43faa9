// Storage, budget check and random tables of graph/polyline/link_scores.hpp.
#include "graph/polyline/link_scores.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::polyline {

LinkScores::LinkScores(int nodes, int points)
    : nodes_(nodes), points_(points), values_(table_entries(nodes, points), 0) {}

std::span<std::int32_t> LinkScores::level(int k) {
  return std::span<std::int32_t>(values_).subspan(level_start(k, nodes_, points_),
                                                  level_entries(k, nodes_, points_));
}

std::span<const std::int32_t> LinkScores::level(int k) const {
  return std::span<const std::int32_t>(values_).subspan(level_start(k, nodes_, points_),
                                                        level_entries(k, nodes_, points_));
}

namespace {

// Smallest and largest entry of p[0, n): one pass, vectorised where the machine has AVX2.
[[gnu::target_clones("avx2", "default")]] void min_max(const std::int32_t* p, std::size_t n,
                                                       std::int32_t& lo, std::int32_t& hi) {
  std::int32_t a = lo;
  std::int32_t b = hi;
  for (std::size_t e = 0; e < n; ++e) {
    a = std::min(a, p[e]);
    b = std::max(b, p[e]);
  }
  lo = a;
  hi = b;
}

}  // namespace

// On all cores: at N = 4096 a serial scan of the tables costs about a third of a CPU solve.
void LinkScores::check_budget() const {
  constexpr std::size_t kChunk = std::size_t{1} << 16;
  std::int64_t total = 0;
  for (int k = 0; k < level_count(); ++k) {
    const auto table = level(k);
    const std::size_t size = table.size();
    const auto chunks = static_cast<std::int64_t>((size + kChunk - 1) / kChunk);
    std::int32_t lo = std::numeric_limits<std::int32_t>::max();
    std::int32_t hi = std::numeric_limits<std::int32_t>::min();
#pragma omp parallel for schedule(static) reduction(min : lo) reduction(max : hi) if (chunks > 1)
    for (std::int64_t c = 0; c < chunks; ++c) {
      const std::size_t begin = static_cast<std::size_t>(c) * kChunk;
      min_max(table.data() + begin, std::min(kChunk, size - begin), lo, hi);
    }
    if (lo < 0)
      throw InternalError(fmt::format("polyline: negative link score {} at level {}", lo, k));
    total += hi;
  }
  if (total > kScoreBudget)
    throw InternalError(fmt::format("polyline: link scores too large (maxima sum to {}, budget {})",
                                    total, kScoreBudget));
}

namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace

LinkScores random_link_scores(int nodes, int points, std::uint64_t seed, std::int32_t max_value) {
  LinkScores scores(nodes, points);
  if (max_value <= 0) max_value = kScoreBudget / (nodes + 1);
  const auto range = static_cast<std::uint64_t>(max_value) + 1;
  auto values = scores.all();
  const std::uint64_t base = splitmix64(seed);
  // Each entry depends on its index only, so the table is the same however it is filled.
#pragma omp parallel for schedule(static)
  for (std::size_t e = 0; e < values.size(); ++e)
    values[e] = static_cast<std::int32_t>(splitmix64(base ^ (e * 0xD1B54A32D192ED03ULL)) % range);
  return scores;
}

std::int64_t polyline_score(const LinkScores& scores, std::span<const int> indices) {
  const int nodes = scores.nodes();
  std::int64_t total = 0;
  for (int k = 0; k <= nodes; ++k) {
    const int i = k == 0 ? 0 : indices[static_cast<std::size_t>(k - 1)];
    const int j = k == nodes ? 0 : indices[static_cast<std::size_t>(k)];
    total += scores.at(k, i, j);
  }
  return total;
}

}  // namespace arcwave::polyline
