// graph/sssp/sssp_gpu.hpp: the three GPU Bellman-Ford variants and their negative-cycle
// reporting. Rounds stop when no distance falls; a frontier still non-empty after n rounds
// proves a negative cycle, which is then read off the predecessor edges on the host (checked
// at rounds n, 2n, 4n, ... because the racy predecessor writes of a round may hide it for a
// while) and, should that not find it by 8n rounds, by the CPU reference.
#include <algorithm>
#include <numeric>
#include <string>

#include "arcwave/error.hpp"
#include "core/frontier/frontier.cuh"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/csr/device_csr.cuh"
#include "graph/sssp/bellman_ford_cpu.hpp"
#include "graph/sssp/checks.hpp"
#include "graph/sssp/gpu_internal.cuh"
#include "graph/sssp/negative_cycle.hpp"

namespace arcwave::sssp::gpu {

namespace detail {

unsigned resident_blocks() {
  const int sms = gpu_info().multiprocessors > 0 ? gpu_info().multiprocessors : 1;
  return static_cast<unsigned>(sms) * (2048 / kBlock);
}

unsigned blocks_for(std::uint64_t items) {
  const std::uint64_t b = (items + kBlock - 1) / kBlock;
  return static_cast<unsigned>(std::clamp<std::uint64_t>(b, 1, resident_blocks() * 8ULL));
}

namespace {

__global__ void iota_kernel(std::uint32_t* data, std::uint32_t count) {
  for (std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count;
       i += gridDim.x * blockDim.x)
    data[i] = i;
}

__global__ void edge_sources_kernel(const std::uint64_t* offsets, std::uint32_t n,
                                    std::uint32_t* edge_source) {
  for (std::uint32_t v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x)
    for (std::uint64_t e = offsets[v]; e < offsets[v + 1]; ++e) edge_source[e] = v;
}

/// The relaxation of one edge, shared by every variant: true when dist[dst] fell.
template <typename D, typename Weight>
__device__ bool relax_edge(D* dist, std::uint64_t* pred, D from, std::uint64_t edge,
                           std::uint32_t dst, Weight weight) {
  if (from == infinity<D>()) return false;
  const D nd = from + static_cast<D>(weight);
  if (!(nd < dist[dst])) return false;
  if (!(nd < atomic_min_signed(&dist[dst], nd))) return false;
  pred[dst] = edge;  // racy by design: find_negative_cycle() verifies what it uses
  return true;
}

template <typename D, typename Weight>
struct FrontierRelax {  // for core/frontier::run
  D* dist;
  std::uint64_t* pred;
  const Weight* weights;
  __device__ bool operator()(std::uint32_t src, std::uint64_t edge, std::uint32_t dst,
                             std::uint32_t) const {
    return relax_edge(dist, pred, dist[src], edge, dst, weights[edge]);
  }
};

template <typename D, typename Weight>
__global__ void edge_parallel_round(std::uint64_t m, const std::uint32_t* edge_source,
                                    const std::uint32_t* targets, const Weight* weights, D* dist,
                                    std::uint64_t* pred, std::uint32_t* changed) {
  bool any = false;
  for (std::uint64_t e = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; e < m;
       e += static_cast<std::uint64_t>(gridDim.x) * blockDim.x)
    any |= relax_edge(dist, pred, dist[edge_source[e]], e, targets[e], weights[e]);
  if (any) *changed = 1;
}

// Device-driven round: the queue sizes live in counts[3]; round r reads counts[r % 3],
// appends to counts[(r + 1) % 3] and zeroes counts[(r + 2) % 3] for round r + 1, so rounds
// follow one another on the stream without the host.
template <typename D, typename Weight>
__global__ void device_round(CsrView<Weight> graph, D* dist, std::uint64_t* pred,
                             const std::uint32_t* queue_in, std::uint32_t* queue_out,
                             std::uint32_t* counts, std::uint32_t slot, std::uint32_t* stamps,
                             std::uint32_t stamp) {
  const std::uint32_t size = counts[slot];
  std::uint32_t* next_count = &counts[(slot + 1) % 3];
  if (blockIdx.x == 0 && threadIdx.x == 0) counts[(slot + 2) % 3] = 0;
  const unsigned lane = threadIdx.x % kWarp;
  const std::uint64_t warp =
      (static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / kWarp;
  const std::uint64_t warps = static_cast<std::uint64_t>(gridDim.x) * blockDim.x / kWarp;
  for (std::uint64_t item = warp; item < size; item += warps) {
    const std::uint32_t src = queue_in[item];
    const D from = dist[src];
    const std::uint64_t begin = graph.offsets[src];
    const std::uint64_t end = graph.offsets[src + 1];
    for (std::uint64_t base = begin; base < end; base += kWarp) {
      const std::uint64_t e = base + lane;
      bool enqueue = false;
      std::uint32_t dst = 0;
      if (e < end) {
        dst = graph.targets[e];
        enqueue = relax_edge(dist, pred, from, e, dst, graph.weights[e]) &&
                  atomicExch(&stamps[dst], stamp) != stamp;
      }
      const unsigned ballot = __ballot_sync(kFullMask, enqueue);
      if (ballot != 0) {
        const int leader = __ffs(ballot) - 1;
        std::uint32_t position = 0;
        if (static_cast<int>(lane) == leader) position = atomicAdd(next_count, __popc(ballot));
        position = __shfl_sync(kFullMask, position, leader);
        if (enqueue) queue_out[position + __popc(ballot & ((1U << lane) - 1U))] = dst;
      }
    }
  }
}

/// Decides, after `rounds` rounds with work left, whether to look for a cycle now; returns
/// true when the run must stop (cycle found, or named by the CPU fallback).
template <typename Weight>
bool cycle_check(const Csr<Weight>& host, std::optional<std::uint32_t> source,
                 DeviceBellmanFord<Distance<Weight>>& out, std::uint64_t rounds,
                 std::uint64_t& next_check) {
  const std::uint64_t n = host.vertex_count;
  if (rounds < next_check) return false;
  next_check = std::max<std::uint64_t>(next_check * 2, 1);
  const std::vector<std::uint64_t> pred = out.pred.to_host();
  out.negative_cycle = find_negative_cycle(host, std::span<const std::uint64_t>(pred));
  if (!out.negative_cycle.empty()) return true;
  if (rounds >= 8 * n) {
    out.negative_cycle = bellman_ford_cpu(host, source).negative_cycle;
    if (out.negative_cycle.empty())
      throw InternalError("GPU Bellman-Ford proved a negative cycle the CPU does not find");
    return true;
  }
  return false;
}

}  // namespace

template <typename Weight>
void run_bellman_ford(const Csr<Weight>& host, const CsrView<Weight>& view,
                      std::optional<std::uint32_t> source, BellmanFordVariant variant,
                      DeviceBellmanFord<Distance<Weight>>& out, cudaStream_t stream) {
  using D = Distance<Weight>;
  const std::uint32_t n = view.vertex_count;
  out.rounds = 0;
  out.negative_cycle.clear();
  out.dist.allocate(std::max<std::uint32_t>(n, 1));
  out.pred.allocate(std::max<std::uint32_t>(n, 1));
  if (n == 0) return;
  out.pred.fill_bytes(0xFF, stream);  // kNoEdge
  if (source) {
    fill(out.dist.data(), n, infinity<D>(), stream);
    const D zero{0};
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(out.dist.data() + *source, &zero, sizeof zero,
                                       cudaMemcpyHostToDevice, stream));
  } else {
    out.dist.fill_bytes(0, stream);  // 0 and +0.0 are all-zero bits
  }
  const std::uint32_t seed_count = source ? 1 : n;
  std::uint64_t next_check = n;

