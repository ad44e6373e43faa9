// GpuCpdBuilder and GpuCpdQueries (graph/grid/gpu_cpd.hpp).
#include <algorithm>
#include <string>

#include "arcwave/error.hpp"
#include "core/cuda/device_buffer.cuh"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/grid/cpd_wave.hpp"
#include "graph/grid/gpu_cpd.hpp"
#include "graph/grid/metric.hpp"

namespace arcwave::grid {

namespace {

constexpr int kWaveThreads = 256;
constexpr int kPackThreads = 128;
constexpr int kCompressThreads = 128;
constexpr int kQueryThreads = 128;
constexpr std::uint32_t kNotQueued = 0xFFFFFFFFU;

/// Positions rounded up to whole 16-byte loads.
std::uint64_t row_stride(std::uint64_t positions) {
  return (positions + 15) / 16 * 16;
}

__device__ std::uint32_t step_to(std::uint32_t cell, int m, int width) {
  return static_cast<std::uint32_t>(static_cast<long long>(cell) +
                                    static_cast<long long>(move_dy(m)) * width + move_dx(m));
}

struct WaveParams {
  const std::uint8_t* moves;
  const std::uint32_t* position;
  const std::uint32_t* sources;
  std::uint32_t count;
  int width;
  std::uint64_t cells;
  Metric metric;
  unsigned long long* keys;  // slots x cells
  std::uint32_t* queued;     // slots x cells: the bucket a cell waits in
  std::uint32_t* lists;      // slots x 3 x cells
  std::uint8_t* sets;        // slots x stride, by position
  std::uint64_t stride;
};

/// Lowers *slot (last seen holding `old`) to `key` when shorter; true when this call did.
__device__ bool lower_key(unsigned long long* slot, std::uint64_t key, unsigned long long old) {
  while (octile_less(key, old)) {
    const unsigned long long seen = atomicCAS(slot, old, static_cast<unsigned long long>(key));
    if (seen == old) return true;
    old = seen;
  }
  return false;
}

/// One thread block per source: the bucket wave with first-move sets (gpu_cpd.hpp). Values
/// other threads of the block wrote are read with __ldcg (from L2), after a barrier.
__global__ void __launch_bounds__(kWaveThreads) wave_kernel(WaveParams p) {
  __shared__ std::uint32_t count[3];
  __shared__ std::uint32_t now_count;
  __shared__ int done;
  const std::uint32_t b = blockIdx.x;
  const unsigned tid = threadIdx.x;
  const std::uint32_t source = p.sources[b];
  const std::uint64_t cells = p.cells;
  unsigned long long* key = p.keys + static_cast<std::uint64_t>(b) * cells;
  std::uint32_t* queued = p.queued + static_cast<std::uint64_t>(b) * cells;
  std::uint32_t* lists = p.lists + static_cast<std::uint64_t>(b) * 3 * cells;
  std::uint8_t* sets = p.sets + static_cast<std::uint64_t>(b) * p.stride;
  for (std::uint64_t i = tid; i < cells; i += kWaveThreads) {
    key[i] = kOctileUnreached;
    queued[i] = kNotQueued;
  }
  for (std::uint64_t i = tid; i < p.stride; i += kWaveThreads) sets[i] = kAnyMove;
  __syncthreads();
  if (tid == 0) {
    key[source] = 0;
    queued[source] = 0;
    lists[0] = source;
    count[0] = 1;
    count[1] = 0;
    count[2] = 0;
    now_count = 1;
    done = 0;
  }
  __syncthreads();
  for (std::uint32_t k = 0; done == 0; ++k) {
    const std::uint32_t cur = k % 3;
    const std::uint32_t n = now_count;
    const std::uint32_t* list = lists + cur * cells;
    for (std::uint32_t i = tid; i < n; i += kWaveThreads) {
      const std::uint32_t t = __ldcg(list + i);
      if (__ldcg(queued + t) != k) continue;  // moved to an earlier bucket, settled there
      const std::uint64_t kt = __ldcg(key + t);
      const unsigned open = p.moves[t];
      // Each neighbour's length is read once: a settled predecessor (shorter by the move, so
      // in an earlier bucket) gives its first-move set; any other neighbour may be lowered.
      unsigned set = 0;
      for (int m = 0; m < 8; ++m) {
        if ((open >> m & 1U) == 0) continue;
        const std::uint32_t q = step_to(t, m, p.width);
        const unsigned long long kq = __ldcg(key + q);
        const int back = opposite_move(m);
        if (kq != kOctileUnreached && p.metric.step(kq, back, 1, 1) == kt) {
          if (t != source)
            set |= q == source ? 1U << back : static_cast<unsigned>(__ldcg(sets + p.position[q]));
          continue;
        }
        const std::uint64_t kn = p.metric.step(kt, m, 1, 1);
        if (!lower_key(key + q, kn, kq)) continue;
        const auto bucket = static_cast<std::uint32_t>(bucket_of(kn));
        if (atomicMin(queued + q, bucket) > bucket) {
          const std::uint32_t slot = atomicAdd(&count[bucket % 3], 1U);
          lists[(bucket % 3) * cells + slot] = q;
        }
      }
      if (t != source) sets[p.position[t]] = static_cast<std::uint8_t>(set);
    }
    __syncthreads();
    if (tid == 0) {
      count[cur] = 0;
      now_count = count[(k + 1) % 3];
      done = count[0] + count[1] + count[2] == 0 ? 1 : 0;
    }
    __syncthreads();
  }
}

/// One thread per row: the greedy compression of cpd_wave.hpp over the row's sets. Four 16-byte
/// loads are issued before their 64 sets are used, so that a thread waits once per 64 sets.
__global__ void compress_kernel(const std::uint8_t* sets, std::uint64_t stride,
                                std::uint32_t positions, std::uint32_t count, std::uint32_t* runs,
                                std::uint32_t* run_count) {
  const std::uint32_t b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= count) return;
  const auto* row = reinterpret_cast<const uint4*>(sets + static_cast<std::uint64_t>(b) * stride);
  const auto words = static_cast<std::uint32_t>(stride / 16);
  std::uint32_t* out = runs + static_cast<std::uint64_t>(b) * stride;
  RowCompressor compressor;
  std::uint32_t n = 0;
  std::uint32_t run = 0;
  for (std::uint32_t w0 = 0; w0 * 16 < positions; w0 += 4) {
    uint4 v[4];
#pragma unroll
    for (std::uint32_t k = 0; k < 4; ++k)
      v[k] = w0 + k < words ? row[w0 + k]
                            : make_uint4(0xFFFFFFFFU, 0xFFFFFFFFU, 0xFFFFFFFFU, 0xFFFFFFFFU);
    for (std::uint32_t k = 0; k < 4; ++k) {
      const std::uint32_t word[4] = {v[k].x, v[k].y, v[k].z, v[k].w};
      for (std::uint32_t j = 0; j < 16; ++j) {
        const std::uint32_t pos = (w0 + k) * 16 + j;
        if (pos >= positions) break;
        const std::uint32_t set = word[j / 4] >> (8 * (j % 4)) & 0xFFU;
        if (compressor.add(pos, set, &run)) out[n++] = run;
      }
    }
  }
  if (positions > 0) out[n++] = compressor.last();
  run_count[b] = n;
}

/// One block per row: its runs to their place in the packed array.
__global__ void pack_kernel(const std::uint32_t* runs, std::uint64_t stride,
                            const std::uint32_t* run_count, const std::uint64_t* offset,
                            std::uint32_t* packed) {
  const std::uint32_t b = blockIdx.x;
  const std::uint32_t n = run_count[b];
  const std::uint32_t* row = runs + static_cast<std::uint64_t>(b) * stride;
  for (std::uint32_t i = threadIdx.x; i < n; i += kPackThreads) packed[offset[b] + i] = row[i];
}

struct QueryJob {
  std::uint32_t start;
  std::uint32_t goal;
};

struct QueryParams {
  const std::uint64_t* row_begin;
  const std::uint32_t* runs;
  const std::uint32_t* position;
  const std::uint8_t* moves;
  int width;
  std::uint64_t cells;
  Metric metric;
  const QueryJob* jobs;
  std::uint32_t count;
  unsigned long long* keys;
  std::uint32_t* steps;
  const std::uint64_t* path_offset;  // null: lengths only
  std::uint32_t* pool;
  std::uint32_t* error;
};

/// One thread per query: first moves from the start until the goal.
__global__ void query_kernel(QueryParams p) {
  const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.count) return;
  const std::uint32_t goal = p.jobs[i].goal;
  const std::uint32_t target = p.position[goal] << 3 | 7U;
  std::uint32_t c = p.jobs[i].start;
  std::uint64_t key = 0;
  std::uint32_t n = 0;
  std::uint32_t* path = p.path_offset != nullptr ? p.pool + p.path_offset[i] : nullptr;
  if (path != nullptr) path[0] = c;
  while (c != goal) {
    // The last run starting at or before the goal's position (the first starts at 0).
    std::uint64_t lo = p.row_begin[c];
    std::uint64_t hi = p.row_begin[c + 1];
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      if (p.runs[mid] <= target)
        lo = mid + 1;
      else
        hi = mid;
    }
    const int m = static_cast<int>(p.runs[lo - 1] & 7U);
    if ((p.moves[c] >> m & 1U) == 0 || n >= p.cells) {
      atomicExch(p.error, 1U);
      key = kOctileUnreached;
      break;
    }
    key = p.metric.step(key, m, 1, 1);
    c = step_to(c, m, p.width);
    ++n;
    if (path != nullptr) path[n] = c;
  }
  p.keys[i] = key;
  p.steps[i] = n;
}

