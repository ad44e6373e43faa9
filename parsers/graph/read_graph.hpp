// parsers/graph/read_graph.hpp — readers for DIMACS shortest-path .gr files, Matrix Market
// coordinate files (real, integer, pattern; general, symmetric) and whitespace edge lists.
// Compressed files are read transparently. Every error is an InputError naming FILE:LINE:COL;
// Matrix Market features that are valid but not graphs we take (array, complex,
// skew-symmetric, hermitian) are Unsupported.
#pragma once

#include <string>
#include <string_view>

#include "parsers/graph/graph_file.hpp"

namespace arcwave {

/// DIMACS 9th challenge: "c" comments, one "p sp N M" line, then M "a U V W" lines (1-based).
GraphFile read_dimacs(std::string_view text, const std::string& name);
/// Matrix Market coordinate matrix, square: entry (i, j, w) is the edge i -> j (1-based).
GraphFile read_matrix_market(std::string_view text, const std::string& name);
/// One edge per line, "u v" or "u v w" (every line alike), 0-based; '#' and '%' start
/// comments. The vertex count is the largest id plus one.
GraphFile read_edge_list(std::string_view text, const std::string& name);

/// Parses "auto", "gr" ("dimacs"), "mtx" ("mm") or "edges"; throws InputError otherwise.
GraphFormat parse_graph_format(std::string_view text);
/// The format a file name suggests (.gr, .mtx, anything else: edge list), ignoring a
/// compression suffix (.gz, .bz2, .xz, .lzma).
GraphFormat guess_graph_format(std::string_view path);

/// Reads `path` ("-" is standard input) in `format` (kAuto: guessed from the name).
GraphFile read_graph(const std::string& path, GraphFormat format = GraphFormat::kAuto);

}  // namespace arcwave
