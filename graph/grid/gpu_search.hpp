// graph/grid/gpu_search.hpp — exact grid searches on the GPU over a SearchMap (any metric,
// weighted or not); plain C++, in a build without CUDA every entry point throws
// ResourceError("built without CUDA").
//
// queries(): a batch of point-to-point queries, many in flight at once. Each resident CTA owns
// a slot (a length array over the map, per-tile stamps and priorities) and takes queries from
// a global counter. A query is a best-first wave over 32x32 tiles: the CTA picks the tile of
// smallest f = length + heuristic among its active tiles, loads it with a one-cell halo into
// shared memory, relaxes it to local convergence (a cell only accepts a length whose f is below
// the goal's current length: A*'s pruning), writes back what fell and activates the
// neighbouring tiles a fallen border cell touches. It stops when no active tile's f is below
// the goal's length: that length is then exact (every length written is a real path's and the
// pruning only drops lengths that cannot lead to a shorter one). The map (open moves, costs)
// is read through L2 by every CTA. Per-tile stamps make a slot's stale lengths count as
// unreached, so nothing is cleared between queries. Paths are walked back from the goal on the
// device (the neighbour whose length plus the move equals the cell's) into a pool.
//
// single_source(): exact lengths from one cell to every cell, a near-far wave over tiles: the
// host raises a bound by delta, every CTA takes active tiles whose priority is below it, relaxes
// them as above (no pruning) and activates neighbours; tiles above the bound wait.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "graph/grid/astar.hpp"
#include "graph/grid/costs.hpp"
#include "graph/grid/query_batch.hpp"

namespace arcwave::grid {

struct GpuSearchTimes {
  double upload_ms = 0;           // the map (host clock, once, in the constructor)
  double kernel_ms = 0;           // the searches (CUDA events)
  double download_ms = 0;         // results and paths back (host clock)
  std::uint64_t passes = 0;       // single_source: tile passes
  std::uint64_t tile_visits = 0;  // single_source: tiles relaxed over all passes
  std::uint32_t slots = 0;        // queries: CTAs (queries in flight at once)
};

struct SingleSourceOptions {
  double delta = 0;  // near-far bound step in key value units; 0: 32 mean moves
};

class GpuGridSearch {
 public:
  /// Uploads the map (open moves, and costs when weighted) once.
  explicit GpuGridSearch(const SearchMap& map);
  ~GpuGridSearch();
  GpuGridSearch(const GpuGridSearch&) = delete;
  GpuGridSearch& operator=(const GpuGridSearch&) = delete;

  /// Answers every query; `expanded` counts the cells whose length fell (a cell may count more
  /// than once), the GPU's measure of the work (not A*'s expansions).
  std::vector<SearchResult> queries(std::span<const Query> queries, bool want_paths);
  /// Exact keys from `source` to every cell (kOctileUnreached where there is no path).
  std::vector<std::uint64_t> single_source(Point source, const SingleSourceOptions& options = {});

  [[nodiscard]] const GpuSearchTimes& times() const noexcept { return times_; }
  /// Caps the path pool of queries() (cells; 0: sized from the batch). Paths that do not fit
  /// are found again in a second launch with a pool of their exact size; tests use a small cap
  /// to make that happen.
  void set_path_pool_cap(std::uint64_t cells) noexcept { path_pool_cap_ = cells; }
  /// Device memory one query slot needs for this map.
  static std::size_t slot_bytes(const SearchMap& map);

  struct Impl;

 private:
  const SearchMap& map_;
  std::unique_ptr<Impl> impl_;
  GpuSearchTimes times_;
  std::uint64_t path_pool_cap_ = 0;
};

}  // namespace arcwave::grid
