// graph/sssp/johnson_cpu.hpp: blocks of sources, each block's Dijkstras shared by threads
// through an atomic counter, rows written straight into the block and un-reweighted there.
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

template <typename Weight>
JohnsonOutcome<Distance<Weight>> johnson_cpu(const Csr<Weight>& graph,
                                             std::span<const std::uint32_t> sources,
                                             const RowSink<Distance<Weight>>& sink,
                                             const CpuJohnsonOptions& options) {
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
  const unsigned threads =
      options.threads > 0 ? options.threads : std::max(1U, std::thread::hardware_concurrency());
  const std::uint64_t row_bytes = std::max<std::uint64_t>(1, n) * sizeof(D);
  const std::uint64_t block = std::clamp<std::uint64_t>(options.block_bytes / row_bytes, threads,
                                                        std::max<std::uint64_t>(sources.size(), 1));
  std::vector<D> rows;
  const std::span<const D> potential(outcome.potential);
  for (std::uint64_t first = 0; first < sources.size(); first += block) {
    const std::uint64_t count = std::min<std::uint64_t>(block, sources.size() - first);
    rows.resize(count * n);
    std::atomic<std::uint64_t> next{0};
    auto work = [&] {
      DijkstraScratch<D> scratch;
      for (std::uint64_t i = next++; i < count; i = next++) {
        const std::span<D> row(rows.data() + i * n, n);
        dijkstra_into(reweighted, sources[first + i], row, {}, scratch);
        unreweight_row(row, sources[first + i], potential);
      }
    };
    std::vector<std::thread> pool;
    const unsigned used = static_cast<unsigned>(std::min<std::uint64_t>(threads, count));
    for (unsigned t = 1; t < used; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    sink(first, count, std::span<const D>(rows.data(), count * n));
  }
  outcome.times.sssp_ms = clock.seconds() * 1e3;
  outcome.times.total_ms = total.seconds() * 1e3;
  return outcome;
}

template JohnsonOutcome<std::int64_t> johnson_cpu(const Csr<std::int64_t>&,
                                                  std::span<const std::uint32_t>,
                                                  const RowSink<std::int64_t>&,
                                                  const CpuJohnsonOptions&);
template JohnsonOutcome<double> johnson_cpu(const Csr<double>&, std::span<const std::uint32_t>,
                                            const RowSink<double>&, const CpuJohnsonOptions&);

}  // namespace arcwave::sssp
