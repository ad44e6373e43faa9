// Definitions for bench/frontier/gpu_bfs.hpp.
#include <span>

#include "bench/frontier/gpu_bfs.hpp"
#include "core/cuda/device_buffer.cuh"
#include "core/frontier/frontier.cuh"

namespace arcwave::bench {

namespace {

constexpr std::uint32_t kUnset = UINT32_MAX;

/// BFS levels: the first relaxation to reach an unlabelled vertex labels it round + 1 (the
/// plain read first spares the atomic on vertices labelled already).
struct LevelRelax {
  std::uint32_t* level;
  __device__ bool operator()(std::uint32_t, std::uint64_t, std::uint32_t dst,
                             std::uint32_t round) const {
    return level[dst] == kUnset && atomicCAS(&level[dst], kUnset, round + 1) == kUnset;
  }
};

/// Changes nothing and asks for the target again: only the driver's work remains.
struct EmptyRelax {
  __device__ bool operator()(std::uint32_t, std::uint64_t, std::uint32_t, std::uint32_t) const {
    return true;
  }
};

}  // namespace

struct GpuBfs::Impl {
  cuda::Stream stream;
  cuda::DeviceBuffer<std::uint64_t> offsets;
  cuda::DeviceBuffer<std::uint32_t> targets;
  cuda::DeviceBuffer<std::uint32_t> level;
  cuda::DeviceBuffer<std::uint32_t> seed{1};
  CsrView<float> view;
  frontier::Workspace workspace;
  cuda::EventTimer timer;
  explicit Impl(const Csr<std::int32_t>& g)
      : offsets(std::span<const std::uint64_t>(g.offsets)),
        targets(std::span<const std::uint32_t>(g.targets)),
        level(g.vertex_count),
        view{g.vertex_count, g.edge_count(), offsets.data(), targets.data(), nullptr},
        workspace(g.vertex_count) {}
};

GpuBfs::GpuBfs(const Csr<std::int32_t>& graph) : impl_(std::make_unique<Impl>(graph)) {}
GpuBfs::~GpuBfs() = default;

TimedRun GpuBfs::run(std::uint32_t source, const frontier::Options& options) {
  Impl& im = *impl_;
  const cudaStream_t s = im.stream.get();
  im.level.fill_bytes(0xFF, s);
  const std::uint32_t zero = 0;
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(im.level.data() + source, &zero, sizeof zero, cudaMemcpyHostToDevice, s));
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(im.seed.data(), &source, sizeof source, cudaMemcpyHostToDevice, s));
  im.stream.synchronize();
  TimedRun out;
  im.timer.start(s);
  out.stats = frontier::run(im.view, im.seed.data(), 1, LevelRelax{im.level.data()}, im.workspace,
                            s, options);
  im.timer.stop(s);
  out.ms = im.timer.milliseconds();
  return out;
}

std::vector<std::uint32_t> GpuBfs::levels() const {
  return impl_->level.to_host(impl_->stream.get());
}

TimedRun empty_rounds(std::uint32_t rounds, const frontier::Options& options) {
  static const std::uint64_t offsets_host[2] = {0, 1};
  static const std::uint32_t targets_host[1] = {0};
  static cuda::Stream stream;
  static cuda::DeviceBuffer<std::uint64_t> offsets{std::span<const std::uint64_t>(offsets_host)};
  static cuda::DeviceBuffer<std::uint32_t> targets{std::span<const std::uint32_t>(targets_host)};
  static frontier::Workspace workspace(1);
  static cuda::EventTimer timer;
  const CsrView<float> view{1, 1, offsets.data(), targets.data(), nullptr};
  const cudaStream_t s = stream.get();
  const std::uint32_t zero = 0;
  ARCWAVE_CUDA_CHECK(
      cudaMemcpyAsync(workspace.seed_queue(), &zero, sizeof zero, cudaMemcpyHostToDevice, s));
  stream.synchronize();
  frontier::Options o = options;
  o.max_rounds = rounds;
  TimedRun out;
  timer.start(s);
  out.stats = frontier::run(view, workspace.seed_queue(), 1, EmptyRelax{}, workspace, s, o);
  timer.stop(s);
  out.ms = timer.milliseconds();
  return out;
}

}  // namespace arcwave::bench
