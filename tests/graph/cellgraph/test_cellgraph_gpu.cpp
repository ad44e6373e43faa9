// [gpu] Every GPU cell graph algorithm against the CPU ones (and the brute-force reference on
// small sets), and the GPU route search against the CPU one. Skips without a usable GPU.
#include <algorithm>

#include "graph/cellgraph/algorithms.hpp"
#include "graph/cellgraph/bits.hpp"
#include "graph/cellgraph/cell_paths.hpp"
#include "instances/cells/scenes.hpp"
#include "tests/graph/cellgraph/reference.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave;
using namespace arcwave::cellgraph;

namespace {

struct GpuVariant {
  const char* name;
  CellGraph (*build)(const BitVectors&, const Options&, PhaseTimes*);
  Options options;
};

/// Every GPU build; the colliding variant uses fingerprints of `narrow_bits` bits (4 on small
/// sets: most vertices share one; 16 on scene samples: a few per probe, as many buckets).
std::vector<GpuVariant> gpu_variants(std::uint32_t narrow_bits = 4) {
  Options plain;
  Options all_bits;
  all_bits.probe_all_bits = true;
  Options filtered;
  filtered.filter = ProbeFilter::kOn;
  Options colliding;
  colliding.fingerprint_bits = narrow_bits;
  colliding.filter = ProbeFilter::kOn;
  Options one_pivot;
  one_pivot.pivots = 1;
  return {{"gpu fingerprint", detail::fingerprint_gpu, plain},
          {"gpu fingerprint all bits", detail::fingerprint_gpu, all_bits},
          {"gpu fingerprint filter", detail::fingerprint_gpu, filtered},
          {"gpu fingerprint narrow", detail::fingerprint_gpu, colliding},
          {"gpu tree", detail::tree_gpu, plain},
          {"gpu heuristic", detail::heuristic_gpu, plain},
          {"gpu heuristic h=1", detail::heuristic_gpu, one_pivot}};
}

void require_same(const CellGraph& a, const CellGraph& b) {
  REQUIRE(a.cells == b.cells);
  REQUIRE(a.vertex_of_input == b.vertex_of_input);
  REQUIRE(a.graph.vertex_count == b.graph.vertex_count);
  REQUIRE(a.graph.offsets == b.graph.offsets);
  REQUIRE(a.graph.targets == b.graph.targets);
}

}  // namespace

TEST_CASE("GPU cell graphs equal the reference on small sets", "[gpu][cellgraph]") {
  ARCWAVE_REQUIRE_GPU();
  std::uint64_t seed = 500;
  for (const std::uint32_t bits : {1U, 7U, 64U, 65U, 130U}) {
    for (const std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{250}}) {
      const std::vector<std::string> vectors = test::random_walk_vectors(n, bits, 0.25, seed++);
      const BitVectors input = test::to_bit_vectors(vectors, bits);
      const test::ReferenceGraph ref = test::reference_cell_graph(vectors);
      for (const GpuVariant& v : gpu_variants()) {
        INFO(v.name << ", n = " << n << ", bits = " << bits);
        test::check_against_reference(v.build(input, v.options, nullptr), ref);
      }
    }
  }
  // All equal.
  const std::vector<std::string> same(100, std::string(77, '1'));
  for (const GpuVariant& v : gpu_variants()) {
    INFO(v.name);
    test::check_against_reference(v.build(test::to_bit_vectors(same, 77), v.options, nullptr),
                                  test::reference_cell_graph(same));
  }
}

