// arcwave/paths.hpp — shortest paths on weighted directed graphs: a graph from arrays or a
// file, single-source shortest paths (with the paths themselves), and Johnson's all-pairs
// shortest paths into a buffer of the caller's or streamed in blocks of rows.
//
//   using arcwave::IntGraph;  // 64-bit integer weights (RealGraph: double weights)
//   const std::vector<std::uint32_t> from{0, 1, 2}, to{1, 2, 0};
//   const std::vector<std::int64_t> w{4, -1, 2};
//   const IntGraph g = IntGraph::from_edges(3, from, to, w);
//   std::vector<std::int64_t> d(3 * 3);
//   const arcwave::ApspReport r = arcwave::apsp(g, std::span(d));  // d[s * 3 + v]
//
// Vertices are 0 .. n-1 (files numbered from 1 are shifted; index_base() says how). Weights
// may be negative; a negative cycle is a result (reported, not thrown). Distances have the
// weight type: int64 (exact) for IntGraph, double for RealGraph; unreachable is
// unreachable<W>() (INT64_MAX, or +infinity). Integer weights are checked when the graph is
// made so that no path length can overflow 64 bits (InputError otherwise).
//
// Backends: SSSP runs Dijkstra (binary heap, O((n + m) log n), one thread) on the CPU, or the
// near-far SSSP on the GPU; with a negative weight both run Bellman-Ford (O(n·m) in the worst
// case; the GPU's is frontier-based and device-driven). APSP runs Johnson's algorithm:
// Bellman-Ford potentials, then one Dijkstra per source spread over CPU threads
// (O(n·m + S (n + m) log n) for S sources), or on the GPU one of the methods of ApspMethod.
// kAuto picks the GPU for SSSP from n + m = 10^6 on (near-far 5–11 ms against Dijkstra
// 225–815 ms at 10^6 vertices on an H100), for APSP from S·(n + m) = 2·10^7 on.
//
// apsp_stream() is what `arcwave apsp` runs: rows (in the distance type, or 32-bit) and
// predecessors streamed to consumers while they are computed, a distance cut, the GPU method
// chosen by the graph's shape, the decisions and the progress logged, the time of each phase.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "arcwave/backend.hpp"

namespace arcwave {

/// The distance of a vertex that cannot be reached.
template <typename W>
constexpr W unreachable() {
  if constexpr (std::is_integral_v<W>)
    return std::numeric_limits<W>::max();
  else
    return std::numeric_limits<W>::infinity();
}

inline constexpr std::uint32_t kNoVertex = 0xFFFFFFFFU;

/// How edges become a graph.
struct GraphBuildOptions {
  bool directed = true;  // false: each edge is stored in both directions
  /// Keep only the cheapest of parallel edges (they cannot change a shortest path).
  bool merge_parallel_edges = true;
};

/// An immutable weighted directed graph in CSR form; W is std::int64_t or double. Copies share
/// the arrays (cheap). An unweighted input gets weight 1 on every edge.
template <typename W>
class WeightedGraph {
  static_assert(std::is_same_v<W, std::int64_t> || std::is_same_v<W, double>,
                "WeightedGraph<W>: W is std::int64_t or double");

 public:
  /// Edges sources[i] -> targets[i] with weights[i] (weights empty: all 1). O(n + m).
  /// Throws InputError when the arrays' lengths differ, an endpoint is not below n, a real
  /// weight is not finite, or integer weights could overflow 64-bit path lengths.
  static WeightedGraph from_edges(std::uint32_t vertex_count,
                                  std::span<const std::uint32_t> sources,
                                  std::span<const std::uint32_t> targets,
                                  std::span<const W> weights = {},
                                  const GraphBuildOptions& options = {});
  /// A CSR as it is: the out-edges of v are targets[offsets[v] .. offsets[v+1]) (offsets has
  /// n + 1 non-decreasing entries from 0 to m). O(n + m) to check and copy; InputError when
  /// it is not a valid CSR.
  static WeightedGraph from_csr(std::span<const std::uint64_t> offsets,
                                std::span<const std::uint32_t> targets,
                                std::span<const W> weights = {});

  [[nodiscard]] std::uint32_t vertex_count() const noexcept;
  [[nodiscard]] std::uint64_t edge_count() const noexcept;
  [[nodiscard]] std::span<const std::uint64_t> offsets() const noexcept;
  [[nodiscard]] std::span<const std::uint32_t> targets() const noexcept;
  [[nodiscard]] std::span<const W> weights() const noexcept;
  [[nodiscard]] bool has_negative_weight() const noexcept;
  /// How the file this graph came from numbers its vertices (1 for .gr and .mtx, else 0):
  /// file vertex = vertex + index_base().
  [[nodiscard]] std::uint32_t index_base() const noexcept;
  /// The largest |distance| a shortest path can have: (n - 1) · max |w|. O(m).
  [[nodiscard]] double distance_bound() const;
  /// Seconds making the graph took (the CSR and the checks; reading a file is not included).
  [[nodiscard]] double build_seconds() const noexcept;

