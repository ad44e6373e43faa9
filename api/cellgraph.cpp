// CellGraph (include/arcwave/cellgraph.hpp): the engine's cell-graph builders and routes, the
// backend chosen by size (`arcwave cellgraph` is a client of this API).
#include "arcwave/cellgraph.hpp"

#include <bit>

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "core/backend.hpp"
#include "core/timer.hpp"
#include "graph/cellgraph/cell_graph.hpp"
#include "graph/cellgraph/cell_graph_io.hpp"
#include "graph/cellgraph/cell_paths.hpp"
#include "parsers/vectors/vector_file.hpp"

namespace arcwave {

namespace {

/// Work (n·ℓ bits) from which the GPU is expected to win, transfers included.
constexpr double kGpuThresholdBits = 1 << 24;

cellgraph::Algorithm engine_algorithm(CellGraphAlgorithm a) {
  switch (a) {
    case CellGraphAlgorithm::kFingerprint:
      return cellgraph::Algorithm::kFingerprint;
    case CellGraphAlgorithm::kTree:
      return cellgraph::Algorithm::kTree;
    case CellGraphAlgorithm::kHeuristic:
      return cellgraph::Algorithm::kHeuristic;
  }
  throw InputError("CellGraphOptions::algorithm: unknown value");
}

}  // namespace

CellGraphAlgorithm parse_cellgraph_algorithm(std::string_view text) {
  switch (cellgraph::parse_algorithm(text)) {
    case cellgraph::Algorithm::kFingerprint:
      return CellGraphAlgorithm::kFingerprint;
    case cellgraph::Algorithm::kTree:
      return CellGraphAlgorithm::kTree;
    case cellgraph::Algorithm::kHeuristic:
      break;
  }
  return CellGraphAlgorithm::kHeuristic;
}

std::string_view to_string(CellGraphAlgorithm algorithm) {
  return cellgraph::to_string(engine_algorithm(algorithm));
}

struct CellGraph::Impl {
  cellgraph::CellGraph graph;
  cellgraph::Device device = cellgraph::Device::kCpu;
  std::string built_with;
  std::uint64_t inputs = 0;
  CellGraphTimes times;

  static std::unique_ptr<Impl> build(const BitVectors& input, const CellGraphOptions& o,
                                     double read_seconds = 0) {
    cellgraph::Options options;
    options.algorithm = engine_algorithm(o.algorithm);
    options.pivots = o.pivots;
    options.threads = o.threads;
    const std::uint64_t gpu_bytes = input.count * (std::uint64_t{input.words} * 8 * 4 + 64);
    const BackendChoice choice = choose_backend(
        o.backend, static_cast<double>(input.count) * input.bits, kGpuThresholdBits, gpu_bytes);
    options.device =
        choice.backend == Backend::kGpu ? cellgraph::Device::kGpu : cellgraph::Device::kCpu;
    auto impl = std::make_unique<Impl>();
    cellgraph::PhaseTimes phases;
    impl->graph = cellgraph::build_cell_graph(input, options, &phases);
    impl->times = {read_seconds,     phases.sort_ms,   phases.build_ms,
                   phases.search_ms, phases.upload_ms, phases.download_ms};
    impl->device = options.device;
    impl->built_with =
        fmt::format("{} on {}", cellgraph::to_string(options.algorithm), choice.reason);
    impl->inputs = input.count;
    return impl;
  }

