// The per-CTA GPU Johnson (johnson_streamed) against the streamed CPU Johnson ([gpu]: skipped
// without a GPU): random graphs with negative, zero and real weights and vertices out of reach,
// every output type, small batches (so that both device blocks and the download thread are
// used many times), a direct destination, predecessors (valid, and a tree, though not always
// the CPU's), a distance cut with and without negative edges; the shared real graphs
// (delaunay_n12 and uk whole, a sample of the Luxembourg road graph). [sanitize] cases are
// small: bench/device/paths.sh runs them under compute-sanitizer.
#include <algorithm>
#include <tuple>

#include "graph/sssp/johnson_cpu.hpp"
#include "graph/sssp/sssp_gpu.hpp"
#include "tests/graph/sssp/apsp_checks.hpp"
#include "tests/graph/sssp/fixtures.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave;
using namespace arcwave::sssp;

namespace {

template <typename V>
struct Rows {
  std::vector<V> rows;
  std::vector<std::uint32_t> preds;
};

template <typename V, typename Weight>
Rows<V> run(const Csr<Weight>& g, const std::vector<std::uint32_t>& sources, bool gpu, bool preds,
            const StreamOptions& options, bool direct = false) {
  Rows<V> r;
  const std::uint64_t n = g.vertex_count;
  r.rows.assign(sources.size() * n, V{});
  if (preds) r.preds.assign(sources.size() * n, 0);
  RowStream<V> out;
  std::uint64_t next_first = 0;
  out.rows = [&](std::uint64_t first, std::uint64_t count, std::span<const V> block) {
    CHECK(first == next_first);  // blocks arrive in source order
    next_first = first + count;
    if (!direct)
      std::copy(block.begin(), block.end(),
                r.rows.begin() + static_cast<std::ptrdiff_t>(first * n));
  };
  if (direct) out.direct = r.rows.data();
  if (preds)
    out.predecessors = [&](std::uint64_t first, std::uint64_t, std::span<const std::uint32_t> b) {
      std::copy(b.begin(), b.end(), r.preds.begin() + static_cast<std::ptrdiff_t>(first * n));
    };
  const auto outcome =
      gpu ? gpu::johnson_streamed(g, std::span<const std::uint32_t>(sources), out, options)
          : johnson_cpu_stream(g, std::span<const std::uint32_t>(sources), out, options);
  REQUIRE(!outcome.has_negative_cycle());
  CHECK(next_first == sources.size());
  return r;
}

template <typename V>
std::size_t differences(const std::vector<V>& a, const std::vector<V>& b, double scale) {
  if (a.size() != b.size()) return SIZE_MAX;
  std::size_t bad = 0;
  for (std::size_t i = 0; i < a.size(); ++i) bad += test::same_distance(a[i], b[i], scale) ? 0 : 1;
  return bad;
}

/// Random graph with vertices out of reach.
template <typename Weight>
Csr<Weight> random_graph(std::uint32_t n, double degree, Weight lo, Weight hi, Weight shift,
                         std::uint64_t seed) {
  gen::RandomGraphParams<Weight> p{n, degree, lo, hi, shift, seed};
  EdgeList<Weight> list = gen::random_graph(p);
  list.vertex_count = n + 5;
  return build_csr(list);
}

}  // namespace

TEST_CASE("per-CTA GPU Johnson equals the CPU on random graphs", "[gpu][sssp][johnson][cta]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    INFO("seed " << seed);
    // Integer weights: positive; with zeros and negative edges; equal weights (BFS levels).
    using Weights = std::tuple<std::int64_t, std::int64_t, std::int64_t>;
    const Weights kinds[] = {{1, 50, 0}, {0, 30, 20}, {1, 1, 0}};
    for (const auto& [lo, hi, shift] : kinds) {
      const Csr<std::int64_t> g = random_graph<std::int64_t>(300, 3.0, lo, hi, shift, seed);
      const auto sources = all_vertices(g.vertex_count);
      INFO("weights " << lo << ".." << hi << " shift " << shift);
      for (const std::uint32_t batch : {0U, 7U}) {
        const StreamOptions o{HUGE_VAL, 0, batch, 0, {}};
        const auto cpu = run<std::int64_t>(g, sources, false, true, o);
        const auto gpu = run<std::int64_t>(g, sources, true, true, o);
        CHECK(gpu.rows == cpu.rows);
        CHECK(test::check_predecessors(g, sources, gpu.rows, gpu.preds) == "");
        CHECK(run<std::int32_t>(g, sources, true, false, o, true).rows ==
              run<std::int32_t>(g, sources, false, false, o).rows);
      }
      StreamOptions cut{40, 0, 0, 0, {}};
      const auto cpu_cut = run<std::int64_t>(g, sources, false, true, cut);
      const auto gpu_cut = run<std::int64_t>(g, sources, true, true, cut);
      CHECK(gpu_cut.rows == cpu_cut.rows);
      for (std::size_t i = 0; i < gpu_cut.rows.size(); ++i)
        if (gpu_cut.rows[i] == infinity<std::int64_t>()) CHECK(gpu_cut.preds[i] == kNoPredecessor);
      if (shift == 0)  // without negative edges a cut keeps a prefix of every shortest path
        CHECK(test::check_predecessors(g, sources, gpu_cut.rows, gpu_cut.preds) == "");
    }
  }
}

