// apsp(), apsp_rows() and apsp_stream() (include/arcwave/paths.hpp): Johnson's APSP — the
// multi-threaded CPU Johnson, or on the GPU the method api/apsp_method.hpp chooses — with rows
// delivered to the caller's buffer or consumers while they are computed (`arcwave apsp` is a
// client of apsp_stream).
#include <algorithm>
#include <cmath>
#include <functional>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "api/apsp_method.hpp"
#include "api/paths_impl.hpp"
#include "arcwave/error.hpp"
#include "core/backend.hpp"
#include "core/device_set.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/sssp/johnson_cpu.hpp"
#include "graph/sssp/sssp_gpu.hpp"

namespace arcwave {

namespace {

/// kAuto takes the GPU from S (n + m) = 2·10^7 on.
constexpr double kApspGpuThreshold = 2e7;

/// Counts the rows delivered and logs the progress once a run has taken a few seconds (blocks
/// may come from several devices' threads at once).
class ApspProgress {
 public:
  ApspProgress(const ApspOptions& options, std::size_t sources)
      : log_(options.log), sources_(sources) {}

  void delivered(std::uint64_t count) {
    if (!log_) return;
    const std::lock_guard lock(mutex_);
    done_ += count;
    const double t = clock_.seconds();
    if (t > 3 && t - last_report_ >= 1) {
      last_report_ = t;
      log_(fmt::format("{}/{} sources ({:.1f}%), {:.1f} s", done_, sources_,
                       100.0 * static_cast<double>(done_) / static_cast<double>(sources_), t));
    }
  }

