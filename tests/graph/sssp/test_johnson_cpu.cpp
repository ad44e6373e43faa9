// Johnson on the CPU (one thread and several) against Floyd-Warshall and Boost.Graph's
// johnson_all_pairs_shortest_paths, on random graphs with negative edges; negative cycles.
#include "graph/sssp/floyd_warshall.hpp"
#include "graph/sssp/johnson_bgl.hpp"
#include "graph/sssp/johnson_cpu.hpp"
#include "tests/graph/sssp/fixtures.hpp"

using namespace arcwave;
using namespace arcwave::sssp;

namespace {

template <typename Weight>
std::vector<Distance<Weight>> johnson_all(const Csr<Weight>& g, unsigned threads,
                                          std::uint64_t block_bytes = 64ULL << 20) {
  DistanceMatrix<Distance<Weight>> m{g.vertex_count, {}};
  const auto sources = all_vertices(g.vertex_count);
  const auto outcome = johnson_cpu(g, std::span<const std::uint32_t>(sources),
                                   m.sink(sources.size()), CpuJohnsonOptions{threads, block_bytes});
  REQUIRE(!outcome.has_negative_cycle());
  return m.rows;
}

template <typename Weight>
std::vector<Distance<Weight>> bgl_all(const Csr<Weight>& g) {
  std::vector<std::vector<Distance<Weight>>> rows;
  REQUIRE(johnson_bgl(g, rows));
  std::vector<Distance<Weight>> flat;
  for (const auto& r : rows) flat.insert(flat.end(), r.begin(), r.end());
  return flat;
}

}  // namespace

TEST_CASE("Johnson (CPU) equals Floyd-Warshall and BGL with negative integer edges",
          "[sssp][johnson]") {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const std::uint32_t n = 15 + static_cast<std::uint32_t>(seed * 17);
    const Csr<std::int64_t> g =
        test::negative_graph<std::int64_t>(n, 0.8 + static_cast<double>(seed % 4), seed);
    const auto fw = floyd_warshall(g);
    REQUIRE(!fw.negative_cycle);
    CHECK(johnson_all(g, 1) == fw.distance);
    CHECK(johnson_all(g, 4, 3 * n * 8) == fw.distance);  // small blocks: several sink calls
    CHECK(bgl_all(g) == fw.distance);
  }
}

TEST_CASE("Johnson (CPU) with real weights within 1e-9 of Floyd-Warshall and BGL",
          "[sssp][johnson]") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const std::uint32_t n = 20 + static_cast<std::uint32_t>(seed * 13);
    const Csr<double> g = test::negative_graph<double>(n, 2.5, seed);
    const auto fw = floyd_warshall(g);
    REQUIRE(!fw.negative_cycle);
    const double scale = 100.0 * n;
    CHECK(test::mismatches(johnson_all(g, 3), fw.distance, scale) == 0);
    // BGL's Dijkstra refuses reweighted edges that round below zero, so it gets weights on a
    // 1/8 grid (rounded up), where every sum is exact.
    Csr<double> exact = g;
    for (double& w : exact.weights) w = std::ceil(w * 8) / 8;  // cycles stay >= 0
    CHECK(test::mismatches(bgl_all(exact), floyd_warshall(exact).distance, scale) == 0);
    CHECK(test::mismatches(johnson_all(exact, 2), bgl_all(exact), scale) == 0);
  }
}

TEST_CASE("Johnson (CPU) on a subset of sources, and on a negative cycle", "[sssp][johnson]") {
  const Csr<std::int64_t> g = test::negative_graph<std::int64_t>(60, 3, 5);
  const auto fw = floyd_warshall(g);
  const std::vector<std::uint32_t> sources = {59, 0, 7, 7};
  DistanceMatrix<std::int64_t> m{60, {}};
  johnson_cpu(g, std::span<const std::uint32_t>(sources), m.sink(sources.size()));
  for (std::size_t i = 0; i < sources.size(); ++i)
    for (std::uint32_t v = 0; v < 60; ++v)
      CHECK(m.rows[i * 60 + v] == fw.distance[sources[i] * 60 + v]);

  EdgeList<std::int64_t> list;
  list.vertex_count = 4;
  list.add(0, 1, 1);
  list.add(1, 2, -3);
  list.add(2, 1, 1);
  list.add(2, 3, 1);
  const Csr<std::int64_t> cyclic = build_csr(list);
  bool called = false;
  const auto all = all_vertices(4);
  const auto outcome = johnson_cpu(
      cyclic, std::span<const std::uint32_t>(all),
      [&](std::uint64_t, std::uint64_t, std::span<const std::int64_t>) { called = true; });
  CHECK(outcome.negative_cycle == std::vector<std::uint32_t>{1, 2});
  CHECK(!called);
  std::vector<std::vector<std::int64_t>> rows;
  CHECK(!johnson_bgl(cyclic, rows));
  const std::vector<std::uint32_t> bad = {60};
  CHECK_THROWS_AS(johnson_cpu(g, std::span<const std::uint32_t>(bad), m.sink(1)), InputError);
}
