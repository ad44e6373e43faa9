// The near-far SSSP on the GPU against Dijkstra and against its CPU reference ([gpu]: runs on
// the GPU machine, skips elsewhere): random graphs with integer and real weights, road-like
// grids (random weights) from a corner and the centre up to the 10^6-vertex grid of the
// benchmark, every launch shape (local rounds, bucket widths, block counts), the far-pile
// overflow path, zero weights and unreachable vertices, and Johnson by the near-far method.
#include "graph/sssp/dijkstra_cpu.hpp"
#include "graph/sssp/johnson_cpu.hpp"
#include "graph/sssp/near_far_cpu.hpp"
#include "graph/sssp/sssp_gpu.hpp"
#include "tests/graph/sssp/fixtures.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave;
using namespace arcwave::sssp;

namespace {

/// Launch shapes that exercise every path of the kernel: grid-wide phases only (1 local
/// round), the default, unbounded local rounds; one block, a few, all; Δ from 1 to infinity.
std::vector<gpu::NearFarOptions> shapes() {
  std::vector<gpu::NearFarOptions> out;
  for (const std::uint32_t local : {1U, 0U, 4U, 1000000U})
    for (const std::uint32_t blocks : {0U, 1U, 3U}) {
      gpu::NearFarOptions o;
      o.local_rounds = local;
      o.blocks = blocks;
      out.push_back(o);
    }
  for (const double delta : {1.0, 13.0, 1e9}) {
    gpu::NearFarOptions o;
    o.delta = delta;
    out.push_back(o);
  }
  gpu::NearFarOptions scaled;
  scaled.delta_scale = 0.25;
  out.push_back(scaled);
  return out;
}

}  // namespace

TEST_CASE("GPU near-far equals Dijkstra and the CPU near-far on random graphs",
          "[gpu][sssp][near-far]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const std::uint32_t n = 400 + static_cast<std::uint32_t>(seed * 731);
    const Csr<std::int64_t> g =
        test::positive_graph<std::int64_t>(n, 1.0 + static_cast<double>(seed), seed + 500);
    const Csr<double> gd = test::positive_graph<double>(n, 3, seed + 600);
    for (const std::uint32_t s : {0U, n / 3}) {
      const auto want = dijkstra_cpu(g, s).distance;
      const auto want_d = dijkstra_cpu(gd, s).distance;
      CHECK(near_far_cpu(g, s) == want);
      for (const auto& options : shapes()) {
        NearFarStats stats;
        CHECK(gpu::near_far(g, s, options, nullptr, &stats) == want);
        CHECK(stats.items >= 1);
        CHECK(test::mismatches(gpu::near_far(gd, s, options), want_d, 1e5) == 0);
      }
    }
  }
}

TEST_CASE("GPU near-far on road-like grids from a corner and the centre", "[gpu][sssp][near-far]") {
  ARCWAVE_REQUIRE_GPU();
  const Csr<std::int64_t> g = build_csr(gen::grid_graph<std::int64_t>({150, 100, 1, 100, 23}));
  for (const std::uint32_t s : {0U, 50U * 150U + 75U, 150U * 100U - 1U}) {
    const auto want = dijkstra_cpu(g, s).distance;
    CHECK(near_far_cpu(g, s) == want);
    for (const auto& options : shapes()) CHECK(gpu::near_far(g, s, options) == want);
  }
}

TEST_CASE("GPU near-far on the 10^6-vertex grid of the benchmark (corner, centre)",
          "[gpu][sssp][near-far]") {
  ARCWAVE_REQUIRE_GPU();
  const Csr<std::int64_t> g = build_csr(gen::grid_graph<std::int64_t>({1000, 1000, 1, 100, 4}));
  const Csr<double> gd = build_csr(gen::grid_graph<double>({1000, 1000, 0.5, 100.0, 8}));
  for (const std::uint32_t s : {0U, 500U * 1000U + 500U}) {
    const auto want = dijkstra_cpu(g, s).distance;
    gpu::NearFarOptions phases_only;
    phases_only.local_rounds = 1;
    CHECK(gpu::near_far(g, s) == want);
    CHECK(gpu::near_far(g, s, phases_only) == want);
    CHECK(test::mismatches(gpu::near_far(gd, s), dijkstra_cpu(gd, s).distance, 1e8) == 0);
  }
}

TEST_CASE("GPU near-far: a far pile too small for its appends splits by a full scan",
          "[gpu][sssp][near-far]") {
  ARCWAVE_REQUIRE_GPU();
  const Csr<std::int64_t> grid = build_csr(gen::grid_graph<std::int64_t>({90, 70, 1, 100, 29}));
  const Csr<std::int64_t> random = test::positive_graph<std::int64_t>(3000, 4, 31);
  for (const Csr<std::int64_t>* g : {&grid, &random}) {
    const auto want = dijkstra_cpu(*g, 0).distance;
    for (const std::uint32_t capacity : {1U, 7U, 100U}) {
      gpu::NearFarOptions o;
      o.far_capacity = capacity;
      o.delta = 30;
      CHECK(gpu::near_far(*g, 0, o) == want);
      o.local_rounds = 1;
      CHECK(gpu::near_far(*g, 0, o) == want);
    }
  }
}

