// Definitions for bench/frontier/bench_graphs.hpp.
#include "bench/frontier/bench_graphs.hpp"

#include <map>
#include <memory>
#include <queue>

#include "arcwave/error.hpp"
#include "bench/frontier/rmat.hpp"
#include "graph/csr/build_gpu.hpp"
#include "instances/graphs/graph_generators.hpp"

namespace arcwave::bench {

namespace {

Csr<std::int32_t> unweighted_csr(EdgeList<std::int32_t> list) {
  list.weights.clear();  // BFS reads no weights: do not sort or upload them
  list.weights.shrink_to_fit();
  return build_csr_gpu(list);
}

Csr<std::int32_t> grid(std::uint32_t side, std::uint64_t seed) {
  return unweighted_csr(gen::grid_graph<std::int32_t>({side, side, 1, 1, seed}));
}

Csr<std::int32_t> random_sparse(std::uint32_t n, double degree, std::uint64_t seed) {
  gen::RandomGraphParams<std::int32_t> p;
  p.vertices = n;
  p.average_degree = degree;
  p.min_weight = 1;
  p.max_weight = 1;
  p.seed = seed;
  return unweighted_csr(gen::random_graph(p));
}

void reference_bfs(BenchGraph& g) {
  const Csr<std::int32_t>& c = g.csr;
  g.levels.assign(c.vertex_count, UINT32_MAX);
  std::queue<std::uint32_t> q;
  g.levels[g.source] = 0;
  q.push(g.source);
  while (!q.empty()) {
    const std::uint32_t u = q.front();
    q.pop();
    ++g.reached;
    g.edges_touched += c.degree(u);
    g.depth = g.levels[u];
    for (const std::uint32_t v : c.neighbours(u))
      if (g.levels[v] == UINT32_MAX) {
        g.levels[v] = g.levels[u] + 1;
        q.push(v);
      }
  }
}

std::unique_ptr<BenchGraph> make(const std::string& name) {
  auto g = std::make_unique<BenchGraph>();
  g->name = name;
  if (name == "grid-1M") {
    g->csr = grid(1000, 11);
    g->shape = "1000 x 1000 grid, 4-neighbour arcs";
  } else if (name == "grid-10M") {
    g->csr = grid(3163, 12);
    g->shape = "3163 x 3163 grid, 4-neighbour arcs";
  } else if (name == "random-10M") {
    g->csr = random_sparse(10000000, 8, 13);
    g->shape = "10^7 vertices, 8 x 10^7 uniform random arcs";
  } else if (name == "rmat-2M") {
    g->csr = unweighted_csr(rmat({21, 16, 0.57, 0.19, 0.19, 14}));
    g->shape = "R-MAT scale 21, edge factor 16 (Graph 500 a,b,c)";
    for (std::uint32_t v = 0; v < g->csr.vertex_count; ++v)
      if (g->csr.degree(v) > g->csr.degree(g->source)) g->source = v;
  } else {
    throw InputError("bench_frontier: no graph named " + name);
  }
  reference_bfs(*g);
  return g;
}

}  // namespace

const std::vector<std::string>& bench_graph_names() {
  static const std::vector<std::string> names{"grid-1M", "grid-10M", "random-10M", "rmat-2M"};
  return names;
}

const BenchGraph& bench_graph(const std::string& name) {
  static std::map<std::string, std::unique_ptr<BenchGraph>> cache;
  auto& slot = cache[name];
  if (!slot) slot = make(name);
  return *slot;
}

}  // namespace arcwave::bench
