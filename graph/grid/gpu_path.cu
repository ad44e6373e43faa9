// Path recovery after a GPU wave (unit or octile labels): a single warp walking the device
// labels (lanes test the candidate moves of a step at once, the first in priority order wins),
// or a kernel that gives every cell its next move (4 bits, two cells per byte) for the host to
// walk after one download.
#include <algorithm>

#include "arcwave/error.hpp"
#include "graph/grid/gpu_wave_impl.cuh"
#include "graph/grid/octile.hpp"

namespace arcwave::grid {

namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFFU;
constexpr std::uint8_t kNoMove = 15;

struct Order {
  int move[8];
  int count;
};

/// Whether `there` (the label across move m) is one step nearer than `here`.
template <bool kOctile, typename L>
__device__ bool nearer(L there, L here, int m) {
  if constexpr (kOctile) {
    return there != kOctileUnreached && octile_step(there, m) == here;
  } else {
    return there != kNone && there + 1 == here;
  }
}

template <bool kOctile, typename L>
__global__ void walk_path(const std::uint8_t* moves, const L* labels, MoveOffsets offsets,
                          Order order, std::uint32_t start, std::uint64_t steps,
                          std::uint32_t* path, std::uint32_t* failed) {
  const int lane = static_cast<int>(threadIdx.x);
  std::uint32_t cur = start;
  for (std::uint64_t i = 0; i < steps; ++i) {
    if (lane == 0) path[i] = cur;
    const L here = labels[cur];
    const std::uint8_t open = moves[cur];
    bool ok = false;
    int m = 0;
    if (lane < order.count) {
      m = order.move[lane];
      ok = (open >> m & 1U) != 0 &&
           nearer<kOctile>(labels[static_cast<long long>(cur) + offsets.at[m]], here, m);
    }
    const unsigned ballot = __ballot_sync(0xFFFFFFFFU, ok);
    if (ballot == 0) {
      if (lane == 0) *failed = cur;
      return;
    }
    const int pick = order.move[__ffs(static_cast<int>(ballot)) - 1];
    cur = static_cast<std::uint32_t>(static_cast<long long>(cur) + offsets.at[pick]);
  }
  if (lane == 0) path[steps] = cur;
}

template <bool kOctile, typename L>
__global__ void next_moves(const std::uint8_t* moves, const L* labels, std::uint64_t cells,
                           MoveOffsets offsets, Order order, std::uint8_t* codes) {
  const std::uint64_t pairs = (cells + 1) / 2;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t p = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       p < pairs; p += stride) {
    std::uint8_t byte = 0;
    for (int half = 0; half < 2; ++half) {
      const std::uint64_t c = 2 * p + static_cast<std::uint64_t>(half);
      std::uint8_t code = kNoMove;
      if (c < cells) {
        const L here = labels[c];
        const std::uint8_t open = moves[c];
        const bool walkable =
            kOctile ? (here != kOctileUnreached && here != 0) : (here != kNone && here != 0);
        for (int j = 0; walkable && j < order.count; ++j) {
          const int m = order.move[j];
          if ((open >> m & 1U) != 0 &&
              nearer<kOctile>(labels[static_cast<long long>(c) + offsets.at[m]], here, m)) {
            code = static_cast<std::uint8_t>(m);
            break;
          }
        }
      }
      byte = static_cast<std::uint8_t>(byte | (code << (4 * half)));
    }
    codes[p] = byte;
  }
}

// One thread follows the codes of next_moves from the start: one dependent byte load per step
// (the warp walk above waits on a cell's label, then on its neighbours').
__global__ void walk_codes(const std::uint8_t* codes, MoveOffsets offsets, std::uint32_t start,
                           std::uint64_t steps, std::uint32_t* path, std::uint32_t* failed) {
  std::uint32_t cur = start;
  for (std::uint64_t i = 0; i < steps; ++i) {
    path[i] = cur;
    const std::uint8_t code = (codes[cur / 2] >> (4 * (cur % 2))) & 0xF;
    if (code == kNoMove) {
      *failed = cur;
      return;
    }
    cur = static_cast<std::uint32_t>(static_cast<long long>(cur) + offsets.at[code]);
  }
  path[steps] = cur;
}

[[noreturn]] void broken_labels(std::uint32_t cell) {
  throw InternalError("GPU path recovery: no neighbour of cell " + std::to_string(cell) +
                      " is nearer to the finish (labels are not a wave labelling)");
}

