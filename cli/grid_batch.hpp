// cli/grid_batch.hpp — `arcwave grid MAP --scen FILE | --queries FILE`: every row in one process
// (the map read and prepared once; all cores on the CPU, many queries in flight on the GPU),
// a results csv, the summary and the check against a scenario's optimal lengths; and single
// weighted queries (--from/--to with --terrain or --costs), which go the same way.
#pragma once

#include "cli/grid_input.hpp"

namespace arcwave::cli {

/// Exit codes: 0 done, 1 with --check when a row differs (or a single query has no path).
int run_grid_batch(const GridOptions& o);
int run_grid_weighted_query(const GridOptions& o);

/// MovingAI's tolerance: lengths agree within 1e-4 relative (absolute below 1). A file length
/// of 0 between two different cells means "no path".
bool lengths_agree(double ours, double file, bool same_cell);

}  // namespace arcwave::cli
