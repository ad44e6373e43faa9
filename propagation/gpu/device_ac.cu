// DeviceAc (propagation/gpu/device_ac.hpp): BuildNE from ne_model.inl, then seeding, the
// persistent cooperative fixpoint kernel, and trail-based restoring.
#include <cooperative_groups.h>
#include <thrust/system/cuda/execution_policy.h>
#include <cub/block/block_reduce.cuh>

#include <algorithm>
#include <optional>

#include "arcwave/error.hpp"
#include "core/cuda/caching_allocator.cuh"
#include "core/cuda/check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/gpu_runtime.hpp"
#include "propagation/gpu/ac_gpu.hpp"
#include "propagation/gpu/device_ac.hpp"
#include "propagation/gpu/ne_model_includes.hpp"

namespace arcwave::ne_cuda {
#include "propagation/gpu/ne_model.inl"
}  // namespace arcwave::ne_cuda

namespace arcwave {

namespace {

namespace cg = cooperative_groups;
constexpr int kWarp = 32;
constexpr int kBlock = 256;

struct AcView {
  int* counter;
  std::uint32_t* exists;
  const std::uint32_t* node_var;
  int* live_size;
  const std::uint64_t* csr_offset;
  const std::uint32_t* csr_target;
  const std::uint32_t* csr_counter;
  std::uint32_t* trail;
  std::uint32_t max_item_warps;  // warps that one item's supports can keep busy (max degree / 32)
  DeviceAcStatus* status;        // device memory: the counters kernels update atomically
  DeviceAcStatus* host_copy;     // mapped host memory: the final status of each kernel
  std::uint32_t* host_trail;     // mapped host memory: the trail's new part at each decision's end
};

constexpr int kSmallBlock = 1024;
// Largest round the single-block kernel processes itself, in items and in supports to walk;
// larger ones go to the grid (one block does about this many atomics in a few microseconds).
constexpr std::uint32_t kSmallRoundLimit = 2048;
constexpr std::uint64_t kSmallEdgeLimit = 16384;

// Publishes the device status to the host (called by one thread once the kernel's work is done).
__device__ inline void publish(const AcView& v) {
  volatile DeviceAcStatus* dst = v.host_copy;
  const volatile DeviceAcStatus* src = v.status;
  dst->tail = src->tail;
  dst->processed = src->processed;
  dst->wiped = src->wiped;
  dst->wiped_var = src->wiped_var;
  dst->wiped_counter = src->wiped_counter;
  dst->rounds = src->rounds;
  dst->handoff = src->handoff;
}

// Deletes `node` if present: appends it to the trail and updates its variable's size.
__device__ inline void delete_value(const AcView& v, std::uint32_t node, std::uint32_t counter) {
  if (atomicExch(&v.exists[node], 0U) != 1U) return;
  v.trail[atomicAdd(&v.status->tail, 1U)] = node;
  const std::uint32_t var = v.node_var[node];
  if (atomicSub(&v.live_size[var], 1) == 1) {
    v.status->wiped_var = var;
    v.status->wiped_counter = counter;
    atomicExch(&v.status->wiped, 1U);
  }
}

__global__ void seed_zero_counters(AcView v, const std::uint32_t* counter_node,
                                   std::uint64_t counters) {
  for (std::uint64_t k = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x;
       k < counters; k += static_cast<std::uint64_t>(gridDim.x) * blockDim.x)
    if (v.counter[k] <= 0 && v.exists[counter_node[k]] != 0U)
      delete_value(v, counter_node[k], static_cast<std::uint32_t>(k));
}

// Warps given to each item of a round: one when the round has enough items for all the warps,
// more when it has few (a decision deleting a handful of values of high degree), at most as
// many as the largest support list fills. The same on every thread (uniform arguments).
__host__ __device__ inline std::uint32_t warps_per_item(std::uint64_t warps, std::uint32_t items,
                                                        std::uint32_t max_item_warps) {
  const std::uint64_t share = items == 0 ? 1 : warps / items;
  return static_cast<std::uint32_t>(share < 1 ? 1
                                              : (share > max_item_warps ? max_item_warps : share));
}

// Processes the items of one round: the supports of each item split among `share` warps (warp
// j of an item takes its entries j*32 + lane, stepping by share*32), each lane issuing
// kInFlight decrements before looking at any result (a decrement's result comes back after a
// round trip to L2: one at a time, a long support list is bound by that latency).
constexpr int kInFlight = 4;
__device__ inline void process_round(const AcView& v, std::uint32_t begin, std::uint32_t end,
                                     std::uint64_t warp, std::uint64_t warps, unsigned lane) {
  const std::uint32_t share = warps_per_item(warps, end - begin, v.max_item_warps);
  const std::uint64_t units = static_cast<std::uint64_t>(end - begin) * share;
  const std::uint64_t stride = static_cast<std::uint64_t>(share) * kWarp;
  for (std::uint64_t unit = warp; unit < units; unit += warps) {
    const std::uint32_t node = v.trail[begin + unit / share];
    const std::uint64_t last = v.csr_offset[node + 1];
    for (std::uint64_t e = v.csr_offset[node] + (unit % share) * kWarp + lane; e < last;
         e += kInFlight * stride) {
      std::uint32_t k[kInFlight];
      int before[kInFlight];
#pragma unroll
      for (int i = 0; i < kInFlight; ++i)
        k[i] = e + i * stride < last ? v.csr_counter[e + i * stride] : UINT32_MAX;
#pragma unroll
      for (int i = 0; i < kInFlight; ++i)
        before[i] = k[i] != UINT32_MAX ? atomicSub(&v.counter[k[i]], 1) : 0;
#pragma unroll
      for (int i = 0; i < kInFlight; ++i)
        if (before[i] == 1) delete_value(v, v.csr_target[e + i * stride], k[i]);
    }
  }
}

using detail::DecisionSeeds;

__device__ inline void seed_decision(const AcView& v, const DecisionSeeds& d, std::uint64_t thread,
                                     std::uint64_t threads) {
  for (std::uint64_t b = thread; b < d.size; b += threads)
    if (b != d.keep) delete_value(v, d.first_node + static_cast<std::uint32_t>(b), UINT32_MAX);
  for (std::uint64_t i = thread; i < d.count; i += threads) delete_value(v, d.nodes[i], UINT32_MAX);
}

// Whether the round [begin, end) is small enough for one block: few items, few supports to
// walk. Every block that calls it computes the same answer (no inter-block communication).
template <int kThreads>
__device__ bool fits_one_block(const AcView& v, std::uint32_t begin, std::uint32_t end) {
  if (end - begin > kSmallRoundLimit) return false;
  std::uint64_t mine = 0;
  for (std::uint32_t item = begin + threadIdx.x; item < end; item += kThreads) {
    const std::uint32_t node = v.trail[item];
    mine += v.csr_offset[node + 1] - v.csr_offset[node];
  }
  using BlockSum = cub::BlockReduce<std::uint64_t, kThreads>;
  __shared__ typename BlockSum::TempStorage storage;
  __shared__ std::uint64_t total;
  const std::uint64_t sum = BlockSum(storage).Sum(mine);
  if (threadIdx.x == 0) total = sum;
  __syncthreads();
  const bool fits = total <= kSmallEdgeLimit;
  __syncthreads();  // `total` is read by all before a later call writes it
  return fits;
}

// The end of a kernel's fixpoint work: the status, and — when the decision is done (no
// handoff) — the trail's new part [publish_from, tail) copied to mapped host memory, so the
// host reads it without a copy of its own. Threads `thread` of `threads` share the copy; the
// thread with thread == 0 writes the status.
__device__ inline void finish(const AcView& v, std::uint32_t begin, std::uint32_t rounds,
                              std::uint32_t handoff, std::uint32_t publish_from,
                              std::uint64_t thread, std::uint64_t threads) {
  if (handoff == 0U) {
    const std::uint32_t tail = *static_cast<volatile std::uint32_t*>(&v.status->tail);
    for (std::uint64_t i = publish_from + thread; i < tail; i += threads)
      v.host_trail[i] = v.trail[i];
  }
  if (thread == 0) {
    v.status->processed = begin;
    v.status->rounds += rounds;
    v.status->handoff = handoff;
    publish(v);
  }
}

// Rounds in one block, separated by block barriers, from the round [begin, end) until the
// fixpoint, a wipe-out, or a round too large for one block (handed off to the grid kernel,
// which continues from `processed`). Ends with finish().
template <int kThreads>
__device__ void block_rounds(const AcView& v, std::uint32_t begin, std::uint32_t end,
                             std::uint32_t rounds, std::uint32_t publish_from) {
  const unsigned lane = threadIdx.x % kWarp;
  const std::uint64_t warp = threadIdx.x / kWarp;
  constexpr std::uint64_t kWarps = kThreads / kWarp;
  std::uint32_t wiped = *static_cast<volatile std::uint32_t*>(&v.status->wiped);
  std::uint32_t handoff = 0;
  __syncthreads();
  while (begin < end && wiped == 0U) {
    if (!fits_one_block<kThreads>(v, begin, end)) {
      handoff = 1;
      break;
    }
    process_round(v, begin, end, warp, kWarps, lane);
    __syncthreads();
    const std::uint32_t next_end = *static_cast<volatile std::uint32_t*>(&v.status->tail);
    wiped = *static_cast<volatile std::uint32_t*>(&v.status->wiped);
    __syncthreads();
    begin = end;
    end = next_end;
    ++rounds;
  }
  finish(v, begin, rounds, handoff, publish_from, threadIdx.x, kThreads);
}

// The fixpoint on the whole grid (cooperative launch): seeds, then rounds; each takes the trail
// items queued by the previous one, the supports of each item split among warps
// (process_round); a support count reaching zero deletes (and queues) the value it counts.
// Rounds are separated by grid-wide barriers; a wipe-out stops the loop between rounds. Once a
// round is small enough for one block, block 0 goes on alone with block barriers (a grid-wide
// barrier costs microseconds: a long tail of small rounds is cheaper in one block) and the
// other blocks end.
__global__ void __launch_bounds__(kBlock)
    fixpoint_kernel(AcView v, DecisionSeeds seeds, std::uint32_t publish_from) {
  const cg::grid_group grid = cg::this_grid();
  const unsigned lane = threadIdx.x % kWarp;
  const std::uint64_t warp = grid.thread_rank() / kWarp;
  const std::uint64_t warps = grid.size() / kWarp;
  seed_decision(v, seeds, grid.thread_rank(), grid.size());
  grid.sync();
  std::uint32_t begin = *static_cast<volatile std::uint32_t*>(&v.status->processed);
  std::uint32_t end = *static_cast<volatile std::uint32_t*>(&v.status->tail);
  std::uint32_t rounds = 0;
  grid.sync();  // every block has read the first round's bounds before any block appends
  while (begin < end) {
    process_round(v, begin, end, warp, warps, lane);
    grid.sync();
    const std::uint32_t next_end = *static_cast<volatile std::uint32_t*>(&v.status->tail);
    const std::uint32_t wiped = *static_cast<volatile std::uint32_t*>(&v.status->wiped);
    grid.sync();  // everyone has read before the next round writes
    begin = end;
    end = next_end;
    ++rounds;
    if (wiped != 0U) break;
    if (begin < end && fits_one_block<kBlock>(v, begin, end)) {  // the same in every block
      if (blockIdx.x == 0) block_rounds<kBlock>(v, begin, end, rounds, publish_from);
      return;
    }
  }
  finish(v, begin, rounds, 0, publish_from, grid.thread_rank(), grid.size());
}

// A decision's fixpoint in one block of kSmallBlock threads (a few microseconds when little
// changes): seeds, then block_rounds.
__global__ void __launch_bounds__(kSmallBlock)
    small_fixpoint_kernel(AcView v, DecisionSeeds seeds, std::uint32_t publish_from) {
  seed_decision(v, seeds, threadIdx.x, kSmallBlock);
  __syncthreads();
  const std::uint32_t begin = *static_cast<volatile std::uint32_t*>(&v.status->processed);
  const std::uint32_t end = *static_cast<volatile std::uint32_t*>(&v.status->tail);
  block_rounds<kSmallBlock>(v, begin, end, 0, publish_from);
}

// Puts back trail[from, tail): presence, sizes, and (for processed items) the supports they took;
// `share` warps per item as in process_round.
__global__ void restore_kernel(AcView v, std::uint32_t from, std::uint32_t tail,
                               std::uint32_t processed, std::uint32_t share) {
  const unsigned lane = threadIdx.x % kWarp;
  const std::uint64_t warp =
      (blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x) / kWarp;
  const std::uint64_t warps = static_cast<std::uint64_t>(gridDim.x) * blockDim.x / kWarp;
  const std::uint64_t units = static_cast<std::uint64_t>(tail - from) * share;
  const std::uint64_t stride = static_cast<std::uint64_t>(share) * kWarp;
  for (std::uint64_t unit = warp; unit < units; unit += warps) {
    const std::uint64_t item = from + unit / share;
    const std::uint64_t part = unit % share;
    const std::uint32_t node = v.trail[item];
    if (part == 0 && lane == 0) {
      v.exists[node] = 1U;
      atomicAdd(&v.live_size[v.node_var[node]], 1);
    }
    if (item >= processed) continue;
    for (std::uint64_t e = v.csr_offset[node] + part * kWarp + lane; e < v.csr_offset[node + 1];
         e += stride)
      atomicAdd(&v.counter[v.csr_counter[e]], 1);
  }
}

unsigned grid_for(std::uint64_t items, unsigned cap) {
  return static_cast<unsigned>(std::clamp<std::uint64_t>((items + kBlock - 1) / kBlock, 1, cap));
}

}  // namespace

struct DeviceAc::Impl {
  ne_cuda::NeDevice ne;
  cuda::Stream stream;
  cuda::DeviceBuffer<std::uint32_t> trail;
  cuda::DeviceBuffer<DeviceAcStatus> status;
  cuda::DeviceBuffer<std::uint32_t> seeds;
  // Mapped host memory: the kernels publish here their final status, and the trail's new part
  // at a decision's end (one slot per value; allocated once the model's size is known).
  cuda::PinnedBuffer<DeviceAcStatus> host_status{1, true};
  std::optional<cuda::PinnedBuffer<std::uint32_t>> host_trail;
  std::uint32_t host_trail_from = UINT32_MAX;  // host_trail is valid on [this, tail)
  std::vector<std::uint64_t> csr_offset;       // host copy: supports per value (work estimates)
  unsigned max_cooperative_blocks = 0;
  std::uint32_t max_item_warps = 1;
  [[nodiscard]] AcView view() {
    using ne_cuda::raw;
    return {raw(ne.counter),
            raw(ne.exists),
            raw(ne.node_var),
            raw(ne.live_size),
            raw(ne.csr_offset),
            raw(ne.csr_target),
            raw(ne.csr_counter),
            trail.data(),
            max_item_warps,
            status.data(),
            host_status.device_pointer(),
            host_trail->device_pointer()};
  }
  [[nodiscard]] std::uint64_t supports(std::uint32_t first_node, std::uint32_t end_node) const {
    return csr_offset[end_node] - csr_offset[first_node];
  }
};

constexpr const char* kWho = "the device-resident AC4GPU+ (DeviceAc, the GPU search engine)";

DeviceAc::DeviceAc(const TableNetwork& network) : impl_(std::make_unique<Impl>()) {
  require_binary_ne(network, kWho);
  require_ne_fits_device(ne_sizes(network), network.value_count() * 4);  // + the trail
  bool empty_constraint = false;
  std::vector<std::uint8_t> alive = unary_filter(network, empty_constraint);
  if (empty_constraint) std::fill(alive.begin(), alive.end(), 0);
  build(network.domain_sizes, alive, [&] { ne_cuda::upload_network(network, alive, impl_->ne); });
}

DeviceAc::DeviceAc(const CompactNetwork& network) : impl_(std::make_unique<Impl>()) {
  require_binary_ne(network, kWho);
  require_ne_fits_device(ne_sizes(network), network.value_count() * 4);  // + the trail
  std::vector<std::uint8_t> alive = network.alive;
  if (network.empty_constraint) std::fill(alive.begin(), alive.end(), 0);
  build(network.domain_sizes, alive, [&] { ne_cuda::upload_network(network, alive, impl_->ne); });
}

void DeviceAc::build(const std::vector<std::uint32_t>& domain_sizes,
                     const std::vector<std::uint8_t>& alive, const std::function<void()>& upload) {
  node_offset_.assign(domain_sizes.size() + 1, 0);
  for (std::size_t v = 0; v < domain_sizes.size(); ++v)
    node_offset_[v + 1] = node_offset_[v] + domain_sizes[v];
  cuda::EventTimer timer;
  const cudaStream_t s = impl_->stream.get();
  timer.start(s);
  upload();
  {
    // Thrust's scratch for the build comes from a cache (core/cuda/caching_allocator.cuh).
    cuda::CachingAllocator scratch(s);
    ne_cuda::build_ne(
        impl_->ne, [s, &scratch] { return thrust::cuda::par(scratch).on(s); }, true,
        [](const char*) {});
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));  // before the cache's blocks are freed
  }
  timer.stop(s);
  build_ms_ = timer.milliseconds();
  counter_base_.resize(impl_->ne.counter_base.size());
  thrust::copy(impl_->ne.counter_base.begin(), impl_->ne.counter_base.end(), counter_base_.begin());
  impl_->csr_offset.resize(impl_->ne.csr_offset.size());
  thrust::copy(impl_->ne.csr_offset.begin(), impl_->ne.csr_offset.end(), impl_->csr_offset.begin());
  std::uint64_t max_degree = 0;
  for (std::size_t node = 0; node + 1 < impl_->csr_offset.size(); ++node)
    max_degree = std::max(max_degree, impl_->supports(static_cast<std::uint32_t>(node),
                                                      static_cast<std::uint32_t>(node + 1)));
  impl_->max_item_warps =
      static_cast<std::uint32_t>(std::max<std::uint64_t>((max_degree + kWarp - 1) / kWarp, 1));
  impl_->trail.allocate(std::max<std::uint64_t>(impl_->ne.nodes, 1));
  impl_->status.allocate(1);
  impl_->seeds.allocate(std::max<std::uint64_t>(impl_->ne.nodes, 1));
  impl_->host_trail.emplace(impl_->ne.nodes, true);
  // Values removed by unary constraints are deleted for good: they are not on the trail, and
  // the counters already exclude them. An empty domain there is a wipe-out at the root.
  for (std::size_t v = 0; v < domain_sizes.size(); ++v) {
    bool any = false;
    for (std::uint32_t a = node_offset_[v]; a < node_offset_[v + 1]; ++a)
      any = any || alive[a] != 0;
    if (!any) {
      status_.wiped = 1;
      status_.wiped_var = static_cast<std::uint32_t>(v);
      status_.wiped_counter = UINT32_MAX;
    }
  }
  *impl_->host_status.data() = status_;
  impl_->status.copy_from(std::span<const DeviceAcStatus>(&status_, 1), s);
  int device = 0;
  int sms = 0;
  int per_sm = 0;
  ARCWAVE_CUDA_CHECK(cudaGetDevice(&device));
  ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  ARCWAVE_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fixpoint_kernel, kBlock, 0));
  impl_->max_cooperative_blocks = static_cast<unsigned>(sms * std::max(per_sm, 1));
  impl_->stream.synchronize();
}

