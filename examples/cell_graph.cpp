// The cell graph of binary vectors: a few vectors written in code, or a vector file; prints
// the cells, the edges and a route between two cells.
//   cell_graph [VECTOR_FILE FROM TO]
#include <arcwave/cellgraph.hpp>
#include <arcwave/error.hpp>
#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  try {
    arcwave::CellGraph g = argc > 1 ? arcwave::CellGraph::load(argv[1])
                                    : arcwave::CellGraph::build(std::vector<std::string>{
                                          "0000", "0001", "0011", "0111", "0110", "0000", "1110"});
    std::printf("%u cells of %u bits, %llu edges (%s)\n", g.vertex_count(), g.bits(),
                static_cast<unsigned long long>(g.edge_count()), g.built_with().c_str());
    if (argc == 1)
      for (std::uint32_t v = 0; v < g.vertex_count(); ++v)
        std::printf("cell %u %s\n", v, g.cell(v).c_str());
    for (const auto& [u, v] : g.edges())
      if (argc == 1) std::printf("edge %u %u crosses bit %u\n", u, v, g.crossed_bit(u, v));
    const std::string from = argc > 3 ? argv[2] : "0000";
    const std::string to = argc > 3 ? argv[3] : "1110";
    const auto a = g.find(from);
    const auto b = g.find(to);
    if (!a || !b) {
      std::printf("%s is not a cell\n", (!a ? from : to).c_str());
      return 1;
    }
    const std::vector<std::uint32_t> route = g.route(*a, *b);
    if (route.empty()) {
      std::printf("no route from %s to %s\n", from.c_str(), to.c_str());
      return 1;
    }
    std::printf("route %zu crossings:", route.size() - 1);
    for (const std::uint32_t v : route) std::printf(" %s", g.cell(v).c_str());
    std::printf("\n");
    return 0;
  } catch (const arcwave::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return e.exit_code();
  }
}