TEST_CASE("GPU near-far: zero weights, unreachable vertices, tiny graphs, bad input",
          "[gpu][sssp][near-far]") {
  ARCWAVE_REQUIRE_GPU();
  EdgeList<std::int64_t> list;
  list.vertex_count = 6;
  list.add(0, 1, 0);
  list.add(1, 2, 5);
  list.add(0, 2, 9);
  list.add(0, 2, 4);
  list.add(2, 2, 1);
  list.add(2, 3, 0);
  list.add(4, 0, 1);
  const Csr<std::int64_t> g = build_csr(list);
  const auto inf = infinity<std::int64_t>();
  for (const auto& options : shapes())
    CHECK(gpu::near_far(g, 0, options) == std::vector<std::int64_t>{0, 0, 4, 4, inf, inf});
  // A vertex with a long edge list (walked by a whole warp) and all-zero weights.
  EdgeList<double> star;
  star.vertex_count = 300;
  for (std::uint32_t v = 1; v < 300; ++v) star.add(0, v, v % 3 == 0 ? 0.0 : -0.0);
  const auto zero = gpu::near_far(build_csr(star), 0);
  CHECK(zero == std::vector<double>(300, 0.0));
  Csr<std::int64_t> one;
  one.vertex_count = 1;
  one.offsets = {0, 0};
  CHECK(gpu::near_far(one, 0) == std::vector<std::int64_t>{0});
  CHECK_THROWS_AS(gpu::near_far(one, 1), InputError);
  EdgeList<std::int64_t> negative;
  negative.vertex_count = 2;
  negative.add(0, 1, -1);
  CHECK_THROWS_AS(gpu::near_far(build_csr(negative), 0), InputError);
}

TEST_CASE("GPU near-far, small cases for the sanitizers", "[gpu][sssp][near-far][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  const Csr<std::int64_t> g = test::positive_graph<std::int64_t>(500, 3, 51);
  const Csr<double> gd = test::positive_graph<double>(400, 2, 52);
  const Csr<std::int64_t> grid = build_csr(gen::grid_graph<std::int64_t>({40, 30, 1, 100, 53}));
  std::vector<gpu::NearFarOptions> few(4);
  few[1].local_rounds = 1;
  few[2].blocks = 3;
  few[2].delta = 20;
  few[3].far_capacity = 7;
  few[3].delta = 30;
  for (const auto& options : few) {
    CHECK(gpu::near_far(g, 7, options) == dijkstra_cpu(g, 7).distance);
    CHECK(test::mismatches(gpu::near_far(gd, 7, options), dijkstra_cpu(gd, 7).distance, 1e5) == 0);
    CHECK(gpu::near_far(grid, 0, options) == dijkstra_cpu(grid, 0).distance);
  }
}

TEST_CASE("GPU Johnson by near-far per source equals the CPU Johnson",
          "[gpu][sssp][near-far][johnson]") {
  ARCWAVE_REQUIRE_GPU();
  const Csr<std::int64_t> g = test::negative_graph<std::int64_t>(700, 3, 41);
  const Csr<double> gd = test::negative_graph<double>(500, 2, 42);
  std::vector<std::uint32_t> sources;
  for (std::uint32_t s = 0; s < 500; s += 23) sources.push_back(s);
  const std::span<const std::uint32_t> some(sources);
  DistanceMatrix<std::int64_t> want{g.vertex_count, {}};
  REQUIRE(!johnson_cpu(g, some, want.sink(sources.size())).has_negative_cycle());
  DistanceMatrix<std::int64_t> got{g.vertex_count, {}};
  REQUIRE(!gpu::johnson(g, some, got.sink(sources.size()), {gpu::JohnsonMethod::kNearFar, 0, {}})
               .has_negative_cycle());
  CHECK(got.rows == want.rows);
  DistanceMatrix<double> want_d{gd.vertex_count, {}};
  REQUIRE(!johnson_cpu(gd, some, want_d.sink(sources.size())).has_negative_cycle());
  DistanceMatrix<double> got_d{gd.vertex_count, {}};
  REQUIRE(!gpu::johnson(gd, some, got_d.sink(sources.size()), {gpu::JohnsonMethod::kNearFar, 0, {}})
               .has_negative_cycle());
  CHECK(test::mismatches(got_d.rows, want_d.rows, 1e5) == 0);
}
