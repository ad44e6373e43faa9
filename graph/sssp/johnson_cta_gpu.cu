// graph/sssp/sssp_gpu.hpp: johnson_streamed(), Johnson with one source per CTA. After the
// potentials and the reweighting (as johnson()), batches of sources go to a kernel whose CTAs
// (256 threads each, as many as fit on the device) take sources from a counter; each CTA runs a
// whole near-far SSSP on its own (a frontier queue, a far pile, dedup stamps, all per CTA in
// global memory) with __syncthreads between rounds: no kernel launch and no host round trip per
// round, which is what makes high-diameter graphs (planar, road: thousands of rounds) cheap.
// With unit weights Δ is infinite and the rounds are BFS levels. The CTA then writes its row
// (un-reweighted, cut at the maximum distance, in the output type) into the batch's block and,
// when asked, the predecessors (an in-edge (u, v) with d'(u) < d'(v) and d'(u) + w' = d'(v): the
// strict inequality keeps the predecessor graph a tree; a vertex reached only over reduced
// weights of 0 is left to the host, which redoes that row's predecessors with Dijkstra).
//
// Several devices (StreamOptions::devices): one host thread per device runs all of the above
// on batches it takes from a shared counter; graph/sssp/device_spread.hpp puts the rows back in
// source order.
//
// Downloads: two device blocks of rows; while the kernel fills one, a host thread copies the
// other to the host (into the caller's page-locked array, or through two page-locked staging
// buffers of 64 MiB) on a second stream and hands it to the sink; the file writer behind the
// sink thus works while the GPU computes.
#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "arcwave/error.hpp"
#include "core/device_set.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/csr/csr_ops.hpp"
#include "graph/csr/device_csr.cuh"
#include "graph/sssp/checks.hpp"
#include "graph/sssp/device_spread.hpp"
#include "graph/sssp/dijkstra_cpu.hpp"
#include "graph/sssp/gpu_internal.cuh"
#include "graph/sssp/near_far_rules.hpp"
#include "graph/sssp/reweight.hpp"
#include "graph/sssp/row_downloader.cuh"

