// The GPU code of the three algorithms compiled for Thrust's OpenMP system (this file is built
// with THRUST_DEVICE_SYSTEM=OMP), so that the GPU code paths run, and are tested, on CPU threads.
#include "graph/cellgraph/algorithms.hpp"
#include "graph/cellgraph/sys/fingerprint.hpp"
#include "graph/cellgraph/sys/heuristic.hpp"
#include "graph/cellgraph/sys/tree.hpp"

static_assert(THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_OMP,
              "host_thrust.cpp must be compiled for Thrust's OpenMP system");

namespace arcwave::cellgraph::detail {

CellGraph fingerprint_host_thrust(const BitVectors& input, const Options& options,
                                  PhaseTimes* times) {
  return omp_sys::fingerprint_graph(input, options, times);
}
CellGraph tree_host_thrust(const BitVectors& input, const Options& options, PhaseTimes* times) {
  return omp_sys::tree_graph(input, options, times);
}
CellGraph heuristic_host_thrust(const BitVectors& input, const Options& options,
                                PhaseTimes* times) {
  return omp_sys::heuristic_graph(input, options, times);
}

}  // namespace arcwave::cellgraph::detail
