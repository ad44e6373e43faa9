// End-to-end: `arcwave cellgraph` on the bundled samples (text and packed) and on written
// files: the counts, edge list and cells file agree with build_cell_graph(), routes are
// shortest (a plain BFS over the edge list) and cross one constraint per step, every algorithm
// writes the same edge list, a missing route exits 1, bad input exits 2 naming file:line:column
// or the option; [gpu]: the GPU backend writes the same edge list and an equally long route.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <queue>
#include <regex>
#include <sstream>

#include "graph/cellgraph/bits.hpp"
#include "graph/cellgraph/cell_graph.hpp"
#include "graph/cellgraph/cell_graph_io.hpp"
#include "parsers/vectors/vector_file.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/gpu.hpp"
#include "tests/support/paths.hpp"

using namespace arcwave;
namespace fs = std::filesystem;
using arcwave::test::slurp;

namespace {

fs::path scratch(const std::string& name) {
  return test::scratch_dir("arcwave_cellgraph_cli") / name;
}

struct Result {
  int code = -1;
  std::string out;
  std::string err;
};

Result run(const std::string& args) {
  const test::CliRun r =
      test::run_arcwave("cellgraph " + args, test::scratch_dir("arcwave_cellgraph_cli"));
  return Result{r.exit_code, r.out, r.err};
}

fs::path sample(const std::string& name) {
  return test::instances_dir() / "cells" / name;
}

fs::path write_text(const std::string& name, const std::string& text) {
  const fs::path p = scratch(name);
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

/// The number after `key` at the start of a line of the command's report.
std::uint64_t reported(const std::string& out, const std::string& key) {
  const std::regex line("(^|\n)" + key + R"( +(\d+))");
  std::smatch m;
  REQUIRE(std::regex_search(out, m, line));
  return std::stoull(m[2]);
}

/// The route's cells as printed ("  i  VECTOR  cell v ...").
std::vector<std::string> route_cells(const std::string& out) {
  std::vector<std::string> cells;
  const std::regex line(R"(\n +\d+  ([01]+)  cell \d+)");
  for (std::sregex_iterator it(out.begin(), out.end(), line), end; it != end; ++it)
    cells.push_back((*it)[1]);
  return cells;
}

/// The edge lines of an edge-list file.
std::vector<std::pair<std::uint32_t, std::uint32_t>> edges_of(const std::string& text) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::uint32_t u = 0;
    std::uint32_t v = 0;
    fields >> u >> v;
    edges.emplace_back(u, v);
  }
  return edges;
}

/// Hops from `from` to every vertex by a plain BFS over an edge list.
std::vector<std::uint32_t> hops(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges,
                                std::uint32_t vertices, std::uint32_t from) {
  std::vector<std::vector<std::uint32_t>> adjacent(vertices);
  for (const auto& [u, v] : edges) {
    adjacent[u].push_back(v);
    adjacent[v].push_back(u);
  }
  std::vector<std::uint32_t> dist(vertices, cellgraph::kNoVertex);
  std::queue<std::uint32_t> queue;
  dist[from] = 0;
  queue.push(from);
  while (!queue.empty()) {
    const std::uint32_t x = queue.front();
    queue.pop();
    for (const std::uint32_t y : adjacent[x])
      if (dist[y] == cellgraph::kNoVertex) {
        dist[y] = dist[x] + 1;
        queue.push(y);
      }
  }
  return dist;
}

int differing_bits(const std::string& a, const std::string& b) {
  int d = 0;
  for (std::size_t k = 0; k < a.size(); ++k) d += a[k] != b[k] ? 1 : 0;
  return d;
}

}  // namespace

TEST_CASE("arcwave cellgraph: counts, edge list, cells file and a shortest route",
          "[cellgraph][cli]") {
  const fs::path file = sample("plane-12.txt");
  const BitVectors input = read_vectors(file.string());
  const cellgraph::CellGraph g = cellgraph::build_cell_graph(input);
  REQUIRE(g.graph.vertex_count > 2);
  // From the first sample's cell to the farthest cell reachable from it.
  const std::uint32_t from = g.vertex_of_input.front();
  std::ostringstream expected_edges;
  cellgraph::write_edge_list(expected_edges, g);
  const auto edges = edges_of(expected_edges.str());
  const std::vector<std::uint32_t> dist = hops(edges, g.graph.vertex_count, from);
  std::uint32_t to = from;
  for (std::uint32_t v = 0; v < g.graph.vertex_count; ++v)
    if (dist[v] != cellgraph::kNoVertex && dist[v] > dist[to]) to = v;
  REQUIRE(dist[to] >= 2);

  const fs::path out = scratch("plane.edges");
  const fs::path cells = scratch("plane.cells");
  const Result r =
      run(file.string() + " --backend cpu --out " + out.string() + " --cells " + cells.string() +
          " --from " + g.cells.to_string(from) + " --to " + g.cells.to_string(to));
  INFO(r.out << r.err);
  REQUIRE(r.code == 0);
  CHECK(reported(r.out, "vectors") == input.count);
  CHECK(reported(r.out, "cells") == g.graph.vertex_count);
  CHECK(reported(r.out, "edges") == g.graph.edge_count() / 2);
  CHECK(reported(r.out, "route") == dist[to]);
  CHECK(slurp(out) == expected_edges.str());
  CHECK(read_vectors(cells.string()) == g.cells);
  const std::vector<std::string> route = route_cells(r.out);
  REQUIRE(route.size() == dist[to] + 1);
  CHECK(route.front() == g.cells.to_string(from));
  CHECK(route.back() == g.cells.to_string(to));
  for (std::size_t i = 1; i < route.size(); ++i) CHECK(differing_bits(route[i - 1], route[i]) == 1);
}