Metric unit_metric(const SearchMap& map) {
  Metric metric = map.metric();
  metric.weighted = false;
  return metric;
}

}  // namespace

struct GpuCpdBuilder::Impl {
  cuda::Stream stream;
  cuda::DeviceBuffer<std::uint8_t> moves;
  cuda::DeviceBuffer<std::uint32_t> position;
  std::uint32_t slots = 0;
  cuda::DeviceBuffer<unsigned long long> keys;
  cuda::DeviceBuffer<std::uint32_t> queued;
  cuda::DeviceBuffer<std::uint32_t> lists;
  cuda::DeviceBuffer<std::uint8_t> sets;
  cuda::DeviceBuffer<std::uint32_t> runs;
  cuda::DeviceBuffer<std::uint32_t> run_count;
  cuda::DeviceBuffer<std::uint64_t> offset;
  cuda::DeviceBuffer<std::uint32_t> sources;
};

std::size_t GpuCpdBuilder::slot_bytes(std::uint64_t cells, std::uint64_t positions) {
  return cells * (8 + 4 + 12) + row_stride(positions) * (1 + 4) + 16;
}

GpuCpdBuilder::GpuCpdBuilder(const SearchMap& map, const CellOrder& order)
    : map_(map), order_(order), impl_(std::make_unique<Impl>()) {
  check_cpd_map(map);
  if (!gpu_available()) throw ResourceError("no usable GPU: " + gpu_info().reason);
  const Stopwatch clock;
  Impl& im = *impl_;
  im.moves.allocate(map.cell_count());
  im.moves.copy_from(map.moves(), im.stream.get());
  im.position.allocate(map.cell_count());
  im.position.copy_from(order.position, im.stream.get());
  im.stream.synchronize();
  times_.transfer_ms = clock.seconds() * 1e3;
}

