// Every GPU shortest-path algorithm against its CPU reference ([gpu]: runs on the GPU machine,
// skips elsewhere): the three Bellman-Ford variants (distances and negative cycles), the
// batched multi-source SSSP, the paper's two Dijkstra parallelisations, Johnson by each method.
#include <optional>

#include "graph/sssp/bellman_ford_cpu.hpp"
#include "graph/sssp/dijkstra_cpu.hpp"
#include "graph/sssp/dijkstra_parallel.hpp"
#include "graph/sssp/johnson_cpu.hpp"
#include "graph/sssp/sssp_gpu.hpp"
#include "tests/graph/sssp/fixtures.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave;
using namespace arcwave::sssp;

namespace {

constexpr gpu::BellmanFordVariant kVariants[] = {gpu::BellmanFordVariant::kEdgeParallel,
                                                 gpu::BellmanFordVariant::kFrontierHost,
                                                 gpu::BellmanFordVariant::kFrontierDevice};

Csr<std::int64_t> planted_cycle(std::uint32_t n, std::uint64_t seed) {
  gen::RandomGraphParams<std::int64_t> p{n, 3, 0, 50, 10, seed};
  EdgeList<std::int64_t> list = gen::random_graph(p);
  const std::uint32_t len = 3 + static_cast<std::uint32_t>(seed % 7);
  for (std::uint32_t i = 0; i < len; ++i)
    list.add((i * 5 + 2) % n, ((i + 1) % len * 5 + 2) % n,
             i == 0 ? -2 - 70 * static_cast<std::int64_t>(len - 1) : 70);
  return build_csr(list);
}

template <typename Weight>
std::vector<Distance<Weight>> johnson_rows(const Csr<Weight>& g,
                                           std::span<const std::uint32_t> sources,
                                           const gpu::JohnsonGpuOptions& options) {
  DistanceMatrix<Distance<Weight>> m{g.vertex_count, {}};
  const auto outcome = gpu::johnson(g, sources, m.sink(sources.size()), options);
  REQUIRE(!outcome.has_negative_cycle());
  return m.rows;
}

template <typename Weight>
std::vector<Distance<Weight>> cpu_rows(const Csr<Weight>& g,
                                       std::span<const std::uint32_t> sources) {
  DistanceMatrix<Distance<Weight>> m{g.vertex_count, {}};
  REQUIRE(!johnson_cpu(g, sources, m.sink(sources.size())).has_negative_cycle());
  return m.rows;
}

}  // namespace

TEST_CASE("GPU Bellman-Ford variants equal the CPU Bellman-Ford", "[gpu][sssp][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const std::uint32_t n = 500 + static_cast<std::uint32_t>(seed * 1777);
    const Csr<std::int64_t> g =
        test::negative_graph<std::int64_t>(n, 1.0 + static_cast<double>(seed % 4), seed);
    const Csr<double> gd = test::negative_graph<double>(n / 2, 3, seed + 40);
    for (const auto variant : kVariants) {
      for (const std::optional<std::uint32_t> source :
           {std::optional<std::uint32_t>{}, std::optional<std::uint32_t>{3}}) {
        const auto want = bellman_ford_cpu(g, source);
        const auto got = gpu::bellman_ford(g, source, variant);
        CHECK(!got.has_negative_cycle());
        CHECK(got.distance == want.distance);
        const auto want_d = bellman_ford_cpu(gd, source);
        const auto got_d = gpu::bellman_ford(gd, source, variant);
        CHECK(test::mismatches(got_d.distance, want_d.distance, 1e5) == 0);
      }
    }
  }
}

TEST_CASE("GPU Bellman-Ford variants report a real negative cycle", "[gpu][sssp]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Csr<std::int64_t> g = planted_cycle(200 + static_cast<std::uint32_t>(seed * 300), seed);
    for (const auto variant : kVariants) {
      CHECK(test::is_negative_cycle(g, gpu::bellman_ford(g, std::nullopt, variant).negative_cycle));
      CHECK(test::is_negative_cycle(g, gpu::bellman_ford(g, 2, variant).negative_cycle));
    }
  }
}

TEST_CASE("GPU frontier SSSP on a road-like grid equals Dijkstra", "[gpu][sssp]") {
  ARCWAVE_REQUIRE_GPU();
  const Csr<std::int64_t> g = build_csr(gen::grid_graph<std::int64_t>({300, 200, 1, 100, 7}));
  for (const std::uint32_t s : {0U, 30150U}) {
    const auto want = dijkstra_cpu(g, s).distance;
    CHECK(gpu::bellman_ford(g, s, gpu::BellmanFordVariant::kFrontierDevice).distance == want);
  }
}

