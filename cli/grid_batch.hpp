// cli/grid_batch.hpp — `arcwave grid [MAP] --scen FILE... | --queries FILE`: every row in one
// process through the public GridPlanner (one planner per map, told how many rows it will
// answer), a results csv, the summary (backend, engine, phase times, rate) and the check
// against a scenario's optimal lengths.
#pragma once

#include "cli/grid_input.hpp"

namespace arcwave::cli {

/// Exit codes: 0 done, 1 with --check when a row differs.
int run_grid_batch(const GridOptions& o);

}  // namespace arcwave::cli
