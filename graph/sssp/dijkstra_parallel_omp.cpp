// graph/sssp/dijkstra_parallel.hpp, namespace omp: the Thrust code for the OpenMP system
// (this file's target is compiled with THRUST_DEVICE_SYSTEM=OMP, see CMakeLists.txt).
#define ARCWAVE_DIJKSTRA_NS omp
#include "graph/sssp/dijkstra_parallel.inl"
