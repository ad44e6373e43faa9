// Definitions for graph/cellgraph/cell_graph.hpp: validation and dispatch to the algorithms.
#include "graph/cellgraph/cell_graph.hpp"

#include <fmt/format.h>

#include "arcwave/error.hpp"
#include "graph/cellgraph/algorithms.hpp"
#include "graph/cellgraph/bits.hpp"

namespace arcwave::cellgraph {

std::string_view to_string(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::kFingerprint:
      return "fingerprint";
    case Algorithm::kTree:
      return "tree";
    case Algorithm::kHeuristic:
      return "heuristic";
  }
  return "?";
}

std::string_view to_string(Device device) {
  return device == Device::kGpu ? "gpu" : "cpu";
}

Algorithm parse_algorithm(std::string_view text) {
  if (text == "fingerprint") return Algorithm::kFingerprint;
  if (text == "tree") return Algorithm::kTree;
  if (text == "heuristic") return Algorithm::kHeuristic;
  throw InputError(fmt::format(
      "unknown cell graph algorithm '{}' (expected fingerprint, tree or heuristic)", text));
}

CellGraph build_cell_graph(const BitVectors& input, const Options& options, PhaseTimes* times) {
  if (input.bits == 0) throw InputError("cell graph: vectors of 0 bits");
  if (input.count >= kNoVertex)
    throw InputError(
        fmt::format("cell graph: {} vectors (at most {})", input.count, kNoVertex - 1));
  if (input.words != BitVectors::words_for(input.bits) ||
      input.data.size() != input.count * input.words)
    throw InternalError("cell graph: malformed BitVectors");
  if (options.fingerprint_bits == 0 || options.fingerprint_bits > 64)
    throw InputError("cell graph: fingerprint width must be 1..64 bits");
  if (times != nullptr) *times = {};
  if (input.count == 0) {
    CellGraph empty;
    empty.cells = BitVectors(0, input.bits);
    return empty;
  }
  const bool gpu = options.device == Device::kGpu;
  switch (options.algorithm) {
    case Algorithm::kFingerprint:
      return gpu ? detail::fingerprint_gpu(input, options, times)
                 : detail::fingerprint_cpu(input, options, times);
    case Algorithm::kTree:
      return gpu ? detail::tree_gpu(input, options, times)
                 : detail::tree_cpu(input, options, times);
    case Algorithm::kHeuristic:
      return gpu ? detail::heuristic_gpu(input, options, times)
                 : detail::heuristic_cpu(input, options, times);
  }
  throw InternalError("cell graph: unknown algorithm");
}

std::uint32_t crossed_bit(const BitVectors& cells, std::uint32_t a, std::uint32_t b) {
  const auto ra = cells.row(a);
  const auto rb = cells.row(b);
  for (std::uint32_t w = 0; w < cells.words; ++w)
    if (ra[w] != rb[w]) return w * 64 + static_cast<std::uint32_t>(lowest_bit(ra[w] ^ rb[w]));
  throw InputError(fmt::format("cells {} and {} have the same vector", a, b));
}

}  // namespace arcwave::cellgraph
