// GpuGridSearch (graph/grid/gpu_search.hpp): the query batch (one CTA per query at a time,
// best-first over tiles) and the single-source near-far tile wave, both on the tile relaxation
// of gpu_tile_wave.cuh.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "arcwave/error.hpp"
#include "core/cuda/device_buffer.cuh"
#include "core/gpu_runtime.hpp"
#include "core/timer.hpp"
#include "graph/grid/gpu_search.hpp"
#include "graph/grid/gpu_tile_wave.cuh"

namespace arcwave::grid {

using tile_wave::DeviceMap;
using tile_wave::kThreads;
using tile_wave::kTile;
using tile_wave::Shared;
using tile_wave::TileJob;

namespace {

constexpr std::uint32_t kNoTile = 0xFFFFFFFFU;

struct QueryJob {
  std::uint32_t start;
  std::uint32_t goal;
};

struct QueryOut {
  std::uint64_t key;
  std::uint64_t relaxed;
  std::uint64_t path_offset;
  std::uint32_t path_cells;
  std::uint32_t overflow;  // the path did not fit the pool (path_cells says how many it needs)
};

struct QueryParams {
  DeviceMap map;
  const QueryJob* jobs;
  std::uint32_t count;
  QueryOut* out;
  std::uint32_t* next;
  std::uint64_t* labels;  // slots x cells
  std::uint32_t* stamps;  // slots x tiles
  std::uint64_t* prio;    // slots x tiles: smallest f of pending work, or unreached
  std::uint64_t cells;
  std::uint32_t tiles;
  std::uint32_t stamp_base;
  bool want_paths;
  std::uint32_t* pool;
  std::uint64_t pool_capacity;
  unsigned long long* pool_used;
};

__device__ std::uint32_t tile_of(const DeviceMap& map, std::uint32_t cell) {
  const std::uint32_t w = static_cast<std::uint32_t>(map.width);
  return (cell / w / kTile) * map.tiles_x + (cell % w) / kTile;
}

__device__ int local_of(const DeviceMap& map, std::uint32_t cell) {
  const std::uint32_t w = static_cast<std::uint32_t>(map.width);
  return static_cast<int>(((cell / w) % kTile) * kTile + (cell % w) % kTile);
}

/// (key, tile) of the smallest key over the CTA, ties to the smaller tile; every thread gets it.
struct Pick {
  std::uint64_t key;
  std::uint32_t tile;
};

__device__ bool pick_less(const Pick& a, const Pick& b) {
  return octile_less(a.key, b.key) || (a.key == b.key && a.tile < b.tile);
}

__device__ Pick block_pick(Pick v, Pick* warp_best) {
  const unsigned tid = threadIdx.y * kTile + threadIdx.x;
  const unsigned lane = tid % 32U;
  const unsigned warp = tid / 32U;
  for (int off = 16; off > 0; off /= 2) {
    const Pick other{__shfl_down_sync(0xFFFFFFFFU, v.key, off),
                     __shfl_down_sync(0xFFFFFFFFU, v.tile, off)};
    if (pick_less(other, v)) v = other;
  }
  if (lane == 0) warp_best[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = warp_best[lane];
    for (int off = 16; off > 0; off /= 2) {
      const Pick other{__shfl_down_sync(0xFFFFFFFFU, v.key, off),
                       __shfl_down_sync(0xFFFFFFFFU, v.tile, off)};
      if (pick_less(other, v)) v = other;
    }
    if (lane == 0) warp_best[0] = v;
  }
  __syncthreads();
  v = warp_best[0];
  __syncthreads();
  return v;
}

/// Walks from the goal to the start over the lengths of the search (warp 0, lane m tries move
/// m): returns the cells on the path; writes them (start first) to `out` when given.
__device__ std::uint32_t walk_path(const DeviceMap& map, const TileJob& job, std::uint32_t start,
                                   std::uint32_t goal, std::uint32_t* out, std::uint32_t capacity) {
  const unsigned lane = threadIdx.x;
  std::uint32_t c = goal;
  std::uint32_t cells = 0;
  std::uint32_t total = capacity;  // with `out`: the count of the first walk
  for (;;) {
    if (out != nullptr && lane == 0) out[total - 1 - cells] = c;
    ++cells;
    if (c == start) return cells;
    if (cells > map.width * static_cast<std::uint64_t>(map.height)) return 0xFFFFFFFFU;
    const std::uint64_t here = job.labels[c];
    bool ok = false;
    std::uint32_t next = 0;
    if (lane < 8 && (map.moves[c] >> lane & 1U) != 0) {
      const int m = static_cast<int>(lane);
      next = static_cast<std::uint32_t>(
          static_cast<long long>(c) + static_cast<long long>(move_dy(m)) * map.width + move_dx(m));
      if (tile_wave::tile_valid(job, tile_of(map, next))) {
        const std::uint64_t there = job.labels[next];
        const std::uint32_t cn = map.costs != nullptr ? map.costs[next] : 0;
        const std::uint32_t cc = map.costs != nullptr ? map.costs[c] : 0;
        ok = there != kOctileUnreached && map.metric.step(there, m, cn, cc) == here;
      }
    }
    const unsigned found = __ballot_sync(0xFFFFFFFFU, ok);
    if (found == 0) return 0xFFFFFFFFU;  // cannot happen with exact lengths
    c = __shfl_sync(0xFFFFFFFFU, next, __ffs(static_cast<int>(found)) - 1);
  }
}

template <bool kWeighted>
__global__ void __launch_bounds__(kThreads, 1) query_kernel(QueryParams p) {
  __shared__ Shared sh;
  __shared__ Pick warp_best[kThreads / 32];
  __shared__ std::uint32_t s_query;
  __shared__ std::uint64_t s_goal_length;
  __shared__ std::uint64_t s_path_offset;
  __shared__ std::uint32_t s_path_cells;
  const unsigned tid = threadIdx.y * kTile + threadIdx.x;
  std::uint64_t* labels = p.labels + static_cast<std::uint64_t>(blockIdx.x) * p.cells;
  std::uint32_t* stamps = p.stamps + static_cast<std::uint64_t>(blockIdx.x) * p.tiles;
  std::uint64_t* prio = p.prio + static_cast<std::uint64_t>(blockIdx.x) * p.tiles;
  for (;;) {
    if (tid == 0) s_query = atomicAdd(p.next, 1U);
    __syncthreads();
    const std::uint32_t q = s_query;
    if (q >= p.count) return;
    const QueryJob qj = p.jobs[q];
    const std::uint32_t w = static_cast<std::uint32_t>(p.map.width);
    const int gx = static_cast<int>(qj.goal % w);
    const int gy = static_cast<int>(qj.goal / w);
    const std::uint32_t start_tile = tile_of(p.map, qj.start);
    const std::uint32_t goal_tile = tile_of(p.map, qj.goal);
    const int goal_local = local_of(p.map, qj.goal);
    TileJob job{labels, stamps, p.stamp_base + q + 1, 0, gx, gy, true, kOctileUnreached, -1};
    std::uint64_t relaxed = 0;
    if (tid == 0) {
      s_goal_length = kOctileUnreached;
      prio[start_tile] = p.map.metric.heuristic(static_cast<int>(qj.start % w) - gx,
                                                static_cast<int>(qj.start / w) - gy);
    }
    __syncthreads();
    bool seed_pending = true;
    for (;;) {
      Pick mine{kOctileUnreached, kNoTile};
      for (std::uint32_t t = tid; t < p.tiles; t += kThreads) {
        const Pick here{prio[t], t};
        if (pick_less(here, mine)) mine = here;
      }
      const Pick best = block_pick(mine, warp_best);
      const std::uint64_t bound = s_goal_length;
      if (best.key == kOctileUnreached || !octile_less(best.key, bound)) break;
      const bool fresh = stamps[best.tile] != job.stamp;
      job.tile = best.tile;
      job.bound = bound;
      job.seed = seed_pending && best.tile == start_tile ? local_of(p.map, qj.start) : -1;
      if (best.tile == start_tile) seed_pending = false;
      __syncthreads();  // every thread read prio and the stamp before thread 0 changes them
      if (tid == 0) prio[best.tile] = kOctileUnreached;
      tile_wave::relax_tile<kWeighted>(p.map, job, sh);
      if (tid == 0) {
        if (fresh) stamps[best.tile] = job.stamp;
        relaxed += sh.fell;
        const int tx = static_cast<int>(best.tile % p.map.tiles_x);
        const int ty = static_cast<int>(best.tile / p.map.tiles_x);
        for (int b = 0; b < 9; ++b) {
          if ((sh.neighbours >> b & 1U) == 0) continue;
          const int nx = tx + b % 3 - 1;
          const int ny = ty + b / 3 - 1;
          if (nx < 0 || ny < 0 || nx >= static_cast<int>(p.map.tiles_x) ||
              ny >= static_cast<int>(p.map.tiles_y))
            continue;
          const std::uint32_t nt =
              static_cast<std::uint32_t>(ny) * p.map.tiles_x + static_cast<std::uint32_t>(nx);
          prio[nt] = tile_wave::key_min(prio[nt], sh.border_min);
        }
        if (best.tile == goal_tile)
          s_goal_length = sh.label[goal_local / kTile + 1][goal_local % kTile + 1];
      }
      __syncthreads();
    }
    for (std::uint32_t t = tid; t < p.tiles; t += kThreads) prio[t] = kOctileUnreached;
    const std::uint64_t length = s_goal_length;
    if (p.want_paths && length != kOctileUnreached && tid < 32) {
      const std::uint32_t cells = walk_path(p.map, job, qj.start, qj.goal, nullptr, 0);
      if (tid == 0) {
        s_path_cells = cells;
        s_path_offset = cells == 0xFFFFFFFFU
                            ? 0
                            : atomicAdd(p.pool_used, static_cast<unsigned long long>(cells));
      }
      __syncwarp();
      if (cells != 0xFFFFFFFFU && s_path_offset + cells <= p.pool_capacity)
        walk_path(p.map, job, qj.start, qj.goal, p.pool + s_path_offset, cells);
    }
    if (tid == 0) {
      QueryOut out{length, relaxed, 0, 0, 0};
      if (p.want_paths && length != kOctileUnreached) {
        out.path_cells = s_path_cells;
        out.path_offset = s_path_offset;
        out.overflow =
            s_path_cells != 0xFFFFFFFFU && s_path_offset + s_path_cells > p.pool_capacity ? 1U : 0U;
      }
      p.out[q] = out;
    }
    __syncthreads();
  }
}

struct PassParams {
  DeviceMap map;
  std::uint64_t* labels;
  std::uint64_t* prio;
  const std::uint32_t* list;
  std::uint32_t count;
  std::uint32_t seed_tile;
  int seed_local;
};

__device__ void atomic_key_min(std::uint64_t* slot, std::uint64_t value) {
  auto* bits = reinterpret_cast<unsigned long long*>(slot);
  unsigned long long seen = *bits;
  while (octile_less(value, seen)) {
    const unsigned long long before = atomicCAS(bits, seen, value);
    if (before == seen) return;
    seen = before;
  }
}

template <bool kWeighted>
__global__ void __launch_bounds__(kThreads, 1) pass_kernel(PassParams p) {
  __shared__ Shared sh;
  const unsigned tid = threadIdx.y * kTile + threadIdx.x;
  for (std::uint32_t i = blockIdx.x; i < p.count; i += gridDim.x) {
    const std::uint32_t tile = p.list[i];
    const TileJob job{p.labels,
                      nullptr,
                      0,
                      tile,
                      0,
                      0,
                      false,
                      kOctileUnreached,
                      tile == p.seed_tile ? p.seed_local : -1};
    tile_wave::relax_tile<kWeighted>(p.map, job, sh);
    if (tid == 0 && sh.neighbours != 0) {
      const int tx = static_cast<int>(tile % p.map.tiles_x);
      const int ty = static_cast<int>(tile / p.map.tiles_x);
      for (int b = 0; b < 9; ++b) {
        if ((sh.neighbours >> b & 1U) == 0) continue;
        const int nx = tx + b % 3 - 1;
        const int ny = ty + b / 3 - 1;
        if (nx < 0 || ny < 0 || nx >= static_cast<int>(p.map.tiles_x) ||
            ny >= static_cast<int>(p.map.tiles_y))
          continue;
        atomic_key_min(p.prio + static_cast<std::uint32_t>(ny) * p.map.tiles_x +
                           static_cast<std::uint32_t>(nx),
                       sh.border_min);
      }
    }
    __syncthreads();
  }
}

__device__ double key_value(std::uint64_t key) {
  return static_cast<double>(octile_orth(key)) +
         static_cast<double>(octile_diag(key)) * 1.4142135623730950488;
}

/// Moves the active tiles whose priority is at most `bound` to `list` (inactive again) and
/// takes the smallest priority of the others (as the bits of a non-negative double).
__global__ void select_kernel(std::uint64_t* prio, std::uint32_t tiles, double bound,
                              std::uint32_t* list, std::uint32_t* count,
                              unsigned long long* rest_min) {
  for (std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x; t < tiles;
       t += gridDim.x * blockDim.x) {
    const std::uint64_t k = prio[t];
    if (k == kOctileUnreached) continue;
    const double v = key_value(k);
    if (v <= bound) {
      prio[t] = kOctileUnreached;
      list[atomicAdd(count, 1U)] = t;
    } else {
      atomicMin(rest_min, static_cast<unsigned long long>(__double_as_longlong(v)));
    }
  }
}

int resident_ctas(const void* kernel) {
  int per_sm = 0;
  ARCWAVE_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kThreads, 0));
  return std::max(1, per_sm) * std::max(1, gpu_info().multiprocessors);
}

}  // namespace