DeviceAc::~DeviceAc() = default;

// The grid kernel, relaunched while its block-0 tail hands a grown round back.
void DeviceAc::run_fixpoint(const DecisionSeeds& first_seeds, std::uint32_t publish_from) {
  const cudaStream_t s = impl_->stream.get();
  AcView view = impl_->view();
  unsigned blocks = impl_->max_cooperative_blocks;
  if (fixpoint_blocks_ != 0) blocks = std::min(blocks, fixpoint_blocks_);
  DecisionSeeds seeds = first_seeds;
  do {
    void* args[] = {&view, &seeds, &publish_from};
    ARCWAVE_CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(fixpoint_kernel),
                                                   blocks, kBlock, args, 0, s));
    ARCWAVE_CUDA_CHECK_LAUNCH("fixpoint_kernel");
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));
    status_ = *impl_->host_status.data();
    seeds = DecisionSeeds{};
  } while (status_.handoff != 0U);
  impl_->host_trail_from = std::min(impl_->host_trail_from, publish_from);
}

// A decision: in one block when its first round looks small (the supports of the values it
// removes, an upper bound), else straight on the grid; a block handing a large round off is
// continued on the grid.
void DeviceAc::run_decision(const DecisionSeeds& seeds, std::uint64_t supports_estimate) {
  const std::uint32_t before = status_.tail;
  if (supports_estimate > kSmallEdgeLimit) {
    run_fixpoint(seeds, before);
    return;
  }
  const cudaStream_t s = impl_->stream.get();
  small_fixpoint_kernel<<<1, kSmallBlock, 0, s>>>(impl_->view(), seeds, before);
  ARCWAVE_CUDA_CHECK_LAUNCH("small_fixpoint_kernel");
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));
  status_ = *impl_->host_status.data();
  if (status_.handoff != 0U) {
    run_fixpoint(DecisionSeeds{}, before);  // a large cascade: continue on the whole grid
    return;
  }
  impl_->host_trail_from = std::min(impl_->host_trail_from, before);
}

