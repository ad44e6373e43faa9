// The fast wave's logic (bitwave_core.hpp, the same per-word code as the CUDA kernel), run by
// the CPU driver, against BFS: every tile shape, 4 and 8 moves, every beta class, grids that
// are not whole tiles, many tiles, and stopping at the start.
#include "graph/grid/bitwave.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "tests/graph/grid/grid_test_util.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using grid::Neighbourhood;
using grid::Point;
using grid::TileShape;

namespace {

void check_against_bfs(const grid::Grid& g, Point finish, Neighbourhood n, TileShape shape) {
  const auto expected = grid::bfs_labels(g, finish, n);
  grid::WaveStats stats;
  const auto labels = grid::bitwave_labels_cpu(g, finish, n, shape, 1, std::nullopt, &stats);
  INFO("grid " << g.width() << "x" << g.height() << " finish " << finish.x << "," << finish.y
               << " shape " << grid::to_string(shape) << " moore " << (n == Neighbourhood::kMoore));
  CHECK(labels == expected);
}

}  // namespace

TEST_CASE("bitwave equals BFS on every beta class (many small tiles)", "[grid][bitwave]") {
  std::uint64_t seed = 11;
  for (const grid::Grid& g : test::class_maps(97, 61, 500)) {
    for (const Neighbourhood n : {Neighbourhood::kVonNeumann, Neighbourhood::kMoore}) {
      const Point finish{static_cast<int>(seed * 13 % 97), static_cast<int>(seed * 7 % 61)};
      ++seed;
      check_against_bfs(g, finish, n, TileShape::kTest);
    }
  }
}

TEST_CASE("bitwave equals BFS with the GPU tile shapes", "[grid][bitwave]") {
  std::uint64_t seed = 5;
  for (const TileShape shape : {TileShape::k64, TileShape::k128, TileShape::k192}) {
    for (const double beta : {0.02, 0.3, 0.47}) {
      // Larger than one tile in each direction, and not a whole number of tiles.
      const grid::Grid g = gen::random_passability(450, 410, beta, seed++);
      check_against_bfs(g, {7, 400}, Neighbourhood::kVonNeumann, shape);
      check_against_bfs(g, {449, 3}, Neighbourhood::kMoore, shape);
    }
  }
}

TEST_CASE("bitwave on long thin and tiny grids", "[grid][bitwave]") {
  for (const TileShape shape : {TileShape::kTest, TileShape::k64}) {
    check_against_bfs(grid::Grid(1, 1), {0, 0}, Neighbourhood::kVonNeumann, shape);
    check_against_bfs(grid::Grid(1, 300), {0, 17}, Neighbourhood::kVonNeumann, shape);
    check_against_bfs(grid::Grid(700, 1), {699, 0}, Neighbourhood::kMoore, shape);
    check_against_bfs(gen::random_passability(1000, 2, 0.1, 3), {0, 1}, Neighbourhood::kVonNeumann,
                      shape);
    check_against_bfs(gen::random_passability(33, 1, 0.0, 3), {32, 0}, Neighbourhood::kVonNeumann,
                      shape);
  }
}

TEST_CASE("bitwave on a spiral needs many visits per tile", "[grid][bitwave]") {
  // A spiral corridor: the wave crosses each tile many times in different steps.
  const int n = 101;
  std::vector<std::uint8_t> blocked(static_cast<std::size_t>(n * n), 1);
  int x0 = 0, y0 = 0, x1 = n - 1, y1 = n - 1;
  while (x0 <= x1 && y0 <= y1) {
    for (int x = x0; x <= x1; ++x) blocked[static_cast<std::size_t>(y0 * n + x)] = 0;
    for (int y = y0; y <= y1; ++y) blocked[static_cast<std::size_t>(y * n + x1)] = 0;
    for (int x = x0; x <= x1; ++x) blocked[static_cast<std::size_t>(y1 * n + x)] = 0;
    for (int y = y0 + 2; y <= y1; ++y) blocked[static_cast<std::size_t>(y * n + x0)] = 0;
    if (x0 + 1 < n) blocked[static_cast<std::size_t>((y0 + 2) * n + x0 + 1)] = 0;
    x0 += 2;
    y0 += 2;
    x1 -= 2;
    y1 -= 2;
  }
  const grid::Grid g = grid::grid_from_blocked(n, n, blocked);
  for (const TileShape shape : {TileShape::kTest, TileShape::k64})
    for (const Neighbourhood nb : {Neighbourhood::kVonNeumann, Neighbourhood::kMoore})
      check_against_bfs(g, {0, 0}, nb, shape);
}

TEST_CASE("bitwave with two threads", "[grid][bitwave]") {
  const grid::Grid g = gen::random_passability(200, 150, 0.4, 8);
  const auto labels =
      grid::bitwave_labels_cpu(g, {100, 70}, Neighbourhood::kVonNeumann, TileShape::kTest, 2);
  CHECK(labels == grid::bfs_labels(g, {100, 70}, Neighbourhood::kVonNeumann));
}

TEST_CASE("bitwave stops after the step that labels the start", "[grid][bitwave]") {
  const grid::Grid g = gen::random_passability(300, 300, 0.2, 77);
  const Point finish{150, 150};
  const Point start{160, 140};
  const auto full = grid::bfs_labels(g, finish, Neighbourhood::kVonNeumann);
  REQUIRE(full[g.index(start)] != grid::kUnreached);
  grid::WaveStats stats;
  const auto partial = grid::bitwave_labels_cpu(g, finish, Neighbourhood::kVonNeumann,
                                                TileShape::kTest, 1, start, &stats);
  CHECK(stats.stopped_at_start);
  const std::uint32_t target = full[g.index(start)];
  CHECK(partial[g.index(start)] == target);
  std::uint64_t labelled = 0;
  for (std::size_t i = 0; i < full.size(); ++i) {
    if (partial[i] != grid::kUnreached) {
      CHECK(partial[i] == full[i]);
      ++labelled;
    } else if (full[i] <= target) {
      FAIL("a cell nearer than the start was not labelled");
    }
  }
  CHECK(labelled < full.size() / 2);
  // start == finish: nothing but the finish needs labelling.
  const auto same = grid::bitwave_labels_cpu(g, finish, Neighbourhood::kVonNeumann, TileShape::k64,
                                             1, finish, &stats);
  CHECK(same[g.index(finish)] == 0);
  CHECK(stats.steps == 0);
}