TEST_CASE("per-CTA GPU Johnson with real weights", "[gpu][sssp][johnson][cta]") {
  ARCWAVE_REQUIRE_GPU();
  const Csr<double> g = random_graph<double>(250, 2.5, 0.0, 50.0, 40.0, 9);
  const std::vector<std::uint32_t> sources = {0, 7, 249, 7, 100};
  const StreamOptions o{HUGE_VAL, 0, 2, 0, {}};
  const auto cpu = run<double>(g, sources, false, true, o);
  const auto gpu = run<double>(g, sources, true, true, o);
  CHECK(differences(gpu.rows, cpu.rows, 100.0 * 255) == 0);
  CHECK(test::check_predecessors(g, sources, gpu.rows, gpu.preds) == "");
  const auto single = run<float>(g, sources, true, false, o);
  const auto single_cpu = run<float>(g, sources, false, false, o);
  CHECK(differences(single.rows, single_cpu.rows, 100.0 * 255) == 0);
}

TEST_CASE("per-CTA GPU Johnson on small graphs for the sanitizers",
          "[gpu][sssp][johnson][cta][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  const Csr<std::int64_t> g = random_graph<std::int64_t>(60, 2.0, 0, 20, 10, 3);
  const auto sources = all_vertices(g.vertex_count);
  const StreamOptions o{HUGE_VAL, 0, 5, 0, {}};
  const auto gpu = run<std::int32_t>(g, sources, true, true, o);
  CHECK(gpu.rows == run<std::int32_t>(g, sources, false, false, o).rows);
  CHECK(test::check_predecessors(g, sources, gpu.rows, gpu.preds) == "");
  const Csr<std::int64_t> tiny = random_graph<std::int64_t>(1, 0.0, 1, 1, 0, 1);  // no edges
  CHECK(run<std::int64_t>(tiny, all_vertices(tiny.vertex_count), true, true, o).rows ==
        run<std::int64_t>(tiny, all_vertices(tiny.vertex_count), false, true, o).rows);
}

TEST_CASE("per-CTA GPU Johnson on the shared real graphs", "[gpu][sssp][johnson][cta][real]") {
  ARCWAVE_REQUIRE_GPU();
  for (const std::string name : {"delaunay_n12.mtx", "uk.mtx", "luxembourg_osm.edges"}) {
    const Csr<std::int64_t> g = test::shared_graph(name);
    if (g.vertex_count == 0) ARCWAVE_SKIP("no shared graphs (../shared/graphs)");
    INFO(name);
    std::vector<std::uint32_t> sources;
    const std::uint32_t step = g.vertex_count > 20000 ? 997 : 1;  // a sample of the road graph
    for (std::uint32_t s = 0; s < g.vertex_count; s += step) sources.push_back(s);
    const StreamOptions o{};
    const auto gpu = run<std::int32_t>(g, sources, true, true, o);
    const auto cpu = run<std::int32_t>(g, sources, false, false, o);
    CHECK(differences(gpu.rows, cpu.rows, 1) == 0);
    CHECK(test::check_predecessors(g, sources, gpu.rows, gpu.preds) == "");
  }
}

// Several workers on one GPU ({0,0}: two host threads, streams and downloaders) take every path
// two GPUs take: batches from a shared counter, rows and predecessors back in source order
// (run() checks the order), straight into a direct array too: the same as one device.
TEST_CASE("per-CTA GPU Johnson over a device list equals one device",
          "[gpu][sssp][johnson][cta][gpus]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Csr<std::int64_t> g = random_graph<std::int64_t>(
        300 + static_cast<std::uint32_t>(seed) * 50, 3.0, 0, 40, seed == 2 ? 15 : 0, seed);
    const auto sources = all_vertices(g.vertex_count);
    StreamOptions o{HUGE_VAL, 0, 7, 0, {0}};
    const auto one = run<std::int32_t>(g, sources, true, true, o);
    for (const std::vector<int>& devices : {std::vector<int>{0, 0}, std::vector<int>{0, 0, 0}})
      for (bool direct : {false, true}) {
        INFO("seed " << seed << " workers " << devices.size() << " direct " << direct);
        o.devices = devices;
        const auto many = run<std::int32_t>(g, sources, true, true, o, direct);
        CHECK(many.rows == one.rows);
        CHECK(many.preds == one.preds);
      }
  }
}