  void check_vertex(std::uint32_t v, const char* what) const {
    if (v >= graph.graph.vertex_count)
      throw InputError(fmt::format("{} {} is not a vertex (the cell graph has {})", what, v,
                                   graph.graph.vertex_count));
  }
};

CellGraph::CellGraph(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
CellGraph::~CellGraph() = default;
CellGraph::CellGraph(CellGraph&&) noexcept = default;
CellGraph& CellGraph::operator=(CellGraph&&) noexcept = default;

CellGraph CellGraph::build(std::span<const std::string> vectors, const CellGraphOptions& options) {
  if (vectors.empty()) throw InputError("CellGraph::build: at least one vector is needed");
  const std::size_t bits = vectors.front().size();
  if (bits == 0 || bits > 0xFFFFFFFFULL)
    throw InputError(SourcePosition{"vectors", 1, 1}, "a vector has 1 to 2^32 - 1 bits");
  BitVectors input(vectors.size(), static_cast<std::uint32_t>(bits));
  for (std::size_t i = 0; i < vectors.size(); ++i) {
    const std::string& v = vectors[i];
    if (v.size() != bits)
      throw InputError(SourcePosition{"vectors", i + 1, 1},
                       fmt::format("{} bits, but the first vector has {}", v.size(), bits));
    for (std::size_t k = 0; k < bits; ++k) {
      if (v[k] != '0' && v[k] != '1')
        throw InputError(SourcePosition{"vectors", i + 1, k + 1},
                         fmt::format("'{}' is not 0 or 1", v[k]));
      if (v[k] == '1') input.set(i, static_cast<std::uint32_t>(k), true);
    }
  }
  return CellGraph(Impl::build(input, options));
}

CellGraph CellGraph::build(std::uint32_t bits, std::uint64_t count,
                           std::span<const std::uint64_t> words, const CellGraphOptions& options) {
  if (bits == 0) throw InputError("CellGraph::build: vectors have at least 1 bit");
  if (count == 0) throw InputError("CellGraph::build: at least one vector is needed");
  const std::uint32_t per_row = BitVectors::words_for(bits);
  if (words.size() != count * per_row)
    throw InputError(fmt::format("CellGraph::build: {} words for {} vectors of {} words",
                                 words.size(), count, per_row));
  const std::uint64_t padding = ~BitVectors::last_word_mask(bits);
  for (std::uint64_t i = 0; i < count; ++i)
    if ((words[(i + 1) * per_row - 1] & padding) != 0)
      throw InputError(fmt::format("CellGraph::build: vector {} has padding bits set", i));
  BitVectors input(count, bits);
  std::copy(words.begin(), words.end(), input.data.begin());
  return CellGraph(Impl::build(input, options));
}

CellGraph CellGraph::load(const std::string& path, const CellGraphOptions& options) {
  const Stopwatch clock;
  const BitVectors input = read_vectors(path);
  return CellGraph(Impl::build(input, options, clock.seconds()));
}

std::uint32_t CellGraph::bits() const noexcept {
  return impl_->graph.cells.bits;
}
std::uint32_t CellGraph::vertex_count() const noexcept {
  return impl_->graph.graph.vertex_count;
}
std::uint64_t CellGraph::edge_count() const noexcept {
  return impl_->graph.graph.edge_count() / 2;
}
std::span<const std::uint64_t> CellGraph::offsets() const noexcept {
  return impl_->graph.graph.offsets;
}
std::span<const std::uint32_t> CellGraph::targets() const noexcept {
  return impl_->graph.graph.targets;
}
std::span<const std::uint32_t> CellGraph::neighbours(std::uint32_t vertex) const {
  impl_->check_vertex(vertex, "vertex");
  return impl_->graph.graph.neighbours(vertex);
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> CellGraph::edges() const {
  const Csr<>& g = impl_->graph.graph;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
  out.reserve(g.edge_count() / 2);
  for (std::uint32_t u = 0; u < g.vertex_count; ++u)
    for (const std::uint32_t v : g.neighbours(u))
      if (u < v) out.emplace_back(u, v);
  return out;
}

std::string CellGraph::cell(std::uint32_t vertex) const {
  impl_->check_vertex(vertex, "vertex");
  return impl_->graph.cells.to_string(vertex);
}

std::span<const std::uint64_t> CellGraph::cell_words(std::uint32_t vertex) const {
  impl_->check_vertex(vertex, "vertex");
  return impl_->graph.cells.row(vertex);
}

std::optional<std::uint32_t> CellGraph::find(std::string_view vector) const {
  return find(vector, "vector");
}

std::optional<std::uint32_t> CellGraph::find(std::string_view vector,
                                             const std::string& name) const {
  const std::vector<std::uint64_t> row = parse_vector_argument(vector, bits(), name);
  return cellgraph::find_cell(impl_->graph.cells, row);
}

std::uint32_t CellGraph::vertex_of_input(std::uint64_t input) const {
  if (input >= impl_->inputs)
    throw InputError(
        fmt::format("input {} is not below the {} input vectors", input, impl_->inputs));
  return impl_->graph.vertex_of_input[input];
}

std::uint64_t CellGraph::input_count() const noexcept {
  return impl_->inputs;
}

std::uint32_t CellGraph::crossed_bit(std::uint32_t a, std::uint32_t b) const {
  impl_->check_vertex(a, "vertex");
  impl_->check_vertex(b, "vertex");
  const auto ra = impl_->graph.cells.row(a);
  const auto rb = impl_->graph.cells.row(b);
  int differing = 0;
  for (std::size_t w = 0; w < ra.size(); ++w) differing += std::popcount(ra[w] ^ rb[w]);
  if (differing != 1)
    throw InputError(fmt::format(
        "cells {} and {} differ in {} bits, not 1: they are not neighbours", a, b, differing));
  return cellgraph::crossed_bit(impl_->graph.cells, a, b);
}

std::vector<std::uint32_t> CellGraph::route(std::uint32_t from, std::uint32_t to,
                                            Backend backend) const {
  impl_->check_vertex(from, "route start");
  impl_->check_vertex(to, "route end");
  cellgraph::Device device = impl_->device;
  if (backend != Backend::kAuto) {
    const BackendChoice choice = choose_backend(backend, 0, 0);
    device = choice.backend == Backend::kGpu ? cellgraph::Device::kGpu : cellgraph::Device::kCpu;
  }
  return cellgraph::shortest_route(impl_->graph.graph, from, to, device);
}

const std::string& CellGraph::built_with() const noexcept {
  return impl_->built_with;
}

bool CellGraph::built_on_gpu() const noexcept {
  return impl_->device == cellgraph::Device::kGpu;
}

const CellGraphTimes& CellGraph::times() const noexcept {
  return impl_->times;
}

void CellGraph::write_edges(const std::string& path) const {
  cellgraph::write_edge_list_file(path, impl_->graph);
}

void CellGraph::write_cells(const std::string& path, std::string_view comment) const {
  write_vectors_file(path, impl_->graph.cells, VectorFormat::kText, comment);
}

}  // namespace arcwave
