// graph/sssp/sssp_gpu.hpp: the batched many-source SSSP. A batch of S sources (S a multiple
// of 32) keeps its distances vertex-major, dist[v * S + j] for source j, and its frontier as
// one bit per (vertex, source) pair, words[v * S/32 + j/32]. One warp takes one word: its 32
// lanes are 32 sources at the same vertex, so each out-edge is read once for up to 32 sources
// and the 32 distances it touches are adjacent (one coalesced atomicMin per lane). Improved
// pairs set their bits in the next word array with one atomicOr per warp and edge. Weights
// are non-negative, so doubles use the integer atomicMin on their bits. Rounds end when no
// distance fell; rows are then transposed through shared memory (and un-reweighted) into a
// source-major block (one of two), which a host thread downloads through pinned staging on a
// second stream and hands to the sink while the next batch computes (row_downloader.cuh).
#include <algorithm>
#include <string>

#include "arcwave/error.hpp"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/csr/device_csr.cuh"
#include "graph/sssp/checks.hpp"
#include "graph/sssp/device_spread.hpp"
#include "graph/sssp/gpu_internal.cuh"
#include "graph/sssp/row_downloader.cuh"

namespace arcwave::sssp::gpu {

namespace detail {

namespace {

constexpr std::uint32_t kMaxBatch = 2048;
constexpr std::uint64_t kMaxBlockBytes = 512ULL << 20;  // one batch's rows on the device

template <typename D>
__global__ void seed_batch(D* dist, std::uint32_t* active, std::uint32_t stride,
                           std::uint32_t words, const std::uint32_t* sources, std::uint32_t count) {
  for (std::uint32_t j = blockIdx.x * blockDim.x + threadIdx.x; j < count;
       j += gridDim.x * blockDim.x) {
    const std::uint64_t s = sources[j];
    dist[s * stride + j] = D{0};
    atomicOr(&active[s * words + j / 32], 1U << (j % 32));
  }
}

template <typename D, typename Weight>
__global__ void batch_round(const std::uint64_t* __restrict__ offsets,
                            const std::uint32_t* __restrict__ targets,
                            const Weight* __restrict__ weights, D* dist, std::uint32_t* active,
                            std::uint32_t* next_active, std::uint64_t pairs, std::uint32_t words,
                            std::uint32_t stride, std::uint32_t* changed) {
  const unsigned lane = threadIdx.x % kWarp;
  const std::uint64_t warp =
      (static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x) / kWarp;
  const std::uint64_t warps = static_cast<std::uint64_t>(gridDim.x) * blockDim.x / kWarp;
  bool any = false;
  for (std::uint64_t p = warp; p < pairs; p += warps) {
    // Lane 0 takes the word and clears it (the array is then clean for the round after next).
    std::uint32_t word = 0;
    if (lane == 0) {
      word = active[p];
      if (word != 0) active[p] = 0;
    }
    word = __shfl_sync(kFullMask, word, 0);
    if (word == 0) continue;
    const std::uint64_t v = p / words;
    const std::uint64_t column = (p % words) * kWarp + lane;
    const bool on = ((word >> lane) & 1U) != 0;
    const D from = on ? dist[v * stride + column] : D{0};
    const std::uint64_t end = offsets[v + 1];
    for (std::uint64_t e = offsets[v]; e < end; ++e) {
      const std::uint64_t t = targets[e];
      bool improved = false;
      if (on) {
        const D nd = from + static_cast<D>(weights[e]);
        D* slot = &dist[t * stride + column];
        improved = nd < *slot && nd < atomic_min_non_negative(slot, nd);
      }
      const unsigned ballot = __ballot_sync(kFullMask, improved);
      if (ballot != 0) {
        any = true;
        if (lane == 0) atomicOr(&next_active[t * words + (p % words)], ballot);
      }
    }
  }
  if (any && lane == 0) *changed = 1;
}

// out[j * n + v] = dist[v * stride + j] (- h(source j) + h(v) when potentials are given).
template <typename D>
__global__ void transpose_rows(const D* dist, std::uint32_t n, std::uint32_t stride,
                               std::uint32_t count, const std::uint32_t* sources,
                               const D* potential, D* out) {
  __shared__ D tile[32][33];
  const std::uint64_t v0 = static_cast<std::uint64_t>(blockIdx.x) * 32;
  const std::uint32_t j0 = blockIdx.y * 32;
  for (unsigned i = threadIdx.y; i < 32; i += blockDim.y) {
    const std::uint64_t v = v0 + i;
    const std::uint32_t j = j0 + threadIdx.x;
    if (v < n && j < count) tile[i][threadIdx.x] = dist[v * stride + j];
  }
  __syncthreads();
  for (unsigned i = threadIdx.y; i < 32; i += blockDim.y) {
    const std::uint32_t j = j0 + i;
    const std::uint64_t v = v0 + threadIdx.x;
    if (v < n && j < count) {
      D d = tile[threadIdx.x][i];
      if (potential != nullptr && d != infinity<D>()) d = d - potential[sources[j]] + potential[v];
      out[static_cast<std::uint64_t>(j) * n + v] = d;
    }
  }
}

/// Sources per batch: a multiple of 32, no more than needed, kMaxBatch, a 512 MiB block of
/// rows, or a quarter of the free device memory for the n x S distances. Unless asked for a
/// size, also small enough that the n x S distances take at most half the L2 cache: the
/// atomicMin traffic then stays in L2, which more than pays for the extra batches.
std::uint32_t choose_batch(std::uint32_t requested, std::uint64_t sources, std::uint32_t n,
                           std::size_t distance_bytes) {
  const std::uint64_t row = std::max<std::uint64_t>(n, 1) * distance_bytes;
  std::uint64_t cap = requested > 0 ? requested : kMaxBatch;
  if (requested == 0)
    cap = std::min<std::uint64_t>(cap,
                                  std::max<std::uint64_t>(gpu_info().l2_cache_bytes / 2 / row, 32));
  cap = std::min<std::uint64_t>(cap, kMaxBlockBytes / row);
  cap = std::min<std::uint64_t>(cap, gpu_free_memory() / 4 / row);
  cap = std::min<std::uint64_t>(cap, (sources + 31) / 32 * 32);
  cap = cap / 32 * 32;
  if (cap == 0) cap = 32;
  return static_cast<std::uint32_t>(cap);
}

}  // namespace

template <typename Weight>
void run_multi_source(const CsrView<Weight>& view, std::span<const std::uint32_t> sources,
                      const Distance<Weight>* potential, const RowSink<Distance<Weight>>& sink,
                      std::uint32_t batch, GpuTimes& times, cudaStream_t stream,
                      SourceBatches* shared) {
  using D = Distance<Weight>;
  const std::uint32_t n = view.vertex_count;
  if (sources.empty() || n == 0) return;
  if (batch % 32 != 0) throw InputError("the batch size must be a multiple of 32");
  const std::uint32_t stride = choose_batch(batch, sources.size(), n, sizeof(D));
  const std::uint32_t words = stride / 32;
  const std::uint64_t pairs = static_cast<std::uint64_t>(n) * words;
  cuda::DeviceBuffer<D> dist(static_cast<std::uint64_t>(n) * stride);
  cuda::DeviceBuffer<std::uint32_t> active(pairs);
  cuda::DeviceBuffer<std::uint32_t> next_active(pairs);
  cuda::DeviceBuffer<std::uint32_t> batch_sources(stride);
  // Two blocks of rows: while a host thread downloads one (pinned, second stream) and feeds the
  // sink, the next batch computes into the other.
  cuda::DeviceBuffer<D> rows[2] = {cuda::DeviceBuffer<D>(static_cast<std::uint64_t>(n) * stride),
                                   cuda::DeviceBuffer<D>(static_cast<std::uint64_t>(n) * stride)};
  cuda::DeviceBuffer<std::uint32_t> changed(1);
  std::uint32_t* host_changed = nullptr;
  ARCWAVE_CUDA_CHECK(
      cudaMallocHost(reinterpret_cast<void**>(&host_changed), sizeof(std::uint32_t)));
  struct ReleaseFlag {
    std::uint32_t* p;
    ~ReleaseFlag() { cudaFreeHost(p); }
  } release_flag{host_changed};
  cudaEvent_t ready[2] = {nullptr, nullptr};
  for (cudaEvent_t& e : ready)
    ARCWAVE_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  struct ReleaseEvents {
    cudaEvent_t* e;
    ~ReleaseEvents() {
      cudaEventDestroy(e[0]);
      cudaEventDestroy(e[1]);
    }
  } release_events{ready};
  RowStream<D> out;
  out.rows = sink;
  RowDownloader<D> downloader(n, stride, out, nullptr);
  cuda::EventTimer compute;
  const unsigned round_blocks = blocks_for(pairs * kWarp);

  SourceBatches all(sources.size());
  SourceBatches& batches = shared != nullptr ? *shared : all;
  for (std::uint64_t b = 0;; ++b) {
    const SourceBatches::Range range = batches.take(stride);
    if (range.count == 0) break;
    const std::uint64_t first = range.first;
    const auto count = static_cast<std::uint32_t>(range.count);
    downloader.wait(1);  // rows[b % 2] is free once batch b - 2 is handed over
    D* block = rows[b % 2].data();
    compute.start(stream);
    batch_sources.copy_from(sources.subspan(first, count), stream);
    fill(dist.data(), dist.size(), infinity<D>(), stream);
    active.fill_bytes(0, stream);
    next_active.fill_bytes(0, stream);
    seed_batch<<<blocks_for(count), kBlock, 0, stream>>>(dist.data(), active.data(), stride, words,
                                                         batch_sources.data(), count);
    ARCWAVE_CUDA_CHECK_LAUNCH("seed_batch");
    std::uint32_t* current = active.data();
    std::uint32_t* next = next_active.data();
    for (;;) {
      changed.fill_bytes(0, stream);
      batch_round<<<round_blocks, kBlock, 0, stream>>>(view.offsets, view.targets, view.weights,
                                                       dist.data(), current, next, pairs, words,
                                                       stride, changed.data());
      ARCWAVE_CUDA_CHECK_LAUNCH("batch_round");
      ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(host_changed, changed.data(), sizeof(std::uint32_t),
                                         cudaMemcpyDeviceToHost, stream));
      ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
      ++times.rounds;
      std::swap(current, next);
      if (*host_changed == 0) break;
    }
    const dim3 grid((n + 31) / 32, (count + 31) / 32);
    transpose_rows<<<grid, dim3(32, 8), 0, stream>>>(dist.data(), n, stride, count,
                                                     batch_sources.data(), potential, block);
    ARCWAVE_CUDA_CHECK_LAUNCH("transpose_rows");
    compute.stop(stream);
    ARCWAVE_CUDA_CHECK(cudaEventRecord(ready[b % 2], stream));
    downloader.submit({block, nullptr, nullptr, first, count, ready[b % 2]});
    times.compute_ms += compute.milliseconds();
  }
  downloader.wait(0);
  times.download_ms += downloader.milliseconds();
}

template void run_multi_source(const CsrView<std::int64_t>&, std::span<const std::uint32_t>,
                               const std::int64_t*, const RowSink<std::int64_t>&, std::uint32_t,
                               GpuTimes&, cudaStream_t, SourceBatches*);
template void run_multi_source(const CsrView<double>&, std::span<const std::uint32_t>,
                               const double*, const RowSink<double>&, std::uint32_t, GpuTimes&,
                               cudaStream_t, SourceBatches*);

}  // namespace detail

