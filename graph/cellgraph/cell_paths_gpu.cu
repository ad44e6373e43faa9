// Breadth-first search over a cell graph on the GPU, with the shared frontier driver
// (core/frontier/frontier.cuh): a vertex's parent is set by the first arc that reaches it.
#include <span>

#include "core/cuda/device_buffer.cuh"
#include "core/frontier/frontier.cuh"
#include "core/gpu_runtime.hpp"
#include "graph/cellgraph/bits.hpp"
#include "graph/cellgraph/cell_paths.hpp"

namespace arcwave::cellgraph::detail {

namespace {

struct ParentRelax {
  std::uint32_t* parent;
  __device__ bool operator()(std::uint32_t src, std::uint64_t, std::uint32_t dst,
                             std::uint32_t) const {
    return atomicCAS(&parent[dst], kNoVertex, src) == kNoVertex;
  }
};

}  // namespace

std::vector<std::uint32_t> bfs_parents_gpu(const Csr<>& graph, std::uint32_t source) {
  if (!gpu_available())
    throw ResourceError("cell route on the GPU: no usable GPU (" + gpu_info().reason + ")");
  cuda::DeviceBuffer<std::uint64_t> offsets{std::span<const std::uint64_t>(graph.offsets)};
  cuda::DeviceBuffer<std::uint32_t> targets(std::max<std::size_t>(graph.targets.size(), 1));
  targets.copy_from(std::span<const std::uint32_t>(graph.targets));
  std::vector<std::uint32_t> parent(graph.vertex_count, kNoVertex);
  parent[source] = source;
  cuda::DeviceBuffer<std::uint32_t> device_parent{std::span<const std::uint32_t>(parent)};
  const CsrView<float> view{graph.vertex_count, graph.edge_count(), offsets.data(), targets.data(),
                            nullptr};
  frontier::Workspace workspace(graph.vertex_count);
  ARCWAVE_CUDA_CHECK(
      cudaMemcpy(workspace.seed_queue(), &source, sizeof source, cudaMemcpyHostToDevice));
  frontier::run(view, workspace.seed_queue(), 1, ParentRelax{device_parent.data()}, workspace);
  device_parent.copy_to(std::span<std::uint32_t>(parent));
  return parent;
}

}  // namespace arcwave::cellgraph::detail
