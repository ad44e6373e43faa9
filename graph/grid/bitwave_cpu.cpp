// The CPU driver of the fast wave (graph/grid/bitwave.hpp): each active tile runs the same
// per-word phases as the CUDA kernel (bitwave_core.hpp), with plain loops standing in for the
// block's threads and barriers.
#include <omp.h>

#include <atomic>

#include "arcwave/error.hpp"
#include "graph/grid/bitwave.hpp"
#include "graph/grid/bitwave_shapes.hpp"
#include "graph/grid/cpu_wave.hpp"

namespace arcwave::grid {

namespace {

using bitwave::Buffers;
using bitwave::Geometry;
using bitwave::WordState;

/// Appends the 3 x 3 tiles around `tile` to step `next`'s list (each tile once per step).
void enqueue_neighbours(const Buffers& b, std::uint32_t tile, std::uint32_t next) {
  const auto tx = static_cast<std::int64_t>(tile % b.tiles_x);
  const auto ty = static_cast<std::int64_t>(tile / b.tiles_x);
  for (std::int64_t dy = -1; dy <= 1; ++dy) {
    for (std::int64_t dx = -1; dx <= 1; ++dx) {
      if (tx + dx < 0 || ty + dy < 0 || tx + dx >= b.tiles_x || ty + dy >= b.tiles_y) continue;
      const auto t = static_cast<std::uint32_t>((ty + dy) * b.tiles_x + (tx + dx));
      if (std::atomic_ref<std::uint32_t>(b.enqueued[t]).exchange(next) == next) continue;
      const std::uint32_t slot = std::atomic_ref<std::uint32_t>(b.count[next % 3]).fetch_add(1);
      b.list[next & 1U][slot] = t;
    }
  }
}

template <typename S, bool kMoore>
void process_tile(const Buffers& b, std::uint32_t tile, std::uint32_t step) {
  using G = Geometry<S>;
  const G g{tile % b.tiles_x, tile / b.tiles_x};
  std::vector<WordState<kMoore>> words(S::kRegionSize);
  std::vector<std::uint32_t> current(S::kPaddedSize, 0);
  std::vector<std::uint32_t> next(S::kPaddedSize, 0);
  for (int idx = 0; idx < S::kRegionSize; ++idx)
    current[G::padded(idx / S::kRegionWords, idx % S::kRegionWords)] =
        bitwave::load_word<S, kMoore>(b, g, idx, step, words[idx]);
  for (int round = 0; round < S::kRounds; ++round) {
    bool any = false;
    for (int idx = 0; idx < S::kRegionSize; ++idx) {
      const std::uint32_t fresh =
          bitwave::advance_word<S, kMoore>(current.data(), idx, round, words[idx]);
      next[G::padded(idx / S::kRegionWords, idx % S::kRegionWords)] = fresh;
      any = any || fresh != 0;
    }
    current.swap(next);
    if (!any) break;  // `current` is all zero: no frontier for the next step
  }
  // Interior words: visited, the next step's frontier, and the gathered level planes.
  std::vector<std::uint32_t> fresh(S::kInteriorSize);
  std::vector<std::uint32_t> level(static_cast<std::size_t>(S::kLevelBits) * S::kInteriorSize);
  bool has_next = false;
  const std::uint32_t next_step = step + 1;
  for (int idx = 0; idx < S::kRegionSize; ++idx) {
    const int r = idx / S::kRegionWords;
    const int c = idx % S::kRegionWords;
    if (!G::interior(r, c)) continue;
    const std::size_t at = bitwave::global_offset<S>(b, g, idx);
    const int i = bitwave::interior_index<S>(idx);
    b.visited[at] = words[idx].visited;
    const std::uint32_t f = current[G::padded(r, c)];
    b.frontier[next_step & 1U][at] = f;
    has_next = has_next || f != 0;
    fresh[i] = words[idx].fresh_all;
    for (int k = 0; k < S::kLevelBits; ++k) level[k * S::kInteriorSize + i] = words[idx].level[k];
  }
  bool found = false;
  for (int cell = 0; cell < S::kInteriorSize * 32; ++cell)
    found = bitwave::write_label<S>(b, g, cell, fresh.data(), level.data(), step) || found;
  if (found) std::atomic_ref<std::uint32_t>(*b.found).store(step + 1);
  if (has_next) {
    b.stamp[next_step & 1U][tile] = next_step;
    enqueue_neighbours(b, tile, next_step);
  }
}

template <typename S, bool kMoore>
void run_steps(Buffers& b, int threads, bool stop_at_target, WaveStats* stats) {
  for (std::uint32_t step = 0;; ++step) {
    const std::uint32_t count = b.count[step % 3];
    const bool reached = stop_at_target && *b.found <= step;
    if (count == 0 || reached) {
      stats->steps = step;
      stats->stopped_at_start = reached;
      return;
    }
    b.count[(step + 2) % 3] = 0;
    stats->tile_steps += count;
    const std::uint32_t* list = b.list[step & 1U];
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (std::uint32_t i = 0; i < count; ++i) process_tile<S, kMoore>(b, list[i], step);
  }
}

}  // namespace

std::vector<std::uint32_t> bitwave_labels_cpu(const Grid& grid, Point finish, Neighbourhood n,
                                              TileShape shape, int threads,
                                              std::optional<Point> stop_at, WaveStats* stats) {
  if (!grid.contains(finish)) throw InputError("finish is outside the grid");
  if (stop_at && !grid.contains(*stop_at)) throw InputError("start is outside the grid");
  if (n == Neighbourhood::kOctile) throw InputError("the bit-parallel wave is for unit moves");
  const bool moore = n == Neighbourhood::kMoore;
  if (threads <= 0) threads = omp_get_max_threads();
  WaveStats local_stats;
  if (stats == nullptr) stats = &local_stats;
  *stats = WaveStats{};

  const BitPlanes planes = build_bit_planes(grid, moore, shape);
  BitwaveStart start = bitwave_start(planes, shape, finish);
  const std::size_t size = start.visited.size();
  const std::size_t tiles = start.stamp0.size();
  std::vector<std::uint32_t> frontier1(size, 0);
  std::vector<std::uint32_t> stamp1(tiles, ~0U);
  std::vector<std::uint32_t> list0(tiles);
  std::vector<std::uint32_t> list1(tiles);
  std::copy(start.list0.begin(), start.list0.end(), list0.begin());
  std::uint32_t count[3] = {static_cast<std::uint32_t>(start.list0.size()), 0, 0};
  std::vector<std::uint32_t> labels(grid.cell_count(), kUnreached);
  labels[grid.index(finish)] = 0;
  // The step + 1 in which the target got its label (0: it is the finish; ~0: not yet).
  std::uint32_t found = stop_at && *stop_at == finish ? 0 : ~0U;

  Buffers b;
  b.width = grid.width();
  b.height = grid.height();
  b.words = planes.words;
  b.rows = planes.rows;
  b.tiles_x = planes.tiles_x;
  b.tiles_y = planes.tiles_y;
  b.right = planes.right.data();
  b.down = planes.down.data();
  b.down_right = moore ? planes.down_right.data() : nullptr;
  b.down_left = moore ? planes.down_left.data() : nullptr;
  b.visited = start.visited.data();
  b.frontier[0] = start.frontier0.data();
  b.frontier[1] = frontier1.data();
  b.stamp[0] = start.stamp0.data();
  b.stamp[1] = stamp1.data();
  b.enqueued = start.enqueued.data();
  b.list[0] = list0.data();
  b.list[1] = list1.data();
  b.count = count;
  b.labels = labels.data();
  b.found = &found;
  b.target = stop_at ? grid.index(*stop_at) : 0xFFFFFFFFU;

  bitwave::with_shape(shape, [&](auto s) {
    using S = decltype(s);
    if (moore)
      run_steps<S, true>(b, threads, stop_at.has_value(), stats);
    else
      run_steps<S, false>(b, threads, stop_at.has_value(), stats);
  });
  return labels;
}

}  // namespace arcwave::grid
