// Path recovery on the CPU: the priority orders LURD / ULDR pick different optimal paths, every
// recovered path is valid, monotone and optimal (BFS 4/8, octile), and bad input is reported.
#include "arcwave/error.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/octile.hpp"
#include "graph/grid/path.hpp"
#include "tests/graph/grid/grid_test_util.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using grid::Neighbourhood;
using grid::Point;
using grid::Priority;

TEST_CASE("priority orders choose between equal paths", "[grid][path]") {
  const grid::Grid g(3, 3);
  const auto labels = grid::bfs_labels(g, {0, 0}, Neighbourhood::kVonNeumann);
  // From (2,2) to (0,0): LURD goes left first, ULDR up first.
  CHECK(grid::recover_path(g, labels, {2, 2}, Neighbourhood::kVonNeumann, Priority::kLURD) ==
        std::vector<Point>{{2, 2}, {1, 2}, {0, 2}, {0, 1}, {0, 0}});
  CHECK(grid::recover_path(g, labels, {2, 2}, Neighbourhood::kVonNeumann, Priority::kULDR) ==
        std::vector<Point>{{2, 2}, {2, 1}, {2, 0}, {1, 0}, {0, 0}});
  // Towards (2,2) from (0,0): only right and down lead nearer; LURD tries R before D.
  const auto to_corner = grid::bfs_labels(g, {2, 2}, Neighbourhood::kVonNeumann);
  CHECK(grid::recover_path(g, to_corner, {0, 0}, Neighbourhood::kVonNeumann, Priority::kLURD) ==
        std::vector<Point>{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}});
  CHECK(grid::recover_path(g, to_corner, {0, 0}, Neighbourhood::kVonNeumann, Priority::kULDR) ==
        std::vector<Point>{{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}});
  // With 8 moves the diagonal is the only move two steps nearer: one diagonal step each.
  const auto moore = grid::bfs_labels(g, {2, 2}, Neighbourhood::kMoore);
  CHECK(grid::recover_path(g, moore, {0, 0}, Neighbourhood::kMoore, Priority::kLURD) ==
        std::vector<Point>{{0, 0}, {1, 1}, {2, 2}});
}

TEST_CASE("move orders", "[grid][path]") {
  CHECK(grid::move_order(Priority::kLURD) == std::array<int, 8>{0, 1, 2, 3, 4, 5, 6, 7});
  CHECK(grid::move_order(Priority::kULDR) == std::array<int, 8>{1, 0, 3, 2, 4, 7, 6, 5});
  CHECK(grid::parse_priority("uldr") == Priority::kULDR);
  CHECK_THROWS_AS(grid::parse_priority("LRUD"), InputError);
}

TEST_CASE("recovered paths are valid, monotone and optimal", "[grid][path]") {
  std::uint64_t seed = 2;
  for (const grid::Grid& g : test::class_maps(60, 45, 77)) {
    const Point finish{static_cast<int>(seed * 7 % 60), static_cast<int>(seed * 3 % 45)};
    ++seed;
    for (const Neighbourhood n : {Neighbourhood::kVonNeumann, Neighbourhood::kMoore}) {
      const auto labels = grid::bfs_labels(g, finish, n);
      for (int i = 0; i < 30; ++i) {
        const Point start{(i * 13 + static_cast<int>(seed)) % 60, (i * 7) % 45};
        for (const Priority p : {Priority::kLURD, Priority::kULDR}) {
          const auto path = grid::recover_path(g, labels, start, n, p);
          if (labels[g.index(start)] == grid::kUnreached) {
            CHECK(path.empty());
            continue;
          }
          CHECK(grid::check_path(g, path, start, finish, n).empty());
          CHECK(path.size() == labels[g.index(start)] + 1);
          for (std::size_t k = 0; k + 1 < path.size(); ++k)
            CHECK(labels[g.index(path[k])] == labels[g.index(path[k + 1])] + 1);
        }
      }
    }
    const auto octile = grid::octile_labels(g, finish);
    for (int i = 0; i < 30; ++i) {
      const Point start{(i * 11) % 60, (i * 17 + 5) % 45};
      const auto path = grid::recover_octile_path(g, octile, start, Priority::kULDR);
      if (octile[g.index(start)] == grid::kOctileUnreached) {
        CHECK(path.empty());
        continue;
      }
      CHECK(grid::check_path(g, path, start, finish, Neighbourhood::kOctile).empty());
      CHECK(grid::path_length(path, Neighbourhood::kOctile) ==
            Approx(grid::octile_value(octile[g.index(start)])).epsilon(1e-12));
    }
  }
}

