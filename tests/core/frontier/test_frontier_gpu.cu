// Every GPU driver of the frontier loop against the CPU driver (run_cpu) and plain BFS /
// Dijkstra: random graphs, hub-heavy graphs, degrees across the warp width, long paths, empty
// seeds, max_rounds and resuming, the stop flag, duplicate seeds, concurrent relaxations with
// weights, and one workspace reused across drivers. [gpu]: runs on the GPU machine, skips
// elsewhere; [sanitize] marks the small cases bench/device/frontier.sh runs under
// compute-sanitizer.
#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "core/cuda/device_buffer.cuh"
#include "core/frontier/frontier.cuh"
#include "tests/core/frontier/random_graph.hpp"
#include "tests/support/gpu.hpp"

namespace fr = arcwave::frontier;
namespace test = arcwave::test;
using arcwave::CsrView;
using arcwave::cuda::DeviceBuffer;

namespace {

constexpr std::uint32_t kUnset = UINT32_MAX;

struct Variant {
  std::string name;
  fr::Options options;
};

/// Every driver, and the options that change how it schedules or spreads work. `small` keeps
/// launches small for the sanitizers.
std::vector<Variant> variants(bool small = false) {
  using fr::Driver;
  using fr::Gather;
  std::vector<Variant> v;
  auto add = [&](std::string name, Driver d, std::uint32_t k = 0, std::uint32_t blocks = 0,
                 std::uint32_t limit = 0, Gather gather = Gather::kScan) {
    fr::Options o;
    o.driver = d;
    o.rounds_per_check = k;
    o.blocks = small && blocks == 0 ? 4 : blocks;
    o.single_block_limit = limit;
    o.gather = gather;
    v.push_back({std::move(name), o});
  };
  add("host", Driver::kHost);
  add("host warp-per-item", Driver::kHost, 0, 0, 0, Gather::kWarpPerItem);
  add("device", Driver::kDevice);
  add("device k=1", Driver::kDevice, 1);
  add("device k=5 blocks=3 warp-per-item", Driver::kDevice, 5, 3, 0, Gather::kWarpPerItem);
  add("graph", Driver::kGraph);
  add("graph k=1", Driver::kGraph, 1);
  add("graph k=7 warp-per-item", Driver::kGraph, 7, 0, 0, Gather::kWarpPerItem);
  add("cooperative", Driver::kCooperative);
  add("cooperative blocks=2", Driver::kCooperative, 0, 2);
  add("cooperative warp-per-item", Driver::kCooperative, 0, 0, 0, Gather::kWarpPerItem);
  add("single-block", Driver::kSingleBlock);
  add("single-block limit=1", Driver::kSingleBlock, 0, 0, 1);
  add("single-block no hand-over", Driver::kSingleBlock, 0, 0, UINT32_MAX);
  add("single-block warp-per-item", Driver::kSingleBlock, 0, 0, 0, Gather::kWarpPerItem);
  return v;
}

struct DeviceGraph {
  DeviceBuffer<std::uint64_t> offsets;
  DeviceBuffer<std::uint32_t> targets;
  DeviceBuffer<std::uint32_t> weights;
  CsrView<std::uint32_t> view;
  explicit DeviceGraph(const test::OwnedCsr& g)
      : offsets(std::span<const std::uint64_t>(g.offsets)),
        targets(std::max<std::size_t>(g.targets.size(), 1)),
        weights(std::max<std::size_t>(g.weights.size(), 1)) {
    targets.copy_from(std::span<const std::uint32_t>(g.targets));
    weights.copy_from(std::span<const std::uint32_t>(g.weights));
    view = {g.n, g.targets.size(), offsets.data(), targets.data(),
            g.weights.empty() ? nullptr : weights.data()};
  }
};

/// BFS: the round number is the level (what cell-graph routes and the Lee wave do).
struct RoundBfs {
  std::uint32_t* level;
  __device__ bool operator()(std::uint32_t, std::uint64_t, std::uint32_t dst,
                             std::uint32_t round) const {
    return atomicCAS(&level[dst], kUnset, round + 1) == kUnset;
  }
};

/// BFS from the parent's level: independent of the round number, so runs can be resumed. It
/// raises `stop` (when given) on labelling `target`.
struct ParentBfs {
  std::uint32_t* level;
  std::uint32_t target = kUnset;
  std::uint32_t* stop = nullptr;
  __device__ bool operator()(std::uint32_t src, std::uint64_t, std::uint32_t dst,
                             std::uint32_t) const {
    if (atomicCAS(&level[dst], kUnset, level[src] + 1) != kUnset) return false;
    if (dst == target && stop != nullptr) atomicExch(stop, 1U);
    return true;
  }
};

/// Bellman-Ford's relaxation: many threads lower the same distance in one round.
struct MinDistance {
  std::uint32_t* dist;
  const std::uint32_t* weights;
  __device__ bool operator()(std::uint32_t src, std::uint64_t edge, std::uint32_t dst,
                             std::uint32_t) const {
    const std::uint32_t candidate = dist[src] + weights[edge];
    return candidate < atomicMin(&dist[dst], candidate);
  }
};

/// Host-side twins of the device relaxations, for run_cpu.
struct CpuParentBfs {
  std::vector<std::uint32_t>* level;
  std::uint32_t target = kUnset;
  std::uint32_t* stop = nullptr;
  bool operator()(std::uint32_t src, std::uint64_t, std::uint32_t dst, std::uint32_t) const {
    if ((*level)[dst] != kUnset) return false;
    (*level)[dst] = (*level)[src] + 1;
    if (dst == target && stop != nullptr) *stop = 1;
    return true;
  }
};

struct Run {
  fr::Stats stats;
  std::vector<std::uint32_t> level;
  std::vector<std::uint32_t> left;  // the frontier left in ws.seed_queue(), sorted
};

std::vector<std::uint32_t> initial_levels(std::uint32_t n,
                                          const std::vector<std::uint32_t>& seeds) {
  std::vector<std::uint32_t> level(n, kUnset);
  for (const std::uint32_t s : seeds) level[s] = 0;
  return level;
}

std::vector<std::uint32_t> frontier_left(fr::Workspace& ws, std::uint32_t size) {
  std::vector<std::uint32_t> left(size);
  if (size > 0)
    ARCWAVE_CUDA_CHECK(cudaMemcpy(left.data(), ws.seed_queue(), size * sizeof(std::uint32_t),
                                  cudaMemcpyDeviceToHost));
  std::sort(left.begin(), left.end());
  return left;
}

template <typename MakeRelax>
Run gpu_run(const DeviceGraph& g, const std::vector<std::uint32_t>& seeds,
            std::vector<std::uint32_t> level, fr::Workspace& ws, fr::Options options,
            MakeRelax make_relax) {
  DeviceBuffer<std::uint32_t> device_level{std::span<const std::uint32_t>(level)};
  DeviceBuffer<std::uint32_t> device_seeds(std::max<std::size_t>(seeds.size(), 1));
  device_seeds.copy_from(std::span<const std::uint32_t>(seeds));
  const auto relax = make_relax(device_level.data());
  Run out;
  out.stats = fr::run(g.view, device_seeds.data(), static_cast<std::uint32_t>(seeds.size()), relax,
                      ws, nullptr, options);
  out.level = device_level.to_host();
  out.left = frontier_left(ws, out.stats.last_frontier);
  return out;
}

Run cpu_run(const test::OwnedCsr& g, const std::vector<std::uint32_t>& seeds,
            std::uint32_t max_rounds, std::uint32_t target = kUnset) {
  Run out;
  out.level = initial_levels(g.n, seeds);
  std::uint32_t stop = 0;
  out.stats = fr::run_cpu(g.view(), std::span<const std::uint32_t>(seeds),
                          CpuParentBfs{&out.level, target, &stop}, max_rounds, &stop);
  return out;
}

void check_stats(const fr::Stats& got, const fr::Stats& want) {
  CHECK(got.rounds == want.rounds);
  CHECK(got.items == want.items);
  CHECK(got.last_frontier == want.last_frontier);
  CHECK(got.stopped == want.stopped);
}

/// BFS with RoundBfs on every variant equals plain BFS and run_cpu's statistics.
void check_bfs_all(const test::OwnedCsr& g, const std::vector<std::uint32_t>& seeds,
                   bool small = false) {
  const DeviceGraph dg(g);
  const Run want = cpu_run(g, seeds, UINT32_MAX);
  REQUIRE(want.level == test::bfs_levels(g, seeds));
  fr::Workspace ws(g.n);
  for (const Variant& v : variants(small)) {
    INFO(v.name);
    const Run got = gpu_run(dg, seeds, initial_levels(g.n, seeds), ws, v.options,
                            [](std::uint32_t* level) { return RoundBfs{level}; });
    CHECK(got.level == want.level);
    check_stats(got.stats, want.stats);
    CHECK(got.left.empty());
  }
}

/// The vertices at level `l`.
std::vector<std::uint32_t> at_level(const std::vector<std::uint32_t>& level, std::uint32_t l) {
  std::vector<std::uint32_t> v;
  for (std::uint32_t i = 0; i < level.size(); ++i)
    if (level[i] == l) v.push_back(i);
  return v;
}

std::uint32_t farthest(const std::vector<std::uint32_t>& level) {
  std::uint32_t best = 0;
  for (std::uint32_t v = 0; v < level.size(); ++v)
    if (level[v] != kUnset && (level[best] == kUnset || level[v] > level[best])) best = v;
  return best;
}

}  // namespace