GpuCpdBuilder::~GpuCpdBuilder() = default;

std::vector<std::vector<std::uint32_t>> GpuCpdBuilder::rows(
    std::span<const std::uint32_t> sources) {
  Impl& im = *impl_;
  const Stopwatch total;
  cudaStream_t s = im.stream.get();
  const std::uint64_t positions = order_.cell.size();
  const std::uint64_t cells = map_.cell_count();
  const std::uint64_t stride = row_stride(positions);
  for (const std::uint32_t c : sources)
    if (c >= cells || map_.blocked(c))
      throw InputError("GpuCpdBuilder::rows: source " + std::to_string(c) + " is not a free cell");
  std::vector<std::vector<std::uint32_t>> out(sources.size());
  if (sources.empty()) return out;
  int per_sm = 0;
  ARCWAVE_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, wave_kernel, kWaveThreads, 0));
  const std::uint64_t resident =
      static_cast<std::uint64_t>(std::max(1, per_sm)) * std::max(1, gpu_info().multiprocessors);
  const std::uint64_t per_slot = slot_bytes(cells, positions);
  const std::uint64_t by_memory = gpu_free_memory() * 6 / 10 / per_slot;
  if (by_memory == 0)
    throw ResourceError("the GPU first-move database builder needs " + std::to_string(per_slot) +
                        " bytes of device memory per source, more than is free");
  std::uint64_t slots = std::min<std::uint64_t>({resident, by_memory, sources.size()});
  if (slot_cap_ > 0) slots = std::min<std::uint64_t>(slots, slot_cap_);
  if (slots > im.slots) {
    im.keys.allocate(slots * cells);
    im.queued.allocate(slots * cells);
    im.lists.allocate(slots * 3 * cells);
    im.sets.allocate(slots * stride);
    im.runs.allocate(slots * stride);
    im.run_count.allocate(slots);
    im.offset.allocate(slots);
    im.sources.allocate(slots);
    im.slots = static_cast<std::uint32_t>(slots);
  }
  times_.slots = static_cast<std::uint32_t>(slots);
  std::vector<std::uint32_t> counts(slots);
  std::vector<std::uint64_t> offsets(slots);
  cuda::DeviceBuffer<std::uint32_t> packed;
  for (std::uint64_t first = 0; first < sources.size(); first += slots) {
    const auto n =
        static_cast<std::uint32_t>(std::min<std::uint64_t>(slots, sources.size() - first));
    Stopwatch transfer;
    im.sources.copy_from(sources.subspan(first, n), s);
    times_.transfer_ms += transfer.seconds() * 1e3;
    const WaveParams p{im.moves.data(),   im.position.data(),
                       im.sources.data(), n,
                       map_.width(),      cells,
                       unit_metric(map_), im.keys.data(),
                       im.queued.data(),  im.lists.data(),
                       im.sets.data(),    stride};
    cuda::EventTimer timer;
    timer.start(s);
    wave_kernel<<<n, kWaveThreads, 0, s>>>(p);
    ARCWAVE_CUDA_CHECK_LAUNCH("cpd wave_kernel");
    compress_kernel<<<(n + kCompressThreads - 1) / kCompressThreads, kCompressThreads, 0, s>>>(
        im.sets.data(), stride, static_cast<std::uint32_t>(positions), n, im.runs.data(),
        im.run_count.data());
    ARCWAVE_CUDA_CHECK_LAUNCH("cpd compress_kernel");
    timer.stop(s);
    times_.kernel_ms += timer.milliseconds();
    transfer.restart();
    im.run_count.copy_to(std::span<std::uint32_t>(counts.data(), n), s);
    std::uint64_t sum = 0;
    for (std::uint32_t i = 0; i < n; ++i) {
      offsets[i] = sum;
      sum += counts[i];
    }
    im.offset.copy_from(std::span<const std::uint64_t>(offsets.data(), n), s);
    if (packed.size() < sum) packed.allocate(sum);
    times_.transfer_ms += transfer.seconds() * 1e3;
    timer.start(s);
    pack_kernel<<<n, kPackThreads, 0, s>>>(im.runs.data(), stride, im.run_count.data(),
                                           im.offset.data(), packed.data());
    ARCWAVE_CUDA_CHECK_LAUNCH("cpd pack_kernel");
    timer.stop(s);
    times_.kernel_ms += timer.milliseconds();
    transfer.restart();
    std::vector<std::uint32_t> host(sum);
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(host.data(), packed.data(), sum * sizeof(std::uint32_t),
                                       cudaMemcpyDeviceToHost, s));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));
    times_.transfer_ms += transfer.seconds() * 1e3;
    for (std::uint32_t i = 0; i < n; ++i)
      out[first + i].assign(host.begin() + static_cast<std::ptrdiff_t>(offsets[i]),
                            host.begin() + static_cast<std::ptrdiff_t>(offsets[i] + counts[i]));
    ++times_.batches;
  }
  times_.total_ms += total.seconds() * 1e3;
  return out;
}

