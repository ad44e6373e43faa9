// parsers/graph/read_graph.hpp: format names, guessing the format, reading a file.
#include "parsers/graph/read_graph.hpp"

#include "arcwave/error.hpp"
#include "parsers/input/byte_source.hpp"

namespace arcwave {

namespace {
bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}
}  // namespace

GraphFormat parse_graph_format(std::string_view text) {
  if (text == "auto") return GraphFormat::kAuto;
  if (text == "gr" || text == "dimacs") return GraphFormat::kDimacs;
  if (text == "mtx" || text == "mm") return GraphFormat::kMatrixMarket;
  if (text == "edges" || text == "edgelist") return GraphFormat::kEdgeList;
  throw InputError("unknown graph format '" + std::string(text) +
                   "' (expected auto, gr, mtx or edges)");
}

GraphFormat guess_graph_format(std::string_view path) {
  for (const std::string_view z : {".gz", ".bz2", ".xz", ".lzma"})
    if (ends_with(path, z)) {
      path.remove_suffix(z.size());
      break;
    }
  if (ends_with(path, ".gr")) return GraphFormat::kDimacs;
  if (ends_with(path, ".mtx")) return GraphFormat::kMatrixMarket;
  return GraphFormat::kEdgeList;
}

GraphFile read_graph(const std::string& path, GraphFormat format) {
  if (format == GraphFormat::kAuto) format = guess_graph_format(path);
  const std::unique_ptr<ByteSource> source = open_input(path);
  const std::string text = read_all(*source);
  switch (format) {
    case GraphFormat::kDimacs:
      return read_dimacs(text, path);
    case GraphFormat::kMatrixMarket:
      return read_matrix_market(text, path);
    default:
      return read_edge_list(text, path);
  }
}

}  // namespace arcwave
