// api/grid_engine.hpp — the engines behind GridPlanner (include/arcwave/grid.hpp): which one
// answers (choose_engine, kAuto's rule and the checks of an explicit choice) and a common
// interface over them, so that the planner, and through it the CLI and the Python module,
// runs the same code for every door.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "arcwave/grid.hpp"
#include "graph/grid/grid.hpp"

namespace arcwave::grid_api {

/// The engine's name for the moves.
inline grid::Neighbourhood neighbourhood(GridMoves moves) {
  return moves == GridMoves::kFour    ? grid::Neighbourhood::kVonNeumann
         : moves == GridMoves::kEight ? grid::Neighbourhood::kMoore
                                      : grid::Neighbourhood::kOctile;
}

struct EngineChoice {
  GridEngine engine = GridEngine::kAStar;
  bool gpu = false;        // queries on the GPU
  bool build_gpu = false;  // kCpd: the database built on the GPU
  std::string backend;     // "cpu (...)" / "gpu (...)": where and why
  std::string reason;      // "jps+ (auto: ...)": which engine and why
};

/// kAuto's rule (include/arcwave/grid.hpp) and the checks of an explicit engine: InputError
/// for an engine the map or moves cannot take, ResourceError for an unusable GPU asked for.
EngineChoice choose_engine(const GridMap& map, const GridPlannerOptions& options);

/// An engine prepared for a map: answers batches in query order (cells already checked to be
/// inside the map), and says how it runs.
class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::vector<GridPath> solve(std::span<const GridQuery> queries, bool paths,
                                      GridTimings& times) = 0;
  [[nodiscard]] virtual std::string detail() const = 0;
};

/// Distances to a goal and the wave's own paths (kWave; distances_to() of every planner).
class WaveEngine : public Engine {
 public:
  virtual std::vector<double> distances(GridCell goal, GridTimings& times) = 0;
  [[nodiscard]] virtual const GridWaveStats& stats() const = 0;
};

/// The wave on the GPU (`gpu`) or the CPU; `times` receives the construction's phases.
std::unique_ptr<WaveEngine> make_wave_engine(const GridMap& map, const GridPlannerOptions& options,
                                             bool gpu, GridTimings& times);
/// Any other engine; `prepared` receives what it built.
std::unique_ptr<Engine> make_search_engine(const GridMap& map, const GridPlannerOptions& options,
                                           const EngineChoice& choice, GridTimings& times,
                                           GridPreprocessing& prepared);

/// Saves the database of a kCpd engine (InputError for another engine).
void save_database(const Engine& engine, const std::string& path);

}  // namespace arcwave::grid_api