const DeviceAcStatus& DeviceAc::propagate_root() {
  if (status_.wiped != 0U) return status_;
  const cudaStream_t s = impl_->stream.get();
  AcView view = impl_->view();
  const std::uint32_t before = status_.tail;
  seed_zero_counters<<<grid_for(impl_->ne.counters, 4096), kBlock, 0, s>>>(
      view, ne_cuda::raw(impl_->ne.counter_node), impl_->ne.counters);
  ARCWAVE_CUDA_CHECK_LAUNCH("seed_zero_counters");
  run_fixpoint(DecisionSeeds{}, before);
  return status_;
}

const DeviceAcStatus& DeviceAc::assign(std::uint32_t var, std::uint32_t value) {
  const std::uint32_t first = node_offset_[var];
  const std::uint32_t end = node_offset_[var + 1];
  run_decision(DecisionSeeds{first, end - first, value, nullptr, 0},
               impl_->supports(first, end) - impl_->supports(first + value, first + value + 1));
  return status_;
}

const DeviceAcStatus& DeviceAc::remove(std::span<const std::uint32_t> nodes) {
  const cudaStream_t s = impl_->stream.get();
  if (!nodes.empty())
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(impl_->seeds.data(), nodes.data(), nodes.size_bytes(),
                                       cudaMemcpyHostToDevice, s));
  std::uint64_t estimate = 0;
  for (std::uint32_t node : nodes) estimate += impl_->supports(node, node + 1);
  run_decision(
      DecisionSeeds{0, 0, 0, impl_->seeds.data(), static_cast<std::uint32_t>(nodes.size())},
      estimate);
  return status_;
}