template <typename Weight>
void multi_source(const Csr<Weight>& graph, std::span<const std::uint32_t> sources,
                  const RowSink<Distance<Weight>>& sink, const MultiSourceOptions& options,
                  GpuTimes* times) {
  static_assert(std::is_same_v<Weight, std::int64_t> || std::is_same_v<Weight, double>);
  check_weights(graph);
  check_non_negative(graph, "the batched multi-source SSSP");
  for (const std::uint32_t s : sources)
    if (s >= graph.vertex_count)
      throw InputError("source " + std::to_string(s) + " is not a vertex");
  GpuTimes local;
  Stopwatch clock;
  // -0.0 would break the bit-ordered atomicMin: make every zero +0.0.
  Csr<Weight> clean;
  const Csr<Weight>* use = &graph;
  if constexpr (std::is_floating_point_v<Weight>) {
    clean = graph;
    for (Weight& w : clean.weights) w = w > 0 ? w : Weight{0};
    use = &clean;
  }
  const DeviceCsr<Weight> device(*use);
  ARCWAVE_CUDA_CHECK(cudaDeviceSynchronize());
  local.upload_ms = clock.seconds() * 1e3;
  detail::run_multi_source(device.view(), sources, nullptr, sink, options.batch, local, nullptr);
  if (times != nullptr) *times = local;
}

template void multi_source(const Csr<std::int64_t>&, std::span<const std::uint32_t>,
                           const RowSink<std::int64_t>&, const MultiSourceOptions&, GpuTimes*);
template void multi_source(const Csr<double>&, std::span<const std::uint32_t>,
                           const RowSink<double>&, const MultiSourceOptions&, GpuTimes*);

}  // namespace arcwave::sssp::gpu