FirstMoveDb GpuCpdBuilder::build() {
  const std::uint64_t cells = map_.cell_count();
  // Sources in cell order, so that rows append in the database's layout; batches of a bounded
  // count keep the host's copy of the rows in flight small.
  std::vector<std::uint64_t> row_begin(cells + 1, 0);
  std::vector<std::uint32_t> runs;
  std::vector<std::uint32_t> batch;
  constexpr std::size_t kBatch = 1 << 14;
  std::uint64_t next_cell = 0;
  const auto flush = [&] {
    const std::vector<std::vector<std::uint32_t>> rows_of = rows(batch);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      for (; next_cell <= batch[i]; ++next_cell) row_begin[next_cell] = runs.size();
      runs.insert(runs.end(), rows_of[i].begin(), rows_of[i].end());
    }
    batch.clear();
  };
  for (std::uint32_t c = 0; c < cells; ++c) {
    if (map_.blocked(c)) continue;
    batch.push_back(c);
    if (batch.size() == kBatch) flush();
  }
  if (!batch.empty()) flush();
  for (; next_cell <= cells; ++next_cell) row_begin[next_cell] = runs.size();
  return FirstMoveDb(map_, order_, std::move(row_begin), std::move(runs));
}

struct GpuCpdQueries::Impl {
  cuda::Stream stream;
  cuda::DeviceBuffer<std::uint64_t> row_begin;
  cuda::DeviceBuffer<std::uint32_t> runs;
  cuda::DeviceBuffer<std::uint32_t> position;
  cuda::DeviceBuffer<std::uint8_t> moves;
};