namespace {

// Copies `count` device values into a new host vector through two pinned buffers in turn: the
// DMA of one chunk runs while the host appends the other (a pageable copy of the 800 MB of a
// 10^4 x 10^4 map's lengths runs at a fraction of the bus, and a pre-filled vector touches
// every page twice).
std::vector<std::uint64_t> download_staged(const std::uint64_t* device, std::size_t count,
                                           cudaStream_t s) {
  constexpr std::size_t kChunk = std::size_t{4} << 20;  // values: 32 MB per buffer
  std::vector<std::uint64_t> out;
  out.reserve(count);
  if (count <= kChunk) {
    out.resize(count);
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(out.data(), device, count * sizeof(std::uint64_t),
                                       cudaMemcpyDeviceToHost, s));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));
    return out;
  }
  cuda::PinnedBuffer<std::uint64_t> staging[2] = {cuda::PinnedBuffer<std::uint64_t>(kChunk),
                                                  cuda::PinnedBuffer<std::uint64_t>(kChunk)};
  cudaEvent_t ready[2];
  for (cudaEvent_t& e : ready)
    ARCWAVE_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  const std::size_t chunks = (count + kChunk - 1) / kChunk;
  auto issue = [&](std::size_t c) {
    const std::size_t first = c * kChunk;
    const std::size_t n = std::min(kChunk, count - first);
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(staging[c % 2].data(), device + first,
                                       n * sizeof(std::uint64_t), cudaMemcpyDeviceToHost, s));
    ARCWAVE_CUDA_CHECK(cudaEventRecord(ready[c % 2], s));
  };
  issue(0);
  for (std::size_t c = 0; c < chunks; ++c) {
    if (c + 1 < chunks) issue(c + 1);
    ARCWAVE_CUDA_CHECK(cudaEventSynchronize(ready[c % 2]));
    const std::size_t n = std::min(kChunk, count - c * kChunk);
    out.insert(out.end(), staging[c % 2].data(), staging[c % 2].data() + n);
  }
  for (cudaEvent_t& e : ready) ARCWAVE_CUDA_CHECK(cudaEventDestroy(e));
  return out;
}

}  // namespace

