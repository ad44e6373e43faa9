// The GPU CSR builder (CUB) equals the CPU builder for every option and weight type ([gpu]).
#include "graph/csr/build_cpu.hpp"
#include "graph/csr/build_gpu.hpp"
#include "instances/graphs/graph_generators.hpp"
#include "tests/graph/csr/reference_build.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave;

namespace {
template <typename Weight>
void compare(const EdgeList<Weight>& list) {
  for (const BuildOptions& options : test::all_build_options()) {
    const Csr<Weight> want = build_csr(list, options);
    GpuBuildTimes times;
    const Csr<Weight> got = build_csr_gpu(list, options, &times);
    CHECK(got.vertex_count == want.vertex_count);
    CHECK(got.offsets == want.offsets);
    CHECK(got.targets == want.targets);
    CHECK(got.weights == want.weights);
  }
}
}  // namespace

TEST_CASE("GPU CSR build equals the CPU build on messy random lists", "[gpu][csr][sanitize]") {
  ARCWAVE_REQUIRE_GPU();
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const auto n = static_cast<std::uint32_t>(1 + seed * 997 % 5000);
    compare(test::messy_edges<std::int64_t>(n, n * 6, seed, true));
    compare(test::messy_edges<std::int32_t>(n, n * 3, seed + 50, true));
    compare(test::messy_edges<float>(n, n * 2, seed + 100, false));
    compare(test::messy_edges<double>(n, n * 4, seed + 200, true));
  }
}

TEST_CASE("GPU CSR build: empty graphs, isolated vertices, one big grid", "[gpu][csr]") {
  ARCWAVE_REQUIRE_GPU();
  EdgeList<double> none;
  compare(none);
  none.vertex_count = 17;
  compare(none);
  EdgeList<std::int64_t> loop;
  loop.vertex_count = 1;
  loop.add(0, 0, -3);
  compare(loop);
  compare(gen::grid_graph<std::int64_t>({700, 600, 1, 100, 3}));
}