namespace arcwave::sssp::gpu {

namespace {

constexpr int kCta = 256;
constexpr std::uint32_t kEpochLimit = 0xF0000000U;

template <typename D>
__device__ D load_distance(const D* p) {
  return __ldcg(p);
}

template <typename D, typename Weight, typename V>
struct CtaParams {
  CsrView<Weight> graph;  // reweighted, on the device
  const std::uint64_t* in_offsets;
  const std::uint32_t* in_sources;
  const std::uint64_t* in_edges;  // the forward edge of each in-edge
  const D* potential;
  const std::uint32_t* sources;  // this batch
  std::uint32_t count;
  std::uint32_t* next;
  std::uint32_t n;
  // Per CTA slot (blockIdx.x): n entries each.
  D* dist;
  std::uint32_t* front_a;
  std::uint32_t* front_b;
  std::uint32_t* far_a;
  std::uint32_t* far_b;
  std::uint32_t* queued;
  std::uint32_t* in_far;
  std::uint32_t* epochs;  // one per slot, kept across batches
  D delta;
  bool prune;
  D cut;  // reweighted lengths above it are not followed (prune only: no negative edges)
  double max_distance;
  V* rows;                    // count x n
  std::uint32_t* preds;       // count x n, or nullptr
  std::uint32_t* unresolved;  // count flags (predecessors the host must redo)
};

template <typename D>
__device__ D block_min(D v, D* scratch) {
  const unsigned lane = threadIdx.x % 32U;
  const unsigned warp = threadIdx.x / 32U;
  for (int off = 16; off > 0; off /= 2) {
    const D o = __shfl_down_sync(0xFFFFFFFFU, v, off);
    v = o < v ? o : v;
  }
  if (lane == 0) scratch[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < kCta / 32 ? scratch[lane] : infinity<D>();
    for (int off = 16; off > 0; off /= 2) {
      const D o = __shfl_down_sync(0xFFFFFFFFU, v, off);
      v = o < v ? o : v;
    }
    if (lane == 0) scratch[0] = v;
  }
  __syncthreads();
  v = scratch[0];
  __syncthreads();
  return v;
}

template <typename D, typename Weight, typename V>
__global__ void __launch_bounds__(kCta) johnson_cta_kernel(CtaParams<D, Weight, V> p) {
  __shared__ std::uint32_t s_job;
  __shared__ std::uint32_t s_next_count;
  __shared__ std::uint32_t s_far_count;
  __shared__ D s_scratch[kCta / 32];
  const unsigned tid = threadIdx.x;
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * p.n;
  D* dist = p.dist + base;
  std::uint32_t* queued = p.queued + base;
  std::uint32_t* in_far = p.in_far + base;
  std::uint32_t epoch = p.epochs[blockIdx.x];
  const std::uint64_t* offsets = p.graph.offsets;
  const std::uint32_t* targets = p.graph.targets;
  const Weight* weights = p.graph.weights;
  for (;;) {
    if (tid == 0) s_job = atomicAdd(p.next, 1U);
    __syncthreads();
    const std::uint32_t j = s_job;
    if (j >= p.count) break;
    const std::uint32_t s = p.sources[j];
    if (epoch > kEpochLimit) {  // the stamps would wrap: clear them
      for (std::uint32_t v = tid; v < p.n; v += kCta) {
        queued[v] = 0;
        in_far[v] = 0;
      }
      epoch = 1;
    }
    for (std::uint32_t v = tid; v < p.n; v += kCta) dist[v] = infinity<D>();
    std::uint32_t* front = p.front_a + base;
    std::uint32_t* next = p.front_b + base;
    std::uint32_t* far = p.far_a + base;
    std::uint32_t* far_next = p.far_b + base;
    __syncthreads();
    if (tid == 0) {
      dist[s] = D{0};
      front[0] = s;
      s_far_count = 0;
    }
    std::uint32_t front_count = 1;
    D threshold = p.delta;
    std::uint32_t far_epoch = ++epoch;
    __syncthreads();
    for (;;) {
      while (front_count > 0) {
        const std::uint32_t round = ++epoch;
        if (tid == 0) s_next_count = 0;
        __syncthreads();
        for (std::uint32_t i = tid; i < front_count; i += kCta) {
          const std::uint32_t u = front[i];
          const D du = load_distance(dist + u);
          for (std::uint64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
            const std::uint32_t v = targets[e];
            const D nd = du + static_cast<D>(weights[e]);
            if (p.prune && nd > p.cut) continue;
            if (!(nd < load_distance(dist + v))) continue;
            if (!(nd < detail::atomic_min_non_negative(dist + v, nd))) continue;
            if (nd <= threshold) {
              if (atomicExch(queued + v, round) != round) next[atomicAdd(&s_next_count, 1U)] = v;
            } else if (atomicExch(in_far + v, far_epoch) != far_epoch) {
              far[atomicAdd(&s_far_count, 1U)] = v;
            }
          }
        }
        __syncthreads();
        front_count = s_next_count;
        __syncthreads();  // every thread has read the count before thread 0 clears it again
        std::uint32_t* t = front;
        front = next;
        next = t;
      }
      const std::uint32_t far_count = s_far_count;
      if (far_count == 0) break;
      // Split: the threshold moves to (smallest far distance) + delta; entries at or below the
      // old threshold were settled as near vertices meanwhile and are dropped.
      D smallest = infinity<D>();
      for (std::uint32_t i = tid; i < far_count; i += kCta) {
        const D d = load_distance(dist + far[i]);
        if (d > threshold && d < smallest) smallest = d;
      }
      smallest = block_min(smallest, s_scratch);
      if (smallest == infinity<D>()) break;
      const D old_threshold = threshold;
      threshold = near_far::next_threshold(smallest, p.delta);
      const std::uint32_t round = ++epoch;
      far_epoch = ++epoch;
      if (tid == 0) {
        s_next_count = 0;
        s_far_count = 0;
      }
      __syncthreads();
      for (std::uint32_t i = tid; i < far_count; i += kCta) {
        const std::uint32_t v = far[i];
        const D d = load_distance(dist + v);
        if (d <= old_threshold) continue;
        if (d <= threshold) {
          if (atomicExch(queued + v, round) != round) front[atomicAdd(&s_next_count, 1U)] = v;
        } else {
          in_far[v] = far_epoch;
          far_next[atomicAdd(&s_far_count, 1U)] = v;
        }
      }
      __syncthreads();
      front_count = s_next_count;
      __syncthreads();
      std::uint32_t* t = far;
      far = far_next;
      far_next = t;
    }
    // The row: un-reweighted, cut, narrowed; then the predecessors.
    const D hs = p.potential[s];
    V* row = p.rows + static_cast<std::uint64_t>(j) * p.n;
    for (std::uint32_t v = tid; v < p.n; v += kCta) {
      D d = load_distance(dist + v);
      if (d != infinity<D>()) {
        d = d - hs + p.potential[v];
        if (static_cast<double>(d) > p.max_distance) d = infinity<D>();
      }
      row[v] = narrow_distance<V>(d);
    }
    if (p.preds != nullptr) {
      std::uint32_t* pred_row = p.preds + static_cast<std::uint64_t>(j) * p.n;
      bool missing = false;
      for (std::uint32_t v = tid; v < p.n; v += kCta) {
        std::uint32_t pred = kNoPredecessor;
        const D dv = load_distance(dist + v);
        const bool kept = dv != infinity<D>() &&
                          !(static_cast<double>(dv - hs + p.potential[v]) > p.max_distance);
        if (v != s && kept) {
          for (std::uint64_t k = p.in_offsets[v]; k < p.in_offsets[v + 1]; ++k) {
            const std::uint32_t u = p.in_sources[k];
            const D du = load_distance(dist + u);
            if (du < dv && du + static_cast<D>(weights[p.in_edges[k]]) == dv) {
              pred = u;
              break;
            }
          }
          if (pred == kNoPredecessor) missing = true;
        }
        pred_row[v] = pred;
      }
      if (missing) p.unresolved[j] = 1;
    }
    __syncthreads();
  }
  if (tid == 0) p.epochs[blockIdx.x] = epoch;
}

/// In-edges of every vertex, with the forward edge each one is.
struct ReverseCsr {
  std::vector<std::uint64_t> offsets;
  std::vector<std::uint32_t> sources;
  std::vector<std::uint64_t> edges;
};

template <typename Weight>
ReverseCsr reverse_of(const Csr<Weight>& g) {
  ReverseCsr r;
  const std::uint32_t n = g.vertex_count;
  r.offsets.assign(static_cast<std::size_t>(n) + 1, 0);
  for (const std::uint32_t t : g.targets) ++r.offsets[t + 1];
  for (std::uint32_t v = 0; v < n; ++v) r.offsets[v + 1] += r.offsets[v];
  r.sources.resize(g.edge_count());
  r.edges.resize(g.edge_count());
  std::vector<std::uint64_t> at(r.offsets.begin(), r.offsets.end() - 1);
  for (std::uint32_t u = 0; u < n; ++u)
    for (std::uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const std::uint64_t k = at[g.targets[e]]++;
      r.sources[k] = u;
      r.edges[k] = e;
    }
  return r;
}

template <typename D, typename Weight, typename V>
int resident_cta_slots() {
  int per_sm = 0;
  ARCWAVE_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &per_sm, johnson_cta_kernel<D, Weight, V>, kCta, 0));
  return std::max(1, per_sm) * std::max(1, gpu_multiprocessors(current_gpu()));
}