struct GpuGridSearch::Impl {
  DeviceMap map{};
  cuda::DeviceBuffer<std::uint8_t> moves;
  cuda::DeviceBuffer<std::uint16_t> costs;
  cuda::Stream stream;
  std::uint32_t tiles = 0;
  // Query slots (grown on demand).
  std::uint32_t slots = 0;
  cuda::DeviceBuffer<std::uint64_t> labels;
  cuda::DeviceBuffer<std::uint32_t> stamps;
  cuda::DeviceBuffer<std::uint64_t> prio;
  std::uint64_t stamp_base = 0;
  double mean_step = 0;  // single_source's default delta / kTile (0: not computed yet)
};

std::size_t GpuGridSearch::slot_bytes(const SearchMap& map) {
  const std::uint64_t tiles = static_cast<std::uint64_t>((map.width() + kTile - 1) / kTile) *
                              ((map.height() + kTile - 1) / kTile);
  return map.cell_count() * sizeof(std::uint64_t) + tiles * (sizeof(std::uint32_t) + 8);
}

GpuGridSearch::GpuGridSearch(const SearchMap& map) : map_(map), impl_(std::make_unique<Impl>()) {
  if (!gpu_available()) throw ResourceError("no usable GPU: " + gpu_info().reason);
  const Stopwatch clock;
  Impl& im = *impl_;
  im.moves.allocate(map.cell_count());
  im.moves.copy_from(map.moves(), im.stream.get());
  if (map.weighted()) {
    im.costs.allocate(map.cell_count());
    im.costs.copy_from(map.costs(), im.stream.get());
  }
  im.map.moves = im.moves.data();
  im.map.costs = map.weighted() ? im.costs.data() : nullptr;
  im.map.width = map.width();
  im.map.height = map.height();
  im.map.tiles_x = static_cast<std::uint32_t>((map.width() + kTile - 1) / kTile);
  im.map.tiles_y = static_cast<std::uint32_t>((map.height() + kTile - 1) / kTile);
  im.map.metric = map.metric();
  im.tiles = im.map.tiles_x * im.map.tiles_y;
  im.stream.synchronize();
  times_.upload_ms = clock.seconds() * 1e3;
}