TEST_CASE("GPU batched multi-source SSSP equals Dijkstra per source", "[gpu][sssp][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  const Csr<std::int64_t> g = test::positive_graph<std::int64_t>(3000, 4, 11);
  const Csr<double> gd = test::positive_graph<double>(2000, 2, 12);
  std::vector<std::uint32_t> sources;
  for (std::uint32_t s = 0; s < 150; ++s) sources.push_back((s * 37) % 2000);
  sources.push_back(sources.front());  // a repeated source
  for (const std::uint32_t batch : {0U, 32U, 64U}) {
    std::uint64_t delivered = 0;
    gpu::multi_source(
        g, std::span<const std::uint32_t>(sources),
        [&](std::uint64_t first, std::uint64_t count, std::span<const std::int64_t> rows) {
          CHECK(first == delivered);
          delivered += count;
          for (std::uint64_t i = 0; i < count; ++i) {
            const auto want = dijkstra_cpu(g, sources[first + i]).distance;
            CHECK(std::equal(want.begin(), want.end(),
                             rows.begin() + static_cast<std::ptrdiff_t>(i * 3000)));
          }
        },
        {batch});
    CHECK(delivered == sources.size());
    gpu::multi_source(gd, std::span<const std::uint32_t>(sources),
                      [&](std::uint64_t first, std::uint64_t count, std::span<const double> rows) {
                        for (std::uint64_t i = 0; i < count; ++i) {
                          const auto want = dijkstra_cpu(gd, sources[first + i]).distance;
                          const std::vector<double> got(
                              rows.begin() + static_cast<std::ptrdiff_t>(i * 2000),
                              rows.begin() + static_cast<std::ptrdiff_t>((i + 1) * 2000));
                          CHECK(test::mismatches(got, want, 1e5) == 0);
                        }
                      },
                      {batch});
  }
}

TEST_CASE("GPU Dijkstra (outer and inner loop) equals the CPU Dijkstra", "[gpu][sssp][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  const Csr<std::int64_t> g = test::positive_graph<std::int64_t>(800, 3, 21);
  const std::vector<std::uint32_t> sources = {0, 401, 799};
  for (const auto variant : {DijkstraParallel::kOuter, DijkstraParallel::kInner})
    gpu::dijkstra_rows(g, std::span<const std::uint32_t>(sources), variant,
                       [&](std::size_t i, std::span<const std::int64_t> row) {
                         const auto want = dijkstra_cpu(g, sources[i]).distance;
                         CHECK(std::vector<std::int64_t>(row.begin(), row.end()) == want);
                       });
}

TEST_CASE("GPU Johnson by every method equals the CPU Johnson", "[gpu][sssp][johnson]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const std::uint32_t n = 300 + static_cast<std::uint32_t>(seed * 211);
    const Csr<std::int64_t> g = test::negative_graph<std::int64_t>(n, 3, seed);
    const Csr<double> gd = test::negative_graph<double>(n, 2, seed + 70);
    // Every source for the fast methods; the one-source-at-a-time Dijkstras (thousands of
    // launches per source by design) get every 37th.
    const auto all = all_vertices(n);
    std::vector<std::uint32_t> some;
    for (std::uint32_t s = 0; s < n; s += 37) some.push_back(s);
    for (const auto method :
         {gpu::JohnsonMethod::kBatched, gpu::JohnsonMethod::kFrontierPerSource,
          gpu::JohnsonMethod::kDijkstraOuter, gpu::JohnsonMethod::kDijkstraInner}) {
      if (method == gpu::JohnsonMethod::kDijkstraInner && seed > 1) continue;
      const bool slow = method == gpu::JohnsonMethod::kDijkstraOuter ||
                        method == gpu::JohnsonMethod::kDijkstraInner;
      const std::span<const std::uint32_t> sources(slow ? some : all);
      CHECK(johnson_rows(g, sources, {method, 64, {}}) == cpu_rows(g, sources));
      CHECK(test::mismatches(johnson_rows(gd, sources, {method, 0, {}}), cpu_rows(gd, sources),
                             1e5) == 0);
    }
  }
  const Csr<std::int64_t> cyclic = planted_cycle(400, 3);
  const auto all = all_vertices(400);
  const auto outcome = gpu::johnson(
      cyclic, std::span<const std::uint32_t>(all),
      [](std::uint64_t, std::uint64_t, std::span<const std::int64_t>) { FAIL("rows"); });
  CHECK(test::is_negative_cycle(cyclic, outcome.negative_cycle));
}

TEST_CASE("GPU Johnson on tiny graphs: one vertex, no edges, unreachable",
          "[gpu][sssp][johnson][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  EdgeList<std::int64_t> list;
  list.vertex_count = 3;
  list.add(0, 1, -2);
  const Csr<std::int64_t> g = build_csr(list);
  const auto all = all_vertices(3);
  const auto inf = infinity<std::int64_t>();
  CHECK(johnson_rows(g, std::span<const std::uint32_t>(all), {}) ==
        std::vector<std::int64_t>{0, -2, inf, inf, 0, inf, inf, inf, 0});
  Csr<std::int64_t> one;
  one.vertex_count = 1;
  one.offsets = {0, 0};
  const auto zero = all_vertices(1);
  CHECK(johnson_rows(one, std::span<const std::uint32_t>(zero), {}) ==
        std::vector<std::int64_t>{0});
}
