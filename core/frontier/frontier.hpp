// core/frontier/frontier.hpp — the one loop behind AC4GPU+, the Lee wave, Bellman-Ford and BFS:
// a frontier of changed items, a relaxation along CSR out-edges that may change neighbours,
// the changed neighbours as the next frontier, until nothing changes. This file holds the
// shared statistics, the choice of GPU loop driver (see frontier.cuh), and the CPU driver, which
// is the reference every GPU driver is tested against.
//
// A relaxation is a callable relax(src, edge, dst, round) -> bool: it relaxes edge `edge`
// from `src` to `dst` during round `round` (0-based; seeds are round 0's frontier) and returns
// true when `dst` changed and must be processed in the next round. A vertex enters a round's
// frontier at most once however many edges activate it (seeds are taken as given, duplicates
// included). The loop ends when a frontier is empty, after `max_rounds` rounds, or at the end of
// a round during which the relaxation raised the stop flag (the early-termination hook).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/csr_view.hpp"

namespace arcwave::frontier {

struct Stats {
  std::uint32_t rounds = 0;         // rounds run (frontiers processed)
  std::uint64_t items = 0;          // frontier items processed over all rounds
  std::uint64_t edges = 0;          // edges relaxed over all rounds (the CPU driver only)
  std::uint32_t last_frontier = 0;  // size of the frontier left when the loop stopped early
  bool stopped = false;             // the relaxation raised the stop flag
};

/// How the GPU loop (frontier.cuh) is driven. All drivers run the same round body and give the
/// same results and Stats; they differ in who decides that another round is needed.
enum class Driver : std::uint8_t {
  kHost,         // one launch per round sized to the frontier, then a read-back of its size
  kDevice,       // rounds enqueued without waiting; the host looks every k rounds
  kGraph,        // a CUDA graph of k rounds (and the read-back) captured once, replayed
  kCooperative,  // one persistent cooperative launch, grid.sync() between rounds
  kSingleBlock,  // one persistent block while frontiers are tiny, then hands over to kDevice
};

/// How a round's frontier items are spread over a warp.
enum class Gather : std::uint8_t {
  kScan,         // 32 items per warp; edges of degree < 32 packed 32 to a step by a warp scan,
                 // longer edge lists walked by the whole warp
  kWarpPerItem,  // one item per warp, its edges 32 lanes apart
};

struct Options {
  Driver driver = Driver::kHost;
  std::uint32_t max_rounds = UINT32_MAX;
  /// kDevice: rounds enqueued between two looks at the frontier size (0: adaptive, 2, 4, 8, ...
  /// up to 64, so that a short run wastes few empty launches and a long one few round trips).
  /// kGraph: rounds per captured graph (0: 16).
  std::uint32_t rounds_per_check = 0;
  /// kDevice, kGraph, kCooperative (and kSingleBlock after hand-over): blocks of 256 threads per
  /// launch (0: as many as can be resident at once; kCooperative never exceeds that).
  std::uint32_t blocks = 0;
  /// kSingleBlock: a frontier larger than this is handed over to kDevice (0: 2048).
  std::uint32_t single_block_limit = 0;
  Gather gather = Gather::kScan;
};

inline const char* driver_name(Driver driver) {
  switch (driver) {
    case Driver::kHost:
      return "host";
    case Driver::kDevice:
      return "device";
    case Driver::kGraph:
      return "graph";
    case Driver::kCooperative:
      return "cooperative";
    case Driver::kSingleBlock:
      return "single-block";
  }
  return "?";
}

/// Runs the loop on the CPU until the frontier is empty, `max_rounds` rounds ran, or `*stop`
/// (when given) is non-zero at the end of a round (the relaxation raises it; it is not cleared).
template <typename Weight, typename Relax>
Stats run_cpu(const CsrView<Weight>& graph, std::span<const std::uint32_t> seeds, Relax&& relax,
              std::uint32_t max_rounds = UINT32_MAX, const std::uint32_t* stop = nullptr) {
  Stats stats;
  std::vector<std::uint32_t> current(seeds.begin(), seeds.end());
  std::vector<std::uint32_t> next;
  std::vector<std::uint32_t> stamp(graph.vertex_count, 0);  // round + 1 when queued for it
  for (std::uint32_t round = 0; !current.empty() && round < max_rounds && !stats.stopped; ++round) {
    next.clear();
    for (const std::uint32_t src : current) {
      for (std::uint64_t e = graph.offsets[src]; e < graph.offsets[src + 1]; ++e) {
        const std::uint32_t dst = graph.targets[e];
        if (relax(src, e, dst, round) && stamp[dst] != round + 1) {
          stamp[dst] = round + 1;
          next.push_back(dst);
        }
      }
      stats.edges += graph.offsets[src + 1] - graph.offsets[src];
    }
    stats.items += current.size();
    ++stats.rounds;
    current.swap(next);
    stats.stopped = stop != nullptr && *stop != 0;
  }
  stats.last_frontier = static_cast<std::uint32_t>(current.size());
  return stats;
}

}  // namespace arcwave::frontier