TEST_CASE("every GPU driver equals run_cpu and BFS on random graphs", "[gpu][frontier]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint32_t seed = 1; seed <= 6; ++seed) {
    INFO("graph seed " << seed);
    const test::OwnedCsr g = test::random_csr(1000 + seed * 4099, 0.8 + seed % 5, seed);
    check_bfs_all(g, {seed % g.n});
  }
}

TEST_CASE("GPU drivers on a large graph with hubs", "[gpu][frontier]") {
  ARCWAVE_REQUIRE_GPU();
  check_bfs_all(test::random_csr(1 << 20, 4.0, 7), {3});
}

TEST_CASE("GPU drivers on hub-heavy graphs and degrees across the warp width", "[gpu][frontier]") {
  ARCWAVE_REQUIRE_GPU();
  check_bfs_all(test::hub_csr(200000, 6, 60000, 41), {100});
  check_bfs_all(test::hub_csr(50000, 3, 200000, 42), {0});
  check_bfs_all(test::degree_ladder_csr(20000, 43), {70});
}

TEST_CASE("GPU drivers on a path of 10^5 vertices (10^5 rounds)", "[gpu][frontier]") {
  ARCWAVE_REQUIRE_GPU();
  const test::OwnedCsr g = test::path_csr(100000);
  check_bfs_all(g, {0});
}

