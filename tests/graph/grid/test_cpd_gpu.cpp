// The GPU first-move database (gpu_cpd.hpp) against its CPU reference ([gpu]: skipped without
// a GPU): every row the GPU builder compresses equals the CPU builder's row for the same source
// (the first-move sets are a function of the map, the compression is shared code), for 4, 8
// and octile moves, maps with single closed moves, several components, one and many batches
// of sources (a small slot cap); the whole database equal; the GPU's queries equal the CPU's
// (lengths, moves and paths); every row of the smallest shared MovingAI maps. [sanitize] cases
// are small: bench/device/grid_cpd.sh runs them under compute-sanitizer.
#include <filesystem>
#include <random>
#include <string>

#include "graph/grid/cpd.hpp"
#include "graph/grid/gpu_cpd.hpp"
#include "instances/maps/map_generators.hpp"
#include "parsers/grid/grid_files.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/gpu.hpp"
#include "tests/support/paths.hpp"

using namespace arcwave;
using grid::Neighbourhood;

namespace {

grid::Grid random_grid(int w, int h, double share, std::uint64_t seed, bool close_moves) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> blocked;
  std::uniform_real_distribution<double> u(0, 1);
  for (int i = 0; i < w * h; ++i) blocked.push_back(u(rng) < share ? 1 : 0);
  grid::Grid g = grid::grid_from_blocked(w, h, blocked);
  if (close_moves)
    for (int i = 0; i < w * h / 8; ++i) {
      const int x = static_cast<int>(rng() % static_cast<std::uint64_t>(w));
      const int y = static_cast<int>(rng() % static_cast<std::uint64_t>(h));
      const int m = static_cast<int>(rng() % 4);
      if (g.contains({x + grid::kDx[m], y + grid::kDy[m]})) g.set_edge({x, y}, m, false);
    }
  return g;
}

/// The GPU database equals the CPU's, row for row, and the GPU's queries equal the CPU's.
void compare(const grid::SearchMap& map, std::uint32_t slot_cap, std::uint64_t seed,
             const std::string& what) {
  INFO(what);
  const grid::FirstMoveDb cpu = grid::build_cpd_cpu(map, 0);
  grid::GpuCpdBuilder builder(map, cpu.order());
  builder.set_slot_cap(slot_cap);
  const grid::FirstMoveDb gpu = builder.build();
  REQUIRE(gpu.row_begin().size() == cpu.row_begin().size());
  for (std::uint32_t c = 0; c < map.cell_count(); ++c) {
    const auto a = cpu.row(c);
    const auto b = gpu.row(c);
    INFO("source " << c);
    REQUIRE(std::vector<std::uint32_t>(a.begin(), a.end()) ==
            std::vector<std::uint32_t>(b.begin(), b.end()));
  }
  if (slot_cap > 0) CHECK(builder.times().batches >= 2);
  // Some rows alone, in an order of their own.
  std::vector<std::uint32_t> some;
  for (std::uint32_t c = static_cast<std::uint32_t>(map.cell_count()); c-- > 0;)
    if (!map.blocked(c) && c % 3 == 0) some.push_back(c);
  const auto rows = builder.rows(some);
  for (std::size_t i = 0; i < some.size(); ++i) {
    const auto want = cpu.row(some[i]);
    CHECK(rows[i] == std::vector<std::uint32_t>(want.begin(), want.end()));
  }
  // Queries on the GPU against the CPU's walk.
  std::mt19937_64 rng(seed);
  std::vector<grid::Query> q;
  for (int k = 0; k < 500; ++k)
    q.push_back({{static_cast<int>(rng() % static_cast<std::uint64_t>(map.width())),
                  static_cast<int>(rng() % static_cast<std::uint64_t>(map.height()))},
                 {static_cast<int>(rng() % static_cast<std::uint64_t>(map.width())),
                  static_cast<int>(rng() % static_cast<std::uint64_t>(map.height()))}});
  grid::GpuCpdQueries device(cpu, map);
  for (const bool paths : {false, true}) {
    const auto want = grid::solve_queries_cpd(cpu, map, q, paths, 2);
    const auto got = device.queries(q, paths);
    for (std::size_t i = 0; i < q.size(); ++i) {
      INFO("query " << i << " paths " << paths);
      CHECK(got[i].key == want[i].key);
      CHECK(got[i].expanded == want[i].expanded);
      CHECK(got[i].path == want[i].path);
    }
  }
}

}  // namespace

