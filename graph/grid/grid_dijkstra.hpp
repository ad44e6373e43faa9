// graph/grid/grid_dijkstra.hpp — single-source exact lengths on a SearchMap (any metric,
// weighted or not), on the CPU:
//   dijkstra_keys()          plain Dijkstra with a binary heap (the reference of the tests);
//   bucket_keys()            a bucket queue (Dial's buckets of width delta over the length);
//   bucket_keys_parallel()   the same on all cores: each bucket is relaxed in parallel phases
//                            (delta-stepping), lengths lowered with compare-and-swap.
// The buckets are only an order: a cell whose length falls after it was expanded is queued
// again, so any delta (and any rounding of the bucket index) gives the exact lengths.
// Keys are packed exact lengths (metric.hpp); kOctileUnreached where there is no path.
#pragma once

#include <cstdint>
#include <vector>

#include "graph/grid/costs.hpp"

namespace arcwave::grid {

std::vector<std::uint64_t> dijkstra_keys(const SearchMap& map, Point source);

struct BucketStats {
  std::uint64_t buckets = 0;   // non-empty buckets processed
  std::uint64_t phases = 0;    // parallel phases (bucket_keys_parallel)
  std::uint64_t expanded = 0;  // cell expansions (a cell expanded twice counts twice)
  double delta = 0;            // the bucket width used (key value units)
};

/// delta <= 0: the lightest move (Dial's buckets: almost no cell is expanded twice).
std::vector<std::uint64_t> bucket_keys(const SearchMap& map, Point source, double delta = 0,
                                       BucketStats* stats = nullptr);
/// delta <= 0: eight lightest moves. threads 0: all cores (OpenMP). Buckets of fewer than 2048
/// cells run on one thread.
std::vector<std::uint64_t> bucket_keys_parallel(const SearchMap& map, Point source,
                                                double delta = 0, int threads = 0,
                                                BucketStats* stats = nullptr);

/// The lightest and the heaviest move of the map, as key values.
double lightest_move(const SearchMap& map);
double heaviest_move(const SearchMap& map);

}  // namespace arcwave::grid
