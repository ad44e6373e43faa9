// All-pairs shortest paths of a graph: a small edge list with a negative edge (distances into
// a buffer of ours, a shortest path), or a graph file given on the command line (its APSP
// rows printed as `arcwave apsp --format csv` prints them).
//   apsp_edges [GRAPH_FILE]
#include <arcwave/error.hpp>
#include <arcwave/paths.hpp>
#include <cstdio>
#include <string>
#include <variant>

namespace {

template <typename W>
std::string text(W d) {
  if (d == arcwave::unreachable<W>()) return "inf";
  if constexpr (std::is_integral_v<W>) {
    return std::to_string(d);
  } else {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.17g", d);
    return buffer;
  }
}

/// Prints the matrix as CSV: "source,<vertex>..." then one row per source (file numbering).
template <typename W>
void print_csv(const arcwave::WeightedGraph<W>& g) {
  const std::uint32_t n = g.vertex_count();
  const std::uint32_t base = g.index_base();
  std::vector<W> d(static_cast<std::size_t>(n) * n);
  const arcwave::ApspReport r = arcwave::apsp(g, std::span<W>(d));
  std::fprintf(stderr, "backend %s, %s\n", r.backend.c_str(), r.method.c_str());
  if (!r.negative_cycle.empty()) {
    std::printf("negative cycle\n");
    return;
  }
  std::string line = "source";
  for (std::uint32_t v = 0; v < n; ++v) line += "," + std::to_string(v + base);
  std::printf("%s\n", line.c_str());
  for (std::uint32_t s = 0; s < n; ++s) {
    line = std::to_string(s + base);
    for (std::uint32_t v = 0; v < n; ++v)
      line += "," + text(d[static_cast<std::size_t>(s) * n + v]);
    std::printf("%s\n", line.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (argc > 1) {
      std::visit([](const auto& g) { print_csv(g); }, arcwave::load_graph(argv[1]));
      return 0;
    }
    // 0 -> 1 (4), 0 -> 2 (1), 2 -> 1 (2), 1 -> 3 (1), 3 -> 2 (-2); vertex 4 is isolated.
    const std::vector<std::uint32_t> from{0, 0, 2, 1, 3};
    const std::vector<std::uint32_t> to{1, 2, 1, 3, 2};
    const std::vector<std::int64_t> weight{4, 1, 2, 1, -2};
    const arcwave::IntGraph g = arcwave::IntGraph::from_edges(5, from, to, weight);
    std::vector<std::int64_t> d(5 * 5);
    const arcwave::ApspReport r = arcwave::apsp(g, std::span<std::int64_t>(d));
    std::printf("backend %s, %s\n", r.backend.c_str(), r.method.c_str());
    for (std::uint32_t s = 0; s < 5; ++s) {
      std::string line = "from " + std::to_string(s) + ":";
      for (std::uint32_t v = 0; v < 5; ++v) line += " " + text(d[s * 5 + v]);
      std::printf("%s\n", line.c_str());
    }
    const arcwave::ShortestPaths<std::int64_t> sp = arcwave::shortest_paths(g, 0);
    std::string line = "path 0 -> 3:";
    for (const std::uint32_t v : sp.path_to(3)) line += " " + std::to_string(v);
    std::printf("%s (length %s)\n", line.c_str(), text(sp.distance[3]).c_str());
    return 0;
  } catch (const arcwave::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return e.exit_code();
  }
}