std::size_t GpuCpdQueries::device_bytes(const FirstMoveDb& db) {
  return db.runs().size() * 4 + db.row_begin().size() * 8 + db.order().position.size() * 5;
}

GpuCpdQueries::GpuCpdQueries(const FirstMoveDb& db, const SearchMap& map)
    : db_(db), map_(map), impl_(std::make_unique<Impl>()) {
  if (!gpu_available()) throw ResourceError("no usable GPU: " + gpu_info().reason);
  if (db.width() != map.width() || db.height() != map.height())
    throw InputError("GpuCpdQueries: the database is not of this map");
  const Stopwatch clock;
  Impl& im = *impl_;
  cudaStream_t s = im.stream.get();
  im.row_begin.allocate(db.row_begin().size());
  im.row_begin.copy_from(db.row_begin(), s);
  im.runs.allocate(std::max<std::size_t>(1, db.runs().size()));
  im.runs.copy_from(db.runs(), s);
  im.position.allocate(map.cell_count());
  im.position.copy_from(db.order().position, s);
  im.moves.allocate(map.cell_count());
  im.moves.copy_from(map.moves(), s);
  im.stream.synchronize();
  times_.transfer_ms = clock.seconds() * 1e3;
}

GpuCpdQueries::~GpuCpdQueries() = default;

