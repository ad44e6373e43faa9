// graph/sssp/johnson_cpu.hpp: blocks of sources, each block's Dijkstras shared by threads
// through an atomic counter, rows written straight into the block (in the output type, cut at
// the maximum distance) and un-reweighted there, predecessors from the Dijkstra's last edges.
#include "graph/sssp/johnson_cpu.hpp"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "graph/sssp/bellman_ford_cpu.hpp"
#include "graph/sssp/dijkstra_cpu.hpp"
#include "graph/sssp/reweight.hpp"

namespace arcwave::sssp {

template <typename Weight, typename V>
JohnsonOutcome<Distance<Weight>> johnson_cpu_stream(const Csr<Weight>& graph,
                                                    std::span<const std::uint32_t> sources,
                                                    const RowStream<V>& out,
                                                    const StreamOptions& options) {
  using D = Distance<Weight>;
  static_assert(std::is_same_v<Weight, std::int64_t> || std::is_same_v<Weight, double>);
  const Stopwatch total;
  check_weights(graph);
  const std::uint32_t n = graph.vertex_count;
  for (const std::uint32_t s : sources)
    if (s >= n) throw InputError("source " + std::to_string(s) + " is not a vertex");
  JohnsonOutcome<D> outcome;

  Stopwatch clock;
  BellmanFordResult<D> bf = bellman_ford_cpu(graph, std::nullopt);
  outcome.times.bellman_ford_ms = clock.seconds() * 1e3;
  if (bf.has_negative_cycle()) {
    outcome.negative_cycle = std::move(bf.negative_cycle);
    outcome.times.total_ms = total.seconds() * 1e3;
    return outcome;
  }
  outcome.potential = std::move(bf.distance);
  clock.restart();
  const Csr<Weight> reweighted = reweight(graph, std::span<const D>(outcome.potential));
  outcome.times.reweight_ms = clock.seconds() * 1e3;

  clock.restart();
  const bool want_predecessors = static_cast<bool>(out.predecessors);
  std::vector<std::uint32_t> edge_source_of;  // the tail of every edge, for predecessors
  if (want_predecessors) {
    edge_source_of.resize(graph.edge_count());
    for (std::uint32_t u = 0; u < n; ++u)
      std::fill(edge_source_of.begin() + static_cast<std::ptrdiff_t>(graph.offsets[u]),
                edge_source_of.begin() + static_cast<std::ptrdiff_t>(graph.offsets[u + 1]), u);
  }
  const unsigned threads =
      options.threads > 0 ? options.threads : std::max(1U, std::thread::hardware_concurrency());
  const std::uint64_t row_bytes = std::max<std::uint64_t>(1, n) * sizeof(V);
  const std::uint64_t block =
      std::clamp<std::uint64_t>(options.batch > 0 ? options.batch : (64ULL << 20) / row_bytes,
                                threads, std::max<std::uint64_t>(sources.size(), 1));
  std::vector<V> rows;
  std::vector<std::uint32_t> preds;
  const std::span<const D> potential(outcome.potential);
  for (std::uint64_t first = 0; first < sources.size(); first += block) {
    const std::uint64_t count = std::min<std::uint64_t>(block, sources.size() - first);
    V* block_rows = out.direct;
    if (block_rows != nullptr) {
      block_rows += first * n;
    } else {
      rows.resize(count * n);
      block_rows = rows.data();
    }
    if (want_predecessors) preds.resize(count * n);
    std::atomic<std::uint64_t> next{0};
    auto work = [&] {
      DijkstraScratch<D> scratch;
      std::vector<D> distance(n);
      std::vector<std::uint64_t> last_edge(want_predecessors ? n : 0);
      for (std::uint64_t i = next++; i < count; i = next++) {
        const std::uint32_t s = sources[first + i];
        dijkstra_into(reweighted, s, std::span<D>(distance), std::span<std::uint64_t>(last_edge),
                      scratch);
        unreweight_row(std::span<D>(distance), s, potential);
        V* row = block_rows + i * n;
        for (std::uint32_t v = 0; v < n; ++v) {
          D d = distance[v];
          if (d != infinity<D>() && static_cast<double>(d) > options.max_distance)
            d = infinity<D>();
          row[v] = narrow_distance<V>(d);
          if (want_predecessors)
            preds[i * n + v] =
                (d == infinity<D>() || v == s) ? kNoPredecessor : edge_source_of[last_edge[v]];
        }
      }
    };
    std::vector<std::thread> pool;
    const unsigned used = static_cast<unsigned>(std::min<std::uint64_t>(threads, count));
    for (unsigned t = 1; t < used; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    if (out.rows) out.rows(first, count, std::span<const V>(block_rows, count * n));
    if (want_predecessors)
      out.predecessors(first, count, std::span<const std::uint32_t>(preds.data(), count * n));
  }
  outcome.times.sssp_ms = clock.seconds() * 1e3;
  outcome.times.total_ms = total.seconds() * 1e3;
  return outcome;
}

template <typename Weight>
JohnsonOutcome<Distance<Weight>> johnson_cpu(const Csr<Weight>& graph,
                                             std::span<const std::uint32_t> sources,
                                             const RowSink<Distance<Weight>>& sink,
                                             const CpuJohnsonOptions& options) {
  RowStream<Distance<Weight>> out;
  out.rows = sink;
  StreamOptions stream;
  stream.threads = options.threads;
  stream.batch = static_cast<std::uint32_t>(std::min<std::uint64_t>(
      options.block_bytes /
          (std::max<std::uint32_t>(graph.vertex_count, 1) * sizeof(Distance<Weight>)),
      0xFFFFFFFFULL));
  if (stream.batch == 0) stream.batch = 1;
  return johnson_cpu_stream(graph, sources, out, stream);
}

template JohnsonOutcome<std::int64_t> johnson_cpu(const Csr<std::int64_t>&,
                                                  std::span<const std::uint32_t>,
                                                  const RowSink<std::int64_t>&,
                                                  const CpuJohnsonOptions&);
template JohnsonOutcome<double> johnson_cpu(const Csr<double>&, std::span<const std::uint32_t>,
                                            const RowSink<double>&, const CpuJohnsonOptions&);
#define ARCWAVE_JOHNSON_CPU_STREAM(W, V)                   \
  template JohnsonOutcome<Distance<W>> johnson_cpu_stream( \
      const Csr<W>&, std::span<const std::uint32_t>, const RowStream<V>&, const StreamOptions&);
ARCWAVE_JOHNSON_CPU_STREAM(std::int64_t, std::int64_t)
ARCWAVE_JOHNSON_CPU_STREAM(std::int64_t, std::int32_t)
ARCWAVE_JOHNSON_CPU_STREAM(double, double)
ARCWAVE_JOHNSON_CPU_STREAM(double, float)
#undef ARCWAVE_JOHNSON_CPU_STREAM

}  // namespace arcwave::sssp
