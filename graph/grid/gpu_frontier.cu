// The frontier variant of the Lee wave: the cells labelled in the last level are a queue; one
// thread per queued cell labels its unlabelled open neighbours (atomicCAS) and appends them to
// the next queue (one atomic per warp). The queues are those of the shared frontier driver
// (core/frontier/frontier.cuh); the neighbours come from the grid's coordinates, so no CSR.
#include "arcwave/error.hpp"
#include "graph/grid/gpu_wave_impl.cuh"

namespace arcwave::grid {

namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFFU;

template <bool kMoore>
__global__ void expand_level(const std::uint8_t* moves, std::uint32_t* labels, MoveOffsets offsets,
                             const std::uint32_t* current, std::uint32_t size, std::uint32_t* next,
                             std::uint32_t* next_count, std::uint32_t level) {
  const unsigned lane = threadIdx.x % 32;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  // Whole warps iterate together so that the ballots below see every lane.
  for (std::uint64_t base =
           static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x - lane;
       base < size; base += stride) {
    const std::uint64_t i = base + lane;
    const bool valid = i < size;
    const std::uint32_t c = valid ? current[i] : 0;
    const std::uint8_t open = valid ? moves[c] : 0;
#pragma unroll
    for (int m = 0; m < (kMoore ? 8 : 4); ++m) {
      bool claimed = false;
      std::uint32_t d = 0;
      if ((open >> m & 1U) != 0) {
        d = static_cast<std::uint32_t>(static_cast<long long>(c) + offsets.at[m]);
        claimed = labels[d] == kNone && atomicCAS(&labels[d], kNone, level + 1) == kNone;
      }
      const unsigned ballot = __ballot_sync(0xFFFFFFFFU, claimed);
      if (ballot == 0) continue;
      const int leader = __ffs(static_cast<int>(ballot)) - 1;
      std::uint32_t slot = 0;
      if (static_cast<int>(lane) == leader)
        slot = atomicAdd(next_count, static_cast<std::uint32_t>(__popc(ballot)));
      slot = __shfl_sync(0xFFFFFFFFU, slot, leader);
      if (claimed)
        next[slot + static_cast<std::uint32_t>(__popc(ballot & ((1U << lane) - 1U)))] = d;
    }
  }
}

}  // namespace

WaveStats run_frontier_variant(GpuLeeWave::Impl& im, Point finish, std::optional<Point> stop_at) {
  if (!im.workspace) {
    im.workspace = std::make_unique<frontier::Workspace>(static_cast<std::uint32_t>(im.cells));
    ARCWAVE_CUDA_CHECK(cudaDeviceSynchronize());  // its set-up ran on the default stream
  }
  frontier::Workspace& ws = *im.workspace;
  cudaStream_t s = im.stream.get();
  im.labels.fill_bytes(0xFF, s);
  const auto source = static_cast<std::uint32_t>(finish.y) * static_cast<std::uint32_t>(im.width) +
                      static_cast<std::uint32_t>(finish.x);
  const std::uint32_t zero = 0;
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(im.labels.data() + source, &zero, sizeof zero, cudaMemcpyHostToDevice, s));
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(ws.current_queue(), &source, sizeof source, cudaMemcpyHostToDevice, s));
  const std::uint32_t target =
      stop_at ? static_cast<std::uint32_t>(stop_at->y) * static_cast<std::uint32_t>(im.width) +
                    static_cast<std::uint32_t>(stop_at->x)
              : kNone;
  int device = 0;
  int sms = 0;
  ARCWAVE_CUDA_CHECK(cudaGetDevice(&device));
  ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const MoveOffsets offsets = move_offsets(im.width);
  const bool moore = im.n == Neighbourhood::kMoore;
  WaveStats stats;
  std::uint32_t size = 1;
  for (std::uint32_t level = 0; size > 0; ++level) {
    if (target != kNone) {
      std::uint32_t target_label = kNone;
      ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(&target_label, im.labels.data() + target,
                                         sizeof target_label, cudaMemcpyDeviceToHost, s));
      ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));
      if (target_label != kNone) {
        stats.stopped_at_start = true;
        break;
      }
    }
    ARCWAVE_CUDA_CHECK(cudaMemsetAsync(ws.device_count(), 0, sizeof(std::uint32_t), s));
    const auto blocks = static_cast<unsigned>(std::min<std::uint64_t>(
        (size + kCellBlock - 1) / kCellBlock, static_cast<std::uint64_t>(sms) * 16));
    if (moore)
      expand_level<true><<<blocks, kCellBlock, 0, s>>>(im.moves.data(), im.labels.data(), offsets,
                                                       ws.current_queue(), size, ws.next_queue(),
                                                       ws.device_count(), level);
    else
      expand_level<false><<<blocks, kCellBlock, 0, s>>>(im.moves.data(), im.labels.data(), offsets,
                                                        ws.current_queue(), size, ws.next_queue(),
                                                        ws.device_count(), level);
    ARCWAVE_CUDA_CHECK_LAUNCH("expand_level");
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(ws.host_count(), ws.device_count(), sizeof(std::uint32_t),
                                       cudaMemcpyDeviceToHost, s));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(s));
    size = *ws.host_count();
    ws.swap_queues();
    ++stats.steps;
  }
  return stats;
}

}  // namespace arcwave::grid
