// graph/sssp/dijkstra_parallel.hpp, namespace gpu: the Thrust code for the CUDA system.
#define ARCWAVE_DIJKSTRA_NS gpu
#include "graph/sssp/dijkstra_parallel.inl"
