// Definitions for graph/grid/cpu_wave.hpp.
#include "graph/grid/cpu_wave.hpp"

#include <omp.h>

#include <atomic>
#include <queue>

#include "arcwave/error.hpp"
#include "graph/grid/octile.hpp"

namespace arcwave::grid {

namespace {

void check_finish(const Grid& grid, Point finish) {
  if (!grid.contains(finish))
    throw InputError("finish (" + std::to_string(finish.x) + "," + std::to_string(finish.y) +
                     ") is outside the " + std::to_string(grid.width()) + "x" +
                     std::to_string(grid.height()) + " grid");
}

/// Index offsets of the 8 moves in a row-major grid of the given width.
void move_offsets(int width, std::int64_t offsets[8]) {
  for (int m = 0; m < 8; ++m) offsets[m] = kDy[m] * static_cast<std::int64_t>(width) + kDx[m];
}

}  // namespace

std::uint8_t open_moves(const Grid& grid, std::uint32_t cell) {
  const std::span<const std::uint8_t> cells = grid.cells();
  const std::uint8_t bits = cells[cell] & kOpenAll;
  std::uint8_t mask = bits;
  const auto w = static_cast<std::int64_t>(grid.width());
  const std::int64_t step[4] = {-1, -w, 1, w};
  for (int k = 0; k < 4; ++k) {
    const int a = k;
    const int b = (k + 1) % 4;
    if ((bits >> a & 1U) == 0 || (bits >> b & 1U) == 0) continue;
    const std::uint8_t via_a = cells[static_cast<std::size_t>(cell + step[a])];
    const std::uint8_t via_b = cells[static_cast<std::size_t>(cell + step[b])];
    if ((via_a >> b & 1U) != 0 && (via_b >> a & 1U) != 0)
      mask = static_cast<std::uint8_t>(mask | (1U << (4 + k)));
  }
  return mask;
}

std::vector<std::uint32_t> bfs_labels(const Grid& grid, Point finish, Neighbourhood n) {
  check_finish(grid, finish);
  if (n == Neighbourhood::kOctile) throw InputError("bfs_labels: octile costs need Dijkstra");
  const bool moore = n == Neighbourhood::kMoore;
  std::vector<std::uint32_t> label(grid.cell_count(), kUnreached);
  std::vector<std::uint32_t> queue(grid.cell_count());
  std::int64_t offsets[8];
  move_offsets(grid.width(), offsets);
  std::size_t head = 0;
  std::size_t tail = 0;
  const std::uint32_t source = grid.index(finish);
  label[source] = 0;
  queue[tail++] = source;
  const std::span<const std::uint8_t> cells = grid.cells();
  while (head < tail) {
    const std::uint32_t c = queue[head++];
    const std::uint32_t next = label[c] + 1;
    const unsigned moves = moore ? open_moves(grid, c) : (cells[c] & kOpenAll);
    for (unsigned m = 0; m < 8; ++m) {
      if ((moves >> m & 1U) == 0) continue;
      const auto d = static_cast<std::uint32_t>(c + offsets[m]);
      if (label[d] == kUnreached) {
        label[d] = next;
        queue[tail++] = d;
      }
    }
  }
  return label;
}

std::vector<std::uint32_t> bfs_labels_parallel(const Grid& grid, Point finish, Neighbourhood n,
                                               int threads) {
  check_finish(grid, finish);
  if (n == Neighbourhood::kOctile) throw InputError("bfs_labels: octile costs need Dijkstra");
  const bool moore = n == Neighbourhood::kMoore;
  if (threads <= 0) threads = omp_get_max_threads();
  std::vector<std::uint32_t> label(grid.cell_count(), kUnreached);
  std::int64_t offsets[8];
  move_offsets(grid.width(), offsets);
  const std::span<const std::uint8_t> cells = grid.cells();
  std::vector<std::uint32_t> current{grid.index(finish)};
  std::vector<std::uint32_t> next;
  std::vector<std::size_t> sizes(static_cast<std::size_t>(threads) + 1);
  label[grid.index(finish)] = 0;
  std::uint32_t level = 0;
#pragma omp parallel num_threads(threads)
  {
    const auto tid = static_cast<std::size_t>(omp_get_thread_num());
    std::vector<std::uint32_t> local;
    while (!current.empty()) {
      local.clear();
      const std::uint32_t value = level + 1;
#pragma omp for schedule(static)
      for (std::size_t i = 0; i < current.size(); ++i) {
        const std::uint32_t c = current[i];
        const unsigned moves = moore ? open_moves(grid, c) : (cells[c] & kOpenAll);
        for (unsigned m = 0; m < 8; ++m) {
          if ((moves >> m & 1U) == 0) continue;
          const auto d = static_cast<std::uint32_t>(c + offsets[m]);
          std::atomic_ref<std::uint32_t> slot(label[d]);
          std::uint32_t expected = kUnreached;
          if (slot.load(std::memory_order_relaxed) == kUnreached &&
              slot.compare_exchange_strong(expected, value, std::memory_order_relaxed))
            local.push_back(d);
        }
      }
      sizes[tid + 1] = local.size();
#pragma omp barrier
#pragma omp single
      {
        sizes[0] = 0;
        for (std::size_t t = 1; t < sizes.size(); ++t) sizes[t] += sizes[t - 1];
        next.resize(sizes.back());
      }
      std::copy(local.begin(), local.end(), next.begin() + static_cast<std::ptrdiff_t>(sizes[tid]));
#pragma omp barrier
#pragma omp single
      {
        current.swap(next);
        ++level;
      }
    }
  }
  return label;
}

std::vector<std::uint64_t> octile_labels(const Grid& grid, Point finish) {
  check_finish(grid, finish);
  std::vector<std::uint64_t> dist(grid.cell_count(), kOctileUnreached);
  std::int64_t offsets[8];
  move_offsets(grid.width(), offsets);
  struct Entry {
    std::uint64_t key;
    std::uint32_t cell;
  };
  // std::priority_queue is a max-heap: "less" means "further", so the nearest comes out first.
  const auto further = [](const Entry& a, const Entry& b) { return octile_less(b.key, a.key); };
  std::priority_queue<Entry, std::vector<Entry>, decltype(further)> heap(further);
  const std::uint32_t source = grid.index(finish);
  dist[source] = 0;
  heap.push({0, source});
  while (!heap.empty()) {
    const Entry top = heap.top();
    heap.pop();
    if (top.key != dist[top.cell]) continue;  // a stale entry
    const unsigned moves = open_moves(grid, top.cell);
    for (int m = 0; m < 8; ++m) {
      if ((moves >> m & 1U) == 0) continue;
      const auto d = static_cast<std::uint32_t>(top.cell + offsets[m]);
      const std::uint64_t candidate = octile_step(top.key, m);
      if (octile_less(candidate, dist[d])) {
        dist[d] = candidate;
        heap.push({candidate, d});
      }
    }
  }
  return dist;
}

}  // namespace arcwave::grid
