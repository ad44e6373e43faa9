// The packed planes of a grid (grid_planes.hpp): packing and unpacking give the grid back, the
// move masks computed from the planes are Grid::open()'s, the popcount beta is the grid's, and
// the moves opened between free cells of a blocked plane are grid_from_blocked()'s.
#include "graph/grid/bitwave.hpp"
#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/grid_planes.hpp"
#include "instances/maps/map_generators.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

std::vector<grid::Grid> sample_grids() {
  std::vector<grid::Grid> grids;
  std::uint64_t seed = 1;
  for (const int width : {1, 7, 31, 32, 33, 64, 95}) {
    for (const int height : {1, 2, 13}) {
      grids.push_back(gen::random_passability(width, height, 0.3, seed++));
      grids.push_back(gen::random_blocked_cells(width, height, 0.25, seed++));
    }
  }
  return grids;
}

}  // namespace

TEST_CASE("planes: pack and unpack give the grid back", "[grid][planes]") {
  for (const grid::Grid& g : sample_grids()) {
    INFO(g.width() << "x" << g.height());
    const grid::GridPlanes p = grid::planes_of(g);
    CHECK(p.words == (g.width() + 31) / 32);
    CHECK(std::ranges::equal(grid::grid_from_planes(p).cells(), g.cells()));
    CHECK(grid::closed_transitions(p) == g.closed_transitions());
    CHECK(grid::impassability(p) == g.impassability());
    for (int y = 0; y < g.height(); ++y)
      for (int x = 0; x < g.width(); ++x) CHECK(p.is_blocked({x, y}) == g.blocked({x, y}));
  }
}

TEST_CASE("planes: move masks are the grid's open moves", "[grid][planes]") {
  for (const grid::Grid& g : sample_grids()) {
    const grid::GridPlanes p = grid::planes_of(g);
    for (int y = 0; y < g.height(); ++y) {
      for (int x = 0; x < g.width(); ++x) {
        INFO(g.width() << "x" << g.height() << " cell " << x << "," << y);
        const std::uint8_t all =
            grid::plane_moves(p.right.data(), p.down.data(), p.words, p.height, x, y, true);
        CHECK(all == grid::open_moves(g, g.index({x, y})));
        const std::uint8_t four =
            grid::plane_moves(p.right.data(), p.down.data(), p.words, p.height, x, y, false);
        CHECK(four == (g.bits({x, y}) & grid::kOpenAll));
        for (int m = 0; m < 8; ++m) CHECK(((all >> m & 1U) != 0) == g.open({x, y}, m));
      }
    }
  }
}

TEST_CASE("planes: moves between free cells of a blocked plane", "[grid][planes]") {
  std::uint64_t seed = 40;
  for (const int width : {1, 31, 32, 33, 64, 70}) {
    for (const int height : {1, 2, 9}) {
      const grid::Grid g = gen::random_blocked_cells(width, height, 0.35, seed++);
      grid::GridPlanes p = grid::empty_planes(width, height);
      p.blocked = grid::planes_of(g).blocked;
      // In two row ranges, as the reader's threads do.
      grid::open_free_moves(p, 0, height / 2);
      grid::open_free_moves(p, height / 2, height);
      INFO(width << "x" << height);
      CHECK(p.right == grid::planes_of(g).right);
      CHECK(p.down == grid::planes_of(g).down);
      CHECK(std::ranges::equal(grid::grid_from_planes(p).cells(), g.cells()));
    }
  }
}

TEST_CASE("planes: diagonal words are the Moore wave's diagonal planes", "[grid][planes]") {
  for (const grid::Grid& g : sample_grids()) {
    const grid::GridPlanes p = grid::planes_of(g);
    const grid::BitPlanes moore = grid::build_bit_planes(g, true, grid::TileShape::k64);
    for (int y = 0; y < g.height(); ++y) {
      for (int w = 0; w < p.words; ++w) {
        std::uint32_t dr = 0;
        std::uint32_t dl = 0;
        grid::diagonal_words(p.right.data(), p.down.data(), p.words, p.height, y, w, &dr, &dl);
        const std::size_t at = static_cast<std::size_t>(y) * static_cast<std::size_t>(moore.words) +
                               static_cast<std::size_t>(w);
        INFO(g.width() << "x" << g.height() << " row " << y << " word " << w);
        CHECK(dr == moore.down_right[at]);
        CHECK(dl == moore.down_left[at]);
      }
    }
  }
}

TEST_CASE("planes: height maps packed directly equal the grid's planes", "[grid][planes]") {
  std::uint64_t seed = 70;
  for (const int width : {1, 31, 32, 33, 100}) {
    for (const int height : {1, 3, 40}) {
      const gen::HeightMap h = gen::random_heightmap(width, height, 0.3, seed++);
      const grid::GridPlanes direct =
          grid::planes_from_heights(width, height, h.heights, h.threshold);
      const grid::GridPlanes packed =
          grid::planes_of(grid::grid_from_heights(width, height, h.heights, h.threshold));
      INFO(width << "x" << height);
      CHECK(direct.right == packed.right);
      CHECK(direct.down == packed.down);
      CHECK(direct.blocked == packed.blocked);
    }
  }
}
