// CPU single-source references against Floyd-Warshall: Dijkstra, Bellman-Ford (one source and
// the virtual source), the Thrust Dijkstra variants on the OpenMP system; negative cycles,
// unreachable vertices, self loops, parallel edges, tiny graphs, the overflow guard.
#include <optional>

#include "graph/sssp/bellman_ford_cpu.hpp"
#include "graph/sssp/dijkstra_cpu.hpp"
#include "graph/sssp/floyd_warshall.hpp"
#include "tests/graph/sssp/fixtures.hpp"
#ifdef ARCWAVE_TEST_THRUST_OMP
#include "graph/sssp/dijkstra_parallel.hpp"
#endif

using namespace arcwave;
using namespace arcwave::sssp;

namespace {

template <typename Weight>
std::vector<Distance<Weight>> fw_row(const FloydWarshallResult<Distance<Weight>>& fw,
                                     std::uint32_t n, std::uint32_t s) {
  return {fw.distance.begin() + s * n, fw.distance.begin() + (s + 1) * n};
}

template <typename Weight>
void dijkstra_matches_floyd_warshall() {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const std::uint32_t n = 20 + static_cast<std::uint32_t>(seed * 13);
    const Csr<Weight> g =
        test::positive_graph<Weight>(n, 0.5 + static_cast<double>(seed % 4), seed);
    const auto fw = floyd_warshall(g);
    REQUIRE(!fw.negative_cycle);
    for (std::uint32_t s = 0; s < n; s += 7) {
      const auto r = dijkstra_cpu(g, s, true);
      CHECK(test::mismatches(r.distance, fw_row<Weight>(fw, n, s), 100.0 * n) == 0);
      // Predecessors form shortest paths: dist[v] = dist[source(e)] + w(e).
      for (std::uint32_t v = 0; v < n; ++v) {
        const std::uint64_t e = r.predecessor_edge[v];
        if (e == kNoEdge) continue;
        const std::uint32_t u = edge_source(g, e);
        CHECK(test::same_distance(
            r.distance[v], r.distance[u] + static_cast<Distance<Weight>>(g.weights[e]), 100.0 * n));
      }
    }
  }
}

}  // namespace

TEST_CASE("Dijkstra equals Floyd-Warshall (integer weights)", "[sssp]") {
  dijkstra_matches_floyd_warshall<std::int64_t>();
}
TEST_CASE("Dijkstra equals Floyd-Warshall (real weights)", "[sssp]") {
  dijkstra_matches_floyd_warshall<double>();
}

TEST_CASE("Bellman-Ford with negative edges equals Floyd-Warshall", "[sssp]") {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const std::uint32_t n = 10 + static_cast<std::uint32_t>(seed * 11);
    const Csr<std::int64_t> g = test::negative_graph<std::int64_t>(n, 3, seed);
    REQUIRE(has_negative_weight(g));
    const auto fw = floyd_warshall(g);
    REQUIRE(!fw.negative_cycle);
    for (std::uint32_t s = 0; s < n; s += 5) {
      const auto bf = bellman_ford_cpu(g, s);
      CHECK(!bf.has_negative_cycle());
      CHECK(bf.distance == fw_row<std::int64_t>(fw, n, s));
    }
    // Virtual source: h(v) = min(0, min over u of d(u, v)).
    const auto h = bellman_ford_cpu(g, std::nullopt);
    for (std::uint32_t v = 0; v < n; ++v) {
      std::int64_t want = 0;
      for (std::uint32_t u = 0; u < n; ++u) want = std::min(want, fw.distance[u * n + v]);
      CHECK(h.distance[v] == want);
    }
  }
}

TEST_CASE("negative cycles are detected and reported", "[sssp]") {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const std::uint32_t n = 30 + static_cast<std::uint32_t>(seed * 7);
    gen::RandomGraphParams<std::int64_t> p{n, 2.5, 0, 50, 10, seed};
    EdgeList<std::int64_t> list = gen::random_graph(p);
    // Plant a cycle of length 4 + seed % 5 with total weight -1.
    const std::uint32_t len = 4 + static_cast<std::uint32_t>(seed % 5);
    for (std::uint32_t i = 0; i < len; ++i)
      list.add((i * 3 + 1) % n, ((i + 1) % len * 3 + 1) % n,
               i == 0 ? -1 - 60 * static_cast<std::int64_t>(len - 1) : 60);
    const Csr<std::int64_t> g = build_csr(list);
    CHECK(floyd_warshall(g).negative_cycle);
    const auto from_all = bellman_ford_cpu(g, std::nullopt);
    CHECK(test::is_negative_cycle(g, from_all.negative_cycle));
    const auto from_one = bellman_ford_cpu(g, 1);  // vertex 1 is on the cycle
    CHECK(test::is_negative_cycle(g, from_one.negative_cycle));
  }
}

