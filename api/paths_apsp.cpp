// apsp() and apsp_rows() (include/arcwave/paths.hpp): Johnson's APSP as `arcwave apsp` runs
// it — the multi-threaded CPU Johnson, or on the GPU the batched SSSP, or near-far per source
// when the sources are few — with rows delivered to the caller's buffer or consumer.
#include <algorithm>

#include <fmt/format.h>

#include "api/paths_impl.hpp"
#include "arcwave/error.hpp"
#include "core/backend.hpp"
#include "core/timer.hpp"
#include "graph/sssp/johnson_cpu.hpp"
#include "graph/sssp/sssp_gpu.hpp"

namespace arcwave {

namespace {

/// kAuto takes the GPU from S (n + m) = 2·10^7 on, as `arcwave apsp` does.
constexpr double kApspGpuThreshold = 2e7;
/// On the GPU, one near-far SSSP per source while there are at most n / 32768 sources, else
/// the batched SSSP (the rule and measurements of `arcwave apsp --method auto`).
constexpr std::uint64_t kVerticesPerNearFarSource = 32768;

template <typename W>
ApspReport run_apsp(const Csr<W>& g, std::span<const std::uint32_t> sources,
                    const sssp::RowSink<W>& sink, const PathOptions& options) {
  for (std::size_t i = 0; i < sources.size(); ++i)
    if (sources[i] >= g.vertex_count)
      throw InputError(fmt::format("APSP: source {} (index {}) is not below n = {}", sources[i], i,
                                   g.vertex_count));
  const Stopwatch clock;
  const double work = static_cast<double>(std::max<std::size_t>(sources.size(), 1)) *
                      static_cast<double>(g.edge_count() + g.vertex_count);
  const BackendChoice choice = choose_backend(options.backend, work, kApspGpuThreshold,
                                              g.edge_count() * 20 + g.vertex_count * 16ULL);
  ApspReport report;
  report.backend = choice.reason;
  sssp::JohnsonOutcome<W> outcome;
  if (choice.backend == Backend::kGpu) {
    const bool near_far = sources.size() * kVerticesPerNearFarSource <= g.vertex_count;
    report.method = near_far ? "gpu near-far" : "gpu batched";
    outcome = sssp::gpu::johnson(
        g, sources, sink,
        {near_far ? sssp::gpu::JohnsonMethod::kNearFar : sssp::gpu::JohnsonMethod::kBatched,
         options.gpu_batch, options.gpus});
  } else {
    report.method = "cpu johnson";
    outcome = sssp::johnson_cpu(g, sources, sink, {options.threads});
  }
  report.negative_cycle = std::move(outcome.negative_cycle);
  report.seconds = clock.seconds();
  return report;
}

}  // namespace

template <typename W>
ApspReport apsp(const WeightedGraph<W>& graph, std::span<const std::uint32_t> sources,
                std::span<W> out, const PathOptions& options) {
  const Csr<W>& g = graph.impl().csr;
  const std::uint64_t n = g.vertex_count;
  if (out.size() != sources.size() * n)
    throw InputError(
        fmt::format("APSP: the output holds {} values, {} sources x {} vertices need {}",
                    out.size(), sources.size(), n, sources.size() * n));
  const sssp::RowSink<W> sink = [&](std::uint64_t first, std::uint64_t, std::span<const W> rows) {
    std::copy(rows.begin(), rows.end(), out.begin() + static_cast<std::ptrdiff_t>(first * n));
  };
  return run_apsp(g, sources, sink, options);
}

template <typename W>
ApspReport apsp(const WeightedGraph<W>& graph, std::span<W> out, const PathOptions& options) {
  std::vector<std::uint32_t> all(graph.vertex_count());
  for (std::uint32_t v = 0; v < all.size(); ++v) all[v] = v;
  return apsp(graph, std::span<const std::uint32_t>(all), out, options);
}

template <typename W>
ApspReport apsp_rows(const WeightedGraph<W>& graph, std::span<const std::uint32_t> sources,
                     const RowConsumer<W>& consumer, const PathOptions& options) {
  if (!consumer) throw InputError("apsp_rows: no consumer");
  return run_apsp(graph.impl().csr, sources, sssp::RowSink<W>(consumer), options);
}

template ApspReport apsp(const IntGraph&, std::span<const std::uint32_t>, std::span<std::int64_t>,
                         const PathOptions&);
template ApspReport apsp(const RealGraph&, std::span<const std::uint32_t>, std::span<double>,
                         const PathOptions&);
template ApspReport apsp(const IntGraph&, std::span<std::int64_t>, const PathOptions&);
template ApspReport apsp(const RealGraph&, std::span<double>, const PathOptions&);
template ApspReport apsp_rows(const IntGraph&, std::span<const std::uint32_t>,
                              const RowConsumer<std::int64_t>&, const PathOptions&);
template ApspReport apsp_rows(const RealGraph&, std::span<const std::uint32_t>,
                              const RowConsumer<double>&, const PathOptions&);

}  // namespace arcwave