TEST_CASE("GPU cell graphs equal the CPU ones on scene samples", "[gpu][cellgraph]") {
  ARCWAVE_REQUIRE_GPU();
  using gen::cells::SceneKind;
  const struct {
    SceneKind kind;
    std::uint32_t dim;
    std::uint32_t bits;
    std::uint64_t n;
  } cases[] = {{SceneKind::kHyperplanes, 3, 100, 60000},
               {SceneKind::kHyperplanes, 5, 256, 40000},
               {SceneKind::kQuadrics, 3, 64, 50000},
               {SceneKind::kRotations, 3, 200, 50000},
               {SceneKind::kHyperplanes, 2, 513, 20000}};
  for (const auto& c : cases) {
    const gen::cells::Scene scene({c.kind, c.dim, c.bits, 77});
    const BitVectors input = gen::cells::sample_vectors(scene, c.n, 3);
    const CellGraph expected = detail::fingerprint_cpu(input, Options{}, nullptr);
    INFO(scene.describe() << ": " << expected.graph.vertex_count << " cells, "
                          << expected.graph.edge_count() / 2 << " edges");
    CHECK(expected.graph.edge_count() > 0);
    const CellGraph tree = detail::tree_cpu(input, Options{}, nullptr);
    require_same(tree, expected);
    for (const GpuVariant& v : gpu_variants(16)) {
      INFO(v.name);
      PhaseTimes times;
      require_same(v.build(input, v.options, &times), expected);
      CHECK(times.compute_ms() > 0);
    }
  }
}

TEST_CASE("GPU route search equals the CPU one", "[gpu][cellgraph][paths]") {
  ARCWAVE_REQUIRE_GPU();
  const gen::cells::Scene scene({gen::cells::SceneKind::kHyperplanes, 2, 40, 5});
  const CellGraph g = build_cell_graph(gen::cells::sample_vectors(scene, 30000, 1));
  for (std::uint32_t from = 0; from < g.graph.vertex_count; from += 97) {
    const std::vector<std::uint32_t> cpu = bfs_parents(g.graph, from, Device::kCpu);
    const std::vector<std::uint32_t> gpu = bfs_parents(g.graph, from, Device::kGpu);
    // Parents may differ between equally short routes; route lengths may not.
    for (std::uint32_t to = 0; to < g.graph.vertex_count; to += 13) {
      const auto a = shortest_route(g.graph, from, to, Device::kCpu);
      const auto b = shortest_route(g.graph, from, to, Device::kGpu);
      CHECK(a.size() == b.size());
      CHECK((cpu[to] == kNoVertex) == (gpu[to] == kNoVertex));
      for (std::size_t i = 1; i < b.size(); ++i) {
        const auto row = g.graph.neighbours(b[i - 1]);
        CHECK(std::find(row.begin(), row.end(), b[i]) != row.end());
      }
    }
  }
}

TEST_CASE("GPU entry point through build_cell_graph", "[gpu][cellgraph]") {
  ARCWAVE_REQUIRE_GPU();
  const std::vector<std::string> vectors = test::random_walk_vectors(2000, 100, 0.2, 42);
  const test::ReferenceGraph ref = test::reference_cell_graph(vectors);
  for (const Algorithm a : {Algorithm::kFingerprint, Algorithm::kTree, Algorithm::kHeuristic}) {
    Options options;
    options.algorithm = a;
    options.device = Device::kGpu;
    INFO(to_string(a));
    test::check_against_reference(build_cell_graph(test::to_bit_vectors(vectors, 100), options),
                                  ref);
  }
}

TEST_CASE("GPU cell graphs and routes, small cases for compute-sanitizer",
          "[gpu][cellgraph][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  for (const std::uint32_t bits : {7U, 130U}) {
    const std::vector<std::string> vectors = test::random_walk_vectors(300, bits, 0.25, bits);
    const BitVectors input = test::to_bit_vectors(vectors, bits);
    const test::ReferenceGraph ref = test::reference_cell_graph(vectors);
    for (const GpuVariant& v : gpu_variants()) {
      INFO(v.name << ", bits = " << bits);
      test::check_against_reference(v.build(input, v.options, nullptr), ref);
    }
    const CellGraph g = detail::fingerprint_cpu(input, Options{}, nullptr);
    for (std::uint32_t from = 0; from < g.graph.vertex_count; from += 100) {
      const std::vector<std::uint32_t> route = shortest_route(g.graph, from, 0, Device::kGpu);
      CHECK(route.size() == shortest_route(g.graph, from, 0, Device::kCpu).size());
    }
  }
}