TEST_CASE("GPU drivers with duplicate and many seeds", "[gpu][frontier]") {
  ARCWAVE_REQUIRE_GPU();
  const test::OwnedCsr g = test::random_csr(30000, 2.5, 51);
  check_bfs_all(g, {5, 5, 900, 5});
  std::vector<std::uint32_t> many;
  for (std::uint32_t v = 0; v < g.n; v += 3) many.push_back(v);
  check_bfs_all(g, many);
}

TEST_CASE("GPU drivers with no seeds run no round", "[gpu][frontier][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  const test::OwnedCsr g = test::random_csr(500, 2.0, 3);
  const DeviceGraph dg(g);
  fr::Workspace ws(g.n);
  for (const Variant& v : variants(true)) {
    INFO(v.name);
    const Run got = gpu_run(dg, {}, initial_levels(g.n, {}), ws, v.options,
                            [](std::uint32_t* level) { return RoundBfs{level}; });
    CHECK(got.stats.rounds == 0);
    CHECK(got.stats.items == 0);
    CHECK(got.stats.last_frontier == 0);
    CHECK(std::all_of(got.level.begin(), got.level.end(), [](auto l) { return l == kUnset; }));
  }
}

TEST_CASE("GPU drivers stop at max_rounds and resume from the frontier left",
          "[gpu][frontier][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  const test::OwnedCsr g = test::random_csr(3000, 2.2, 17);
  const DeviceGraph dg(g);
  const std::vector<std::uint32_t> full = test::bfs_levels(g, 3);
  fr::Workspace ws(g.n);
  for (const std::uint32_t max_rounds : {0U, 1U, 2U, 5U, 40U}) {
    const Run want = cpu_run(g, {3}, max_rounds);
    for (Variant v : variants(true)) {
      INFO(v.name << ", max_rounds " << max_rounds);
      v.options.max_rounds = max_rounds;
      const Run got = gpu_run(dg, {3}, initial_levels(g.n, {3}), ws, v.options,
                              [](std::uint32_t* level) { return ParentBfs{level}; });
      CHECK(got.level == want.level);
      check_stats(got.stats, want.stats);
      CHECK(got.left == at_level(full, std::min(max_rounds, want.stats.rounds)));
      // Resume: the frontier left is in ws.seed_queue(); the levels carry over.
      DeviceBuffer<std::uint32_t> level{std::span<const std::uint32_t>(got.level)};
      v.options.max_rounds = UINT32_MAX;
      fr::run(dg.view, ws.seed_queue(), got.stats.last_frontier, ParentBfs{level.data()}, ws,
              nullptr, v.options);
      CHECK(level.to_host() == full);
    }
  }
}

