// WeightedGraph / sssp / apsp against the engine's Bellman-Ford (an independent algorithm from
// Dijkstra and Johnson) on random graphs, the shortest-path tree's structure, the caller's
// buffer and the streamed rows, files and errors.
#include <map>
#include <random>

#include "arcwave/error.hpp"
#include "arcwave/paths.hpp"
#include "graph/csr/build_cpu.hpp"
#include "graph/sssp/bellman_ford_cpu.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/gpu.hpp"
#include "tests/support/paths.hpp"

namespace {

template <typename W>
struct RandomGraph {
  std::uint32_t n = 0;
  std::vector<std::uint32_t> from, to;
  std::vector<W> weight;
};

/// Random arcs; with `negative`, w = c + p(v) - p(u) with c >= 0: negative weights without a
/// negative cycle.
template <typename W>
RandomGraph<W> random_graph(std::mt19937_64& rng, bool negative) {
  RandomGraph<W> g;
  g.n = static_cast<std::uint32_t>(rng() % 40 + 1);
  std::vector<std::int64_t> potential(g.n);
  for (auto& p : potential) p = static_cast<std::int64_t>(rng() % 30);
  const std::uint64_t m = rng() % (4 * g.n + 1);
  for (std::uint64_t e = 0; e < m; ++e) {
    const auto u = static_cast<std::uint32_t>(rng() % g.n);
    const auto v = static_cast<std::uint32_t>(rng() % g.n);
    W c;
    if constexpr (std::is_integral_v<W>)
      c = static_cast<W>(rng() % 20);
    else
      c = static_cast<W>(rng() % 2000) / 100.0;
    if (negative) c += static_cast<W>(potential[v] - potential[u]);
    g.from.push_back(u);
    g.to.push_back(v);
    g.weight.push_back(c);
  }
  return g;
}

/// The reference: the engine's Bellman-Ford on a CSR built independently of the wrapper.
template <typename W>
std::vector<W> reference(const RandomGraph<W>& r, std::uint32_t source) {
  arcwave::EdgeList<W> list;
  list.vertex_count = r.n;
  list.sources = r.from;
  list.targets = r.to;
  list.weights = r.weight;
  return arcwave::sssp::bellman_ford_cpu(arcwave::build_csr(list), source).distance;
}

template <typename W>
void check_random_graphs(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  arcwave::PathOptions cpu;
  cpu.backend = arcwave::Backend::kCpu;
  for (int trial = 0; trial < 40; ++trial) {
    const RandomGraph<W> r = random_graph<W>(rng, trial % 2 == 1);
    const auto g = arcwave::WeightedGraph<W>::from_edges(r.n, r.from, r.to, r.weight);
    std::map<std::pair<std::uint32_t, std::uint32_t>, W> cheapest;
    for (std::size_t e = 0; e < r.from.size(); ++e) {
      auto [it, fresh] = cheapest.try_emplace({r.from[e], r.to[e]}, r.weight[e]);
      if (!fresh) it->second = std::min(it->second, r.weight[e]);
    }
    std::vector<W> matrix(static_cast<std::size_t>(r.n) * r.n);
    const arcwave::ApspReport report = arcwave::apsp(g, std::span<W>(matrix), cpu);
    REQUIRE(report.negative_cycle.empty());
    for (std::uint32_t s = 0; s < r.n; ++s) {
      const std::vector<W> want = reference(r, s);
      const arcwave::ShortestPaths<W> sp = arcwave::shortest_paths(g, s, cpu);
      for (std::uint32_t v = 0; v < r.n; ++v) {
        // Real weights: Johnson's reweighting and Dijkstra add in other orders than
        // Bellman-Ford, so the last bits may differ; integers are exact.
        const W in_matrix = matrix[static_cast<std::size_t>(s) * r.n + v];
        if constexpr (std::is_integral_v<W>) {
          CHECK(in_matrix == want[v]);
          CHECK(sp.distance[v] == want[v]);
        } else if (want[v] == arcwave::unreachable<W>()) {
          CHECK(in_matrix == want[v]);
          CHECK(sp.distance[v] == want[v]);
        } else {
          CHECK(in_matrix == Approx(want[v]).margin(1e-9));
          CHECK(sp.distance[v] == Approx(want[v]).margin(1e-9));
        }
        const std::vector<std::uint32_t> path = sp.path_to(v);
        if (want[v] == arcwave::unreachable<W>()) {
          CHECK(path.empty());
          continue;
        }
        // The path runs over existing arcs and its cheapest weights add up to the distance.
        REQUIRE(path.front() == s);
        REQUIRE(path.back() == v);
        W total{};
        for (std::size_t k = 0; k + 1 < path.size(); ++k) {
          const auto it = cheapest.find({path[k], path[k + 1]});
          REQUIRE(it != cheapest.end());
          total += it->second;
        }
        if constexpr (std::is_integral_v<W>)
          CHECK(total == want[v]);
        else
          CHECK(total == Approx(want[v]).margin(1e-9));
      }
    }
  }
}

}  // namespace

TEST_CASE("sssp and apsp equal Bellman-Ford on random graphs (integer weights)", "[api][paths]") {
  check_random_graphs<std::int64_t>(20261123);
}

TEST_CASE("sssp and apsp equal Bellman-Ford on random graphs (real weights)", "[api][paths]") {
  check_random_graphs<double>(42);
}

