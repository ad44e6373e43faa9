// graph/sssp/sssp_gpu.hpp — the GPU shortest-path entry points, callable from plain C++ (in a
// build without CUDA they throw ResourceError). Weights: int64_t or double. Every one has a
// CPU reference: bellman_ford_cpu(), dijkstra_cpu(), johnson_cpu().
//
//  - bellman_ford(): three variants of one frontier Bellman-Ford, as comparison rows:
//      kEdgeParallel   every edge every round (one thread per edge), host-checked rounds;
//      kFrontierHost   only vertices whose distance fell, on core/frontier (host-driven);
//      kFrontierDevice the same with device-driven rounds (queue sizes stay on the GPU; the
//                      host looks every 16 rounds) — the fast single-source SSSP.
//    A negative cycle is found on the predecessor edges (verified by its weight).
//  - multi_source(): the batched many-source SSSP for non-negative weights: a batch of up to
//    S sources relaxes together, distances laid out vertex-major (n x S) so that a warp
//    relaxes one edge for 32 sources with coalesced atomicMin, a bitmask of active
//    (vertex, source) pairs as the frontier.
//  - near_far(): the fast single-source SSSP for non-negative weights: near-far buckets in one
//    persistent cooperative kernel, each block running rounds on its own part of the frontier
//    between grid-wide barriers (see near_far_kernel.cuh); CPU reference near_far_cpu().
//  - johnson(): Bellman-Ford potentials (kFrontierDevice), reweighting on the GPU, then every
//    source by `method` (batched by default; near-far per source for a few sources; the
//    paper's two Dijkstra parallelisations and one frontier SSSP per source as comparison
//    rows).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "graph/csr/csr.hpp"
#include "graph/sssp/apsp.hpp"
#include "graph/sssp/distance.hpp"

namespace arcwave::sssp::gpu {

struct GpuTimes {
  double upload_ms = 0;
  double compute_ms = 0;
  double download_ms = 0;
  std::uint64_t rounds = 0;
};

enum class BellmanFordVariant : std::uint8_t { kEdgeParallel, kFrontierHost, kFrontierDevice };

/// `source` empty: the virtual source (every vertex at distance 0), as for Johnson.
template <typename Weight>
BellmanFordResult<Distance<Weight>> bellman_ford(
    const Csr<Weight>& graph, std::optional<std::uint32_t> source,
    BellmanFordVariant variant = BellmanFordVariant::kFrontierDevice, GpuTimes* times = nullptr);

struct NearFarOptions {
  /// Bucket width Δ; 0: near_far::automatic_delta() times delta_scale.
  double delta = 0;
  double delta_scale = 1;
  /// Rounds a block may run on the vertices it improved itself before they go to the grid-wide
  /// frontier (0: kDefaultLocalRounds; 1: every round is a grid-wide phase).
  std::uint32_t local_rounds = 0;
  /// Cooperative blocks (0: all that can be resident at once).
  std::uint32_t blocks = 0;
  /// Far-pile entries (0: one per vertex). Smaller only to test the split by a full scan that
  /// follows an overflow.
  std::uint32_t far_capacity = 0;
};
inline constexpr std::uint32_t kDefaultLocalRounds = 16;

/// Shortest distances from `source` (non-negative weights; InputError otherwise). `times`:
/// upload, compute (kernels, allocations included) and download; rounds = phases.
template <typename Weight>
std::vector<Distance<Weight>> near_far(const Csr<Weight>& graph, std::uint32_t source,
                                       const NearFarOptions& options = {},
                                       GpuTimes* times = nullptr, NearFarStats* stats = nullptr);

struct MultiSourceOptions {
  std::uint32_t batch = 0;  // sources per batch (a multiple of 32); 0: chosen from memory
};

/// Shortest paths from every source of `sources`, rows delivered to `sink` in blocks of one
/// batch. Throws InputError on a negative weight.
template <typename Weight>
void multi_source(const Csr<Weight>& graph, std::span<const std::uint32_t> sources,
                  const RowSink<Distance<Weight>>& sink, const MultiSourceOptions& options = {},
                  GpuTimes* times = nullptr);

enum class JohnsonMethod : std::uint8_t {
  kBatched,            // multi_source()
  kFrontierPerSource,  // one kFrontierDevice Bellman-Ford per source
  kDijkstraOuter,      // the paper's outer-loop parallel Dijkstra, one source at a time
  kDijkstraInner,      // the paper's inner-loop parallel Dijkstra, one source at a time
  kNearFar,            // near_far() per source (few sources on a large graph)
};

struct JohnsonGpuOptions {
  JohnsonMethod method = JohnsonMethod::kBatched;
  std::uint32_t batch = 0;  // kBatched: sources per batch (0: chosen from memory)
  /// The devices (ordinals after CUDA_VISIBLE_DEVICES; empty: every visible one). kBatched
  /// spreads its batches over them; the other methods run on the first.
  std::vector<int> devices;
};

template <typename Weight>
JohnsonOutcome<Distance<Weight>> johnson(const Csr<Weight>& graph,
                                         std::span<const std::uint32_t> sources,
                                         const RowSink<Distance<Weight>>& sink,
                                         const JohnsonGpuOptions& options = {});

/// Page-locked host memory (for RowStream::direct: the GPU copies into it at full speed), or
/// nullptr without CUDA or when the allocation fails; release with free_pinned().
void* allocate_pinned(std::size_t bytes);
void free_pinned(void* memory);

/// Johnson with one source per CTA (johnson_cta_gpu.cu): every CTA runs whole near-far SSSPs
/// with a local queue (BFS levels for equal weights), so high-diameter graphs cost no launch
/// or host round trip per round. Rows in the output type V (the distance type, or int32_t /
/// float), cut at options.max_distance, predecessors when out.predecessors is set; batches
/// are downloaded (pinned, on a second stream, by a host thread that feeds the sinks) while the
/// next batch computes. Without negative edges Bellman-Ford is skipped (the potentials are 0).
template <typename Weight, typename V>
JohnsonOutcome<Distance<Weight>> johnson_streamed(const Csr<Weight>& graph,
                                                  std::span<const std::uint32_t> sources,
                                                  const RowStream<V>& out,
                                                  const StreamOptions& options = {});

}  // namespace arcwave::sssp::gpu