  /// The engine's representation, for arcwave's own wrappers (its definition is internal).
  struct Impl;
  [[nodiscard]] const Impl& impl() const noexcept { return *impl_; }
  explicit WeightedGraph(std::shared_ptr<const Impl> impl);

 private:
  std::shared_ptr<const Impl> impl_;
};

using IntGraph = WeightedGraph<std::int64_t>;
using RealGraph = WeightedGraph<double>;
/// What load_graph() returns: integer weights when every weight of the file is an integer (or
/// the file has none), real ones otherwise.
using AnyGraph = std::variant<IntGraph, RealGraph>;

enum class GraphFileFormat : std::uint8_t { kAuto, kDimacs, kMatrixMarket, kEdgeList };

/// "auto", "gr" (or "dimacs"), "mtx" (or "mm"), "edges" (or "edgelist"); InputError otherwise.
GraphFileFormat parse_graph_file_format(std::string_view text);

struct GraphLoadOptions {
  GraphFileFormat format = GraphFileFormat::kAuto;  // kAuto: from the name (.gr, .mtx, else
                                                    // an edge list), ignoring .gz/.bz2/.xz
  bool undirected = false;  // treat every edge as two arcs (symmetric .mtx files already are)
  /// Called once the file is read, before the graph is built, with the seconds reading took.
  std::function<void(double read_seconds)> on_read;
};

/// Reads a DIMACS .gr, Matrix Market or "u v [w]" edge-list file (compressed or not);
/// parallel edges keep only the cheapest copy. O(file size). Throws InputError (FILE:LINE:COL)
/// on bad input, Unsupported for Matrix Market kinds that are not graphs.
AnyGraph load_graph(const std::string& path, const GraphLoadOptions& options = {});

struct PathOptions {
  Backend backend = Backend::kAuto;
  /// CPU APSP: threads (0: all cores). SSSP always runs on one CPU thread.
  unsigned threads = 0;
  /// APSP: sources per batch of the GPU's batched SSSP, a multiple of 32, and per block of rows
  /// on the CPU (0: from free memory, about 64 MiB of rows on the CPU).
  std::uint32_t gpu_batch = 0;
  /// GPU APSP: the GPUs (device ordinals after CUDA_VISIBLE_DEVICES) the batched SSSP spreads
  /// its batches over, rows still in source order; empty: every visible GPU. SSSP and near-far
  /// APSP run on the first. InputError for a device that is not visible.
  std::vector<int> gpus;
};

/// Shortest paths from one source.
template <typename W>
struct ShortestPaths {
  std::uint32_t source = 0;
  std::vector<W> distance;  // unreachable<W>() where there is no path
  /// parent[v]: the vertex before v on a shortest path (kNoVertex for the source and
  /// unreachable vertices). The parents form a tree rooted at the source, chosen the same way
  /// on every backend: a breadth-first search from the source over the edges that are tight
  /// (distance[u] + w == distance[v]), vertices and edges in CSR order.
  std::vector<std::uint32_t> parent;
  /// Non-empty: a negative cycle reachable from the source (vertices in edge order); distance
  /// and parent are then empty.
  std::vector<std::uint32_t> negative_cycle;
  std::string backend;  // what ran, and why

