// Definitions for graph/cellgraph/cell_graph_io.hpp.
#include "graph/cellgraph/cell_graph_io.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>

#include <fmt/format.h>

#include "arcwave/error.hpp"

namespace arcwave::cellgraph {

void write_edge_list(std::ostream& out, const CellGraph& graph) {
  const Csr<>& g = graph.graph;
  out << fmt::format("# arcwave cell graph: {} vertices (distinct vectors of {} bits), {} edges\n",
                     g.vertex_count, graph.cells.bits, g.edge_count() / 2);
  out << "# one edge per line: u v (u < v; vertex v is the v-th distinct input vector)\n";
  std::string line;
  for (std::uint32_t u = 0; u < g.vertex_count; ++u) {
    for (const std::uint32_t v : g.neighbours(u)) {
      if (u >= v) continue;
      line = fmt::format("{} {}\n", u, v);
      out.write(line.data(), static_cast<std::streamsize>(line.size()));
    }
  }
}

void write_edge_list_file(const std::string& path, const CellGraph& graph) {
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError(SourcePosition{path}, "cannot open for writing");
    write_edge_list(out, graph);
    out.flush();
    if (!out) {
      std::remove(temp.c_str());
      throw ResourceError(fmt::format("{}: write failed (disk full?)", path));
    }
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    std::remove(temp.c_str());
    throw InputError(SourcePosition{path}, "cannot write: " + ec.message());
  }
}

}  // namespace arcwave::cellgraph