std::vector<SearchResult> GpuCpdQueries::queries(std::span<const Query> queries, bool want_paths) {
  Impl& im = *impl_;
  const Stopwatch total;
  cudaStream_t s = im.stream.get();
  std::vector<SearchResult> results(queries.size());
  // Trivial queries (a blocked end, another component, start = goal) are answered here.
  std::vector<QueryJob> jobs;
  std::vector<std::size_t> job_of;
  const std::vector<std::uint32_t>& component = db_.order().component;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const Query& q = queries[i];
    if (!map_.contains(q.start) || !map_.contains(q.goal))
      throw InputError("a query point lies outside the " + std::to_string(map_.width()) + "x" +
                       std::to_string(map_.height()) + " map");
    const std::uint32_t a = map_.index(q.start);
    const std::uint32_t b = map_.index(q.goal);
    if (map_.blocked(a) || map_.blocked(b) || component[a] != component[b]) continue;
    if (a == b) {
      results[i].key = 0;
      if (want_paths) results[i].path = {q.start};
      continue;
    }
    jobs.push_back({a, b});
    job_of.push_back(i);
  }
  times_.kernel_ms = 0;
  times_.transfer_ms = 0;
  if (jobs.empty()) return results;
  const auto n = static_cast<std::uint32_t>(jobs.size());
  Stopwatch transfer;
  cuda::DeviceBuffer<QueryJob> device_jobs{std::span<const QueryJob>(jobs)};
  cuda::DeviceBuffer<unsigned long long> keys(n);
  cuda::DeviceBuffer<std::uint32_t> steps(n);
  cuda::DeviceBuffer<std::uint32_t> error(1);
  error.fill_bytes(0, s);
  times_.transfer_ms += transfer.seconds() * 1e3;
  QueryParams p{im.row_begin.data(),
                im.runs.data(),
                im.position.data(),
                im.moves.data(),
                map_.width(),
                map_.cell_count(),
                unit_metric(map_),
                device_jobs.data(),
                n,
                keys.data(),
                steps.data(),
                nullptr,
                nullptr,
                error.data()};
  const unsigned blocks = (n + kQueryThreads - 1) / kQueryThreads;
  cuda::EventTimer timer;
  timer.start(s);
  query_kernel<<<blocks, kQueryThreads, 0, s>>>(p);
  ARCWAVE_CUDA_CHECK_LAUNCH("cpd query_kernel");
  timer.stop(s);
  times_.kernel_ms += timer.milliseconds();
  transfer.restart();
  std::vector<unsigned long long> host_keys(n);
  std::vector<std::uint32_t> host_steps(n);
  std::uint32_t host_error = 0;
  keys.copy_to(std::span<unsigned long long>(host_keys), s);
  steps.copy_to(std::span<std::uint32_t>(host_steps), s);
  error.copy_to(std::span<std::uint32_t>(&host_error, 1), s);
  times_.transfer_ms += transfer.seconds() * 1e3;
  if (host_error != 0) throw InternalError("GPU first-move walk: a closed move or no end");
  std::vector<std::uint32_t> pool;
  std::vector<std::uint64_t> offsets;
  if (want_paths) {
    // Second pass: every query's cells at its offset.
    std::uint64_t sum = 0;
    for (const std::uint32_t k : host_steps) {
      offsets.push_back(sum);
      sum += static_cast<std::uint64_t>(k) + 1;
    }
    transfer.restart();
    cuda::DeviceBuffer<std::uint64_t> device_offsets{std::span<const std::uint64_t>(offsets)};
    cuda::DeviceBuffer<std::uint32_t> device_pool(sum);
    times_.transfer_ms += transfer.seconds() * 1e3;
    p.path_offset = device_offsets.data();
    p.pool = device_pool.data();
    timer.start(s);
    query_kernel<<<blocks, kQueryThreads, 0, s>>>(p);
    ARCWAVE_CUDA_CHECK_LAUNCH("cpd query_kernel (paths)");
    timer.stop(s);
    times_.kernel_ms += timer.milliseconds();
    transfer.restart();
    pool.resize(sum);
    device_pool.copy_to(std::span<std::uint32_t>(pool), s);
    times_.transfer_ms += transfer.seconds() * 1e3;
  }
  for (std::uint32_t j = 0; j < n; ++j) {
    SearchResult& r = results[job_of[j]];
    r.key = host_keys[j];
    r.expanded = host_steps[j];
    if (!want_paths) continue;
    r.path.reserve(host_steps[j] + 1U);
    for (std::uint32_t k = 0; k <= host_steps[j]; ++k)
      r.path.push_back(map_.point(pool[offsets[j] + k]));
  }
  times_.total_ms = total.seconds() * 1e3;
  return results;
}

}  // namespace arcwave::grid