TEST_CASE("apsp: sources, streamed rows, the caller's buffer size", "[api][paths]") {
  const std::vector<std::uint32_t> from{0, 1, 2, 3}, to{1, 2, 3, 0};
  const std::vector<std::int64_t> w{1, 2, 3, 4};
  const arcwave::IntGraph g = arcwave::IntGraph::from_edges(4, from, to, w);
  const std::vector<std::uint32_t> sources{2, 0};
  std::vector<std::int64_t> rows(2 * 4);
  arcwave::apsp(g, std::span<const std::uint32_t>(sources), std::span<std::int64_t>(rows));
  CHECK(rows == std::vector<std::int64_t>{7, 8, 0, 3, 0, 1, 3, 6});
  std::vector<std::int64_t> streamed;
  arcwave::apsp_rows<std::int64_t>(
      g, sources, [&](std::uint64_t first, std::uint64_t count, std::span<const std::int64_t> r) {
        CHECK(first * 4 == streamed.size());
        CHECK(r.size() == count * 4);
        streamed.insert(streamed.end(), r.begin(), r.end());
      });
  CHECK(streamed == rows);
  std::vector<std::int64_t> small(7);
  CHECK_THROWS_AS(
      arcwave::apsp(g, std::span<const std::uint32_t>(sources), std::span<std::int64_t>(small)),
      arcwave::InputError);
  const std::vector<std::uint32_t> bad{4};
  std::vector<std::int64_t> one(4);
  CHECK_THROWS_AS(
      arcwave::apsp(g, std::span<const std::uint32_t>(bad), std::span<std::int64_t>(one)),
      arcwave::InputError);
}

TEST_CASE("graphs: from_csr checks its input, files load with their numbering", "[api][paths]") {
  const std::vector<std::uint64_t> offsets{0, 1, 2};
  const std::vector<std::uint32_t> targets{1, 0};
  const std::vector<double> weights{0.5, 1.5};
  const arcwave::RealGraph g = arcwave::RealGraph::from_csr(offsets, targets, weights);
  CHECK(g.vertex_count() == 2);
  CHECK(arcwave::shortest_paths(g, 1).distance == std::vector<double>{1.5, 0.0});
  CHECK(arcwave::shortest_paths(g, 0).distance == std::vector<double>{0.0, 0.5});
  const std::vector<std::uint64_t> bad_offsets{0, 3, 2};
  CHECK_THROWS_AS(arcwave::RealGraph::from_csr(bad_offsets, targets, weights), arcwave::InputError);
  const std::vector<std::uint32_t> bad_targets{1, 2};
  CHECK_THROWS_AS(arcwave::RealGraph::from_csr(offsets, bad_targets, weights), arcwave::InputError);
  const std::vector<double> nan{0.5, std::nan("")};
  CHECK_THROWS_AS(arcwave::RealGraph::from_csr(offsets, targets, nan), arcwave::InputError);

  const arcwave::AnyGraph file =
      arcwave::load_graph((arcwave::test::instances_dir() / "graphs" / "grid-8x8.gr").string());
  REQUIRE(std::holds_alternative<arcwave::IntGraph>(file));
  const auto& grid = std::get<arcwave::IntGraph>(file);
  CHECK(grid.vertex_count() == 64);
  CHECK(grid.index_base() == 1);
  CHECK(grid.edge_count() == 224);
}

TEST_CASE("a negative cycle is a result, not an exception", "[api][paths]") {
  const std::vector<std::uint32_t> from{0, 1, 2, 3}, to{1, 2, 1, 0};
  const std::vector<std::int64_t> w{1, 1, -3, 5};
  const arcwave::IntGraph g = arcwave::IntGraph::from_edges(4, from, to, w);
  std::vector<std::int64_t> d(16, 7);
  const arcwave::ApspReport r = arcwave::apsp(g, std::span<std::int64_t>(d));
  CHECK(r.negative_cycle.size() == 2);
  const auto sp = arcwave::shortest_paths(g, 0);
  CHECK(sp.negative_cycle.size() == 2);
  CHECK(sp.distance.empty());
  // SSSP reports only a cycle the source reaches: from an isolated vertex there is none.
  const std::vector<std::uint32_t> from2{0, 1, 2}, to2{1, 2, 1};
  const std::vector<std::int64_t> w2{1, 1, -3};
  const arcwave::IntGraph h = arcwave::IntGraph::from_edges(4, from2, to2, w2);
  const auto isolated = arcwave::shortest_paths(h, 3);
  CHECK(isolated.negative_cycle.empty());
  CHECK(isolated.distance[3] == 0);
  CHECK(isolated.distance[0] == arcwave::unreachable<std::int64_t>());
}

TEST_CASE("sssp and apsp: the GPU equals the CPU", "[api][paths][gpu]") {
  ARCWAVE_REQUIRE_GPU();
  std::mt19937_64 rng(5);
  arcwave::PathOptions cpu, gpu;
  cpu.backend = arcwave::Backend::kCpu;
  gpu.backend = arcwave::Backend::kGpu;
  for (int trial = 0; trial < 20; ++trial) {
    const auto r = random_graph<std::int64_t>(rng, trial % 2 == 1);
    const auto g = arcwave::IntGraph::from_edges(r.n, r.from, r.to, r.weight);
    std::vector<std::int64_t> a(static_cast<std::size_t>(r.n) * r.n), b(a.size());
    arcwave::apsp(g, std::span<std::int64_t>(a), cpu);
    arcwave::apsp(g, std::span<std::int64_t>(b), gpu);
    CHECK(a == b);
    const auto x = arcwave::shortest_paths(g, 0, cpu);
    const auto y = arcwave::shortest_paths(g, 0, gpu);
    CHECK(x.distance == y.distance);
    CHECK(x.parent == y.parent);
  }
}
