// Answers every query of a MovingAI scenario file on its map in one batch (octile moves) and
// compares each length with the scenario's optimal length.
//   grid_batch MAP SCEN [cpu|gpu|auto]
#include <arcwave/error.hpp>
#include <arcwave/grid.hpp>
#include <cmath>
#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: grid_batch MAP SCEN [cpu|gpu|auto]\n");
    return 2;
  }
  try {
    const arcwave::GridMap map = arcwave::GridMap::load(argv[1]);
    const std::vector<arcwave::GridScenario> rows = arcwave::load_scenarios(argv[2]);
    std::vector<arcwave::GridQuery> queries;
    for (const arcwave::GridScenario& s : rows) queries.push_back(s.query);

    arcwave::GridPlannerOptions options;
    options.moves = arcwave::GridMoves::kOctile;
    options.backend = argc > 3 ? arcwave::parse_backend(argv[3]) : arcwave::Backend::kAuto;
    arcwave::GridPlanner planner(map, options);
    const std::vector<arcwave::GridPath> paths = planner.query_batch(queries);

    int differ = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const arcwave::GridQuery& q = rows[i].query;
      const bool same =
          paths[i].found && std::fabs(paths[i].length - rows[i].optimal_length) < 1e-6;
      differ += same ? 0 : 1;
      std::printf("%d,%d -> %d,%d  length %.8f  optimal %.8f  %zu cells%s\n", q.start.x, q.start.y,
                  q.goal.x, q.goal.y, paths[i].length, rows[i].optimal_length,
                  paths[i].cells.size(), same ? "" : "  DIFFERS");
    }
    std::printf("map %dx%d (%s), backend %s\n", map.width(), map.height(), map.format().c_str(),
                planner.backend().c_str());
    std::printf("%zu queries, %d differ from the optimal length\n", rows.size(), differ);
    return differ == 0 ? 0 : 1;
  } catch (const arcwave::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return e.exit_code();
  }
}
