// WeightedGraph and load_graph (include/arcwave/paths.hpp): graphs from arrays, from a CSR and
// from files, through the engine's CSR builder and graph readers.
#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "api/paths_impl.hpp"
#include "arcwave/error.hpp"
#include "core/timer.hpp"
#include "graph/csr/build_cpu.hpp"
#include "graph/csr/csr_ops.hpp"
#include "graph/sssp/checks.hpp"
#include "parsers/graph/read_graph.hpp"

namespace arcwave {

namespace {

/// Wraps a CSR after the checks every shortest-path call relies on (weights present and
/// finite, integer path lengths within 64 bits); `clock` runs since the build began.
template <typename W>
WeightedGraph<W> wrap_graph(Csr<W> csr, std::uint32_t index_base, const Stopwatch& clock) {
  csr = with_unit_weights(std::move(csr));
  sssp::check_weights(csr);
  auto impl = std::make_shared<typename WeightedGraph<W>::Impl>();
  impl->negative = sssp::has_negative_weight(csr);
  impl->csr = std::move(csr);
  impl->index_base = index_base;
  impl->build_seconds = clock.seconds();
  return WeightedGraph<W>(std::move(impl));
}

}  // namespace

template <typename W>
WeightedGraph<W>::WeightedGraph(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

template <typename W>
WeightedGraph<W> WeightedGraph<W>::from_edges(std::uint32_t vertex_count,
                                              std::span<const std::uint32_t> sources,
                                              std::span<const std::uint32_t> targets,
                                              std::span<const W> weights,
                                              const GraphBuildOptions& options) {
  if (vertex_count == std::numeric_limits<std::uint32_t>::max())
    throw InputError("a graph has at most 2^32 - 2 vertices");
  const Stopwatch clock;
  EdgeList<W> list;
  list.vertex_count = vertex_count;
  list.sources.assign(sources.begin(), sources.end());
  list.targets.assign(targets.begin(), targets.end());
  list.weights.assign(weights.begin(), weights.end());
  BuildOptions build;
  build.directed = options.directed;
  build.parallel_edges =
      options.merge_parallel_edges ? ParallelEdges::kMergeMin : ParallelEdges::kKeep;
  return wrap_graph(build_csr(list, build), 0, clock);  // build_csr validates the lists
}

template <typename W>
WeightedGraph<W> WeightedGraph<W>::from_csr(std::span<const std::uint64_t> offsets,
                                            std::span<const std::uint32_t> targets,
                                            std::span<const W> weights) {
  const Stopwatch clock;
  if (offsets.empty() || offsets.front() != 0)
    throw InputError("CSR: offsets must start with 0 (n + 1 entries)");
  if (offsets.size() - 1 >= std::numeric_limits<std::uint32_t>::max())
    throw InputError("CSR: a graph has at most 2^32 - 2 vertices");
  if (!std::is_sorted(offsets.begin(), offsets.end()))
    throw InputError("CSR: offsets must not decrease");
  if (offsets.back() != targets.size())
    throw InputError(fmt::format("CSR: the last offset is {} but there are {} targets",
                                 offsets.back(), targets.size()));
  if (!weights.empty() && weights.size() != targets.size())
    throw InputError(fmt::format("CSR: {} weights for {} edges", weights.size(), targets.size()));
  const auto n = static_cast<std::uint32_t>(offsets.size() - 1);
  for (std::size_t e = 0; e < targets.size(); ++e)
    if (targets[e] >= n)
      throw InputError(
          fmt::format("CSR: edge {} goes to vertex {}, not below n = {}", e, targets[e], n));
  Csr<W> csr;
  csr.vertex_count = n;
  csr.offsets.assign(offsets.begin(), offsets.end());
  csr.targets.assign(targets.begin(), targets.end());
  csr.weights.assign(weights.begin(), weights.end());
  return wrap_graph(std::move(csr), 0, clock);
}

template <typename W>
std::uint32_t WeightedGraph<W>::vertex_count() const noexcept {
  return impl_->csr.vertex_count;
}
template <typename W>
std::uint64_t WeightedGraph<W>::edge_count() const noexcept {
  return impl_->csr.edge_count();
}
template <typename W>
std::span<const std::uint64_t> WeightedGraph<W>::offsets() const noexcept {
  return impl_->csr.offsets;
}
template <typename W>
std::span<const std::uint32_t> WeightedGraph<W>::targets() const noexcept {
  return impl_->csr.targets;
}
template <typename W>
std::span<const W> WeightedGraph<W>::weights() const noexcept {
  return impl_->csr.weights;
}
template <typename W>
bool WeightedGraph<W>::has_negative_weight() const noexcept {
  return impl_->negative;
}
template <typename W>
std::uint32_t WeightedGraph<W>::index_base() const noexcept {
  return impl_->index_base;
}
template <typename W>
double WeightedGraph<W>::distance_bound() const {
  return static_cast<double>(std::max<std::uint32_t>(impl_->csr.vertex_count, 1) - 1) *
         static_cast<double>(sssp::max_abs_weight(impl_->csr));
}
template <typename W>
double WeightedGraph<W>::build_seconds() const noexcept {
  return impl_->build_seconds;
}

template class WeightedGraph<std::int64_t>;
template class WeightedGraph<double>;

namespace {

GraphFormat engine_format(GraphFileFormat f) {
  switch (f) {
    case GraphFileFormat::kAuto:
      return GraphFormat::kAuto;
    case GraphFileFormat::kDimacs:
      return GraphFormat::kDimacs;
    case GraphFileFormat::kMatrixMarket:
      return GraphFormat::kMatrixMarket;
    case GraphFileFormat::kEdgeList:
      return GraphFormat::kEdgeList;
  }
  throw InputError("GraphLoadOptions::format: unknown value");
}

/// As `arcwave apsp` reads a file: directed unless the file or the caller says otherwise,
/// parallel edges merged (only the cheapest matters).
template <typename W>
WeightedGraph<W> graph_of_file(const GraphFile& file, bool undirected) {
  const Stopwatch clock;
  BuildOptions build;
  build.directed = file.directed && !undirected;
  build.parallel_edges = ParallelEdges::kMergeMin;
  return wrap_graph(build_csr(to_edge_list<W>(file), build), file.index_base, clock);
}

}  // namespace

GraphFileFormat parse_graph_file_format(std::string_view text) {
  switch (parse_graph_format(text)) {
    case GraphFormat::kAuto:
      return GraphFileFormat::kAuto;
    case GraphFormat::kDimacs:
      return GraphFileFormat::kDimacs;
    case GraphFormat::kMatrixMarket:
      return GraphFileFormat::kMatrixMarket;
    case GraphFormat::kEdgeList:
      break;
  }
  return GraphFileFormat::kEdgeList;
}

AnyGraph load_graph(const std::string& path, const GraphLoadOptions& options) {
  const Stopwatch clock;
  const GraphFile file = read_graph(path, engine_format(options.format));
  if (options.on_read) options.on_read(clock.seconds());
  if (file.weight_kind == WeightKind::kReal) return graph_of_file<double>(file, options.undirected);
  return graph_of_file<std::int64_t>(file, options.undirected);
}

}  // namespace arcwave