TEST_CASE("GPU drivers end after the round that raised the stop flag",
          "[gpu][frontier][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  const test::OwnedCsr g = test::random_csr(4000, 1.6, 23);
  const DeviceGraph dg(g);
  const std::vector<std::uint32_t> full = test::bfs_levels(g, 0);
  const std::uint32_t target = farthest(full);
  REQUIRE(full[target] >= 4);
  const Run want = cpu_run(g, {0}, UINT32_MAX, target);
  REQUIRE(want.stats.stopped);
  REQUIRE(want.stats.rounds == full[target]);
  fr::Workspace ws(g.n);
  for (const Variant& v : variants(true)) {
    INFO(v.name);
    std::uint32_t* stop = ws.stop_flag();
    const Run got =
        gpu_run(dg, {0}, initial_levels(g.n, {0}), ws, v.options, [&](std::uint32_t* level) {
          return ParentBfs{level, target, stop};
        });
    CHECK(got.level == want.level);
    check_stats(got.stats, want.stats);
    CHECK(got.left == at_level(full, full[target]));
  }
}

TEST_CASE("GPU drivers with concurrent relaxations (shortest paths)", "[gpu][frontier]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint32_t seed = 1; seed <= 3; ++seed) {
    test::OwnedCsr g = seed == 3 ? test::hub_csr(40000, 4, 20000, seed)
                                 : test::random_csr(20000 * seed, 3.0, seed);
    test::add_weights(g, 1000, seed);
    const DeviceGraph dg(g);
    const std::vector<std::uint32_t> want = test::dijkstra(g, 0);
    fr::Workspace ws(g.n);
    for (const Variant& v : variants()) {
      INFO(v.name << ", graph seed " << seed);
      std::vector<std::uint32_t> init(g.n, kUnset);
      init[0] = 0;
      const Run got = gpu_run(dg, {0}, init, ws, v.options, [&](std::uint32_t* dist) {
        return MinDistance{dist, dg.view.weights};
      });
      CHECK(got.level == want);
      CHECK(got.stats.last_frontier == 0);
    }
  }
}

TEST_CASE("one workspace serves every driver in turn", "[gpu][frontier][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  const test::OwnedCsr g = test::random_csr(2500, 1.5, 61);
  const DeviceGraph dg(g);
  fr::Workspace ws(g.n);
  // One level buffer reused (the graph driver's cached graph matches) and fresh ones (it must
  // be captured again), interleaved with every other driver.
  DeviceBuffer<std::uint32_t> shared_level(g.n);
  for (int pass = 0; pass < 2; ++pass)
    for (const Variant& v : variants(true)) {
      for (const std::uint32_t source : {0U, 77U}) {
        INFO(v.name << ", pass " << pass << ", source " << source);
        const std::vector<std::uint32_t> init = initial_levels(g.n, {source});
        shared_level.copy_from(std::span<const std::uint32_t>(init));
        DeviceBuffer<std::uint32_t> seed{std::span<const std::uint32_t>(&source, 1)};
        const fr::Stats stats =
            fr::run(dg.view, seed.data(), 1, RoundBfs{shared_level.data()}, ws, nullptr, v.options);
        const std::vector<std::uint32_t> want = test::bfs_levels(g, source);
        CHECK(shared_level.to_host() == want);
        CHECK(stats.last_frontier == 0);
        const Run fresh = gpu_run(dg, {source}, init, ws, v.options,
                                  [](std::uint32_t* level) { return RoundBfs{level}; });
        CHECK(fresh.level == want);
      }
    }
}

TEST_CASE("small graphs and paths on every driver (sanitizer-sized)", "[gpu][frontier][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  check_bfs_all(test::random_csr(700, 2.0, 71), {1}, true);
  check_bfs_all(test::degree_ladder_csr(400, 72), {70}, true);
  check_bfs_all(test::path_csr(150), {0}, true);
}

