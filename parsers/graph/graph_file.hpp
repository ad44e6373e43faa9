// parsers/graph/graph_file.hpp — what a graph reader returns: the edges of a DIMACS .gr,
// Matrix Market or edge-list file with 0-based vertices, whether it is directed, how the file
// numbers its vertices, and its weights as integers or reals as the file wrote them.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "graph/csr/edge_list.hpp"

namespace arcwave {

enum class WeightKind : std::uint8_t {
  kNone,     // unweighted (Matrix Market pattern, two-column edge lists)
  kInteger,  // every weight was written as an integer
  kReal,     // at least one weight was written as a real number
};

enum class GraphFormat : std::uint8_t { kAuto, kDimacs, kMatrixMarket, kEdgeList };

struct GraphFile {
  std::string name;  // the file, for messages
  GraphFormat format = GraphFormat::kAuto;
  std::uint32_t vertex_count = 0;
  bool directed = true;                // Matrix Market "symmetric" files are undirected
  std::uint32_t index_base = 0;        // 1 for .gr and .mtx, 0 for edge lists
  std::vector<std::uint32_t> sources;  // 0-based
  std::vector<std::uint32_t> targets;  // 0-based
  WeightKind weight_kind = WeightKind::kNone;
  std::vector<std::int64_t> integer_weights;  // when weight_kind == kInteger
  std::vector<double> real_weights;           // when weight_kind == kReal

  [[nodiscard]] std::uint64_t edge_count() const noexcept { return sources.size(); }
};

/// The file's edges with weights converted to `Weight` (unweighted files stay unweighted).
template <typename Weight>
EdgeList<Weight> to_edge_list(const GraphFile& file) {
  EdgeList<Weight> list;
  list.vertex_count = file.vertex_count;
  list.sources = file.sources;
  list.targets = file.targets;
  if (file.weight_kind == WeightKind::kInteger)
    for (const std::int64_t w : file.integer_weights)
      list.weights.push_back(static_cast<Weight>(w));
  if (file.weight_kind == WeightKind::kReal)
    for (const double w : file.real_weights) list.weights.push_back(static_cast<Weight>(w));
  return list;
}

}  // namespace arcwave