TEST_CASE("a negative self loop is a negative cycle of one vertex", "[sssp]") {
  EdgeList<std::int64_t> list;
  list.vertex_count = 3;
  list.add(0, 1, 2);
  list.add(1, 1, -1);
  list.add(1, 2, 2);
  const Csr<std::int64_t> g = build_csr(list);
  CHECK(bellman_ford_cpu(g, 0).negative_cycle == std::vector<std::uint32_t>{1});
  CHECK(!bellman_ford_cpu(g, 2).has_negative_cycle());  // not reachable from 2
  CHECK(bellman_ford_cpu(g, 2).distance[0] == infinity<std::int64_t>());
}

TEST_CASE("unreachable vertices, self loops and parallel edges", "[sssp]") {
  EdgeList<double> list;
  list.vertex_count = 5;
  list.add(0, 1, 4.0);
  list.add(0, 1, 1.5);   // parallel, cheaper
  list.add(1, 1, 0.25);  // self loop
  list.add(1, 2, 1.0);
  list.add(3, 4, 1.0);  // not reachable from 0
  const Csr<double> g = build_csr(list);
  const auto d = dijkstra_cpu(g, 0).distance;
  CHECK(d == std::vector<double>{0, 1.5, 2.5, infinity<double>(), infinity<double>()});
  CHECK(bellman_ford_cpu(g, 0).distance == d);
  CHECK(fw_row<double>(floyd_warshall(g), 5, 0) == d);
}

TEST_CASE("single vertex and empty graph", "[sssp]") {
  Csr<std::int64_t> one;
  one.vertex_count = 1;
  one.offsets = {0, 0};
  CHECK(dijkstra_cpu(one, 0).distance == std::vector<std::int64_t>{0});
  CHECK(bellman_ford_cpu(one, std::nullopt).distance == std::vector<std::int64_t>{0});
  CHECK(floyd_warshall(one).distance == std::vector<std::int64_t>{0});
  const Csr<std::int64_t> empty;
  CHECK(bellman_ford_cpu(empty, std::nullopt).distance.empty());
  CHECK(floyd_warshall(empty).distance.empty());
  CHECK_THROWS_AS(dijkstra_cpu(empty, 0), InputError);
}

TEST_CASE("weights that could overflow 64-bit path lengths are refused", "[sssp]") {
  EdgeList<std::int64_t> list;
  list.vertex_count = 10;
  list.add(0, 1, INT64_MAX / 8);
  const Csr<std::int64_t> g = build_csr(list);
  CHECK_THROWS_AS(check_weights(g), InputError);
  CHECK_THROWS_AS(bellman_ford_cpu(g, 0), InputError);
  CHECK_THROWS_AS(dijkstra_cpu(g, 0), InputError);
  EdgeList<std::int64_t> low;
  low.vertex_count = 10;
  low.add(0, 1, INT64_MIN);
  CHECK_THROWS_AS(check_weights(build_csr(low)), InputError);
  EdgeList<std::int64_t> fine;
  fine.vertex_count = 10;
  fine.add(0, 1, (std::int64_t{1} << 62) / 5 / 10);
  CHECK_NOTHROW(check_weights(build_csr(fine)));
  CHECK_THROWS_AS(dijkstra_cpu(test::negative_graph<std::int64_t>(50, 3, 1), 0), InputError);
  EdgeList<double> inf;
  inf.vertex_count = 2;
  inf.add(0, 1, infinity<double>());
  CHECK_THROWS_AS(check_weights(build_csr(inf)), InputError);
}

#ifdef ARCWAVE_TEST_THRUST_OMP
TEST_CASE("Thrust Dijkstra (outer and inner loop) on OpenMP equals the CPU Dijkstra", "[sssp]") {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Csr<std::int64_t> g = test::positive_graph<std::int64_t>(300, 3, seed);
    const Csr<double> gd = test::positive_graph<double>(200, 2, seed + 9);
    const std::vector<std::uint32_t> sources = {0, 17, 123, 17};
    for (const auto variant : {DijkstraParallel::kOuter, DijkstraParallel::kInner}) {
      omp::dijkstra_rows(g, std::span<const std::uint32_t>(sources), variant,
                         [&](std::size_t i, std::span<const std::int64_t> row) {
                           const auto want = dijkstra_cpu(g, sources[i]).distance;
                           CHECK(std::vector<std::int64_t>(row.begin(), row.end()) == want);
                         });
      omp::dijkstra_rows(
          gd, std::span<const std::uint32_t>(sources), variant,
          [&](std::size_t i, std::span<const double> row) {
            const auto want = dijkstra_cpu(gd, sources[i]).distance;
            CHECK(test::mismatches(std::vector<double>(row.begin(), row.end()), want, 1e4) == 0);
          });
    }
  }
  const Csr<std::int64_t> neg = test::negative_graph<std::int64_t>(50, 3, 1);
  const std::vector<std::uint32_t> zero = {0};
  CHECK_THROWS_AS(
      omp::dijkstra_rows(neg, std::span<const std::uint32_t>(zero), DijkstraParallel::kOuter,
                         [](std::size_t, std::span<const std::int64_t>) {}),
      InputError);
}
#endif