  if (variant == BellmanFordVariant::kEdgeParallel) {
    cuda::DeviceBuffer<std::uint32_t> edge_source(std::max<std::uint64_t>(view.edge_count, 1));
    edge_sources_kernel<<<blocks_for(n), kBlock, 0, stream>>>(view.offsets, n, edge_source.data());
    ARCWAVE_CUDA_CHECK_LAUNCH("edge_sources_kernel");
    cuda::DeviceBuffer<std::uint32_t> changed(1);
    std::uint32_t host_changed = 0;
    for (;;) {
      changed.fill_bytes(0, stream);
      edge_parallel_round<<<blocks_for(view.edge_count), kBlock, 0, stream>>>(
          view.edge_count, edge_source.data(), view.targets, view.weights, out.dist.data(),
          out.pred.data(), changed.data());
      ARCWAVE_CUDA_CHECK_LAUNCH("edge_parallel_round");
      ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(&host_changed, changed.data(), sizeof host_changed,
                                         cudaMemcpyDeviceToHost, stream));
      ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
      ++out.rounds;
      if (host_changed == 0) break;
      if (cycle_check(host, source, out, out.rounds, next_check)) break;
    }
    return;
  }

  if (variant == BellmanFordVariant::kFrontierHost) {
    frontier::Workspace ws(n);
    if (source) {
      ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(ws.seed_queue(), &*source, sizeof(std::uint32_t),
                                         cudaMemcpyHostToDevice, stream));
    } else {
      iota_kernel<<<blocks_for(n), kBlock, 0, stream>>>(ws.seed_queue(), n);
      ARCWAVE_CUDA_CHECK_LAUNCH("iota_kernel");
    }
    const FrontierRelax<D, Weight> relax{out.dist.data(), out.pred.data(), view.weights};
    std::uint32_t size = seed_count;
    while (size > 0) {
      // Run up to the next cycle check (round n, 2n, 4n, ...).
      const auto chunk = static_cast<std::uint32_t>(
          std::min<std::uint64_t>(next_check - out.rounds, UINT32_MAX / 4));
      const frontier::Stats stats =
          frontier::run(view, ws.seed_queue(), size, relax, ws, stream, chunk);
      out.rounds += stats.rounds;
      size = stats.last_frontier;
      if (size > 0 && cycle_check(host, source, out, out.rounds, next_check)) break;
    }
    return;
  }

