// graph/csr/build_gpu.hpp with CUDA: expand (undirected mirrors, dropped loops) with two CUB
// exclusive scans, stable CUB radix sort of source * n + target keys carrying the weights,
// CUB reduce-by-key (min) or unique for merged parallel edges, then offsets from the sorted
// keys. Stable sorting keeps the input order of parallel edges, as build_csr() does.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include <bit>
#include <cstdint>

#include "core/cuda/check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "graph/csr/build_cpu.hpp"
#include "graph/csr/build_gpu.hpp"

namespace arcwave {

namespace {

constexpr int kBlock = 256;

unsigned blocks_for(std::uint64_t items) {
  const std::uint64_t b = (items + kBlock - 1) / kBlock;
  return static_cast<unsigned>(b < 1 ? 1 : (b > 65535ULL * 64 ? 65535ULL * 64 : b));
}

/// Runs a CUB device algorithm: first call sizes the temporary storage, second runs it.
template <typename Call>
void run_cub(const char* name, Call call, cudaStream_t stream) {
  std::size_t bytes = 0;
  ARCWAVE_CUDA_CHECK(call(nullptr, bytes));
  cuda::DeviceBuffer<unsigned char> temp(bytes > 0 ? bytes : 1);
  const cudaError_t status = call(temp.data(), bytes);
  if (status != cudaSuccess) cuda::throw_cuda_error(status, name, __FILE__, __LINE__);
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
}

// keep[i]: input edge i is kept; mirror[i]: its reverse is added (undirected, not a loop).
__global__ void flag_edges(const std::uint32_t* src, const std::uint32_t* dst, std::uint64_t m,
                           bool drop_loops, bool undirected, std::uint64_t* keep,
                           std::uint64_t* mirror) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < m;
       i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x) {
    const bool loop = src[i] == dst[i];
    keep[i] = (drop_loops && loop) ? 0 : 1;
    mirror[i] = (undirected && !loop) ? 1 : 0;
  }
}

// After the exclusive scans, keep[i] / mirror[i] hold output positions; the flags are
// recomputed from the edge itself.
template <typename Weight>
__global__ void write_keys(const std::uint32_t* src, const std::uint32_t* dst, const Weight* w,
                           std::uint64_t m, std::uint64_t n, bool drop_loops, bool undirected,
                           const std::uint64_t* keep_pos, const std::uint64_t* mirror_pos,
                           std::uint64_t kept, std::uint64_t* keys, Weight* values) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < m;
       i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x) {
    const std::uint64_t u = src[i];
    const std::uint64_t v = dst[i];
    const bool loop = u == v;
    if (!(drop_loops && loop)) {
      keys[keep_pos[i]] = u * n + v;
      if (w != nullptr) values[keep_pos[i]] = w[i];
    }
    if (undirected && !loop) {
      keys[kept + mirror_pos[i]] = v * n + u;
      if (w != nullptr) values[kept + mirror_pos[i]] = w[i];
    }
  }
}

// offsets[v] = first position whose source is >= v; targets = key % n.
__global__ void offsets_and_targets(const std::uint64_t* keys, std::uint64_t count, std::uint64_t n,
                                    std::uint64_t* offsets, std::uint32_t* targets) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x;
       i < count; i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x) {
    const std::uint64_t s = keys[i] / n;
    targets[i] = static_cast<std::uint32_t>(keys[i] % n);
    const std::uint64_t first = i == 0 ? 0 : keys[i - 1] / n + 1;
    for (std::uint64_t v = first; v <= s; ++v) offsets[v] = i;
    if (i + 1 == count)
      for (std::uint64_t v = s + 1; v <= n; ++v) offsets[v] = count;
  }
}

struct MinOp {
  template <typename T>
  __device__ T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
};

}  // namespace

