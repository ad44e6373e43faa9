// graph/sssp/apsp.hpp — what Johnson's all-pairs shortest paths hands back, CPU or GPU: rows
// of distances delivered to a sink in blocks of consecutive sources (so that callers can keep
// all n^2 distances or stream them to a file), the potentials, a negative cycle when there is
// one, and the time of each phase.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "graph/csr/csr.hpp"
#include "graph/sssp/distance.hpp"

namespace arcwave::sssp {

/// Receives rows for sources[first .. first + count): rows[i * n + v] is the distance from
/// sources[first + i] to v (infinity<D>() when unreachable). Blocks arrive in source order.
template <typename D>
using RowSink =
    std::function<void(std::uint64_t first, std::uint64_t count, std::span<const D> rows)>;

struct JohnsonTimes {
  double upload_ms = 0;        // GPU: graph to the device
  double bellman_ford_ms = 0;  // potentials (and the negative-cycle check)
  double reweight_ms = 0;
  double sssp_ms = 0;             // every source's shortest paths (GPU: kernels only)
  double download_ms = 0;         // GPU: rows back to the host
  double total_ms = 0;            // wall clock of the whole call, sink included
  std::uint64_t sssp_rounds = 0;  // GPU: relaxation rounds over all batches
};

template <typename D>
struct JohnsonOutcome {
  std::vector<D> potential;                   // h(v), from Bellman-Ford
  std::vector<std::uint32_t> negative_cycle;  // non-empty: no rows were delivered
  JohnsonTimes times;
  [[nodiscard]] bool has_negative_cycle() const noexcept { return !negative_cycle.empty(); }
};

/// A row-major |sources| x n matrix filled by a RowSink (tests, small graphs).
template <typename D>
struct DistanceMatrix {
  std::uint32_t n = 0;
  std::vector<D> rows;
  RowSink<D> sink(std::uint64_t sources) {
    rows.assign(sources * n, D{});
    return [this](std::uint64_t first, std::uint64_t, std::span<const D> block) {
      std::copy(block.begin(), block.end(), rows.begin() + static_cast<std::ptrdiff_t>(first * n));
    };
  }
};

/// The vertex before v on a shortest path from the source (0-based), kNoPredecessor for the
/// source itself and for vertices out of reach (or beyond a distance cut).
inline constexpr std::uint32_t kNoPredecessor = 0xFFFFFFFFU;

/// Receives predecessor rows for sources[first .. first + count), in the same blocks and order as
/// the distance rows (each block's predecessors right after its distances).
using PredecessorSink = std::function<void(std::uint64_t first, std::uint64_t count,
                                           std::span<const std::uint32_t> predecessors)>;

/// Where the rows of an APSP run go, with distances of value type V (the distance type, or a
/// narrower int32_t / float: infinity becomes INT32_MAX / +inf; the caller checks they fit).
template <typename V>
struct RowStream {
  RowSink<V> rows;
  PredecessorSink predecessors;  // set: predecessors are computed and delivered too
  /// Optional |sources| x n host array the rows land in directly (page-locked memory lets the
  /// GPU copy at full speed); `rows` is still called, with spans into it.
  V* direct = nullptr;
  /// The sinks take blocks in any order and from several threads at once (a binary file written
  /// by position): several devices then hand their blocks over as they come, neither held back
  /// nor copied to restore the order.
  bool any_order = false;
};

struct StreamOptions {
  /// Distances above this count as out of reach (infinity, no predecessor). Without negative
  /// edges the search stops there; with them it runs fully and the rows are cut.
  double max_distance = HUGE_VAL;
  unsigned threads = 0;     // CPU: threads (0: all)
  std::uint32_t batch = 0;  // GPU: sources per batch (0: chosen from memory)
  double delta = 0;         // GPU per-CTA near-far bucket width (0: automatic)
  /// GPU: the devices (ordinals after CUDA_VISIBLE_DEVICES; one listed twice gets two workers);
  /// empty: every visible device. Batches of sources are spread over them.
  std::vector<int> devices;
};

/// A distance in the output type (infinity to infinity).
template <typename V, typename D>
constexpr V narrow_distance(D d) {
  if (d == infinity<D>()) return infinity<V>();
  return static_cast<V>(d);
}

/// Every vertex 0 .. n-1, the default source list.
inline std::vector<std::uint32_t> all_vertices(std::uint32_t n) {
  std::vector<std::uint32_t> v(n);
  for (std::uint32_t i = 0; i < n; ++i) v[i] = i;
  return v;
}

}  // namespace arcwave::sssp
