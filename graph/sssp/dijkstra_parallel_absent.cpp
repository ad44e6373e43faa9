// graph/sssp/dijkstra_parallel.hpp, namespace gpu, in a build without CUDA.
#include <cstdint>

#include "arcwave/error.hpp"
#include "graph/sssp/dijkstra_parallel.hpp"

namespace arcwave::sssp::gpu {

template <typename Weight>
void dijkstra_rows(const Csr<Weight>&, std::span<const std::uint32_t>, DijkstraParallel,
                   const DistanceRowFn<Distance<Weight>>&) {
  throw ResourceError("GPU Dijkstra requested, but arcwave was built without CUDA");
}

template void dijkstra_rows(const Csr<std::int64_t>&, std::span<const std::uint32_t>,
                            DijkstraParallel, const DistanceRowFn<std::int64_t>&);
template void dijkstra_rows(const Csr<double>&, std::span<const std::uint32_t>, DijkstraParallel,
                            const DistanceRowFn<double>&);

}  // namespace arcwave::sssp::gpu
