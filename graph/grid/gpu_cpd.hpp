// graph/grid/gpu_cpd.hpp — first-move databases (cpd.hpp) on the GPU; plain C++, in a build
// without CUDA every entry point throws ResourceError("built without CUDA").
//
// Building: sources go in batches of `slots` (as many thread blocks as the device keeps
// resident and its free memory holds), one thread block per source. A block settles its
// source's lengths bucket by bucket (cpd_wave.hpp: [k, k + 1) in turn, every move costs at least
// 1, so a bucket never feeds itself): the cells of bucket k first pull their first-move sets
// from their settled predecessors, then relax their neighbours (exact packed lengths lowered
// with compare-and-swap; a cell joins the list of its new bucket when that bucket is lower
// than the one it waits in, atomicMin), three bucket lists in turn. A second kernel compresses
// each row (one thread per source, RowCompressor, as the CPU builder), a third packs the runs;
// the host appends them in cell order. Rows equal build_cpd_cpu()'s (tested per row).
// Memory per slot: 29 bytes a cell (lengths 8, bucket 4, three lists 12, sets 1, runs 4).
//
// Queries: the database is uploaded once (runs, row offsets, order, components, moves); one
// thread per query follows first moves (a binary search per step). Paths, when asked for, in a
// second pass that writes each query's cells at offsets the host summed from the first.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "graph/grid/cpd.hpp"

namespace arcwave::grid {

struct GpuCpdTimes {
  double total_ms = 0;     // host clock, whole call
  double kernel_ms = 0;    // waves, compression and packing (CUDA events)
  double transfer_ms = 0;  // uploads and downloads (host clock)
  std::uint32_t slots = 0;
  std::uint64_t batches = 0;
};

class GpuCpdBuilder {
 public:
  /// Uploads the map's moves and the cell order. Throws InputError for a map without a
  /// database (check_cpd_map), ResourceError without a usable GPU.
  GpuCpdBuilder(const SearchMap& map, const CellOrder& order);
  ~GpuCpdBuilder();
  GpuCpdBuilder(const GpuCpdBuilder&) = delete;
  GpuCpdBuilder& operator=(const GpuCpdBuilder&) = delete;

  /// The compressed rows of the given free source cells, in that order.
  std::vector<std::vector<std::uint32_t>> rows(std::span<const std::uint32_t> sources);
  /// Every row: the whole database (sources in cell order, in batches).
  FirstMoveDb build();
  /// Caps the slots (tests: several batches on a small map; 0: no cap).
  void set_slot_cap(std::uint32_t slots) noexcept { slot_cap_ = slots; }

  [[nodiscard]] const GpuCpdTimes& times() const noexcept { return times_; }
  /// Device memory of one slot.
  static std::size_t slot_bytes(std::uint64_t cells, std::uint64_t positions);

  struct Impl;

 private:
  const SearchMap& map_;
  const CellOrder& order_;
  std::unique_ptr<Impl> impl_;
  GpuCpdTimes times_;
  std::uint32_t slot_cap_ = 0;
};

/// A database resident on the GPU for batches of queries.
class GpuCpdQueries {
 public:
  /// Uploads the database (and the map's moves); both must outlive this object.
  GpuCpdQueries(const FirstMoveDb& db, const SearchMap& map);
  ~GpuCpdQueries();
  GpuCpdQueries(const GpuCpdQueries&) = delete;
  GpuCpdQueries& operator=(const GpuCpdQueries&) = delete;

  /// Answers every query (as cpd_query(): `expanded` counts the moves).
  std::vector<SearchResult> queries(std::span<const Query> queries, bool want_paths);
  [[nodiscard]] const GpuCpdTimes& times() const noexcept { return times_; }
  /// Device memory the database takes.
  static std::size_t device_bytes(const FirstMoveDb& db);

  struct Impl;

 private:
  const FirstMoveDb& db_;
  const SearchMap& map_;
  std::unique_ptr<Impl> impl_;
  GpuCpdTimes times_;
};

}  // namespace arcwave::grid
