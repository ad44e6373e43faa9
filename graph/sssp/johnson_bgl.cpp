// graph/sssp/johnson_bgl.hpp with Boost.Graph (Debian's libboost-graph-dev).
#include "graph/sssp/johnson_bgl.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/johnson_all_pairs_shortest.hpp>
#include <limits>

namespace arcwave::sssp {

template <typename Weight>
bool johnson_bgl(const Csr<Weight>& graph, std::vector<std::vector<Distance<Weight>>>& rows) {
  using D = Distance<Weight>;
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS,
                                      boost::no_property, boost::property<boost::edge_weight_t, D>>;
  Graph g(graph.vertex_count);
  for (std::uint32_t u = 0; u < graph.vertex_count; ++u)
    for (std::uint64_t e = graph.offsets[u]; e < graph.offsets[u + 1]; ++e)
      boost::add_edge(u, graph.targets[e], static_cast<D>(graph.weights[e]), g);
  rows.assign(graph.vertex_count, std::vector<D>(graph.vertex_count));
  if (!boost::johnson_all_pairs_shortest_paths(g, rows)) return false;
  // Boost's infinity is numeric_limits<D>::max(); ours is +inf for reals.
  for (auto& row : rows)
    for (D& d : row)
      if (d == std::numeric_limits<D>::max()) d = infinity<D>();
  return true;
}

template bool johnson_bgl(const Csr<std::int64_t>&, std::vector<std::vector<std::int64_t>>&);
template bool johnson_bgl(const Csr<double>&, std::vector<std::vector<double>>&);

}  // namespace arcwave::sssp
