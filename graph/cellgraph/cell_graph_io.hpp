// graph/cellgraph/cell_graph_io.hpp — writing a cell graph: its edge list (`arcwave cellgraph
// --out`), one "u v" line per edge with u < v (vertex numbers as in CellGraph: the order of
// first occurrence in the input), after '#' header lines.
#pragma once

#include <iosfwd>
#include <string>

#include "graph/cellgraph/cell_graph.hpp"

namespace arcwave::cellgraph {

void write_edge_list(std::ostream& out, const CellGraph& graph);
/// Writes PATH.tmp, then renames it to PATH (no partial file on failure).
void write_edge_list_file(const std::string& path, const CellGraph& graph);

}  // namespace arcwave::cellgraph
