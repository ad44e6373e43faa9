// parsers/graph/write_graph.hpp — writes an edge list as a DIMACS .gr file (1-based), the
// format generators use to hand graphs to the CLI and the benchmarks.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "graph/csr/edge_list.hpp"

namespace arcwave {

/// Writes "p sp N M" and one "a U V W" line per edge (weight 1 when unweighted).
template <typename Weight>
void write_dimacs(std::ostream& out, const EdgeList<Weight>& list,
                  const std::string& comment = {}) {
  if (!comment.empty()) out << "c " << comment << '\n';
  out << "p sp " << list.vertex_count << ' ' << list.size() << '\n';
  out.precision(17);
  for (std::uint64_t i = 0; i < list.size(); ++i) {
    out << "a " << list.sources[i] + 1 << ' ' << list.targets[i] + 1 << ' ';
    if (list.weighted())
      out << list.weights[i];
    else
      out << 1;
    out << '\n';
  }
}

}  // namespace arcwave