TEST_CASE("the host-driven entry point keeps its signature and semantics", "[gpu][frontier]") {
  ARCWAVE_REQUIRE_GPU();
  const test::OwnedCsr g = test::random_csr(5000, 2.0, 81);
  const DeviceGraph dg(g);
  fr::Workspace ws(g.n);
  std::vector<std::uint32_t> init = initial_levels(g.n, {2});
  DeviceBuffer<std::uint32_t> level{std::span<const std::uint32_t>(init)};
  const std::uint32_t source = 2;
  ARCWAVE_CUDA_CHECK(cudaMemcpy(ws.seed_queue(), &source, sizeof source, cudaMemcpyHostToDevice));
  const fr::Stats partial =
      fr::run(dg.view, ws.seed_queue(), 1, ParentBfs{level.data()}, ws, nullptr, 3);
  CHECK(partial.rounds == 3);
  const fr::Stats rest =
      fr::run(dg.view, ws.seed_queue(), partial.last_frontier, ParentBfs{level.data()}, ws);
  CHECK(rest.last_frontier == 0);
  CHECK(level.to_host() == test::bfs_levels(g, 2));
}

TEST_CASE("a run larger than the workspace is refused", "[gpu][frontier]") {
  ARCWAVE_REQUIRE_GPU();
  const test::OwnedCsr g = test::random_csr(100, 2.0, 91);
  const DeviceGraph dg(g);
  fr::Workspace ws(50);
  DeviceBuffer<std::uint32_t> level(g.n);
  CHECK_THROWS_AS(fr::run(dg.view, ws.seed_queue(), 1, RoundBfs{level.data()}, ws),
                  arcwave::InternalError);
}

namespace {

/// Appends every vertex v with v % step == offset to `out`, counting them in `*count`: seeds
/// found (and counted) on the device, in no particular order.
__global__ void pick_seeds(std::uint32_t n, std::uint32_t step, std::uint32_t offset,
                           std::uint32_t* out, std::uint32_t* count, std::uint32_t* level) {
  for (std::uint32_t v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x)
    if (v % step == offset) {
      out[atomicAdd(count, 1U)] = v;
      level[v] = 0;
    }
}

}  // namespace

TEST_CASE("GPU drivers with seeds counted on the device", "[gpu][frontier][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  const test::OwnedCsr g = test::random_csr(3000, 1.5, 101);
  const DeviceGraph dg(g);
  fr::Workspace ws(g.n);
  DeviceBuffer<std::uint32_t> seeds(g.n);
  DeviceBuffer<std::uint32_t> count(1);
  DeviceBuffer<std::uint32_t> level(g.n);
  for (const std::uint32_t step : {211U, 4000U}) {  // 4000: no vertex qualifies
    std::vector<std::uint32_t> host_seeds;
    for (std::uint32_t v = 0; v < g.n; ++v)
      if (v % step == 5) host_seeds.push_back(v);
    for (const std::uint32_t max_rounds : {0U, 2U, UINT32_MAX}) {
      const Run want = cpu_run(g, host_seeds, max_rounds);
      for (Variant v : variants(true)) {
        for (const bool into_queue : {false, true}) {
          INFO(v.name << ", step " << step << ", max_rounds " << max_rounds << ", into_queue "
                      << into_queue);
          v.options.max_rounds = max_rounds;
          level.fill_bytes(0xFF);
          count.fill_bytes(0);
          std::uint32_t* out = into_queue ? ws.seed_queue() : seeds.data();
          pick_seeds<<<8, 128>>>(g.n, step, 5, out, count.data(), level.data());
          ARCWAVE_CUDA_CHECK_LAUNCH("pick_seeds");
          const fr::Stats stats = fr::run(dg.view, out, fr::DeviceCount{count.data()},
                                          ParentBfs{level.data()}, ws, nullptr, v.options);
          CHECK(level.to_host() == want.level);
          check_stats(stats, want.stats);
          std::vector<std::uint32_t> want_left = host_seeds;
          if (max_rounds != 0)
            want_left = at_level(test::bfs_levels(g, host_seeds), want.stats.rounds);
          CHECK(frontier_left(ws, stats.last_frontier) == want_left);
        }
      }
    }
  }
}