template <bool kOctile, typename L>
std::vector<std::uint32_t> recover(GpuLeeWave::Impl& im, const L* labels, std::uint32_t start,
                                   std::uint64_t steps, const Order& order, PathMethod method) {
  cudaStream_t s = im.stream.get();
  const MoveOffsets offsets = move_offsets(im.width);
  std::vector<std::uint32_t> path(steps + 1);
  if (method == PathMethod::kDeviceWalk) {
    cuda::DeviceBuffer<std::uint32_t> device_path(steps + 1);
    std::uint32_t* failed = im.counters.data() + kChanged;
    ARCWAVE_CUDA_CHECK(cudaMemsetAsync(failed, 0xFF, sizeof(std::uint32_t), s));
    walk_path<kOctile, L><<<1, 32, 0, s>>>(im.moves.data(), labels, offsets, order, start, steps,
                                           device_path.data(), failed);
    ARCWAVE_CUDA_CHECK_LAUNCH("walk_path");
    im.fetch_counters();
    if (im.host_counters[kChanged] != kNone) broken_labels(im.host_counters[kChanged]);
    device_path.copy_to(path, s);
    return path;
  }
  cuda::DeviceBuffer<std::uint8_t> codes((im.cells + 1) / 2);
  int device = 0;
  int sms = 0;
  ARCWAVE_CUDA_CHECK(cudaGetDevice(&device));
  ARCWAVE_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  const auto blocks = static_cast<unsigned>(std::min<std::uint64_t>(
      (codes.size() + kCellBlock - 1) / kCellBlock, static_cast<std::uint64_t>(sms) * 32));
  next_moves<kOctile, L><<<blocks, kCellBlock, 0, s>>>(im.moves.data(), labels, im.cells, offsets,
                                                       order, codes.data());
  ARCWAVE_CUDA_CHECK_LAUNCH("next_moves");
  if (method == PathMethod::kDeviceCodes) {
    cuda::DeviceBuffer<std::uint32_t> device_path(steps + 1);
    std::uint32_t* failed = im.counters.data() + kChanged;
    ARCWAVE_CUDA_CHECK(cudaMemsetAsync(failed, 0xFF, sizeof(std::uint32_t), s));
    walk_codes<<<1, 1, 0, s>>>(codes.data(), offsets, start, steps, device_path.data(), failed);
    ARCWAVE_CUDA_CHECK_LAUNCH("walk_codes");
    im.fetch_counters();
    if (im.host_counters[kChanged] != kNone) broken_labels(im.host_counters[kChanged]);
    device_path.copy_to(path, s);
    return path;
  }
  const std::vector<std::uint8_t> host_codes = codes.to_host(s);
  std::uint32_t cur = start;
  for (std::uint64_t i = 0; i < steps; ++i) {
    path[i] = cur;
    const std::uint8_t code = (host_codes[cur / 2] >> (4 * (cur % 2))) & 0xF;
    if (code == kNoMove) broken_labels(cur);
    cur = static_cast<std::uint32_t>(static_cast<long long>(cur) + offsets.at[code]);
  }
  path[steps] = cur;
  return path;
}

}  // namespace

std::vector<std::uint32_t> recover_path_cells(GpuLeeWave::Impl& im, Point start, Priority priority,
                                              PathMethod method) {
  const auto start_cell =
      static_cast<std::uint32_t>(start.y) * static_cast<std::uint32_t>(im.width) +
      static_cast<std::uint32_t>(start.x);
  if (im.is_blocked(start_cell)) return {};
  const std::array<int, 8> moves = move_order(priority);
  Order order{};
  for (int i = 0; i < 8; ++i) order.move[i] = moves[static_cast<std::size_t>(i)];
  order.count = im.n == Neighbourhood::kVonNeumann ? 4 : 8;
  std::vector<std::uint32_t> path;
  if (im.n == Neighbourhood::kOctile) {
    std::uint64_t here = 0;
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(&here, im.octile.data() + start_cell, sizeof here,
                                       cudaMemcpyDeviceToHost, im.stream.get()));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(im.stream.get()));
    if (here == kOctileUnreached) return {};
    path = recover<true>(im, im.octile.data(), start_cell,
                         std::uint64_t{octile_orth(here)} + octile_diag(here), order, method);
  } else {
    std::uint32_t here = 0;
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(&here, im.labels.data() + start_cell, sizeof here,
                                       cudaMemcpyDeviceToHost, im.stream.get()));
    ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(im.stream.get()));
    if (here == kNone) return {};
    path = recover<false>(im, im.labels.data(), start_cell, here, order, method);
  }
  const auto finish_cell =
      static_cast<std::uint32_t>(im.finish.y) * static_cast<std::uint32_t>(im.width) +
      static_cast<std::uint32_t>(im.finish.x);
  if (path.back() != finish_cell) broken_labels(path.back());
  return path;
}

}  // namespace arcwave::grid
