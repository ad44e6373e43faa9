// The GPU frontier driver against the CPU driver and a plain BFS ([gpu]: runs on the GPU
// machine, skips elsewhere).
#include <vector>

#include "core/cuda/device_buffer.cuh"
#include "core/frontier/frontier.cuh"
#include "tests/core/frontier/random_graph.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave;

namespace {

struct BfsRelax {
  std::uint32_t* level;
  __device__ bool operator()(std::uint32_t, std::uint64_t, std::uint32_t dst,
                             std::uint32_t round) const {
    return atomicCAS(&level[dst], UINT32_MAX, round + 1) == UINT32_MAX;
  }
};

std::vector<std::uint32_t> gpu_bfs(const test::OwnedCsr& g, std::uint32_t source,
                                   frontier::Workspace& ws, frontier::Stats* stats) {
  cuda::DeviceBuffer<std::uint64_t> offsets{std::span<const std::uint64_t>(g.offsets)};
  cuda::DeviceBuffer<std::uint32_t> targets{std::span<const std::uint32_t>(g.targets)};
  std::vector<std::uint32_t> init(g.n, UINT32_MAX);
  init[source] = 0;
  cuda::DeviceBuffer<std::uint32_t> level{std::span<const std::uint32_t>(init)};
  const CsrView<float> view{g.n, g.targets.size(), offsets.data(), targets.data(), nullptr};
  ARCWAVE_CUDA_CHECK(cudaMemcpy(ws.seed_queue(), &source, sizeof source, cudaMemcpyHostToDevice));
  *stats = frontier::run(view, ws.seed_queue(), 1, BfsRelax{level.data()}, ws);
  return level.to_host();
}

}  // namespace

TEST_CASE("GPU frontier BFS equals plain BFS", "[gpu][frontier]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint32_t seed = 1; seed <= 12; ++seed) {
    const test::OwnedCsr g = test::random_csr(1000 + seed * 4099, 0.8 + seed % 5, seed);
    frontier::Workspace ws(g.n);
    frontier::Stats stats;
    // Twice on one workspace: the second run must not see the first run's stamps.
    for (int repeat = 0; repeat < 2; ++repeat) {
      const std::vector<std::uint32_t> level = gpu_bfs(g, seed % g.n, ws, &stats);
      CHECK(level == test::bfs_levels(g, seed % g.n));
      CHECK(stats.last_frontier == 0);
    }
  }
}

TEST_CASE("GPU frontier on a large graph with hubs", "[gpu][frontier]") {
  ARCWAVE_REQUIRE_GPU();
  const test::OwnedCsr g = test::random_csr(1 << 20, 4.0, 7);
  frontier::Workspace ws(g.n);
  frontier::Stats stats;
  CHECK(gpu_bfs(g, 3, ws, &stats) == test::bfs_levels(g, 3));
}