GpuGridSearch::~GpuGridSearch() = default;

std::vector<SearchResult> GpuGridSearch::queries(std::span<const Query> queries, bool want_paths) {
  Impl& im = *impl_;
  cudaStream_t s = im.stream.get();
  std::vector<SearchResult> results(queries.size());
  // Trivial queries (a blocked end, start = goal) are answered here; the rest go to the GPU.
  std::vector<QueryJob> jobs;
  std::vector<std::size_t> job_of;
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const Query& q = queries[i];
    if (!map_.contains(q.start) || !map_.contains(q.goal))
      throw InputError("a query point lies outside the " + std::to_string(map_.width()) + "x" +
                       std::to_string(map_.height()) + " map");
    const std::uint32_t a = map_.index(q.start);
    const std::uint32_t b = map_.index(q.goal);
    if (map_.blocked(a) || map_.blocked(b)) continue;
    if (a == b) {
      results[i].key = 0;
      results[i].expanded = 0;
      if (want_paths) results[i].path = {q.start};
      continue;
    }
    jobs.push_back({a, b});
    job_of.push_back(i);
  }
  times_.kernel_ms = 0;
  times_.download_ms = 0;
  if (jobs.empty()) return results;

  const void* kernel = map_.weighted() ? reinterpret_cast<const void*>(&query_kernel<true>)
                                       : reinterpret_cast<const void*>(&query_kernel<false>);
  const std::size_t per_slot = slot_bytes(map_);
  const std::uint64_t by_memory = std::max<std::uint64_t>(1, gpu_free_memory() / 2 / per_slot);
  const auto slots = static_cast<std::uint32_t>(std::min<std::uint64_t>(
      {static_cast<std::uint64_t>(resident_ctas(kernel)), by_memory, jobs.size()}));
  if (slots > im.slots) {
    im.labels.allocate(static_cast<std::uint64_t>(slots) * map_.cell_count());
    im.stamps.allocate(static_cast<std::uint64_t>(slots) * im.tiles);
    im.prio.allocate(static_cast<std::uint64_t>(slots) * im.tiles);
    im.stamps.fill_bytes(0, s);
    im.prio.fill_bytes(0xFF, s);
    im.slots = slots;
    im.stamp_base = 0;
  }
  times_.slots = slots;
  cuda::DeviceBuffer<QueryJob> device_jobs{std::span<const QueryJob>(jobs)};
  cuda::DeviceBuffer<QueryOut> out(jobs.size());
  cuda::DeviceBuffer<std::uint32_t> next(1);
  cuda::DeviceBuffer<unsigned long long> pool_used(1);
  std::uint64_t capacity = 0;
  if (want_paths) {
    const std::uint64_t side = static_cast<std::uint64_t>(map_.width()) + map_.height();
    capacity = std::clamp<std::uint64_t>(jobs.size() * side, 1 << 16, 1ULL << 27);
    if (path_pool_cap_ > 0) capacity = std::min(capacity, path_pool_cap_);
  }
  cuda::DeviceBuffer<std::uint32_t> pool(std::max<std::uint64_t>(capacity, 1));
  std::vector<QueryOut> host_out(jobs.size());
  std::vector<std::uint32_t> host_pool;

  // One launch over `count` jobs starting at `first` of device_jobs (stamps must not repeat).
  const auto launch = [&](const QueryJob* job_data, QueryOut* out_data, std::uint32_t count,
                          std::uint32_t* pool_data, std::uint64_t pool_capacity) {
    if (im.stamp_base + count + 1 >= 0xFFFFFFFFULL) {
      im.stamps.fill_bytes(0, s);
      im.stamp_base = 0;
    }
    next.fill_bytes(0, s);
    pool_used.fill_bytes(0, s);
    QueryParams p{im.map,
                  job_data,
                  count,
                  out_data,
                  next.data(),
                  im.labels.data(),
                  im.stamps.data(),
                  im.prio.data(),
                  map_.cell_count(),
                  im.tiles,
                  static_cast<std::uint32_t>(im.stamp_base),
                  want_paths,
                  pool_data,
                  pool_capacity,
                  pool_used.data()};
    im.stamp_base += count;
    const dim3 block(kTile, kTile);
    const unsigned grid = std::min<std::uint32_t>(slots, count);
    cuda::EventTimer timer;
    timer.start(s);
    if (map_.weighted())
      query_kernel<true><<<grid, block, 0, s>>>(p);
    else
      query_kernel<false><<<grid, block, 0, s>>>(p);
    ARCWAVE_CUDA_CHECK_LAUNCH("query_kernel");
    timer.stop(s);
    times_.kernel_ms += timer.milliseconds();
  };
  launch(device_jobs.data(), out.data(), static_cast<std::uint32_t>(jobs.size()), pool.data(),
         capacity);
  Stopwatch download;
  out.copy_to(std::span<QueryOut>(host_out), s);
  if (want_paths) {
    std::uint64_t used = 0;
    ARCWAVE_CUDA_CHECK(
        cudaMemcpyAsync(&used, pool_used.data(), sizeof used, cudaMemcpyDeviceToHost, s));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));
    host_pool.resize(std::min(used, capacity));
    if (!host_pool.empty()) pool.copy_to(std::span<std::uint32_t>(host_pool), s);
  }
  times_.download_ms += download.seconds() * 1e3;

  // Paths that did not fit: those queries again, with a pool of exactly their size.
  std::vector<std::size_t> again;
  std::uint64_t again_cells = 0;
  for (std::size_t j = 0; j < jobs.size(); ++j)
    if (host_out[j].overflow != 0) {
      again.push_back(j);
      again_cells += host_out[j].path_cells;
    }
  std::vector<QueryOut> again_out;
  std::vector<std::uint32_t> again_pool;
  if (!again.empty()) {
    std::vector<QueryJob> retry;
    for (const std::size_t j : again) retry.push_back(jobs[j]);
    cuda::DeviceBuffer<QueryJob> retry_jobs{std::span<const QueryJob>(retry)};
    cuda::DeviceBuffer<QueryOut> retry_out(retry.size());
    cuda::DeviceBuffer<std::uint32_t> retry_pool(again_cells);
    launch(retry_jobs.data(), retry_out.data(), static_cast<std::uint32_t>(retry.size()),
           retry_pool.data(), again_cells);
    again_out.resize(retry.size());
    retry_out.copy_to(std::span<QueryOut>(again_out), s);
    again_pool.resize(again_cells);
    retry_pool.copy_to(std::span<std::uint32_t>(again_pool), s);
  }

  std::size_t retried = 0;
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    SearchResult& r = results[job_of[j]];
    const bool from_retry = retried < again.size() && again[retried] == j;
    const QueryOut& o = from_retry ? again_out[retried] : host_out[j];
    const std::vector<std::uint32_t>& cells_pool = from_retry ? again_pool : host_pool;
    if (from_retry) ++retried;
    r.key = o.key;
    r.expanded = o.relaxed;
    if (!want_paths || o.key == kOctileUnreached) continue;
    if (o.overflow != 0 || o.path_cells == 0xFFFFFFFFU)
      throw InternalError("GPU path recovery failed for a query");
    r.path.reserve(o.path_cells);
    for (std::uint32_t k = 0; k < o.path_cells; ++k)
      r.path.push_back(map_.point(cells_pool[o.path_offset + k]));
  }
  return results;
}

