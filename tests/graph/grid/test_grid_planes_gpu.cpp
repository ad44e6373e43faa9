// The GPU wave built from packed planes ([gpu]: skips without a GPU): maps read by the packed
// MovingAI reader go to the device as planes, and the move bytes and diagonal planes are made
// there (gpu_build.cu). Labels must equal the CPU BFS / Dijkstra cell by cell and paths the CPU
// recovery, for 4 moves, 8 moves and octile costs, on widths that are not multiples of 32 or of
// a tile and on blocked starts and finishes. The [sanitize] case is small for compute-sanitizer.
#include <string>

#include "graph/grid/cpu_wave.hpp"
#include "graph/grid/gpu_wave.hpp"
#include "graph/grid/octile.hpp"
#include "graph/grid/path.hpp"
#include "instances/maps/map_text.hpp"
#include "parsers/grid/grid_files.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave;
using grid::GpuVariant;
using grid::Neighbourhood;
using grid::PathMethod;
using grid::Point;
using grid::Priority;

namespace {

grid::GridPlanes generated(int width, int height, double blocked, std::uint64_t seed) {
  gen::MapTextOptions o;
  o.width = width;
  o.height = height;
  o.blocked_share = blocked;
  o.seed = seed;
  return parse_movingai_planes("generated.map", gen::random_movingai_map_text(o), 3);
}

/// The wave from planes against the CPU on the unpacked grid: labels and both path methods.
void check_planes(const grid::GridPlanes& planes, Neighbourhood n, Point finish, Point start,
                  grid::TileShape shape) {
  const grid::Grid g = grid::grid_from_planes(planes);
  INFO(g.width() << "x" << g.height() << " " << grid::to_string(n) << " shape "
                 << grid::to_string(shape));
  grid::GpuLeeWave wave(planes, n, shape);
  if (n == Neighbourhood::kOctile) {
    const auto expected = grid::octile_labels(g, finish);
    wave.run(GpuVariant::kFast, finish);
    CHECK(wave.octile_labels() == expected);
    const auto reference = grid::recover_octile_path(g, expected, start, Priority::kLURD);
    CHECK(wave.path(start, Priority::kLURD, PathMethod::kHostMoves) == reference);
    return;
  }
  const auto expected = grid::bfs_labels(g, finish, n);
  for (const GpuVariant v : {GpuVariant::kGlobal, GpuVariant::kFrontier, GpuVariant::kFast}) {
    INFO(grid::to_string(v));
    wave.run(v, finish);
    CHECK(wave.labels() == expected);
    const auto reference = grid::recover_path(g, expected, start, n, Priority::kULDR);
    CHECK(wave.path(start, Priority::kULDR, PathMethod::kDeviceWalk) == reference);
    CHECK(wave.path(start, Priority::kULDR, PathMethod::kHostMoves) == reference);
  }
}

}  // namespace

TEST_CASE("GPU wave from packed planes equals the CPU on generated maps", "[gpu][grid]") {
  ARCWAVE_REQUIRE_GPU();
  std::uint64_t seed = 1;
  for (const auto& [width, height] :
       std::vector<std::pair<int, int>>{{257, 123}, {1000, 77}, {31, 500}, {4100, 9}}) {
    const grid::GridPlanes planes = generated(width, height, 0.25, seed++);
    const Point finish{width - 1, height - 1};
    const Point start{0, 0};
    for (const Neighbourhood n :
         {Neighbourhood::kVonNeumann, Neighbourhood::kMoore, Neighbourhood::kOctile})
      check_planes(planes, n, finish, start, grid::default_tile_shape(planes.cell_count()));
    check_planes(planes, Neighbourhood::kMoore, {width / 2, height / 2}, start,
                 grid::TileShape::k192);
  }
}

TEST_CASE("GPU wave from planes: the same wave as from the grid, blocked ends",
          "[gpu][grid][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  const grid::GridPlanes planes = generated(70, 37, 0.3, 11);
  const grid::Grid g = grid::grid_from_planes(planes);
  for (const Neighbourhood n : {Neighbourhood::kVonNeumann, Neighbourhood::kMoore}) {
    grid::GpuLeeWave from_planes(planes, n, grid::TileShape::kTest);
    grid::GpuLeeWave from_grid(g, n, grid::TileShape::kTest);
    from_planes.run(GpuVariant::kFast, {69, 36});
    from_grid.run(GpuVariant::kFast, {69, 36});
    CHECK(from_planes.labels() == from_grid.labels());
    CHECK(from_planes.labels() == grid::bfs_labels(g, {69, 36}, n));
  }
  check_planes(planes, Neighbourhood::kOctile, {69, 36}, {0, 0}, grid::TileShape::k64);
  // A blocked start has no path, whatever the labels say.
  Point blocked{-1, -1};
  for (int y = 0; y < g.height() && blocked.x < 0; ++y)
    for (int x = 0; x < g.width() && blocked.x < 0; ++x)
      if (g.blocked({x, y})) blocked = {x, y};
  REQUIRE(blocked.x >= 0);
  grid::GpuLeeWave wave(planes, Neighbourhood::kVonNeumann, grid::TileShape::kTest);
  wave.run(GpuVariant::kFast, blocked);
  CHECK(wave.path(blocked, Priority::kLURD, PathMethod::kHostMoves).empty());
  wave.run(GpuVariant::kFast, {0, 0});
  CHECK(wave.path(blocked, Priority::kLURD, PathMethod::kDeviceWalk).empty());
}
