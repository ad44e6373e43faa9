// The CPU references against an independent relaxation: BFS (4 and 8 moves, one thread and
// OpenMP) and the exact octile Dijkstra, on hand-drawn maps and random maps of every beta class.
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/octile.hpp"
#include "tests/graph/grid/grid_test_util.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using grid::Neighbourhood;
using grid::Point;

TEST_CASE("BFS labels on a drawn maze", "[grid][cpu]") {
  const grid::Grid g = test::drawn_grid({
      "....#",
      ".##.#",
      ".#...",
      ".#.#.",
      "...#.",
  });
  const auto label = grid::bfs_labels(g, {0, 0}, Neighbourhood::kVonNeumann);
  CHECK(label[g.index({0, 0})] == 0);
  CHECK(label[g.index({3, 0})] == 3);
  CHECK(label[g.index({4, 4})] == 8);  // along the top, down column 3, right, down
  CHECK(label[g.index({2, 4})] == 6);
  CHECK(label[g.index({4, 0})] == grid::kUnreached);  // blocked
  const auto moore = grid::bfs_labels(g, {0, 0}, Neighbourhood::kMoore);
  CHECK(moore[g.index({4, 4})] == 8);  // every diagonal shortcut would cut a corner
}

TEST_CASE("BFS equals relaxation on random maps of every class", "[grid][cpu]") {
  std::uint64_t seed = 1;
  for (const grid::Grid& g : test::class_maps(37, 29, 40)) {
    for (const bool moore : {false, true}) {
      const Point finish{static_cast<int>(seed % 37), static_cast<int>(seed * 7 % 29)};
      ++seed;
      const Neighbourhood n = moore ? Neighbourhood::kMoore : Neighbourhood::kVonNeumann;
      const auto expected = test::relaxed_labels(g, finish, moore);
      CHECK(grid::bfs_labels(g, finish, n) == expected);
      // Two threads on small maps only: every level costs barriers.
      if (seed % 4 == 0) CHECK(grid::bfs_labels_parallel(g, finish, n, 2) == expected);
    }
  }
}

TEST_CASE("octile Dijkstra equals relaxation in floating point", "[grid][cpu]") {
  std::uint64_t seed = 3;
  for (const grid::Grid& g : test::class_maps(31, 23, 70)) {
    const Point finish{static_cast<int>(seed % 31), static_cast<int>(seed * 5 % 23)};
    ++seed;
    const auto exact = grid::octile_labels(g, finish);
    const auto reference = test::relaxed_octile(g, finish);
    for (std::size_t i = 0; i < exact.size(); ++i) {
      if (std::isinf(reference[i])) {
        CHECK(exact[i] == grid::kOctileUnreached);
      } else {
        CHECK(grid::octile_value(exact[i]) == Approx(reference[i]).margin(1e-9));
      }
    }
  }
}

TEST_CASE("exact octile comparison", "[grid][cpu]") {
  using grid::octile_less;
  using grid::octile_pack;
  CHECK(octile_less(octile_pack(1, 0), octile_pack(0, 1)));  // 1 < 1.414
  CHECK(octile_less(octile_pack(0, 1), octile_pack(2, 0)));  // 1.414 < 2
  CHECK(octile_less(octile_pack(3, 0), octile_pack(1, 2)));  // 3 < 3.83
  CHECK_FALSE(octile_less(octile_pack(5, 5), octile_pack(5, 5)));
  // 99 - 70 sqrt 2 = 0.00505: close, but decided exactly.
  CHECK(octile_less(octile_pack(0, 70), octile_pack(99, 0)));
  CHECK_FALSE(octile_less(octile_pack(99, 0), octile_pack(0, 70)));
  // 665857 - 470832 sqrt 2 = 7.5e-7.
  CHECK(octile_less(octile_pack(0, 470832), octile_pack(665857, 0)));
  CHECK_FALSE(octile_less(octile_pack(665857, 0), octile_pack(0, 470832)));
  CHECK(octile_less(octile_pack(7, 3), grid::kOctileUnreached));
  CHECK_FALSE(octile_less(grid::kOctileUnreached, octile_pack(7, 3)));
  CHECK(grid::octile_value(octile_pack(2, 3)) == Approx(2 + 3 * std::sqrt(2.0)));
  // Random pairs against long double.
  std::uint64_t s = 12345;
  for (int i = 0; i < 20000; ++i) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    const auto a = octile_pack(static_cast<std::uint32_t>(s >> 40),
                               static_cast<std::uint32_t>((s >> 20) & 0xFFFFF));
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    const auto b = octile_pack(static_cast<std::uint32_t>(s >> 40),
                               static_cast<std::uint32_t>((s >> 20) & 0xFFFFF));
    const long double va = grid::octile_orth(a) + grid::octile_diag(a) * std::sqrt(2.0L);
    const long double vb = grid::octile_orth(b) + grid::octile_diag(b) * std::sqrt(2.0L);
    if (std::abs(va - vb) > 1e-6L) CHECK(octile_less(a, b) == (va < vb));
  }
}

TEST_CASE("waves on degenerate grids", "[grid][cpu]") {
  const grid::Grid one(1, 1);
  CHECK(grid::bfs_labels(one, {0, 0}, Neighbourhood::kVonNeumann) == std::vector<std::uint32_t>{0});
  CHECK(grid::octile_labels(one, {0, 0}) == std::vector<std::uint64_t>{0});
  const grid::Grid row(6, 1);
  CHECK(grid::bfs_labels(row, {2, 0}, Neighbourhood::kMoore) ==
        std::vector<std::uint32_t>{2, 1, 0, 1, 2, 3});
  const grid::Grid column(1, 4);
  CHECK(grid::bfs_labels_parallel(column, {0, 3}, Neighbourhood::kVonNeumann, 2) ==
        std::vector<std::uint32_t>{3, 2, 1, 0});
  CHECK_THROWS(grid::bfs_labels(row, {6, 0}, Neighbourhood::kVonNeumann));
}