std::vector<std::uint64_t> GpuGridSearch::single_source(Point source,
                                                        const SingleSourceOptions& options) {
  Impl& im = *impl_;
  cudaStream_t s = im.stream.get();
  if (!map_.contains(source))
    throw InputError("the source lies outside the " + std::to_string(map_.width()) + "x" +
                     std::to_string(map_.height()) + " map");
  const std::uint32_t cell = map_.index(source);
  times_.kernel_ms = 0;
  times_.passes = 0;
  times_.tile_visits = 0;
  if (map_.blocked(cell)) return std::vector<std::uint64_t>(map_.cell_count(), kOctileUnreached);
  double delta = options.delta;
  if (delta <= 0) {
    if (im.mean_step == 0) {  // one pass over the costs per map, not per source
      im.mean_step = 1;
      if (map_.weighted()) {
        double sum = 0;
        std::uint64_t free_cells = 0;
        for (const std::uint16_t c : map_.costs())
          if (c != 0) {
            sum += c;
            ++free_cells;
          }
        im.mean_step = free_cells > 0 ? 2 * sum / static_cast<double>(free_cells) : 2;
      }
    }
    delta = kTile * im.mean_step;
  }
  cuda::DeviceBuffer<std::uint64_t> labels(map_.cell_count());
  cuda::DeviceBuffer<std::uint64_t> prio(im.tiles);
  cuda::DeviceBuffer<std::uint32_t> list(im.tiles);
  cuda::DeviceBuffer<std::uint32_t> count(1);
  cuda::DeviceBuffer<unsigned long long> rest(1);
  cuda::PinnedBuffer<std::uint32_t> host_count(1);
  cuda::PinnedBuffer<unsigned long long> host_rest(1);
  labels.fill_bytes(0xFF, s);
  prio.fill_bytes(0xFF, s);
  const std::uint32_t w = static_cast<std::uint32_t>(map_.width());
  const std::uint32_t seed_tile = (cell / w / kTile) * im.map.tiles_x + (cell % w) / kTile;
  const int seed_local = static_cast<int>(((cell / w) % kTile) * kTile + (cell % w) % kTile);
  const std::uint64_t zero = 0;
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(prio.data() + seed_tile, &zero, sizeof zero, cudaMemcpyHostToDevice, s));
  const void* kernel = map_.weighted() ? reinterpret_cast<const void*>(&pass_kernel<true>)
                                       : reinterpret_cast<const void*>(&pass_kernel<false>);
  const auto resident = static_cast<std::uint32_t>(resident_ctas(kernel));
  const unsigned select_blocks = std::max(1U, std::min(1024U, (im.tiles + 255) / 256));
  double bound = delta;
  bool seeded = false;
  cuda::EventTimer timer;
  timer.start(s);
  for (;;) {
    count.fill_bytes(0, s);
    rest.fill_bytes(0x7F, s);  // a huge double
    select_kernel<<<select_blocks, 256, 0, s>>>(prio.data(), im.tiles, bound, list.data(),
                                                count.data(), rest.data());
    ARCWAVE_CUDA_CHECK_LAUNCH("select_kernel");
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(host_count.data(), count.data(), sizeof(std::uint32_t),
                                       cudaMemcpyDeviceToHost, s));
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(host_rest.data(), rest.data(), sizeof(unsigned long long),
                                       cudaMemcpyDeviceToHost, s));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));
    const std::uint32_t n = *host_count.data();
    if (n == 0) {
      if (*host_rest.data() == 0x7F7F7F7F7F7F7F7FULL) break;  // no active tile
      double rest_value = 0;
      std::memcpy(&rest_value, host_rest.data(), sizeof rest_value);
      bound = std::max(bound + delta, rest_value);
      continue;
    }
    const PassParams p{im.map,
                       labels.data(),
                       prio.data(),
                       list.data(),
                       n,
                       seeded ? kNoTile : seed_tile,
                       seeded ? -1 : seed_local};
    seeded = true;
    const dim3 block(kTile, kTile);
    const unsigned grid = std::min(n, resident);
    if (map_.weighted())
      pass_kernel<true><<<grid, block, 0, s>>>(p);
    else
      pass_kernel<false><<<grid, block, 0, s>>>(p);
    ARCWAVE_CUDA_CHECK_LAUNCH("pass_kernel");
    ++times_.passes;
    times_.tile_visits += n;
  }
  timer.stop(s);
  times_.kernel_ms = timer.milliseconds();
  const Stopwatch download;
  std::vector<std::uint64_t> result = download_staged(labels.data(), map_.cell_count(), s);
  times_.download_ms = download.seconds() * 1e3;
  return result;
}

}  // namespace arcwave::grid
