// Checks the APSP tests share: the shared real graphs as the CLI builds them (unit weights,
// parallel edges merged), and whether predecessor rows are right for distance rows.
#pragma once

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "graph/csr/build_cpu.hpp"
#include "graph/csr/csr_ops.hpp"
#include "graph/sssp/apsp.hpp"
#include "graph/sssp/distance.hpp"
#include "parsers/graph/read_graph.hpp"
#include "tests/support/paths.hpp"

namespace arcwave::test {

/// ../shared/graphs/<name> as an undirected unit-weight graph, or an empty graph (tests skip)
/// when the shared graphs are absent.
inline Csr<std::int64_t> shared_graph(const std::string& name) {
  const std::filesystem::path dir = shared_data_dir("graphs");
  if (dir.empty() || !std::filesystem::exists(dir / name)) return {};
  const GraphFile file = read_graph((dir / name).string());
  BuildOptions build;
  build.directed = false;
  build.parallel_edges = ParallelEdges::kMergeMin;
  return with_unit_weights(build_csr(to_edge_list<std::int64_t>(file), build));
}

/// Empty when every predecessor is right for the distances: none for the source and for
/// vertices out of reach, else an edge p -> v with d(s, p) + w(p, v) = d(s, v) (within 1e-9
/// relative for reals), and following predecessors from any vertex reaches the source.
template <typename Weight, typename V>
std::string check_predecessors(const Csr<Weight>& g, const std::vector<std::uint32_t>& sources,
                               const std::vector<V>& rows,
                               const std::vector<std::uint32_t>& preds) {
  const std::uint32_t n = g.vertex_count;
  std::vector<std::uint8_t> state(n);  // 0 unknown, 1 on the current walk, 2 reaches the source
  std::vector<std::uint32_t> walk;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const std::uint32_t s = sources[i];
    const V* row = rows.data() + i * n;
    const std::uint32_t* pred = preds.data() + i * n;
    const auto where = [&](std::uint32_t v) {
      return "source " + std::to_string(s) + " vertex " + std::to_string(v) + ": ";
    };
    for (std::uint32_t v = 0; v < n; ++v) {
      const bool reached = row[v] != sssp::infinity<V>();
      if (v == s || !reached) {
        if (pred[v] != sssp::kNoPredecessor) return where(v) + "a predecessor where none is due";
        continue;
      }
      const std::uint32_t p = pred[v];
      if (p >= n) return where(v) + "no predecessor";
      bool edge = false;
      for (std::uint64_t e = g.offsets[p]; e < g.offsets[p + 1] && !edge; ++e) {
        if (g.targets[e] != v || row[p] == sssp::infinity<V>()) continue;
        const double sum = static_cast<double>(row[p]) + static_cast<double>(g.weights[e]);
        const double want = static_cast<double>(row[v]);
        edge = std::is_integral_v<V>
                   ? sum == want
                   : std::fabs(sum - want) <= 1e-9 * std::fmax(1.0, std::fabs(want));
      }
      if (!edge)
        return where(v) + "predecessor " + std::to_string(p) + " is not on a shortest path";
    }
    std::fill(state.begin(), state.end(), 0);
    state[s] = 2;
    for (std::uint32_t v = 0; v < n; ++v) {
      walk.clear();
      std::uint32_t x = v;
      while (pred[x] != sssp::kNoPredecessor && state[x] == 0) {
        state[x] = 1;
        walk.push_back(x);
        x = pred[x];
      }
      if (state[x] == 1) return where(v) + "predecessors form a cycle";
      for (const std::uint32_t y : walk) state[y] = 2;
    }
  }
  return {};
}

}  // namespace arcwave::test
