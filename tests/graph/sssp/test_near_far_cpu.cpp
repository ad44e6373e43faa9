// The near-far SSSP's CPU reference against Dijkstra: random graphs (integer and real weights),
// road-like grids from a corner and the centre, bucket widths from 1 to infinity, zero weights,
// unreachable vertices, self loops, parallel edges, tiny graphs; and the shared rules (automatic
// Δ, conversion to the distance type, thresholds that always move).
#include <cmath>
#include <limits>

#include "graph/sssp/dijkstra_cpu.hpp"
#include "graph/sssp/near_far_cpu.hpp"
#include "graph/sssp/near_far_rules.hpp"
#include "tests/graph/sssp/fixtures.hpp"

using namespace arcwave;
using namespace arcwave::sssp;

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

template <typename Weight>
void matches_dijkstra_on_random_graphs() {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const std::uint32_t n = 50 + static_cast<std::uint32_t>(seed * 97);
    const Csr<Weight> g =
        test::positive_graph<Weight>(n, 0.7 + static_cast<double>(seed % 5), seed + 300);
    for (const std::uint32_t s : {0U, n / 2, n - 1}) {
      const auto want = dijkstra_cpu(g, s).distance;
      for (const double delta : {0.0, 1.0, 7.5, 60.0, 1e4, kInfinity}) {
        NearFarStats stats;
        CHECK(test::mismatches(near_far_cpu(g, s, delta, &stats), want, 100.0 * n) == 0);
        CHECK(stats.items >= 1);
        CHECK(stats.phases >= stats.splits);
      }
    }
  }
}

}  // namespace

TEST_CASE("near-far (CPU) equals Dijkstra on random graphs, integer weights", "[sssp][near-far]") {
  matches_dijkstra_on_random_graphs<std::int64_t>();
}

TEST_CASE("near-far (CPU) equals Dijkstra on random graphs, real weights", "[sssp][near-far]") {
  matches_dijkstra_on_random_graphs<double>();
}

TEST_CASE("near-far (CPU) equals Dijkstra on road-like grids from a corner and the centre",
          "[sssp][near-far]") {
  const Csr<std::int64_t> g = build_csr(gen::grid_graph<std::int64_t>({120, 80, 1, 100, 17}));
  for (const std::uint32_t s : {0U, 40U * 120U + 60U}) {
    const auto want = dijkstra_cpu(g, s).distance;
    NearFarStats automatic;
    CHECK(near_far_cpu(g, s, 0, &automatic) == want);
    CHECK(near_far_cpu(g, s, 1) == want);
    NearFarStats bellman_ford;
    CHECK(near_far_cpu(g, s, kInfinity, &bellman_ford) == want);
    // One bucket is Bellman-Ford: no split, and more relaxations than with buckets.
    CHECK(bellman_ford.splits == 0);
    CHECK(automatic.splits > 0);
    CHECK(bellman_ford.items > automatic.items);
  }
}

TEST_CASE("near-far (CPU): zero weights, unreachable vertices, self loops, parallel edges",
          "[sssp][near-far]") {
  EdgeList<std::int64_t> list;
  list.vertex_count = 6;
  list.add(0, 1, 0);
  list.add(1, 2, 5);
  list.add(0, 2, 9);
  list.add(0, 2, 4);  // parallel, cheaper
  list.add(2, 2, 1);  // self loop
  list.add(2, 3, 0);
  list.add(4, 0, 1);  // 4 and 5 are unreachable from 0
  const Csr<std::int64_t> g = build_csr(list);
  const auto inf = infinity<std::int64_t>();
  const std::vector<std::int64_t> want{0, 0, 4, 4, inf, inf};
  for (const double delta : {0.0, 1.0, 3.0, kInfinity}) CHECK(near_far_cpu(g, 0, delta) == want);

  EdgeList<double> zeros;
  zeros.vertex_count = 4;
  zeros.add(0, 1, 0.0);
  zeros.add(1, 2, -0.0);
  zeros.add(2, 0, 0.0);
  const std::vector<double> zero_want{0, 0, 0, kInfinity};
  NearFarStats stats;
  CHECK(near_far_cpu(build_csr(zeros), 1, 0, &stats) == zero_want);
  CHECK(std::isinf(stats.delta));
}

TEST_CASE("near-far (CPU): tiny graphs and bad input", "[sssp][near-far]") {
  Csr<std::int64_t> one;
  one.vertex_count = 1;
  one.offsets = {0, 0};
  CHECK(near_far_cpu(one, 0) == std::vector<std::int64_t>{0});
  CHECK_THROWS_AS(near_far_cpu(one, 1), InputError);
  EdgeList<std::int64_t> negative;
  negative.vertex_count = 2;
  negative.add(0, 1, -1);
  CHECK_THROWS_AS(near_far_cpu(build_csr(negative), 0), InputError);
}

TEST_CASE("near-far rules: automatic Δ, Δ in the distance type, thresholds", "[sssp][near-far]") {
  // Mean weight 50, mean degree 4: 50 * 32 / 4.
  CHECK(near_far::automatic_delta(200.0, 4, 1) == 400.0);
  CHECK(std::isinf(near_far::automatic_delta(0.0, 4, 1)));
  CHECK(std::isinf(near_far::automatic_delta(10.0, 0, 1)));
  CHECK(near_far::to_delta<std::int64_t>(0.2) == 1);
  CHECK(near_far::to_delta<std::int64_t>(7.5) == 8);
  CHECK(near_far::to_delta<std::int64_t>(1e30) == infinity<std::int64_t>());
  CHECK(near_far::to_delta<std::int64_t>(kInfinity) == infinity<std::int64_t>());
  CHECK(std::isinf(near_far::to_delta<double>(0.0)));
  CHECK(near_far::to_delta<double>(2.5) == 2.5);
  const auto inf = infinity<std::int64_t>();
  CHECK(near_far::next_threshold<std::int64_t>(10, 5) == 15);
  CHECK(near_far::next_threshold<std::int64_t>(inf - 3, 5) == inf);
  CHECK(near_far::next_threshold<std::int64_t>(inf, 1) == inf);
  // A Δ lost in the rounding of a large distance still moves the threshold.
  CHECK(near_far::next_threshold<double>(1e20, 1e-3) > 1e20);
  CHECK(near_far::next_threshold<double>(3.0, 0.5) == 3.5);
  CHECK(std::isinf(near_far::next_threshold<double>(kInfinity, 1.0)));
}