  // kFrontierDevice
  cuda::DeviceBuffer<std::uint32_t> queue_a(n);
  cuda::DeviceBuffer<std::uint32_t> queue_b(n);
  cuda::DeviceBuffer<std::uint32_t> stamps(n);
  cuda::DeviceBuffer<std::uint32_t> counts(3);
  stamps.fill_bytes(0, stream);
  if (source) {
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(queue_a.data(), &*source, sizeof(std::uint32_t),
                                       cudaMemcpyHostToDevice, stream));
  } else {
    iota_kernel<<<blocks_for(n), kBlock, 0, stream>>>(queue_a.data(), n);
    ARCWAVE_CUDA_CHECK_LAUNCH("iota_kernel");
  }
  const std::uint32_t initial[3] = {seed_count, 0, 0};
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(counts.data(), initial, sizeof initial, cudaMemcpyHostToDevice, stream));
  std::uint32_t* pending = nullptr;  // pinned, so the copy back is a plain DMA
  ARCWAVE_CUDA_CHECK(cudaMallocHost(reinterpret_cast<void**>(&pending), sizeof(std::uint32_t)));
  struct Release {
    std::uint32_t* p;
    ~Release() { cudaFreeHost(p); }
  } release{pending};
  const unsigned blocks = resident_blocks();
  constexpr std::uint32_t kRoundsPerLook = 16;
  std::uint64_t round = 0;
  for (;;) {
    if (round + kRoundsPerLook >= UINT32_MAX - 1)  // stamps are round + 1
      throw InternalError("GPU Bellman-Ford: round counter overflow");
    for (std::uint32_t k = 0; k < kRoundsPerLook; ++k, ++round) {
      std::uint32_t* in = (round & 1) == 0 ? queue_a.data() : queue_b.data();
      std::uint32_t* next = (round & 1) == 0 ? queue_b.data() : queue_a.data();
      device_round<<<blocks, kBlock, 0, stream>>>(
          view, out.dist.data(), out.pred.data(), in, next, counts.data(),
          static_cast<std::uint32_t>(round % 3), stamps.data(),
          static_cast<std::uint32_t>(round + 1));
    }
    ARCWAVE_CUDA_CHECK_LAUNCH("device_round");
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(pending, counts.data() + round % 3, sizeof(std::uint32_t),
                                       cudaMemcpyDeviceToHost, stream));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
    if (*pending == 0) break;
    if (cycle_check(host, source, out, round, next_check)) break;
  }
  out.rounds = round;
}

template void run_bellman_ford(const Csr<std::int64_t>&, const CsrView<std::int64_t>&,
                               std::optional<std::uint32_t>, BellmanFordVariant,
                               DeviceBellmanFord<std::int64_t>&, cudaStream_t);
template void run_bellman_ford(const Csr<double>&, const CsrView<double>&,
                               std::optional<std::uint32_t>, BellmanFordVariant,
                               DeviceBellmanFord<double>&, cudaStream_t);

}  // namespace detail

template <typename Weight>
BellmanFordResult<Distance<Weight>> bellman_ford(const Csr<Weight>& graph,
                                                 std::optional<std::uint32_t> source,
                                                 BellmanFordVariant variant, GpuTimes* times) {
  using D = Distance<Weight>;
  static_assert(std::is_same_v<Weight, std::int64_t> || std::is_same_v<Weight, double>);
  check_weights(graph);
  if (source && *source >= graph.vertex_count)
    throw InputError("source " + std::to_string(*source) + " is not a vertex");
  cudaStream_t stream = nullptr;
  Stopwatch clock;
  const DeviceCsr<Weight> device(graph, stream);
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  const double upload_ms = clock.seconds() * 1e3;
  clock.restart();
  detail::DeviceBellmanFord<D> state;
  detail::run_bellman_ford(graph, device.view(), source, variant, state, stream);
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  const double compute_ms = clock.seconds() * 1e3;
  clock.restart();
  BellmanFordResult<D> result;
  result.distance.resize(graph.vertex_count);
  result.predecessor_edge.resize(graph.vertex_count);
  state.dist.copy_to(std::span<D>(result.distance), stream);
  state.pred.copy_to(std::span<std::uint64_t>(result.predecessor_edge), stream);
  result.negative_cycle = std::move(state.negative_cycle);
  result.rounds = static_cast<std::uint32_t>(std::min<std::uint64_t>(state.rounds, UINT32_MAX));
  if (times != nullptr) *times = {upload_ms, compute_ms, clock.seconds() * 1e3, state.rounds};
  return result;
}

template BellmanFordResult<std::int64_t> bellman_ford(const Csr<std::int64_t>&,
                                                      std::optional<std::uint32_t>,
                                                      BellmanFordVariant, GpuTimes*);
template BellmanFordResult<double> bellman_ford(const Csr<double>&, std::optional<std::uint32_t>,
                                                BellmanFordVariant, GpuTimes*);

}  // namespace arcwave::sssp::gpu