template <typename Weight>
__global__ void reweight_edges(CsrView<Weight> graph, const Distance<Weight>* potential,
                               Weight* out) {
  for (std::uint32_t u = blockIdx.x * blockDim.x + threadIdx.x; u < graph.vertex_count;
       u += gridDim.x * blockDim.x) {
    const Distance<Weight> hu = potential[u];
    for (std::uint64_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e) {
      const Distance<Weight> w = graph.weights[e] + hu - potential[graph.targets[e]];
      if constexpr (std::is_floating_point_v<Weight>)
        out[e] = w > 0 ? static_cast<Weight>(w) : Weight{0};
      else
        out[e] = static_cast<Weight>(w);
    }
  }
}

}  // namespace

void* allocate_pinned(std::size_t bytes) {
  void* p = nullptr;
  if (cudaHostAlloc(&p, std::max<std::size_t>(bytes, 1), cudaHostAllocDefault) != cudaSuccess) {
    cudaGetLastError();  // clear the error: the caller falls back to ordinary memory
    return nullptr;
  }
  return p;
}

void free_pinned(void* memory) {
  if (memory != nullptr) cudaFreeHost(memory);
}

namespace {

// One device's part: the whole setup (upload, potentials, reweighting), then the batches it
// takes from `batches` (all of them with one device), rows delivered with their global index.
template <typename Weight, typename V>
JohnsonOutcome<Distance<Weight>> johnson_streamed_on_device(const Csr<Weight>& graph,
                                                            std::span<const std::uint32_t> sources,
                                                            const RowStream<V>& out,
                                                            const StreamOptions& options,
                                                            SourceBatches& batches) {
  using D = Distance<Weight>;
  static_assert(std::is_same_v<Weight, D>, "int64_t or double weights");
  const Stopwatch total;
  check_weights(graph);
  const std::uint32_t n = graph.vertex_count;
  for (const std::uint32_t s : sources)
    if (s >= n) throw InputError("source " + std::to_string(s) + " is not a vertex");
  JohnsonOutcome<D> outcome;
  JohnsonTimes& times = outcome.times;
  cuda::Stream stream_owner;
  cudaStream_t stream = stream_owner.get();

  Stopwatch clock;
  const DeviceCsr<Weight> device(graph, stream);
  const bool want_preds = static_cast<bool>(out.predecessors);
  ReverseCsr reverse;
  cuda::DeviceBuffer<std::uint64_t> in_offsets;
  cuda::DeviceBuffer<std::uint32_t> in_sources;
  cuda::DeviceBuffer<std::uint64_t> in_edges;
  if (want_preds) {
    reverse = reverse_of(graph);
    in_offsets = cuda::DeviceBuffer<std::uint64_t>(std::span<const std::uint64_t>(reverse.offsets));
    in_sources.allocate(std::max<std::size_t>(reverse.sources.size(), 1));
    in_sources.copy_from(std::span<const std::uint32_t>(reverse.sources), stream);
    in_edges.allocate(std::max<std::size_t>(reverse.edges.size(), 1));
    in_edges.copy_from(std::span<const std::uint64_t>(reverse.edges), stream);
  }
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  times.upload_ms = clock.seconds() * 1e3;

  clock.restart();
  detail::DeviceBellmanFord<D> bf;
  const bool negative = has_negative_weight(graph);
  if (negative) {
    detail::run_bellman_ford(graph, device.view(), std::nullopt,
                             BellmanFordVariant::kFrontierDevice, bf, stream);
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
    if (!bf.negative_cycle.empty()) {
      outcome.negative_cycle = std::move(bf.negative_cycle);
      times.bellman_ford_ms = clock.seconds() * 1e3;
      times.total_ms = total.seconds() * 1e3;
      return outcome;
    }
    outcome.potential.resize(n);
    bf.dist.copy_to(std::span<D>(outcome.potential), stream);
  } else {
    // No negative edge: the potentials from the virtual source are all 0.
    outcome.potential.assign(n, D{0});
    bf.dist.allocate(std::max<std::uint32_t>(n, 1));
    bf.dist.fill_bytes(0, stream);
  }
  times.bellman_ford_ms = clock.seconds() * 1e3;

  clock.restart();
  cuda::DeviceBuffer<Weight> reweighted(std::max<std::uint64_t>(graph.edge_count(), 1));
  double weight_sum = 0;
  bool uniform = true;
  {
    CsrView<Weight> view = device.view();
    if (n > 0)
      reweight_edges<<<detail::blocks_for(n), detail::kBlock, 0, stream>>>(view, bf.dist.data(),
                                                                           reweighted.data());
    ARCWAVE_CUDA_CHECK_LAUNCH("reweight_edges");
    if (negative) {
      std::vector<Weight> w(graph.edge_count());
      reweighted.copy_to(std::span<Weight>(w), stream);
      for (const Weight x : w) weight_sum += static_cast<double>(x);
      uniform = false;
    } else {
      for (const Weight x : graph.weights) {
        weight_sum += static_cast<double>(x);
        uniform = uniform && x == graph.weights.front() && x > 0;
      }
    }
  }
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  times.reweight_ms = clock.seconds() * 1e3;
  CsrView<Weight> view = device.view();
  view.weights = reweighted.data();

  const double delta_value = options.delta > 0 ? options.delta
                             : uniform
                                 ? HUGE_VAL  // equal weights: BFS levels, no buckets needed
                                 : near_far::automatic_delta(weight_sum, graph.edge_count(), n);
  const D delta = near_far::to_delta<D>(delta_value);
  const bool prune = !negative && options.max_distance < HUGE_VAL;
  D cut = infinity<D>();
  if (prune) {
    if constexpr (std::is_integral_v<D>)
      cut = options.max_distance < 9.0e18 ? static_cast<D>(std::floor(options.max_distance))
                                          : infinity<D>();
    else
      cut = options.max_distance;
  }

  clock.restart();
  if (!sources.empty() && n > 0) {
    const std::uint64_t slots_fit = std::max<std::uint64_t>(
        1, gpu_free_memory() / 3 / (static_cast<std::uint64_t>(n) * (sizeof(D) + 24)));
    const auto slots = static_cast<std::uint32_t>(
        std::min<std::uint64_t>({static_cast<std::uint64_t>(resident_cta_slots<D, Weight, V>()),
                                 slots_fit, sources.size()}));
    // A batch: enough sources to keep every slot busy several times, rows of at most 512 MiB.
    const std::uint64_t row_bytes = static_cast<std::uint64_t>(n) * sizeof(V);
    std::uint64_t batch =
        options.batch > 0 ? options.batch : std::max<std::uint64_t>(4ULL * slots, 1);
    batch = std::min<std::uint64_t>(batch, std::max<std::uint64_t>(1, (512ULL << 20) / row_bytes));
    batch = std::min<std::uint64_t>(batch, sources.size());
    if (options.batch == 0) batch = batches.even_batch(batch);
    const std::uint64_t ws = static_cast<std::uint64_t>(slots) * n;
    cuda::DeviceBuffer<D> dist(ws);
    cuda::DeviceBuffer<std::uint32_t> front_a(ws), front_b(ws), far_a(ws), far_b(ws), queued(ws),
        in_far(ws);
    cuda::DeviceBuffer<std::uint32_t> epochs(slots);
    queued.fill_bytes(0, stream);
    in_far.fill_bytes(0, stream);
    epochs.fill_bytes(0, stream);
    cuda::DeviceBuffer<std::uint32_t> device_sources(std::max<std::size_t>(sources.size(), 1));
    device_sources.copy_from(sources, stream);
    cuda::DeviceBuffer<D> potential(std::max<std::uint32_t>(n, 1));
    potential.copy_from(std::span<const D>(outcome.potential), stream);
    cuda::DeviceBuffer<V> rows[2] = {cuda::DeviceBuffer<V>(batch * n),
                                     cuda::DeviceBuffer<V>(batch * n)};
    cuda::DeviceBuffer<std::uint32_t> preds[2];
    cuda::DeviceBuffer<std::uint32_t> unresolved[2];
    if (want_preds)
      for (int i = 0; i < 2; ++i) {
        preds[i].allocate(batch * n);
        unresolved[i].allocate(batch);
      }
    cuda::DeviceBuffer<std::uint32_t> counters(2);
    cudaEvent_t ready[2] = {nullptr, nullptr};
    for (cudaEvent_t& e : ready)
      ARCWAVE_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    struct Events {
      cudaEvent_t* e;
      ~Events() {
        cudaEventDestroy(e[0]);
        cudaEventDestroy(e[1]);
      }
    } release_events{ready};
    // Predecessors the GPU leaves open (zero reduced weights): Dijkstra on the host.
    std::mutex fix_lock;
    std::unique_ptr<Csr<Weight>> host_reweighted;
    const auto fix = [&](std::uint64_t index, std::span<std::uint32_t> row) {
      const std::lock_guard<std::mutex> lock(fix_lock);
      if (!host_reweighted)
        host_reweighted =
            std::make_unique<Csr<Weight>>(reweight(graph, std::span<const D>(outcome.potential)));
      const std::uint32_t s = sources[index];
      const SsspResult<D> r = dijkstra_cpu(*host_reweighted, s, true);
      for (std::uint32_t v = 0; v < n; ++v) {
        if (row[v] != kNoPredecessor || v == s || r.distance[v] == infinity<D>()) continue;
        // A vertex beyond the cut keeps no predecessor (its row entry is infinity).
        const D d = r.distance[v] - outcome.potential[s] + outcome.potential[v];
        if (static_cast<double>(d) > options.max_distance) continue;
        row[v] = edge_source(graph, r.predecessor_edge[v]);
      }
    };
    detail::RowDownloader<V> downloader(n, batch, out, fix);
    cuda::EventTimer kernel_time;
    for (std::uint64_t b = 0;; ++b) {
      const SourceBatches::Range range = batches.take(batch);
      if (range.count == 0) break;
      const std::uint64_t first = range.first;
      const auto count = static_cast<std::uint32_t>(range.count);
      downloader.wait(1);  // block b % 2 is free again once batch b - 2 is handed over
      const int k = static_cast<int>(b % 2);
      counters.fill_bytes(0, stream);
      if (want_preds) unresolved[k].fill_bytes(0, stream);
      const CtaParams<D, Weight, V> p{view,
                                      want_preds ? in_offsets.data() : nullptr,
                                      want_preds ? in_sources.data() : nullptr,
                                      want_preds ? in_edges.data() : nullptr,
                                      potential.data(),
                                      device_sources.data() + first,
                                      count,
                                      counters.data(),
                                      n,
                                      dist.data(),
                                      front_a.data(),
                                      front_b.data(),
                                      far_a.data(),
                                      far_b.data(),
                                      queued.data(),
                                      in_far.data(),
                                      epochs.data(),
                                      delta,
                                      prune,
                                      cut,
                                      options.max_distance,
                                      rows[k].data(),
                                      want_preds ? preds[k].data() : nullptr,
                                      want_preds ? unresolved[k].data() : nullptr};
      kernel_time.start(stream);
      johnson_cta_kernel<D, Weight, V><<<std::min(slots, count), kCta, 0, stream>>>(p);
      ARCWAVE_CUDA_CHECK_LAUNCH("johnson_cta_kernel");
      kernel_time.stop(stream);
      ARCWAVE_CUDA_CHECK(cudaEventRecord(ready[k], stream));
      downloader.submit({rows[k].data(), want_preds ? preds[k].data() : nullptr,
                         want_preds ? unresolved[k].data() : nullptr, first, count, ready[k]});
      times.sssp_ms += kernel_time.milliseconds();  // waits for this batch's kernel
      ++times.sssp_rounds;
    }
    downloader.wait(0);
    times.download_ms = downloader.milliseconds();
  }
  times.total_ms = total.seconds() * 1e3;
  return outcome;
}

}  // namespace

