// choose_engine() of api/grid_engine.hpp: kAuto's rule, written out in include/arcwave/grid.hpp,
// and the checks of an explicit engine.
#include <fmt/format.h>

#include "api/grid_engine.hpp"
#include "api/grid_impl.hpp"
#include "arcwave/error.hpp"
#include "core/backend.hpp"
#include "graph/grid/cpd_wave.hpp"
#include "graph/grid/gpu_cpd.hpp"
#include "graph/grid/gpu_wave.hpp"
#include "graph/grid/jps_plus.hpp"

namespace arcwave::grid_api {

namespace {

/// From these many cells on, one query goes to the GPU wave (measured with the Lee wave,
/// transfers included: `arcwave grid`'s rule since issue 18).
constexpr double kWaveCells = 65536.0;
/// From these many queries on, a batch goes to the GPU search (its context and upload cost
/// about what the CPU's A* answers in that time).
constexpr double kGpuSearchQueries = 2000.0;
/// JPS+ up to these many cells (its table: 16 bytes a cell), on maps of few jump points
/// (jump_point_share); one or a few queries on maps of at least these many cells take the GPU
/// wave when a GPU is there.
constexpr double kLargeCells = 16777216.0;
constexpr std::uint64_t kFewQueries = 16;

std::size_t wave_bytes(const GridMap& map, GridMoves moves) {
  const grid::GridPlanes& p = map.impl().planes;
  return grid::GpuLeeWave::device_bytes(p.width, p.height, neighbourhood(moves),
                                        grid::default_tile_shape(p.cell_count()));
}

/// Device memory of the GPU search for one slot and the map (GpuGridSearch::slot_bytes plus
/// the moves and costs), without making the SearchMap that function takes.
std::size_t search_bytes(const GridMap& map) {
  const std::uint64_t cells = map.cell_count();
  const std::uint64_t tiles = ((static_cast<std::uint64_t>(map.width()) + 31) / 32) *
                              ((static_cast<std::uint64_t>(map.height()) + 31) / 32);
  return cells * 8 + tiles * 12 + cells * 3;
}

std::string cells_text(const GridMap& map) {
  return fmt::format("{}x{} = {} cells", map.width(), map.height(), map.cell_count());
}

[[noreturn]] void cannot(GridEngine engine, const std::string& why) {
  throw InputError(fmt::format("the {} engine {}", to_string(engine), why));
}

}  // namespace

EngineChoice choose_engine(const GridMap& map, const GridPlannerOptions& o) {
  const bool weighted = map.weighted();
  const bool octile = o.moves == GridMoves::kOctile;
  const std::uint64_t cells = map.cell_count();
  const bool cell_map = octile && !weighted && map.cell_based();
  const bool small_sides =
      map.width() <= grid::JumpTable::kMaxSide && map.height() <= grid::JumpTable::kMaxSide;
  const double expected = o.expected_queries == 0 ? 1e300 : static_cast<double>(o.expected_queries);
  GridEngine engine = o.engine;
  if (!o.cpd_file.empty()) {
    if (engine != GridEngine::kAuto && engine != GridEngine::kCpd)
      throw InputError(
          fmt::format("a first-move database file runs the cpd engine, not {}", to_string(engine)));
    engine = GridEngine::kCpd;
  }
  // Checks of the engine against the map and the moves.
  switch (engine) {
    case GridEngine::kWave:
      if (weighted) cannot(engine, "runs on unweighted maps (weighted maps: astar)");
      break;
    case GridEngine::kJps:
    case GridEngine::kJpsPlus:
      if (!octile) cannot(engine, "needs octile moves");
      if (weighted) cannot(engine, "runs on unweighted maps (weighted maps: astar)");
      if (!cell_map)
        cannot(engine,
               "needs a cell map (every move between free neighbours open; this map closes "
               "single moves: astar, wave or cpd)");
      if (engine == GridEngine::kJpsPlus && !small_sides)
        cannot(engine, fmt::format("stores 16-bit jumps: map sides up to {} (jps has no limit)",
                                   grid::JumpTable::kMaxSide));
      if (o.backend == Backend::kGpu)
        cannot(engine, "runs on the CPU (GPU engines: wave, astar, cpd)");
      break;
    case GridEngine::kCpd:
      if (weighted) cannot(engine, "runs on unweighted maps (weighted maps: astar)");
      if (cells >= grid::kMaxCpdPositions) cannot(engine, "holds maps below 2^29 cells");
      break;
    case GridEngine::kAuto:
    case GridEngine::kAStar:
      break;
  }
  EngineChoice c;
  std::string why;
  if (engine == GridEngine::kAuto) {
    if (weighted) {
      engine = GridEngine::kAStar;
      why = "auto: a weighted map";
    } else if (cell_map && o.backend != Backend::kGpu) {
      const bool few = o.expected_queries >= 1 && o.expected_queries <= kFewQueries;
      if (few && o.backend == Backend::kAuto && static_cast<double>(cells) >= kLargeCells) {
        const BackendChoice b = choose_backend(Backend::kAuto, static_cast<double>(cells),
                                               kLargeCells, wave_bytes(map, o.moves));
        if (b.backend == Backend::kGpu) {
          c.engine = GridEngine::kWave;
          c.gpu = true;
          c.backend = b.reason;
          c.reason = fmt::format("wave (auto: {} queries on a map of {})", o.expected_queries,
                                 cells_text(map));
          return c;
        }
      }
      why = fmt::format("auto: octile moves on a cell map of {}", cells_text(map));
      engine = GridEngine::kJps;
      if (static_cast<double>(cells) <= kLargeCells && small_sides) {
        const double share = grid::jump_point_share(grid::CellBits(map.impl().grid()));
        if (share < grid::kJpsPlusShare) engine = GridEngine::kJpsPlus;
        why += fmt::format(", {:.0f} % of free cells jump points", 100 * share);
      }
    } else if (o.expected_queries == 1) {
      engine = GridEngine::kWave;
      why = "auto: one query";
    } else {
      engine = GridEngine::kAStar;
      why = o.expected_queries == 0 ? "auto: a batch"
                                    : fmt::format("auto: {} queries", o.expected_queries);
    }
    // A single query off the GPU: A* stops at the goal where the CPU wave labels every cell.
    if (engine == GridEngine::kWave) {
      const BackendChoice b = choose_backend(o.backend, static_cast<double>(cells), kWaveCells,
                                             wave_bytes(map, o.moves));
      if (b.backend == Backend::kCpu) engine = GridEngine::kAStar;
    }
  } else {
    why = "requested";
  }
  c.engine = engine;
  c.reason = fmt::format("{} ({})", to_string(engine), why);
  switch (engine) {
    case GridEngine::kWave: {
      const BackendChoice b = choose_backend(o.backend, static_cast<double>(cells), kWaveCells,
                                             wave_bytes(map, o.moves));
      c.gpu = b.backend == Backend::kGpu;
      c.backend = b.reason;
      break;
    }
    case GridEngine::kAStar: {
      const BackendChoice b =
          choose_backend(o.backend, expected, kGpuSearchQueries, search_bytes(map));
      c.gpu = b.backend == Backend::kGpu;
      c.backend = b.reason;
      break;
    }
    case GridEngine::kJps:
    case GridEngine::kJpsPlus:
      c.backend = o.backend == Backend::kCpu ? "cpu (requested)" : "cpu (the engine runs there)";
      break;
    case GridEngine::kCpd: {
      // Building takes a wave per free cell: the GPU whenever there is one. Queries take a few
      // microseconds each: the CPU, unless the GPU is asked for.
      const std::uint64_t positions = cells;  // an upper bound before the order is known
      const std::string queries =
          o.backend == Backend::kGpu
              ? choose_backend(Backend::kGpu, static_cast<double>(cells), 0, 0).reason
              : std::string(o.backend == Backend::kCpu ? "cpu (requested)"
                                                       : "cpu (auto: microseconds a query)");
      c.gpu = o.backend == Backend::kGpu;
      if (!o.cpd_file.empty()) {
        c.backend = fmt::format("loaded from {}; queries on {}", o.cpd_file, queries);
        break;
      }
      const BackendChoice b = choose_backend(o.backend, static_cast<double>(cells), 0,
                                             grid::GpuCpdBuilder::slot_bytes(cells, positions));
      c.build_gpu = b.backend == Backend::kGpu;
      c.backend = fmt::format("built on {}; queries on {}", b.reason, queries);
      break;
    }
    case GridEngine::kAuto:
      throw InternalError("choose_engine: no engine chosen");
  }
  return c;
}

}  // namespace arcwave::grid_api