  /// The vertices of a shortest path from the source to `target`, both included; empty when
  /// there is none. O(path length). Throws InputError for a vertex out of range.
  [[nodiscard]] std::vector<std::uint32_t> path_to(std::uint32_t target) const;
};

/// Single-source shortest paths from `source` (see the header comment for the algorithms and
/// costs). Throws InputError for a bad source, ResourceError for Backend::kGpu without a usable
/// GPU.
template <typename W>
ShortestPaths<W> shortest_paths(const WeightedGraph<W>& graph, std::uint32_t source,
                                const PathOptions& options = {});

/// Milliseconds per phase of an APSP run.
struct ApspTimes {
  double upload_ms = 0;        // GPU: the graph to the device
  double bellman_ford_ms = 0;  // the potentials (and the negative-cycle check)
  double reweight_ms = 0;
  double sssp_ms = 0;      // every source's shortest paths (GPU: kernels only)
  double download_ms = 0;  // GPU: rows back to the host
  double total_ms = 0;     // wall clock of the whole run, consumers included
};

/// What an APSP run did.
struct ApspReport {
  /// Non-empty: the graph has a negative cycle (vertices in edge order); no row was written.
  std::vector<std::uint32_t> negative_cycle;
  std::string backend;  // what ran, and why
  std::string method;   // "cpu johnson", "gpu cta", "gpu batched", "gpu near-far", ...
  double seconds = 0;   // wall clock of the call
  ApspTimes times;
};

/// Johnson's APSP from `sources` into `out`, row-major: out[i * n + v] is the distance from
/// sources[i] to v. `out` must hold exactly sources.size() * n values (InputError otherwise,
/// before any work); memory beyond the caller's buffer is O(n + m) (CPU: plus one row per
/// thread; GPU: the device batch). Throws InputError for a source out of range.
template <typename W>
ApspReport apsp(const WeightedGraph<W>& graph, std::span<const std::uint32_t> sources,
                std::span<W> out, const PathOptions& options = {});
/// Every vertex as a source: `out` holds n * n values.
template <typename W>
ApspReport apsp(const WeightedGraph<W>& graph, std::span<W> out, const PathOptions& options = {});

/// Receives the rows of sources[first .. first + count): rows[i * n + v]. Blocks arrive in
/// source order, one at a time; the span is valid during the call only.
template <typename W>
using RowConsumer =
    std::function<void(std::uint64_t first, std::uint64_t count, std::span<const W> rows)>;
/// The same, streamed: for outputs larger than memory (write them to a file as they come).
template <typename W>
ApspReport apsp_rows(const WeightedGraph<W>& graph, std::span<const std::uint32_t> sources,
                     const RowConsumer<W>& consumer, const PathOptions& options = {});

/// The GPU methods of APSP (all exact; they differ in speed):
///   kCta       one source per CTA, near-far with a local queue: no launch per round, so planar
///              and road graphs (hundreds to thousands of rounds) stay cheap; the only method
///              with predecessors, a distance cut and 32-bit rows;
///   kBatched   32 sources per warp, one launch and host round trip per round over all n x S
///              pairs: best while the graph's hop depth is small (random, social graphs);
///   kNearFar   one whole-device near-far SSSP per source: a few sources on a large graph;
///   kFrontier, kDijkstraOuter, kDijkstraInner: for comparisons.
/// kAuto: kCta when predecessors, a cut or 32-bit rows are asked for; else kNearFar while there
/// are at most n / 32768 sources (a batch costs about as much for 1 source as for 32: on the
/// H100, 32 sources on a 10^6-vertex grid took 714 ms batched, 432 ms near-far); else kBatched
/// while a BFS from the first source is at most 64 levels deep (each round is a launch, a host
/// round trip and a sweep of all n x S pairs); else kCta. The log says which and why.
enum class ApspMethod : std::uint8_t {
  kAuto,
  kCta,
  kBatched,
  kNearFar,
  kFrontier,
  kDijkstraOuter,
  kDijkstraInner
};
/// "auto", "cta", "batched", "near-far", "frontier", "dijkstra-outer", "dijkstra-inner".
std::string_view to_string(ApspMethod method);

struct ApspOptions : PathOptions {
  ApspMethod method = ApspMethod::kAuto;  // on the GPU
  /// Set: distances above it count as out of reach (unreachable, no predecessor). Without
  /// negative edges the search stops there; with them it runs fully and the rows are cut.
  std::optional<double> max_distance;
  /// The run's decisions (the backend and why, the GPU method and why, the devices) and, from
  /// 3 s on, at most once a second, its progress ("120/4096 sources (2.9%), 3.0 s"): one line
  /// each, as they happen.
  std::function<void(const std::string& line)> log;
};

/// Where the rows of apsp_stream() go. V is the distance type W, or a 32-bit one (std::int32_t
/// for IntGraph, float for RealGraph: the caller checks with distance_bound() that they fit;
/// unreachable<V>() out of reach).
template <typename V>
struct ApspSinks {
  RowConsumer<V> rows;  // may be empty (only the potentials wanted)
  /// Set: predecessors are computed too (kNoVertex for the source and for vertices out of
  /// reach), delivered in the same blocks right after their distances.
  RowConsumer<std::uint32_t> predecessors;
  /// The consumers take blocks in any order and from several threads at once (a file written
  /// by position): several GPUs then hand their blocks over as they come.
  bool any_order = false;
};

template <typename W>
struct ApspStreamReport : ApspReport {
  std::vector<W> potential;  // Johnson's h(v) (empty after a negative cycle)
};

/// Johnson's APSP from `sources`, rows streamed to `sinks` while they are computed. Throws
/// InputError for a source out of range, or when the GPU runs a method asked for that cannot
/// give what is asked (predecessors, a cut and 32-bit rows need kCta or kAuto); ResourceError
/// for kGpu without a usable GPU; what the consumers throw ends the run.
template <typename W, typename V>
ApspStreamReport<W> apsp_stream(const WeightedGraph<W>& graph,
                                std::span<const std::uint32_t> sources, const ApspSinks<V>& sinks,
                                const ApspOptions& options = {});

/// A shortest path, read off Johnson's potentials (one Dijkstra on the reweighted graph).
template <typename W>
struct GraphPath {
  W distance{};
  std::vector<std::uint32_t> vertices;  // from, ..., to
};
/// A shortest path from `from` to `to` given the potentials of apsp_stream(); nullopt when there
/// is none. O((n + m) log n). InputError for a vertex out of range.
template <typename W>
std::optional<GraphPath<W>> johnson_path(const WeightedGraph<W>& graph,
                                         std::span<const W> potential, std::uint32_t from,
                                         std::uint32_t to);

extern template class WeightedGraph<std::int64_t>;
extern template class WeightedGraph<double>;
extern template struct ShortestPaths<std::int64_t>;
extern template struct ShortestPaths<double>;

}  // namespace arcwave
