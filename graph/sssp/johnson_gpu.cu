// graph/sssp/sssp_gpu.hpp: Johnson on the GPU. The graph goes up once; Bellman-Ford from the
// virtual source (device-driven frontier) gives the potentials, a kernel reweights the edges
// on the device, and the sources run by the chosen method. The one-source-at-a-time methods
// (near-far, one frontier SSSP or one paper-style Dijkstra per source) hand their rows to the
// sink in blocks. The batched method spreads its batches over JohnsonGpuOptions::devices (one
// host thread each, rows back in source order: graph/sssp/device_spread.hpp).
#include <algorithm>
#include <string>

#include "arcwave/error.hpp"
#include "core/device_set.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/csr/device_csr.cuh"
#include "graph/sssp/checks.hpp"
#include "graph/sssp/device_spread.hpp"
#include "graph/sssp/dijkstra_parallel.hpp"
#include "graph/sssp/gpu_internal.cuh"
#include "graph/sssp/near_far_workspace.cuh"
#include "graph/sssp/negative_cycle.hpp"
#include "graph/sssp/reweight.hpp"

namespace arcwave::sssp::gpu {

namespace {

// w'(u,v) = w(u,v) + h(u) - h(v), clamped at +0.0 for reals (see reweight.hpp).
template <typename Weight>
__global__ void reweight_kernel(CsrView<Weight> graph, const Weight* potential, Weight* out) {
  for (std::uint32_t u = blockIdx.x * blockDim.x + threadIdx.x; u < graph.vertex_count;
       u += gridDim.x * blockDim.x) {
    const Weight hu = potential[u];
    for (std::uint64_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
      const Weight w = graph.weights[e] + hu - potential[graph.targets[e]];
      if constexpr (std::is_floating_point_v<Weight>)
        out[e] = w > 0 ? w : Weight{0};
      else
        out[e] = w;
    }
  }
}

/// Gathers rows one at a time and hands them to the sink in blocks of about 64 MiB.
template <typename D>
class RowBlocks {
 public:
  RowBlocks(std::uint32_t n, std::uint64_t total, const RowSink<D>& sink)
      : n_(n),
        sink_(sink),
        capacity_(
            std::clamp<std::uint64_t>((64ULL << 20) / (std::max<std::uint32_t>(n, 1) * sizeof(D)),
                                      1, std::max<std::uint64_t>(total, 1))) {
    rows_.reserve(capacity_ * n_);
  }
  void add(std::span<const D> row) {
    rows_.insert(rows_.end(), row.begin(), row.end());
    if (++count_ == capacity_) flush();
  }
  void flush() {
    if (count_ == 0) return;
    sink_(first_, count_, std::span<const D>(rows_));
    first_ += count_;
    count_ = 0;
    rows_.clear();
  }