TEST_CASE("start = finish, blocked and unreachable starts", "[grid][path]") {
  const grid::Grid g = test::drawn_grid({"..#", "#.#", "..."});
  const auto labels = grid::bfs_labels(g, {2, 2}, Neighbourhood::kVonNeumann);
  CHECK(grid::recover_path(g, labels, {2, 2}, Neighbourhood::kVonNeumann, Priority::kLURD) ==
        std::vector<Point>{{2, 2}});
  CHECK(grid::recover_path(g, labels, {2, 0}, Neighbourhood::kVonNeumann, Priority::kLURD).empty());
  CHECK(grid::recover_path(g, labels, {0, 0}, Neighbourhood::kVonNeumann, Priority::kLURD) ==
        std::vector<Point>{{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}});
  CHECK_THROWS_AS(
      grid::recover_path(g, labels, {3, 0}, Neighbourhood::kVonNeumann, Priority::kLURD),
      InputError);
  // A blocked finish labels only itself and has no path, even from itself.
  const auto from_blocked = grid::bfs_labels(g, {0, 1}, Neighbourhood::kVonNeumann);
  CHECK(from_blocked[g.index({0, 1})] == 0);
  CHECK(grid::recover_path(g, from_blocked, {0, 1}, Neighbourhood::kVonNeumann, Priority::kLURD)
            .empty());
  // Labels that are not a wave labelling are a bug, reported as such.
  std::vector<std::uint32_t> broken = labels;
  broken[g.index({1, 2})] = 40;
  broken[g.index({0, 2})] = 40;
  CHECK_THROWS_AS(
      grid::recover_path(g, broken, {1, 1}, Neighbourhood::kVonNeumann, Priority::kLURD),
      InternalError);
}

TEST_CASE("path checks catch bad paths", "[grid][path]") {
  const grid::Grid g = test::drawn_grid({"...", ".#.", "..."});
  CHECK(grid::check_path(g, {}, {0, 0}, {0, 0}, Neighbourhood::kVonNeumann) != "");
  const std::vector<Point> through_wall{{0, 1}, {1, 1}, {2, 1}};
  CHECK(grid::check_path(g, through_wall, {0, 1}, {2, 1}, Neighbourhood::kVonNeumann) != "");
  const std::vector<Point> jump{{0, 0}, {2, 0}};
  CHECK(grid::check_path(g, jump, {0, 0}, {2, 0}, Neighbourhood::kVonNeumann) != "");
  const std::vector<Point> diagonal{{0, 0}, {1, 0}, {2, 1}};
  CHECK(grid::check_path(g, diagonal, {0, 0}, {2, 1}, Neighbourhood::kVonNeumann) != "");
  CHECK(grid::check_path(g, diagonal, {0, 0}, {2, 1}, Neighbourhood::kMoore) != "");  // corner cut
  const std::vector<Point> around{{0, 0}, {1, 0}, {2, 0}, {2, 1}};
  CHECK(grid::check_path(g, around, {0, 0}, {2, 1}, Neighbourhood::kVonNeumann).empty());
  CHECK(grid::path_length(around, Neighbourhood::kVonNeumann) == 3.0);
}
