// The streamed CPU Johnson (johnson_cpu_stream: output types, predecessors, a distance cut,
// direct destination) against the CPU Johnson, Floyd-Warshall and Boost.Graph's Johnson: on
// random graphs with negative and zero weights, and on the shared real graphs (planar
// delaunay_n12, uk, the US power grid; a sample of the Luxembourg road graph against Dijkstra).
#include <algorithm>

#include "graph/sssp/dijkstra_cpu.hpp"
#include "graph/sssp/floyd_warshall.hpp"
#include "graph/sssp/johnson_bgl.hpp"
#include "graph/sssp/johnson_cpu.hpp"
#include "tests/graph/sssp/apsp_checks.hpp"
#include "tests/graph/sssp/fixtures.hpp"

using namespace arcwave;
using namespace arcwave::sssp;

namespace {

template <typename Weight, typename V>
struct Streamed {
  std::vector<V> rows;
  std::vector<std::uint32_t> preds;
  std::uint64_t calls = 0;
};

template <typename V, typename Weight>
Streamed<Weight, V> stream_cpu(const Csr<Weight>& g, const std::vector<std::uint32_t>& sources,
                               bool preds, StreamOptions options = {}) {
  Streamed<Weight, V> r;
  const std::uint64_t n = g.vertex_count;
  r.rows.assign(sources.size() * n, V{});
  if (preds) r.preds.assign(sources.size() * n, 0);
  RowStream<V> out;
  out.rows = [&](std::uint64_t first, std::uint64_t count, std::span<const V> block) {
    REQUIRE(block.size() == count * n);
    std::copy(block.begin(), block.end(), r.rows.begin() + static_cast<std::ptrdiff_t>(first * n));
    ++r.calls;
  };
  if (preds)
    out.predecessors = [&](std::uint64_t first, std::uint64_t count,
                           std::span<const std::uint32_t> block) {
      REQUIRE(block.size() == count * n);
      std::copy(block.begin(), block.end(),
                r.preds.begin() + static_cast<std::ptrdiff_t>(first * n));
    };
  REQUIRE(!johnson_cpu_stream(g, std::span<const std::uint32_t>(sources), out, options)
               .has_negative_cycle());
  return r;
}

template <typename Weight>
std::vector<Distance<Weight>> johnson_rows(const Csr<Weight>& g,
                                           const std::vector<std::uint32_t>& sources) {
  DistanceMatrix<Distance<Weight>> m{g.vertex_count, {}};
  REQUIRE(!johnson_cpu(g, std::span<const std::uint32_t>(sources), m.sink(sources.size()))
               .has_negative_cycle());
  return m.rows;
}

/// Rows cut at `cut`: what --max-distance must give.
template <typename D>
std::vector<D> cut_rows(std::vector<D> rows, double cut) {
  for (D& d : rows)
    if (d != infinity<D>() && static_cast<double>(d) > cut) d = infinity<D>();
  return rows;
}

}  // namespace

TEST_CASE("streamed CPU Johnson: types, predecessors and cuts on random graphs",
          "[sssp][johnson][stream]") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const std::uint32_t n = 40 + static_cast<std::uint32_t>(seed * 23);
    // Negative edges (so zero reduced weights), zero weights, vertices out of reach.
    gen::RandomGraphParams<std::int64_t> p{n, 1.5 + static_cast<double>(seed % 3), 0, 30, 20, seed};
    EdgeList<std::int64_t> list = gen::random_graph(p);
    list.vertex_count = n + 3;
    const Csr<std::int64_t> g = build_csr(list);
    const auto fw = floyd_warshall(g);
    REQUIRE(!fw.negative_cycle);
    const std::vector<std::uint32_t> sources = all_vertices(g.vertex_count);
    INFO("seed " << seed);
    const auto wide = stream_cpu<std::int64_t>(g, sources, true, {HUGE_VAL, 3, 7, 0, {}});
    CHECK(wide.rows == fw.distance);
    CHECK(wide.calls == (sources.size() + 6) / 7);
    CHECK(test::check_predecessors(g, sources, wide.rows, wide.preds) == "");
    const auto narrow = stream_cpu<std::int32_t>(g, sources, false);
    for (std::size_t i = 0; i < narrow.rows.size(); ++i)
      CHECK(narrow.rows[i] == narrow_distance<std::int32_t>(fw.distance[i]));
    StreamOptions cut;
    cut.max_distance = 25;
    const auto near = stream_cpu<std::int64_t>(g, sources, true, cut);
    CHECK(near.rows == cut_rows(fw.distance, 25));
    // With negative edges the cut is per distance: a kept vertex keeps its predecessor even
    // when that one lies beyond the cut.
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < near.rows.size(); ++i)
      wrong += near.preds[i] ==
                       (near.rows[i] == infinity<std::int64_t>() ? kNoPredecessor : wide.preds[i])
                   ? 0
                   : 1;
    CHECK(wrong == 0);
  }
}