TEST_CASE("arcwave cellgraph: every algorithm writes the same edge list, packed input too",
          "[cellgraph][cli]") {
  for (const char* name : {"quadrics-16.vec", "rotations-20.txt"}) {
    const fs::path file = sample(name);
    const cellgraph::CellGraph g = cellgraph::build_cell_graph(read_vectors(file.string()));
    std::ostringstream expected;
    cellgraph::write_edge_list(expected, g);
    for (const char* algorithm : {"fingerprint", "tree", "heuristic"}) {
      INFO(name << " with " << algorithm);
      const fs::path out = scratch(std::string(algorithm) + ".edges");
      const Result r =
          run(file.string() + " --backend cpu --algorithm " + algorithm + " --out " + out.string());
      INFO(r.out << r.err);
      REQUIRE(r.code == 0);
      CHECK(reported(r.out, "cells") == g.graph.vertex_count);
      CHECK(slurp(out) == expected.str());
    }
  }
}

TEST_CASE("arcwave cellgraph: no route exits 1", "[cellgraph][cli]") {
  const fs::path file = write_text("split.txt", "000\n001\n110\n111\n001\n");
  const Result r = run(file.string() + " --backend cpu --from 000 --to 111");
  INFO(r.out << r.err);
  CHECK(r.code == 1);
  CHECK(r.out.find("route        none") != std::string::npos);
  const Result same = run(file.string() + " --backend cpu --from 110 --to 110");
  CHECK(same.code == 0);
  CHECK(reported(same.out, "route") == 0);
}

TEST_CASE("arcwave cellgraph: bad input exits 2 with its position", "[cellgraph][cli]") {
  const fs::path ragged = write_text("ragged.txt", "0101\n011\n");
  Result r = run(ragged.string());
  CHECK(r.code == 2);
  CHECK(r.err.find(ragged.string() + ":2:4: vector has 3 bits, expected 4") != std::string::npos);
  const fs::path letters = write_text("letters.txt", "0101\n01x1\n");
  r = run(letters.string());
  CHECK(r.code == 2);
  CHECK(r.err.find(letters.string() + ":2:3: expected '0' or '1', found 'x'") != std::string::npos);
  r = run(scratch("missing.txt").string());
  CHECK(r.code == 2);
  const fs::path good = write_text("good.txt", "0101\n0111\n");
  r = run(good.string() + " --from 0101");
  CHECK(r.code == 2);
  CHECK(r.err.find("--from and --to go together") != std::string::npos);
  r = run(good.string() + " --from 0121 --to 0101");
  CHECK(r.code == 2);
  CHECK(r.err.find("--from:1:3: expected '0' or '1', found '2'") != std::string::npos);
  r = run(good.string() + " --from 0000 --to 0101");
  CHECK(r.code == 2);
  CHECK(r.err.find("--from: 0000 is not one of the file's cells") != std::string::npos);
  r = run(good.string() + " --algorithm fastest");
  CHECK(r.code == 2);
  CHECK(r.err.find("unknown cell graph algorithm 'fastest'") != std::string::npos);
  r = run(good.string() + " --backend quantum");
  CHECK(r.code == 2);
}

TEST_CASE("arcwave cellgraph --backend gpu: same edge list and route length",
          "[gpu][cellgraph][cli]") {
  ARCWAVE_REQUIRE_GPU();
  const fs::path file = sample("rotations-20.txt");
  const cellgraph::CellGraph g = cellgraph::build_cell_graph(read_vectors(file.string()));
  const std::string from = g.cells.to_string(0);
  const std::string to = g.cells.to_string(g.graph.vertex_count - 1);
  std::string route_lines[2];
  std::string edge_lists[2];
  const char* backends[] = {"cpu", "gpu"};
  for (int b = 0; b < 2; ++b) {
    const fs::path out = scratch(std::string(backends[b]) + ".edges");
    const Result r = run(file.string() + " --backend " + backends[b] + " --out " + out.string() +
                         " --from " + from + " --to " + to);
    INFO(r.out << r.err);
    REQUIRE(r.code <= 1);
    edge_lists[b] = slurp(out);
    route_lines[b] = r.code == 0 ? std::to_string(reported(r.out, "route")) : "none";
  }
  CHECK(edge_lists[0] == edge_lists[1]);
  CHECK(route_lines[0] == route_lines[1]);
}
