// tests/graph/cellgraph/variants.hpp — every CPU-runnable way of building a cell graph: the CPU
// algorithms with their options, and the GPU code compiled for Thrust's OpenMP system.
#pragma once

#include <string>
#include <vector>

#include "graph/cellgraph/algorithms.hpp"

namespace arcwave::test {

struct Variant {
  std::string name;
  cellgraph::CellGraph (*build)(const BitVectors&, const cellgraph::Options&,
                                cellgraph::PhaseTimes*);
  cellgraph::Options options;
};

inline std::vector<Variant> cpu_variants() {
  using namespace cellgraph;
  using namespace cellgraph::detail;
  Options plain;
  Options all_bits;
  all_bits.probe_all_bits = true;
  Options filtered;
  filtered.filter = ProbeFilter::kOn;
  Options colliding;  // 4-bit fingerprints: most vertices share one
  colliding.fingerprint_bits = 4;
  colliding.filter = ProbeFilter::kOn;
  Options colliding_all = colliding;
  colliding_all.probe_all_bits = true;
  Options narrow;  // 16-bit fingerprints: buckets on their top bits, some collisions
  narrow.fingerprint_bits = 16;
  Options one_thread;
  one_thread.threads = 1;
  Options one_pivot;
  one_pivot.pivots = 1;
  Options many_pivots;
  many_pivots.pivots = 64;
  std::vector<Variant> v = {
      {"cpu fingerprint", fingerprint_cpu, plain},
      {"cpu fingerprint all bits", fingerprint_cpu, all_bits},
      {"cpu fingerprint filter", fingerprint_cpu, filtered},
      {"cpu fingerprint 4-bit", fingerprint_cpu, colliding},
      {"cpu fingerprint 4-bit all bits", fingerprint_cpu, colliding_all},
      {"cpu fingerprint 16-bit", fingerprint_cpu, narrow},
      {"cpu fingerprint 1 thread", fingerprint_cpu, one_thread},
      {"cpu tree", tree_cpu, plain},
      {"cpu heuristic", heuristic_cpu, plain},
      {"cpu heuristic h=1", heuristic_cpu, one_pivot},
      {"cpu heuristic h=64", heuristic_cpu, many_pivots},
  };
#if ARCWAVE_CELLGRAPH_HOST_THRUST
  v.push_back({"thrust-omp fingerprint", fingerprint_host_thrust, plain});
  v.push_back({"thrust-omp fingerprint all bits", fingerprint_host_thrust, all_bits});
  v.push_back({"thrust-omp fingerprint filter", fingerprint_host_thrust, filtered});
  v.push_back({"thrust-omp fingerprint 4-bit", fingerprint_host_thrust, colliding});
  v.push_back({"thrust-omp fingerprint 4-bit all bits", fingerprint_host_thrust, colliding_all});
  v.push_back({"thrust-omp fingerprint 16-bit", fingerprint_host_thrust, narrow});
  v.push_back({"thrust-omp tree", tree_host_thrust, plain});
  v.push_back({"thrust-omp heuristic", heuristic_host_thrust, plain});
  v.push_back({"thrust-omp heuristic h=1", heuristic_host_thrust, one_pivot});
#endif
  return v;
}

}  // namespace arcwave::test