template <typename Weight, typename V>
JohnsonOutcome<Distance<Weight>> johnson_streamed(const Csr<Weight>& graph,
                                                  std::span<const std::uint32_t> sources,
                                                  const RowStream<V>& out,
                                                  const StreamOptions& options) {
  const Stopwatch total;
  const std::vector<int> devices = resolve_gpus(options.devices, gpu_count());
  const int caller_device = current_gpu();
  if (devices.size() <= 1) {
    if (!devices.empty()) use_gpu(devices.front());
    SourceBatches all(sources.size());
    JohnsonOutcome<Distance<Weight>> outcome =
        johnson_streamed_on_device(graph, sources, out, options, all);
    use_gpu(caller_device);
    return outcome;
  }
  // One host thread per device (the first on this one), each with its own stream and buffers;
  // every device computes the same potentials, and the rows reach `out` in source order.
  std::vector<JohnsonOutcome<Distance<Weight>>> outcomes(devices.size());
  const std::function<void(std::size_t, SourceBatches&, const RowStream<V>&)> work =
      [&](std::size_t w, SourceBatches& batches, const RowStream<V>& ordered) {
        use_gpu(devices[w]);
        outcomes[w] = johnson_streamed_on_device(graph, sources, ordered, options, batches);
      };
  try {
    spread_sources<V>(devices.size(), sources.size(), graph.vertex_count, out, work);
  } catch (...) {
    use_gpu(caller_device);
    throw;
  }
  use_gpu(caller_device);
  JohnsonOutcome<Distance<Weight>> outcome = std::move(outcomes.front());
  for (const JohnsonOutcome<Distance<Weight>>& o : outcomes) {
    // Devices ran at once: the phases' longest time, the rounds of all.
    outcome.times.upload_ms = std::max(outcome.times.upload_ms, o.times.upload_ms);
    outcome.times.sssp_ms = std::max(outcome.times.sssp_ms, o.times.sssp_ms);
    outcome.times.download_ms = std::max(outcome.times.download_ms, o.times.download_ms);
  }
  for (std::size_t w = 1; w < outcomes.size(); ++w)
    outcome.times.sssp_rounds += outcomes[w].times.sssp_rounds;
  outcome.times.total_ms = total.seconds() * 1e3;
  return outcome;
}

#define ARCWAVE_JOHNSON_STREAMED(W, V)                   \
  template JohnsonOutcome<Distance<W>> johnson_streamed( \
      const Csr<W>&, std::span<const std::uint32_t>, const RowStream<V>&, const StreamOptions&);
ARCWAVE_JOHNSON_STREAMED(std::int64_t, std::int64_t)
ARCWAVE_JOHNSON_STREAMED(std::int64_t, std::int32_t)
ARCWAVE_JOHNSON_STREAMED(double, double)
ARCWAVE_JOHNSON_STREAMED(double, float)
#undef ARCWAVE_JOHNSON_STREAMED

}  // namespace arcwave::sssp::gpu