 private:
  std::uint32_t n_;
  const RowSink<D>& sink_;
  std::uint64_t capacity_;
  std::uint64_t first_ = 0;
  std::uint64_t count_ = 0;
  std::vector<D> rows_;
};

}  // namespace

namespace {

// One device's Johnson; with `shared`, the batched method takes only its batches from it.
template <typename Weight>
JohnsonOutcome<Distance<Weight>> johnson_on_device(const Csr<Weight>& graph,
                                                   std::span<const std::uint32_t> sources,
                                                   const RowSink<Distance<Weight>>& sink,
                                                   const JohnsonGpuOptions& options,
                                                   SourceBatches* shared) {
  using D = Distance<Weight>;
  static_assert(std::is_same_v<Weight, D>, "Johnson on the GPU takes int64_t or double weights");
  const Stopwatch total;
  check_weights(graph);
  const std::uint32_t n = graph.vertex_count;
  for (const std::uint32_t s : sources)
    if (s >= n) throw InputError("source " + std::to_string(s) + " is not a vertex");
  JohnsonOutcome<D> outcome;
  JohnsonTimes& times = outcome.times;
  cudaStream_t stream = nullptr;

  Stopwatch clock;
  const DeviceCsr<Weight> device(graph, stream);
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  times.upload_ms = clock.seconds() * 1e3;

  clock.restart();
  detail::DeviceBellmanFord<D> bf;
  detail::run_bellman_ford(graph, device.view(), std::nullopt, BellmanFordVariant::kFrontierDevice,
                           bf, stream);
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  times.bellman_ford_ms = clock.seconds() * 1e3;
  if (!bf.negative_cycle.empty()) {
    outcome.negative_cycle = std::move(bf.negative_cycle);
    times.total_ms = total.seconds() * 1e3;
    return outcome;
  }
  outcome.potential.resize(n);
  bf.dist.copy_to(std::span<D>(outcome.potential), stream);

  clock.restart();
  cuda::DeviceBuffer<Weight> reweighted(std::max<std::uint64_t>(graph.edge_count(), 1));
  if (n > 0) {
    reweight_kernel<<<detail::blocks_for(n), detail::kBlock, 0, stream>>>(
        device.view(), bf.dist.data(), reweighted.data());
    ARCWAVE_CUDA_CHECK_LAUNCH("reweight_kernel");
  }
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  times.reweight_ms = clock.seconds() * 1e3;
  CsrView<Weight> view = device.view();
  view.weights = reweighted.data();

  clock.restart();
  const std::span<const D> potential(outcome.potential);
  if (options.method == JohnsonMethod::kBatched) {
    GpuTimes gpu_times;
    detail::run_multi_source(view, sources, bf.dist.data(), sink, options.batch, gpu_times, stream,
                             shared);
    times.sssp_ms = gpu_times.compute_ms;
    times.download_ms = gpu_times.download_ms;
    times.sssp_rounds = gpu_times.rounds;
  } else {
    RowBlocks<D> blocks(n, sources.size(), sink);
    std::vector<D> row(n);
    if (options.method == JohnsonMethod::kNearFar) {
      detail::NearFarWorkspace<Weight> workspace(n);
      cuda::DeviceBuffer<D> dist(std::max<std::uint32_t>(n, 1));
      NearFarOptions per_source;  // Δ from the reweighted weights, found by the first run
      for (const std::uint32_t s : sources) {
        const NearFarStats stats = workspace.run(view, s, dist.data(), per_source, stream);
        per_source.delta = stats.delta;
        times.sssp_rounds += stats.phases;
        dist.copy_to(std::span<D>(row), stream);
        unreweight_row(std::span<D>(row), s, potential);
        blocks.add(row);
      }
    } else if (options.method == JohnsonMethod::kFrontierPerSource) {
      detail::DeviceBellmanFord<D> run;
      for (const std::uint32_t s : sources) {
        detail::run_bellman_ford(graph, view, s, BellmanFordVariant::kFrontierDevice, run, stream);
        times.sssp_rounds += run.rounds;
        run.dist.copy_to(std::span<D>(row), stream);
        unreweight_row(std::span<D>(row), s, potential);
        blocks.add(row);
      }
    } else {
      std::vector<Weight> weights(graph.edge_count());
      reweighted.copy_to(std::span<Weight>(weights), stream);
      Csr<Weight> host = graph;
      host.weights = std::move(weights);
      const DijkstraParallel variant = options.method == JohnsonMethod::kDijkstraOuter
                                           ? DijkstraParallel::kOuter
                                           : DijkstraParallel::kInner;
      dijkstra_rows(host, sources, variant, [&](std::size_t i, std::span<const D> distances) {
        std::copy(distances.begin(), distances.end(), row.begin());
        unreweight_row(std::span<D>(row), sources[i], potential);
        blocks.add(row);
      });
    }
    blocks.flush();
    times.sssp_ms = clock.seconds() * 1e3;
  }
  times.total_ms = total.seconds() * 1e3;
  return outcome;
}

}  // namespace

template <typename Weight>
JohnsonOutcome<Distance<Weight>> johnson(const Csr<Weight>& graph,
                                         std::span<const std::uint32_t> sources,
                                         const RowSink<Distance<Weight>>& sink,
                                         const JohnsonGpuOptions& options) {
  using D = Distance<Weight>;
  const std::vector<int> devices = resolve_gpus(options.devices, gpu_count());
  const int caller_device = current_gpu();
  // The one-source-at-a-time methods run on the first device.
  if (devices.size() <= 1 || options.method != JohnsonMethod::kBatched) {
    if (!devices.empty()) use_gpu(devices.front());
    JohnsonOutcome<D> outcome = johnson_on_device(graph, sources, sink, options, nullptr);
    use_gpu(caller_device);
    return outcome;
  }
  const Stopwatch total;
  RowStream<D> out;
  out.rows = sink;
  std::vector<JohnsonOutcome<D>> outcomes(devices.size());
  const std::function<void(std::size_t, SourceBatches&, const RowStream<D>&)> work =
      [&](std::size_t w, SourceBatches& batches, const RowStream<D>& ordered) {
        use_gpu(devices[w]);
        outcomes[w] = johnson_on_device(graph, sources, ordered.rows, options, &batches);
      };
  try {
    spread_sources<D>(devices.size(), sources.size(), graph.vertex_count, out, work);
  } catch (...) {
    use_gpu(caller_device);
    throw;
  }
  use_gpu(caller_device);
  JohnsonOutcome<D> outcome = std::move(outcomes.front());
  for (std::size_t w = 1; w < outcomes.size(); ++w) {
    const JohnsonTimes& t = outcomes[w].times;
    outcome.times.upload_ms = std::max(outcome.times.upload_ms, t.upload_ms);
    outcome.times.sssp_ms = std::max(outcome.times.sssp_ms, t.sssp_ms);
    outcome.times.download_ms = std::max(outcome.times.download_ms, t.download_ms);
    outcome.times.sssp_rounds += t.sssp_rounds;
  }
  outcome.times.total_ms = total.seconds() * 1e3;
  return outcome;
}

template JohnsonOutcome<std::int64_t> johnson(const Csr<std::int64_t>&,
                                              std::span<const std::uint32_t>,
                                              const RowSink<std::int64_t>&,
                                              const JohnsonGpuOptions&);
template JohnsonOutcome<double> johnson(const Csr<double>&, std::span<const std::uint32_t>,
                                        const RowSink<double>&, const JohnsonGpuOptions&);

}  // namespace arcwave::sssp::gpu