template <typename Weight>
Csr<Weight> build_csr_gpu(const EdgeList<Weight>& list, const BuildOptions& options,
                          GpuBuildTimes* times) {
  const std::uint64_t loops = validate_edge_list(list);
  const std::uint64_t m = list.size();
  const std::uint64_t n = list.vertex_count;
  const bool undirected = !options.directed;
  const bool drop_loops = options.self_loops == SelfLoops::kDrop;
  const bool weighted = list.weighted();
  const std::uint64_t kept = drop_loops ? m - loops : m;
  const std::uint64_t total = kept + (undirected ? m - loops : 0);

  Csr<Weight> csr;
  csr.vertex_count = list.vertex_count;
  csr.offsets.assign(n + 1, 0);
  if (total == 0) {
    if (times != nullptr) *times = {};
    return csr;
  }
  cudaStream_t stream = nullptr;
  cuda::EventTimer upload_timer;
  cuda::EventTimer build_timer;
  cuda::EventTimer download_timer;

  upload_timer.start(stream);
  cuda::DeviceBuffer<std::uint32_t> src{std::span<const std::uint32_t>(list.sources)};
  cuda::DeviceBuffer<std::uint32_t> dst{std::span<const std::uint32_t>(list.targets)};
  cuda::DeviceBuffer<Weight> w;
  if (weighted) w = cuda::DeviceBuffer<Weight>{std::span<const Weight>(list.weights)};
  upload_timer.stop(stream);

  build_timer.start(stream);
  cuda::DeviceBuffer<std::uint64_t> keep_pos(m);
  cuda::DeviceBuffer<std::uint64_t> mirror_pos(m);
  flag_edges<<<blocks_for(m), kBlock, 0, stream>>>(src.data(), dst.data(), m, drop_loops,
                                                   undirected, keep_pos.data(), mirror_pos.data());
  ARCWAVE_CUDA_CHECK_LAUNCH("flag_edges");
  for (std::uint64_t* pos : {keep_pos.data(), mirror_pos.data()})
    run_cub(
        "cub::DeviceScan::ExclusiveSum",
        [&](void* temp, std::size_t& bytes) {
          return cub::DeviceScan::ExclusiveSum(temp, bytes, pos, pos, m, stream);
        },
        stream);

  cuda::DeviceBuffer<std::uint64_t> keys(total);
  cuda::DeviceBuffer<Weight> values(weighted ? total : 0);
  write_keys<<<blocks_for(m), kBlock, 0, stream>>>(
      src.data(), dst.data(), weighted ? w.data() : nullptr, m, n, drop_loops, undirected,
      keep_pos.data(), mirror_pos.data(), kept, keys.data(), values.data());
  ARCWAVE_CUDA_CHECK_LAUNCH("write_keys");

  const int end_bit = std::bit_width(n * n - 1);  // n < 2^32, so n * n - 1 fits
  cuda::DeviceBuffer<std::uint64_t> sorted_keys(total);
  cuda::DeviceBuffer<Weight> sorted_values(weighted ? total : 0);
  if (weighted) {
    run_cub(
        "cub::DeviceRadixSort::SortPairs",
        [&](void* temp, std::size_t& bytes) {
          return cub::DeviceRadixSort::SortPairs(temp, bytes, keys.data(), sorted_keys.data(),
                                                 values.data(), sorted_values.data(), total, 0,
                                                 end_bit, stream);
        },
        stream);
  } else {
    run_cub(
        "cub::DeviceRadixSort::SortKeys",
        [&](void* temp, std::size_t& bytes) {
          return cub::DeviceRadixSort::SortKeys(temp, bytes, keys.data(), sorted_keys.data(), total,
                                                0, end_bit, stream);
        },
        stream);
  }

  std::uint64_t count = total;
  cuda::DeviceBuffer<std::uint64_t>* final_keys = &sorted_keys;
  cuda::DeviceBuffer<Weight>* final_values = &sorted_values;
  if (options.parallel_edges == ParallelEdges::kMergeMin) {
    cuda::DeviceBuffer<std::uint64_t> runs(1);
    if (weighted) {
      run_cub(
          "cub::DeviceReduce::ReduceByKey",
          [&](void* temp, std::size_t& bytes) {
            return cub::DeviceReduce::ReduceByKey(temp, bytes, sorted_keys.data(), keys.data(),
                                                  sorted_values.data(), values.data(), runs.data(),
                                                  MinOp{}, total, stream);
          },
          stream);
      final_values = &values;
    } else {
      run_cub(
          "cub::DeviceSelect::Unique",
          [&](void* temp, std::size_t& bytes) {
            return cub::DeviceSelect::Unique(temp, bytes, sorted_keys.data(), keys.data(),
                                             runs.data(), static_cast<std::int64_t>(total), stream);
          },
          stream);
    }
    final_keys = &keys;
    ARCWAVE_CUDA_CHECK(cudaMemcpy(&count, runs.data(), sizeof count, cudaMemcpyDeviceToHost));
  }

  cuda::DeviceBuffer<std::uint64_t> offsets(n + 1);
  cuda::DeviceBuffer<std::uint32_t> targets(count);
  offsets_and_targets<<<blocks_for(count), kBlock, 0, stream>>>(final_keys->data(), count, n,
                                                                offsets.data(), targets.data());
  ARCWAVE_CUDA_CHECK_LAUNCH("offsets_and_targets");
  build_timer.stop(stream);

  download_timer.start(stream);
  csr.targets.resize(count);
  offsets.copy_to(std::span<std::uint64_t>(csr.offsets), stream);
  targets.copy_to(std::span<std::uint32_t>(csr.targets), stream);
  if (weighted) {
    csr.weights.resize(count);
    ARCWAVE_CUDA_CHECK(cudaMemcpyAsync(csr.weights.data(), final_values->data(),
                                       count * sizeof(Weight), cudaMemcpyDeviceToHost, stream));
  }
  download_timer.stop(stream);
  ARCWAVE_CUDA_CHECK(cudaStreamSynchronize(stream));
  if (times != nullptr)
    *times = {upload_timer.milliseconds(), build_timer.milliseconds(),
              download_timer.milliseconds()};
  return csr;
}

template Csr<std::int32_t> build_csr_gpu(const EdgeList<std::int32_t>&, const BuildOptions&,
                                         GpuBuildTimes*);
template Csr<std::int64_t> build_csr_gpu(const EdgeList<std::int64_t>&, const BuildOptions&,
                                         GpuBuildTimes*);
template Csr<float> build_csr_gpu(const EdgeList<float>&, const BuildOptions&, GpuBuildTimes*);
template Csr<double> build_csr_gpu(const EdgeList<double>&, const BuildOptions&, GpuBuildTimes*);

}  // namespace arcwave
