// The scene generator: Shoemake rotations are uniform unit quaternions, samples are
// deterministic, geometry bounds the cells (a line cut by ℓ thresholds is a path of ℓ + 1
// cells), and the distinct / duplicate samplers keep what they promise.
#include <cmath>
#include <set>

#include "arcwave/error.hpp"
#include "graph/cellgraph/cell_graph.hpp"
#include "instances/cells/scenes.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using namespace arcwave::gen::cells;

TEST_CASE("Shoemake rotations are uniform unit quaternions", "[cellgraph][scenes]") {
  const int n = 40000;
  double squares[4] = {0, 0, 0, 0};
  double axis_mean[3] = {0, 0, 0};
  double axis_square[3] = {0, 0, 0};
  std::uint64_t state = 12345;
  auto uniform = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) * 0x1.0p-53;
  };
  for (int i = 0; i < n; ++i) {
    const double u1 = uniform();
    const double u2 = uniform();
    const double u3 = uniform();
    const auto q = shoemake_rotation(u1, u2, u3);
    const double norm = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    REQUIRE(std::abs(norm - 1) < 1e-12);
    for (int c = 0; c < 4; ++c) squares[c] += q[c] * q[c];
    // The rotated z axis, by rotate() and by the rotation matrix of q.
    const auto z = rotate(q, {0, 0, 1});
    const double w = q[0], x = q[1], y = q[2], zq = q[3];
    const double m[3] = {2 * (x * zq + w * y), 2 * (y * zq - w * x), 1 - 2 * (x * x + y * y)};
    for (int c = 0; c < 3; ++c) {
      REQUIRE(std::abs(z[c] - m[c]) < 1e-12);
      axis_mean[c] += z[c];
      axis_square[c] += z[c] * z[c];
    }
  }
  // Uniform on SO(3): each quaternion component squared has mean 1/4, and a rotated axis is
  // uniform on the sphere (mean 0, squared components 1/3).
  for (double s : squares) CHECK(std::abs(s / n - 0.25) < 0.01);
  for (int c = 0; c < 3; ++c) {
    CHECK(std::abs(axis_mean[c] / n) < 0.015);
    CHECK(std::abs(axis_square[c] / n - 1.0 / 3) < 0.01);
  }
}

TEST_CASE("samples do not depend on the thread count", "[cellgraph][scenes]") {
  for (const SceneKind kind :
       {SceneKind::kHyperplanes, SceneKind::kQuadrics, SceneKind::kRotations}) {
    const Scene scene({kind, 3, 70, 9});
    CHECK(sample_vectors(scene, 3000, 4, 1) == sample_vectors(scene, 3000, 4, 3));
    CHECK_FALSE(sample_vectors(scene, 3000, 4, 1) == sample_vectors(scene, 3000, 5, 1));
  }
}

TEST_CASE("a line cut by ℓ thresholds is a path of at most ℓ + 1 cells", "[cellgraph][scenes]") {
  const Scene scene({SceneKind::kHyperplanes, 1, 20, 3});
  const cellgraph::CellGraph g = cellgraph::build_cell_graph(sample_vectors(scene, 20000, 1));
  const std::uint32_t m = g.graph.vertex_count;
  CHECK(m <= 21);
  CHECK(m >= 15);  // 20000 points miss only cells narrower than about 1/4000
  std::uint32_t ends = 0;
  for (std::uint32_t v = 0; v < m; ++v) {
    CHECK(g.graph.degree(v) >= 1);
    CHECK(g.graph.degree(v) <= 2);
    if (g.graph.degree(v) == 1) ++ends;
  }
  CHECK(ends == 2);
  CHECK(g.graph.edge_count() == 2 * (m - 1));
}

TEST_CASE("planes: at most 1 + ℓ + ℓ(ℓ-1)/2 cells, many duplicates", "[cellgraph][scenes]") {
  const std::uint32_t l = 12;
  for (const SceneKind kind : {SceneKind::kHyperplanes, SceneKind::kQuadrics}) {
    const Scene scene({kind, 2, l, 5});
    const BitVectors sample = sample_vectors(scene, 20000, 2);
    const cellgraph::CellGraph g = cellgraph::build_cell_graph(sample);
    if (kind == SceneKind::kHyperplanes) CHECK(g.graph.vertex_count <= 1 + l + l * (l - 1) / 2);
    CHECK(g.graph.vertex_count < 2000);
    CHECK(g.graph.edge_count() > 0);
  }
}

TEST_CASE("distinct samples and duplicates", "[cellgraph][scenes]") {
  const Scene scene({SceneKind::kRotations, 3, 24, 11});
  const BitVectors distinct = sample_distinct_vectors(scene, 300, 8, 100000, 2);
  REQUIRE(distinct.count == 300);
  std::set<std::vector<std::uint64_t>> rows;
  for (std::uint64_t i = 0; i < distinct.count; ++i)
    rows.emplace(distinct.row(i).begin(), distinct.row(i).end());
  CHECK(rows.size() == 300);
  // The same rows as the first distinct vectors of the plain sample stream.
  const cellgraph::CellGraph g = cellgraph::build_cell_graph(sample_vectors(scene, 100000, 8));
  REQUIRE(g.cells.count >= 300);
  for (std::uint64_t i = 0; i < 300; ++i)
    CHECK(std::equal(distinct.row(i).begin(), distinct.row(i).end(), g.cells.row(i).begin()));

  const BitVectors mixed = with_duplicates(distinct, 375, 3);
  CHECK(mixed.count == 375);
  const cellgraph::CellGraph h = cellgraph::build_cell_graph(mixed);
  CHECK(h.cells.count == 300);
  CHECK_THROWS_AS(with_duplicates(distinct, 10, 3), InputError);
  const Scene tiny({SceneKind::kHyperplanes, 1, 3, 1});
  CHECK_THROWS_AS(sample_distinct_vectors(tiny, 10, 1, 5000, 1), InputError);
  CHECK_THROWS_AS(Scene({SceneKind::kHyperplanes, 0, 3, 1}), InputError);
  CHECK(parse_scene_kind("rotations") == SceneKind::kRotations);
  CHECK_THROWS_AS(parse_scene_kind("spheres"), InputError);
}