TEST_CASE("GPU first-move database equals the CPU builder's, row for row", "[gpu][grid][cpd]") {
  ARCWAVE_REQUIRE_GPU();
  int trial = 0;
  for (const Neighbourhood n :
       {Neighbourhood::kOctile, Neighbourhood::kMoore, Neighbourhood::kVonNeumann}) {
    for (const double share : {0.0, 0.15, 0.35}) {
      ++trial;
      const int w = 5 + (trial * 13) % 60;
      const int h = 4 + (trial * 7) % 50;
      const grid::Grid g =
          random_grid(w, h, share, static_cast<std::uint64_t>(trial), trial % 2 == 0);
      compare(grid::SearchMap(g, n), trial % 3 == 0 ? 7 : 0, static_cast<std::uint64_t>(trial),
              grid::to_string(n) + " " + std::to_string(w) + "x" + std::to_string(h));
    }
  }
  // Lengths beyond 255 moves and a map of one free cell.
  compare(grid::SearchMap(random_grid(600, 3, 0.05, 9, false), Neighbourhood::kOctile), 0, 9,
          "600x3");
  std::vector<std::uint8_t> one(16, 1);
  one[5] = 0;
  compare(grid::SearchMap(grid::grid_from_blocked(4, 4, one), Neighbourhood::kOctile), 0, 1,
          "one free cell");
}

TEST_CASE("GPU first-move database on small maps for the sanitizers",
          "[gpu][grid][cpd][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  compare(grid::SearchMap(random_grid(23, 17, 0.2, 3, false), Neighbourhood::kOctile), 5, 3,
          "23x17 octile");
  compare(grid::SearchMap(random_grid(9, 30, 0.3, 4, true), Neighbourhood::kVonNeumann), 0, 4,
          "9x30 four moves, closed moves");
}

TEST_CASE("GPU first-move databases of the smallest shared maps", "[gpu][grid][cpd][scen]") {
  ARCWAVE_REQUIRE_GPU();
  const std::filesystem::path shared = test::shared_data_dir("maps");
  if (shared.empty() || !std::filesystem::exists(shared / "movingai"))
    ARCWAVE_SKIP("no shared MovingAI maps");
  for (const std::string name : {"dao/arena", "dao/den201d", "dao/den101d", "dao/den204d"}) {
    const std::string path = (shared / "movingai" / (name + ".map")).string();
    const grid::Grid g = read_movingai_map(path);
    const grid::SearchMap map(g, Neighbourhood::kOctile);
    compare(map, 0, 17, name);
    // Every scenario row answered on the GPU with the file's length.
    const grid::CellOrder order = grid::cell_order(map);
    const grid::FirstMoveDb db = grid::GpuCpdBuilder(map, order).build();
    std::vector<grid::Query> q;
    const auto rows = read_movingai_scen(path + ".scen");
    for (const ScenarioEntry& e : rows) q.push_back({e.start, e.goal});
    grid::GpuCpdQueries device(db, map);
    const auto got = device.queries(q, false);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const double length = map.length(got[i].key);
      const double want = rows[i].optimal_length;
      if (want == 0 && !(rows[i].start == rows[i].goal))
        CHECK(got[i].key == grid::kOctileUnreached);
      else
        CHECK(std::abs(length - want) <= 1e-4 * std::max(1.0, want));
    }
  }
}
