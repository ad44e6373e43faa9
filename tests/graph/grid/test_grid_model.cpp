// The grid model: impassability (the paper's beta), height-map and cell-map construction,
// derived diagonals (no corner cutting), passability validation, and the map generators.
#include <string>

#include "arcwave/error.hpp"
#include "graph/grid/grid.hpp"
#include "instances/maps/map_generators.hpp"
#include "tests/graph/grid/grid_test_util.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using grid::Grid;

TEST_CASE("an open grid has beta 0 and 4n^2 - 4n transitions", "[grid]") {
  const Grid g(5, 5);
  CHECK(g.transition_count() == 4 * 25 - 4 * 5);
  CHECK(g.closed_transitions() == 0);
  CHECK(g.impassability() == 0.0);
  CHECK(Grid(1, 1).transition_count() == 0);
  CHECK(Grid(1, 1).impassability() == 0.0);
  CHECK(Grid(4, 1).transition_count() == 6);
  // Border moves are closed and not counted.
  CHECK_FALSE(g.open({0, 0}, 0));
  CHECK_FALSE(g.open({0, 0}, 1));
  CHECK(g.open({0, 0}, 2));
  CHECK(g.open({0, 0}, 6));  // right-down
  CHECK_FALSE(g.open({0, 4}, 7));
}

TEST_CASE("closing one edge closes two transitions", "[grid]") {
  Grid g(3, 3);
  g.set_edge({1, 1}, 2, false);
  CHECK(g.closed_transitions() == 2);
  CHECK_FALSE(g.open({1, 1}, 2));
  CHECK_FALSE(g.open({2, 1}, 0));
  // Diagonals next to it lose one of their routes.
  CHECK_FALSE(g.open({1, 1}, 5));  // up-right: route right then up is closed
  CHECK_FALSE(g.open({1, 1}, 6));
  CHECK_FALSE(g.open({2, 0}, 7));  // down-left from (2,0) to (1,1): route down then left
  CHECK(g.open({1, 1}, 4));
}

TEST_CASE("height maps: moves open when the difference is below the threshold", "[grid]") {
  // heights 0 5 9 / 0 0 20
  const std::vector<std::uint16_t> h{0, 5, 9, 0, 0, 20};
  const Grid g = grid::grid_from_heights(3, 2, h, 5);
  CHECK_FALSE(g.open({0, 0}, 2));  // |0 - 5| = 5, not below 5
  CHECK(g.open({1, 0}, 2));        // |5 - 9| = 4
  CHECK(g.open({0, 0}, 3));
  CHECK(g.open({0, 1}, 2));
  CHECK_FALSE(g.open({1, 1}, 2));
  CHECK_FALSE(g.open({2, 0}, 3));
  CHECK_FALSE(g.open({1, 0}, 3));
  CHECK(g.closed_transitions() == 8);
  CHECK(g.impassability() == 8.0 / 14.0);
  CHECK_THROWS_AS(grid::grid_from_heights(3, 3, h, 5), InputError);
}

TEST_CASE("cell maps: blocked cells have no moves, diagonals do not cut corners", "[grid]") {
  const Grid g = test::drawn_grid({"..#", "...", "#.."});
  CHECK(g.blocked({2, 0}));
  CHECK_FALSE(g.open({1, 0}, 2));
  CHECK_FALSE(g.open({2, 1}, 1));
  CHECK_FALSE(g.open({1, 1}, 5));  // up-right to the blocked cell
  CHECK_FALSE(g.open({1, 0}, 6));  // right-down passes next to (2,0): corner cut
  CHECK(g.open({0, 0}, 6));
  CHECK_FALSE(g.open({1, 1}, 7));  // down-left would cut the blocked (0,2)
  CHECK(g.open({1, 1}, 6));
}

TEST_CASE("passability bits are validated", "[grid]") {
  std::string problem;
  const Grid ok = Grid::from_bits(2, 1, {grid::kOpenRight, grid::kOpenLeft}, &problem);
  CHECK(problem.empty());
  CHECK(ok.open({0, 0}, 2));
  (void)Grid::from_bits(2, 1, {grid::kOpenRight, 0}, &problem);
  CHECK(problem.find("disagree") != std::string::npos);
  (void)Grid::from_bits(2, 1, {grid::kOpenLeft, grid::kOpenLeft}, &problem);
  CHECK(problem.find("out of the grid") != std::string::npos);
  (void)Grid::from_bits(2, 1, {grid::kBlocked | grid::kOpenRight, grid::kOpenLeft}, &problem);
  CHECK(problem.find("blocked") != std::string::npos);
  (void)Grid::from_bits(2, 1, {0x40, 0}, &problem);
  CHECK(problem.find("unknown") != std::string::npos);
  (void)Grid::from_bits(2, 2, {0, 0}, &problem);
  CHECK(problem.find("expected 4 cells") != std::string::npos);
  CHECK_THROWS_AS(Grid(0, 3), InputError);
  CHECK_THROWS_AS(Grid(70000, 70000), InputError);
}

TEST_CASE("random passability reaches the requested beta in every class", "[grid][gen]") {
  int index = 0;
  for (const gen::BetaClass& c : gen::beta_classes()) {
    const double beta = c.beta_of(index % 3, 3);
    const Grid g = gen::random_passability(300, 200, beta, 100 + static_cast<std::uint64_t>(index));
    ++index;
    CHECK(std::abs(g.impassability() - beta) < 0.01);
    CHECK(c.contains(g.impassability()));
    std::string problem;
    (void)Grid::from_bits(300, 200, std::vector<std::uint8_t>(g.cells().begin(), g.cells().end()),
                          &problem);
    CHECK(problem.empty());  // symmetric, closed border
  }
  // Fixed seeds give the same map.
  CHECK(std::ranges::equal(gen::random_passability(50, 40, 0.3, 9).cells(),
                           gen::random_passability(50, 40, 0.3, 9).cells()));
  CHECK_FALSE(std::ranges::equal(gen::random_passability(50, 40, 0.3, 9).cells(),
                                 gen::random_passability(50, 40, 0.3, 10).cells()));
  CHECK(gen::random_passability(10, 10, 1.0, 1).impassability() == 1.0);
  CHECK(gen::random_passability(10, 10, 0.0, 1).impassability() == 0.0);
  CHECK_THROWS_AS(gen::random_passability(10, 10, 1.5, 1), InputError);
}

TEST_CASE("height maps reach the requested beta through their threshold", "[grid][gen]") {
  for (const double beta : {0.02, 0.17, 0.33, 0.48, 0.75}) {
    const gen::HeightMap m = gen::random_heightmap(160, 120, beta, 5);
    const Grid g = grid::grid_from_heights(m.width, m.height, m.heights, m.threshold);
    CHECK(g.impassability() == Approx(m.beta).margin(1e-12));
    CHECK(std::abs(m.beta - beta) < 0.01);
  }
}

TEST_CASE("beta classes are the paper's eleven", "[grid][gen]") {
  const auto classes = gen::beta_classes();
  CHECK(classes[0].label() == "0-5%");
  CHECK(classes[9].label() == "45-50%");
  CHECK(classes[10].label() == "50-100%");
  CHECK(classes[10].contains(1.0));
  CHECK_FALSE(classes[0].contains(0.05));
  CHECK(classes[1].contains(0.05));
  for (const auto& c : classes) CHECK(c.contains(c.beta_of(0, 5)));
}
