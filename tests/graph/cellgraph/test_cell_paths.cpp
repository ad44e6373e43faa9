// Routes in cell graphs (BFS on the frontier primitive) against a plain BFS on the reference
// adjacency, and the edge-list writer.
#include <queue>
#include <sstream>

#include "arcwave/error.hpp"
#include "graph/cellgraph/bits.hpp"
#include "graph/cellgraph/cell_graph_io.hpp"
#include "graph/cellgraph/cell_paths.hpp"
#include "tests/graph/cellgraph/reference.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using namespace arcwave::cellgraph;

namespace {

std::vector<std::uint32_t> plain_bfs(const test::ReferenceGraph& ref, std::uint32_t source) {
  std::vector<std::uint32_t> dist(ref.cells.size(), kNoVertex);
  std::queue<std::uint32_t> queue;
  dist[source] = 0;
  queue.push(source);
  while (!queue.empty()) {
    const std::uint32_t v = queue.front();
    queue.pop();
    for (const std::uint32_t u : ref.adjacency[v])
      if (dist[u] == kNoVertex) {
        dist[u] = dist[v] + 1;
        queue.push(u);
      }
  }
  return dist;
}

}  // namespace

TEST_CASE("cell routes are shortest and follow edges", "[cellgraph][paths]") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const std::vector<std::string> vectors = test::random_walk_vectors(400, 40, 0.2, seed);
    const test::ReferenceGraph ref = test::reference_cell_graph(vectors);
    const CellGraph g = build_cell_graph(test::to_bit_vectors(vectors, 40));
    const auto m = static_cast<std::uint32_t>(ref.cells.size());
    for (std::uint32_t from = 0; from < m; from += 37) {
      const std::vector<std::uint32_t> dist = plain_bfs(ref, from);
      const std::vector<std::uint32_t> parent = bfs_parents(g.graph, from);
      for (std::uint32_t to = 0; to < m; to += 11) {
        INFO("seed " << seed << " from " << from << " to " << to);
        CHECK((parent[to] == kNoVertex) == (dist[to] == kNoVertex));
        const std::vector<std::uint32_t> route = shortest_route(g.graph, from, to);
        if (dist[to] == kNoVertex) {
          CHECK(route.empty());
          continue;
        }
        REQUIRE(route.size() == dist[to] + 1);
        CHECK(route.front() == from);
        CHECK(route.back() == to);
        for (std::size_t i = 1; i < route.size(); ++i) {
          const auto row = g.graph.neighbours(route[i - 1]);
          CHECK(std::find(row.begin(), row.end(), route[i]) != row.end());
          CHECK(crossed_bit(g.cells, route[i - 1], route[i]) < 40);
        }
      }
    }
  }
}

TEST_CASE("cell routes: same cell, unreachable cell, bad vertices", "[cellgraph][paths]") {
  const std::vector<std::string> vectors = {"000", "001", "011", "110", "111", "000"};
  const CellGraph g = build_cell_graph(test::to_bit_vectors(vectors, 3));
  REQUIRE(g.graph.vertex_count == 5);
  CHECK(shortest_route(g.graph, 2, 2) == std::vector<std::uint32_t>{2});
  CHECK(shortest_route(g.graph, 0, 3) == std::vector<std::uint32_t>{0, 1, 2, 4, 3});
  const std::vector<std::string> split = {"000", "001", "110", "111"};
  const CellGraph h = build_cell_graph(test::to_bit_vectors(split, 3));
  CHECK(shortest_route(h.graph, 0, 3).empty());
  CHECK(shortest_route(h.graph, 0, 1) == std::vector<std::uint32_t>{0, 1});
  CHECK_THROWS_AS(shortest_route(h.graph, 0, 4), InputError);
  CHECK_THROWS_AS(shortest_route(h.graph, 9, 0), InputError);
}

TEST_CASE("find_cell finds the vertex of a vector", "[cellgraph][paths]") {
  const std::vector<std::string> vectors = test::random_walk_vectors(100, 70, 0.3, 5);
  const BitVectors input = test::to_bit_vectors(vectors, 70);
  const CellGraph g = build_cell_graph(input);
  for (std::uint64_t i = 0; i < input.count; ++i)
    CHECK(find_cell(g.cells, input.row(i)) == g.vertex_of_input[i]);
  BitVectors other(1, 70);
  for (std::uint32_t k = 0; k < 70; k += 3) other.set(0, k, true);
  CHECK_FALSE(find_cell(g.cells, other.row(0)).has_value());
}

TEST_CASE("edge list: each edge once, u < v", "[cellgraph][io]") {
  const std::vector<std::string> vectors = {"00", "01", "11", "10", "01"};
  const CellGraph g = build_cell_graph(test::to_bit_vectors(vectors, 2));
  std::ostringstream out;
  write_edge_list(out, g);
  const std::string text = out.str();
  CHECK(text.find("# arcwave cell graph: 4 vertices (distinct vectors of 2 bits), 4 edges") == 0);
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> edges;
  while (std::getline(in, line))
    if (line[0] != '#') edges.push_back(line);
  // Rows in the graph's order: 0's neighbours by crossed bit (3 across bit 0, 1 across bit 1).
  CHECK(edges == std::vector<std::string>{"0 3", "0 1", "1 2", "2 3"});
}