TEST_CASE("streamed CPU Johnson with real weights, float rows", "[sssp][johnson][stream]") {
  const Csr<double> g = test::negative_graph<double>(90, 2.5, 4);
  const auto fw = floyd_warshall(g);
  REQUIRE(!fw.negative_cycle);
  const std::vector<std::uint32_t> sources = {3, 89, 0, 3};
  const auto rows = stream_cpu<double>(g, sources, true);
  const auto single = stream_cpu<float>(g, sources, false);
  for (std::size_t i = 0; i < sources.size(); ++i)
    for (std::uint32_t v = 0; v < 90; ++v) {
      const double want = fw.distance[sources[i] * 90ULL + v];
      CHECK(test::same_distance(rows.rows[i * 90 + v], want, 9000.0));
      CHECK(test::same_distance(static_cast<double>(single.rows[i * 90 + v]),
                                static_cast<double>(static_cast<float>(want)), 9000.0));
    }
  CHECK(test::check_predecessors(g, sources, rows.rows, rows.preds) == "");
}

TEST_CASE("streamed CPU Johnson into a direct destination", "[sssp][johnson][stream]") {
  const Csr<std::int64_t> g = test::positive_graph<std::int64_t>(70, 3, 2);
  const std::vector<std::uint32_t> sources = all_vertices(70);
  std::vector<std::int32_t> direct(70 * 70, -1);
  RowStream<std::int32_t> out;
  out.direct = direct.data();
  std::uint64_t seen = 0;
  out.rows = [&](std::uint64_t first, std::uint64_t count, std::span<const std::int32_t> block) {
    CHECK(block.data() == direct.data() + first * 70);
    seen += count;
  };
  johnson_cpu_stream(g, std::span<const std::uint32_t>(sources), out, {HUGE_VAL, 2, 9, 0, {}});
  CHECK(seen == 70);
  const auto want = johnson_rows(g, sources);
  for (std::size_t i = 0; i < want.size(); ++i)
    CHECK(direct[i] == narrow_distance<std::int32_t>(want[i]));
}

TEST_CASE("shared real graphs: streamed Johnson equals Boost.Graph's Johnson",
          "[sssp][johnson][stream][real]") {
  for (const std::string name : {"delaunay_n12.mtx", "uk.mtx", "uspowergrid.edges"}) {
    const Csr<std::int64_t> g = test::shared_graph(name);
    if (g.vertex_count == 0) ARCWAVE_SKIP("no shared graphs (../shared/graphs)");
    INFO(name);
    std::vector<std::vector<std::int64_t>> bgl;
    REQUIRE(johnson_bgl(g, bgl));
    // Every 7th source (all of them would take BGL's time twice over for no more coverage).
    std::vector<std::uint32_t> sources;
    for (std::uint32_t s = 0; s < g.vertex_count; s += 7) sources.push_back(s);
    const auto r = stream_cpu<std::int32_t>(g, sources, true);
    std::size_t bad = 0;
    for (std::size_t i = 0; i < sources.size(); ++i)
      for (std::uint32_t v = 0; v < g.vertex_count; ++v)
        bad += r.rows[i * g.vertex_count + v] == narrow_distance<std::int32_t>(bgl[sources[i]][v])
                   ? 0
                   : 1;
    CHECK(bad == 0);
    CHECK(test::check_predecessors(g, sources, r.rows, r.preds) == "");
    CHECK(stream_cpu<std::int64_t>(g, sources, false).rows == johnson_rows(g, sources));
  }
}

TEST_CASE("shared road graph: a sample of sources equals Dijkstra",
          "[sssp][johnson][stream][real]") {
  const Csr<std::int64_t> g = test::shared_graph("luxembourg_osm.edges");
  if (g.vertex_count == 0) ARCWAVE_SKIP("no shared graphs (../shared/graphs)");
  const std::vector<std::uint32_t> sources = {0, 5000, 77777, g.vertex_count - 1};
  StreamOptions cut;
  cut.max_distance = 300;
  const auto r = stream_cpu<std::int32_t>(g, sources, true);
  const auto near = stream_cpu<std::int32_t>(g, sources, false, cut);
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const auto d = dijkstra_cpu(g, sources[i]).distance;
    std::size_t bad = 0;
    std::size_t bad_cut = 0;
    for (std::uint32_t v = 0; v < g.vertex_count; ++v) {
      bad += r.rows[i * g.vertex_count + v] == narrow_distance<std::int32_t>(d[v]) ? 0 : 1;
      const std::int64_t c = d[v] > 300 ? infinity<std::int64_t>() : d[v];
      bad_cut += near.rows[i * g.vertex_count + v] == narrow_distance<std::int32_t>(c) ? 0 : 1;
    }
    CHECK(bad == 0);
    CHECK(bad_cut == 0);
  }
  CHECK(test::check_predecessors(g, sources, r.rows, r.preds) == "");
}
