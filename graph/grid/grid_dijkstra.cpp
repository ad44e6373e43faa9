// Definitions for graph/grid/grid_dijkstra.hpp.
#include "graph/grid/grid_dijkstra.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <queue>

#include "arcwave/error.hpp"

namespace arcwave::grid {

namespace {

constexpr std::uint32_t kNotQueued = 0xFFFFFFFFU;
constexpr std::int64_t kSerialBucket = 2048;

void check_source(const SearchMap& map, Point source) {
  if (!map.contains(source))
    throw InputError("source (" + std::to_string(source.x) + "," + std::to_string(source.y) +
                     ") is outside the " + std::to_string(map.width()) + "x" +
                     std::to_string(map.height()) + " map");
}

/// Buckets in a ring: a queued length is never more than one move above the bucket being
/// processed, so ring_size buckets ahead are enough.
struct Ring {
  double delta;
  std::uint64_t size;
  std::vector<std::vector<std::uint32_t>> lists;
  Ring(double d, double heaviest)
      : delta(d), size(static_cast<std::uint64_t>(std::ceil(heaviest / d)) + 2), lists(size) {}
  /// The bucket of a key, never below `current` (rounding at a bucket edge).
  [[nodiscard]] std::uint64_t bucket(std::uint64_t key, std::uint64_t current) const {
    const auto b = static_cast<std::uint64_t>(octile_value(key) / delta);
    return std::max(b, current);
  }
  std::vector<std::uint32_t>& at(std::uint64_t b) { return lists[b % size]; }
};

}  // namespace

double lightest_move(const SearchMap& map) {
  return map.weighted() ? 2.0 * map.metric().min_cost : 1.0;
}

double heaviest_move(const SearchMap& map) {
  std::uint32_t hi = 1;
  for (const std::uint16_t c : map.costs()) hi = std::max<std::uint32_t>(hi, c);
  const double orth = map.weighted() ? 2.0 * hi : 1.0;
  return map.metric().n == Neighbourhood::kOctile ? orth * 1.4142135623730951 : orth;
}

std::vector<std::uint64_t> dijkstra_keys(const SearchMap& map, Point source) {
  check_source(map, source);
  std::vector<std::uint64_t> dist(map.cell_count(), kOctileUnreached);
  const std::uint32_t s = map.index(source);
  if (map.blocked(s)) return dist;
  struct Entry {
    std::uint64_t key;
    std::uint32_t cell;
  };
  const auto further = [](const Entry& a, const Entry& b) { return octile_less(b.key, a.key); };
  std::priority_queue<Entry, std::vector<Entry>, decltype(further)> heap(further);
  dist[s] = 0;
  heap.push({0, s});
  const std::span<const std::uint8_t> moves = map.moves();
  while (!heap.empty()) {
    const Entry top = heap.top();
    heap.pop();
    if (top.key != dist[top.cell]) continue;
    for (int m = 0; m < 8; ++m) {
      if ((moves[top.cell] >> m & 1U) == 0) continue;
      const std::uint32_t d = map.neighbour(top.cell, m);
      const std::uint64_t candidate = map.step(top.key, top.cell, m);
      if (octile_less(candidate, dist[d])) {
        dist[d] = candidate;
        heap.push({candidate, d});
      }
    }
  }
  return dist;
}

std::vector<std::uint64_t> bucket_keys(const SearchMap& map, Point source, double delta,
                                       BucketStats* stats) {
  check_source(map, source);
  std::vector<std::uint64_t> dist(map.cell_count(), kOctileUnreached);
  BucketStats local;
  local.delta = delta > 0 ? delta : lightest_move(map);
  const std::uint32_t s = map.index(source);
  if (!map.blocked(s)) {
    std::vector<std::uint32_t> queued(map.cell_count(), kNotQueued);
    Ring ring(local.delta, heaviest_move(map));
    const std::span<const std::uint8_t> moves = map.moves();
    dist[s] = 0;
    queued[s] = 0;
    ring.at(0).push_back(s);
    std::uint64_t pending = 1;  // entries in the ring
    std::vector<std::uint32_t> list;
    for (std::uint64_t k = 0; pending > 0; ++k) {
      if (ring.at(k).empty()) continue;
      ++local.buckets;
      // Cells queued into bucket k while it is processed join the next sweep of it.
      while (!ring.at(k).empty()) {
        list.swap(ring.at(k));
        pending -= list.size();
        for (const std::uint32_t c : list) {
          if (queued[c] != static_cast<std::uint32_t>(k % 0xFFFFFFFFULL)) continue;  // stale
          queued[c] = kNotQueued;
          ++local.expanded;
          const std::uint64_t here = dist[c];
          for (int m = 0; m < 8; ++m) {
            if ((moves[c] >> m & 1U) == 0) continue;
            const std::uint32_t d = map.neighbour(c, m);
            const std::uint64_t candidate = map.step(here, c, m);
            if (!octile_less(candidate, dist[d])) continue;
            dist[d] = candidate;
            const std::uint64_t b = ring.bucket(candidate, k);
            const auto tag = static_cast<std::uint32_t>(b % 0xFFFFFFFFULL);
            if (queued[d] == tag) continue;
            queued[d] = tag;
            ring.at(b).push_back(d);
            ++pending;
          }
        }
        list.clear();
      }
    }
  }
  if (stats != nullptr) *stats = local;
  return dist;
}

std::vector<std::uint64_t> bucket_keys_parallel(const SearchMap& map, Point source, double delta,
                                                int threads, BucketStats* stats) {
  check_source(map, source);
  const std::uint64_t cells = map.cell_count();
  std::vector<std::uint64_t> dist(cells, kOctileUnreached);
  BucketStats local;
  local.delta = delta > 0 ? delta : 8 * lightest_move(map);
  const std::uint32_t s = map.index(source);
  if (threads <= 0) threads = omp_get_max_threads();
  if (!map.blocked(s)) {
    std::vector<std::uint32_t> queued(cells, kNotQueued);
    Ring ring(local.delta, heaviest_move(map));
    const std::span<const std::uint8_t> moves = map.moves();
    dist[s] = 0;
    queued[s] = 0;
    ring.at(0).push_back(s);
    std::uint64_t pending = 1;
    std::vector<std::uint32_t> list;
    std::atomic<std::uint64_t> expanded{0};
    // Per thread: cells queued into each ring slot during one phase.
    std::vector<std::vector<std::vector<std::uint32_t>>> pushed(
        static_cast<std::size_t>(threads), std::vector<std::vector<std::uint32_t>>(ring.size));
    for (std::uint64_t k = 0; pending > 0; ++k) {
      if (ring.at(k).empty()) continue;
      ++local.buckets;
      const auto tag_k = static_cast<std::uint32_t>(k % 0xFFFFFFFFULL);
      while (!ring.at(k).empty()) {
        list.swap(ring.at(k));
        pending -= list.size();
        ++local.phases;
        const auto count = static_cast<std::int64_t>(list.size());
        // Small buckets go on one thread: a parallel region costs more than they do.
        const int team = count < kSerialBucket ? 1 : threads;
#pragma omp parallel num_threads(team)
        {
          auto& mine = pushed[static_cast<std::size_t>(omp_get_thread_num())];
          std::uint64_t done = 0;
#pragma omp for schedule(dynamic, 256)
          for (std::int64_t i = 0; i < count; ++i) {
            const std::uint32_t c = list[static_cast<std::size_t>(i)];
            std::uint32_t expected = tag_k;
            if (!std::atomic_ref<std::uint32_t>(queued[c]).compare_exchange_strong(expected,
                                                                                   kNotQueued))
              continue;  // stale, or taken by another thread
            ++done;
            const std::uint64_t here = std::atomic_ref<std::uint64_t>(dist[c]).load();
            for (int m = 0; m < 8; ++m) {
              if ((moves[c] >> m & 1U) == 0) continue;
              const std::uint32_t d = map.neighbour(c, m);
              const std::uint64_t candidate = map.step(here, c, m);
              std::atomic_ref<std::uint64_t> slot(dist[d]);
              std::uint64_t seen = slot.load();
              bool lowered = false;
              while (octile_less(candidate, seen)) {
                if (slot.compare_exchange_weak(seen, candidate)) {
                  lowered = true;
                  break;
                }
              }
              if (!lowered) continue;
              const std::uint64_t b = ring.bucket(candidate, k);
              const auto tag = static_cast<std::uint32_t>(b % 0xFFFFFFFFULL);
              if (std::atomic_ref<std::uint32_t>(queued[d]).exchange(tag) != tag)
                mine[b % ring.size].push_back(d);
            }
          }
          expanded += done;
        }
        list.clear();
        for (auto& mine : pushed)
          for (std::uint64_t r = 0; r < ring.size; ++r) {
            if (mine[r].empty()) continue;
            ring.lists[r].insert(ring.lists[r].end(), mine[r].begin(), mine[r].end());
            pending += mine[r].size();
            mine[r].clear();
          }
      }
    }
    local.expanded = expanded;
  }
  if (stats != nullptr) *stats = local;
  return dist;
}

}  // namespace arcwave::grid
