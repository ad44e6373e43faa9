// The CPU builder of graph/grid/cpd.hpp: one bucket wave per source (cpd_wave.hpp), the
// first-move set of each cell pulled from its settled predecessors when its bucket is settled,
// then the row compressed; sources spread over threads through an atomic counter.
#include <atomic>
#include <exception>
#include <mutex>
#include <string>
#include <thread>

#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "graph/grid/cpd.hpp"
#include "graph/grid/cpd_wave.hpp"

namespace arcwave::grid {

namespace {

/// One source's wave, its arrays kept between sources.
class FirstMoveWave {
 public:
  explicit FirstMoveWave(const SearchMap& map)
      : map_(map), key_(map.cell_count()), queued_(map.cell_count()), sets_(map.cell_count()) {}

  /// Sets of every cell from `source` (kAnyMove where no query asks).
  const std::vector<std::uint8_t>& run(std::uint32_t source) {
    std::fill(key_.begin(), key_.end(), kOctileUnreached);
    std::fill(queued_.begin(), queued_.end(), kNotQueued);
    std::fill(sets_.begin(), sets_.end(), kAnyMove);
    for (auto& list : lists_) list.clear();
    if (map_.blocked(source)) return sets_;
    key_[source] = 0;
    queued_[source] = 0;
    lists_[0].push_back(source);
    const std::span<const std::uint8_t> moves = map_.moves();
    for (std::uint64_t k = 0; !lists_[0].empty() || !lists_[1].empty() || !lists_[2].empty(); ++k) {
      std::vector<std::uint32_t>& now = lists_[k % 3];
      for (const std::uint32_t t : now) {
        if (queued_[t] != k) continue;  // moved to an earlier bucket, settled there
        const std::uint64_t kt = key_[t];
        const unsigned open = moves[t];
        if (t != source) {
          std::uint32_t set = 0;
          for (int m = 0; m < 8; ++m) {
            if ((open >> m & 1U) == 0) continue;
            const std::uint32_t p = map_.neighbour(t, m);
            // The move p -> t is opposite to m and costs as much.
            if (key_[p] == kOctileUnreached || map_.step(key_[p], p, opposite_move(m)) != kt)
              continue;
            set |= p == source ? 1U << opposite_move(m) : sets_[p];
          }
          sets_[t] = static_cast<std::uint8_t>(set);
        }
        for (int m = 0; m < 8; ++m) {
          if ((open >> m & 1U) == 0) continue;
          const std::uint32_t u = map_.neighbour(t, m);
          const std::uint64_t ku = map_.step(kt, t, m);
          if (!octile_less(ku, key_[u])) continue;
          key_[u] = ku;
          const std::uint64_t b = bucket_of(ku);
          if (b < queued_[u]) {
            queued_[u] = b;
            lists_[b % 3].push_back(u);
          }
        }
      }
      now.clear();
    }
    return sets_;
  }
  [[nodiscard]] const std::vector<std::uint64_t>& keys() const { return key_; }

 private:
  static constexpr std::uint64_t kNotQueued = ~std::uint64_t{0};
  const SearchMap& map_;
  std::vector<std::uint64_t> key_;
  std::vector<std::uint64_t> queued_;  // the bucket a cell waits in (its lowest so far)
  std::vector<std::uint8_t> sets_;
  std::vector<std::uint32_t> lists_[3];
};

}  // namespace

void check_cpd_map(const SearchMap& map) {
  if (map.weighted())
    throw InputError(
        "first-move databases are built for unweighted maps (weighted maps: A* or the GPU "
        "search)");
  if (map.cell_count() >= kMaxCpdPositions)
    throw InputError("a first-move database holds maps below 2^29 cells, not " +
                     std::to_string(map.cell_count()));
}

std::vector<std::uint8_t> first_move_sets(const SearchMap& map, std::uint32_t source,
                                          std::vector<std::uint64_t>* keys) {
  check_cpd_map(map);
  FirstMoveWave wave(map);
  std::vector<std::uint8_t> sets = wave.run(source);
  if (keys != nullptr) *keys = wave.keys();
  return sets;
}

std::vector<std::uint32_t> compress_row(const CellOrder& order,
                                        std::span<const std::uint8_t> sets_by_cell) {
  std::vector<std::uint32_t> runs;
  RowCompressor row;
  std::uint32_t run = 0;
  const auto positions = static_cast<std::uint32_t>(order.cell.size());
  for (std::uint32_t p = 0; p < positions; ++p)
    if (row.add(p, sets_by_cell[order.cell[p]], &run)) runs.push_back(run);
  if (positions > 0) runs.push_back(row.last());
  return runs;
}

FirstMoveDb build_cpd_cpu(const SearchMap& map, unsigned threads, CpdBuildStats* stats) {
  check_cpd_map(map);
  const Stopwatch clock;
  CellOrder order = cell_order(map);
  const auto sources = static_cast<std::uint32_t>(order.cell.size());
  std::vector<std::vector<std::uint32_t>> rows(sources);  // by position of the source
  std::atomic<std::uint32_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_lock;
  const auto work = [&] {
    try {
      FirstMoveWave wave(map);
      for (std::uint32_t p = next++; p < sources; p = next++)
        rows[p] = compress_row(order, wave.run(order.cell[p]));
    } catch (...) {
      const std::lock_guard<std::mutex> lock(failure_lock);
      if (!failure) failure = std::current_exception();
      next = sources;
    }
  };
  const unsigned team = batch_threads(threads, sources);
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < team; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  const std::uint64_t cells = map.cell_count();
  std::vector<std::uint64_t> row_begin(cells + 1, 0);
  std::uint64_t total = 0;
  for (std::uint64_t c = 0; c < cells; ++c) {
    row_begin[c] = total;
    const std::uint32_t p = order.position[c];
    if (p != kNoPosition) total += rows[p].size();
  }
  row_begin[cells] = total;
  std::vector<std::uint32_t> runs;
  runs.reserve(total);
  for (std::uint64_t c = 0; c < cells; ++c) {
    const std::uint32_t p = order.position[c];
    if (p == kNoPosition) continue;
    runs.insert(runs.end(), rows[p].begin(), rows[p].end());
    std::vector<std::uint32_t>().swap(rows[p]);
  }
  if (stats != nullptr) {
    stats->seconds = clock.seconds();
    stats->sources = sources;
    stats->runs = total;
  }
  return FirstMoveDb(map, std::move(order), std::move(row_begin), std::move(runs));
}

}  // namespace arcwave::grid