 private:
  const std::function<void(const std::string&)>& log_;
  std::size_t sources_;
  const Stopwatch clock_;
  std::mutex mutex_;
  std::uint64_t done_ = 0;
  double last_report_ = 0;
};

ApspTimes times_of(const sssp::JohnsonTimes& t) {
  return {t.upload_ms, t.bellman_ford_ms, t.reweight_ms, t.sssp_ms, t.download_ms, t.total_ms};
}

template <typename W, typename V>
ApspStreamReport<W> run_apsp(const Csr<W>& g, std::span<const std::uint32_t> sources,
                             const ApspSinks<V>& sinks, const ApspOptions& options) {
  for (std::size_t i = 0; i < sources.size(); ++i)
    if (sources[i] >= g.vertex_count)
      throw InputError(fmt::format("APSP: source {} (index {}) is not below n = {}", sources[i], i,
                                   g.vertex_count));
  const Stopwatch clock;
  const auto log = [&options](const std::string& line) {
    if (options.log) options.log(line);
  };
  const double work = static_cast<double>(std::max<std::size_t>(sources.size(), 1)) *
                      static_cast<double>(g.edge_count() + g.vertex_count);
  const BackendChoice choice = choose_backend(options.backend, work, kApspGpuThreshold,
                                              g.edge_count() * 20 + g.vertex_count * 16ULL);
  log("backend " + choice.reason);

  ApspProgress progress(options, sources.size());
  sssp::RowStream<V> stream;
  stream.any_order = sinks.any_order;
  if (sinks.rows)
    stream.rows = [&](std::uint64_t first, std::uint64_t count, std::span<const V> block) {
      sinks.rows(first, count, block);
      progress.delivered(count);
    };
  if (sinks.predecessors) stream.predecessors = sinks.predecessors;
  sssp::StreamOptions stream_options;
  stream_options.max_distance = options.max_distance.value_or(HUGE_VAL);
  stream_options.threads = options.threads;
  stream_options.batch = options.gpu_batch;
  stream_options.devices = options.gpus;

  ApspStreamReport<W> report;
  report.backend = choice.reason;
  sssp::JohnsonOutcome<W> outcome;
  if (choice.backend == Backend::kGpu) {
    const bool needs_cta = static_cast<bool>(sinks.predecessors) ||
                           options.max_distance.has_value() || !std::is_same_v<V, W>;
    const ApspMethodChoice method = choose_apsp_method(options.method, g, sources, needs_cta);
    const std::vector<int> devices = resolve_gpus(options.gpus, gpu_count());
    const bool spread = devices.size() > 1 && (method.method == ApspMethod::kCta ||
                                               method.method == ApspMethod::kBatched);
    log(fmt::format("GPU method {}{}{}", to_string(method.method),
                    method.why.empty() ? std::string() : fmt::format(" (auto: {})", method.why),
                    spread ? fmt::format(", source batches over {} devices ({})", devices.size(),
                                         format_gpu_list(devices))
                           : fmt::format(" on device {}", devices.empty() ? 0 : devices.front())));
    report.method = fmt::format("gpu {}", to_string(method.method));
    if (method.method == ApspMethod::kCta) {
      outcome = sssp::gpu::johnson_streamed(g, sources, stream, stream_options);
    } else if constexpr (std::is_same_v<V, W>) {
      const sssp::RowSink<W> sink = [&](std::uint64_t first, std::uint64_t count,
                                        std::span<const W> block) {
        if (stream.rows) stream.rows(first, count, block);
      };
      outcome = sssp::gpu::johnson(
          g, sources, sink, {johnson_method(method.method), options.gpu_batch, options.gpus});
    }
  } else {
    report.method = "cpu johnson";
    outcome = sssp::johnson_cpu_stream(g, sources, stream, stream_options);
  }
  report.negative_cycle = std::move(outcome.negative_cycle);
  if (report.negative_cycle.empty()) report.potential = std::move(outcome.potential);
  report.times = times_of(outcome.times);
  report.seconds = clock.seconds();
  return report;
}

ApspOptions apsp_options(const PathOptions& options) {
  ApspOptions o;
  static_cast<PathOptions&>(o) = options;
  return o;
}

}  // namespace

template <typename W, typename V>
ApspStreamReport<W> apsp_stream(const WeightedGraph<W>& graph,
                                std::span<const std::uint32_t> sources, const ApspSinks<V>& sinks,
                                const ApspOptions& options) {
  return run_apsp(graph.impl().csr, sources, sinks, options);
}

template <typename W>
ApspReport apsp(const WeightedGraph<W>& graph, std::span<const std::uint32_t> sources,
                std::span<W> out, const PathOptions& options) {
  const std::uint64_t n = graph.vertex_count();
  if (out.size() != sources.size() * n)
    throw InputError(
        fmt::format("APSP: the output holds {} values, {} sources x {} vertices need {}",
                    out.size(), sources.size(), n, sources.size() * n));
  ApspSinks<W> sinks;
  sinks.rows = [&](std::uint64_t first, std::uint64_t, std::span<const W> rows) {
    std::copy(rows.begin(), rows.end(), out.begin() + static_cast<std::ptrdiff_t>(first * n));
  };
  return run_apsp(graph.impl().csr, sources, sinks, apsp_options(options));
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
  ApspSinks<W> sinks;
  sinks.rows = consumer;
  return run_apsp(graph.impl().csr, sources, sinks, apsp_options(options));
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
template ApspStreamReport<std::int64_t> apsp_stream(const IntGraph&, std::span<const std::uint32_t>,
                                                    const ApspSinks<std::int64_t>&,
                                                    const ApspOptions&);
template ApspStreamReport<std::int64_t> apsp_stream(const IntGraph&, std::span<const std::uint32_t>,
                                                    const ApspSinks<std::int32_t>&,
                                                    const ApspOptions&);
template ApspStreamReport<double> apsp_stream(const RealGraph&, std::span<const std::uint32_t>,
                                              const ApspSinks<double>&, const ApspOptions&);
template ApspStreamReport<double> apsp_stream(const RealGraph&, std::span<const std::uint32_t>,
                                              const ApspSinks<float>&, const ApspOptions&);

}  // namespace arcwave