void DeviceAc::restore(std::uint32_t mark) {
  if (mark > status_.tail) throw InternalError("DeviceAc::restore past the trail's end");
  const cudaStream_t s = impl_->stream.get();
  if (mark < status_.tail) {
    // Enough warps to fill the device when few values come back (as many as are resident).
    const std::uint64_t resident_warps =
        std::uint64_t{impl_->max_cooperative_blocks} * (kBlock / kWarp);
    const std::uint32_t items = status_.tail - mark;
    const std::uint32_t share = warps_per_item(resident_warps, items, impl_->max_item_warps);
    restore_kernel<<<grid_for(std::uint64_t{items} * share * kWarp, 8192), kBlock, 0, s>>>(
        impl_->view(), mark, status_.tail, status_.processed, share);
    ARCWAVE_CUDA_CHECK_LAUNCH("restore_kernel");
  }
  status_.tail = mark;
  status_.processed = std::min(status_.processed, mark);
  status_.wiped = 0;
  // The host's copy is the truth between calls; the kernel above reads only its arguments.
  *impl_->host_status.data() = status_;
  ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(impl_->status.data(), impl_->host_status.data(),
                                     sizeof(DeviceAcStatus), cudaMemcpyHostToDevice, s));
}

void DeviceAc::read_trail(std::uint32_t from, std::vector<std::uint32_t>& out) const {
  out.resize(status_.tail > from ? status_.tail - from : 0);
  impl_->stream.synchronize();  // also: a restore in flight has finished
  if (out.empty()) return;
  if (from >= impl_->host_trail_from) {  // published by the kernels: no copy to wait for
    const std::uint32_t* published = impl_->host_trail->data();
    std::copy(published + from, published + status_.tail, out.begin());
    return;
  }
  ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(out.data(), impl_->trail.data() + from,
                                     out.size() * sizeof(std::uint32_t), cudaMemcpyDeviceToHost,
                                     impl_->stream.get()));
  impl_->stream.synchronize();
}

std::vector<std::uint8_t> DeviceAc::alive() const {
  impl_->stream.synchronize();
  std::vector<std::uint32_t> exists(impl_->ne.nodes);
  thrust::copy(impl_->ne.exists.begin(), impl_->ne.exists.end(), exists.begin());
  return {exists.begin(), exists.end()};
}

std::uint32_t DeviceAc::node_var(std::uint32_t node) const {
  const auto it = std::upper_bound(node_offset_.begin(), node_offset_.end(), node);
  return static_cast<std::uint32_t>(it - node_offset_.begin() - 1);
}

std::uint32_t DeviceAc::counter_constraint(std::uint32_t counter) const {
  const auto it =
      std::upper_bound(counter_base_.begin(), counter_base_.end(), std::uint64_t{counter});
  return static_cast<std::uint32_t>(it - counter_base_.begin() - 1);
}

}  // namespace arcwave
