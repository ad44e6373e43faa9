// The CPU CSR builder: hand-checked small graphs for every option, and random edge lists
// (parallel edges, self loops) against an independent sort-based reference.
#include <random>

#include "graph/csr/build_cpu.hpp"
#include "graph/csr/csr_ops.hpp"
#include "tests/graph/csr/reference_build.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {
EdgeList<int> small_list() {
  EdgeList<int> list;
  list.vertex_count = 4;
  list.add(2, 1, 5);
  list.add(0, 1, 7);
  list.add(0, 1, 3);  // parallel to the previous edge
  list.add(1, 1, 4);  // self loop
  list.add(0, 2, 1);
  return list;
}
}  // namespace

TEST_CASE("directed build keeps parallel edges in input order and self loops", "[csr]") {
  const Csr<int> g = build_csr(small_list());
  CHECK(g.vertex_count == 4);
  CHECK(g.offsets == std::vector<std::uint64_t>{0, 3, 4, 5, 5});
  CHECK(g.targets == std::vector<std::uint32_t>{1, 1, 2, 1, 1});
  CHECK(g.weights == std::vector<int>{7, 3, 1, 4, 5});
  CHECK(g.degree(3) == 0);
  CHECK(g.neighbours(0).size() == 3);
}

TEST_CASE("merging parallel edges keeps the smallest weight; loops can be dropped", "[csr]") {
  const Csr<int> g = build_csr(small_list(), {true, ParallelEdges::kMergeMin, SelfLoops::kDrop});
  CHECK(g.offsets == std::vector<std::uint64_t>{0, 2, 2, 3, 3});
  CHECK(g.targets == std::vector<std::uint32_t>{1, 2, 1});
  CHECK(g.weights == std::vector<int>{3, 1, 5});
}

TEST_CASE("undirected build adds reverses and stores a self loop once", "[csr]") {
  const Csr<int> g = build_csr(small_list(), {false, ParallelEdges::kKeep, SelfLoops::kKeep});
  // arcs: 0->1 (7, 3), 0->2 (1), 1->0 (7, 3), 1->1 (4), 1->2 (5), 2->0 (1), 2->1 (5)
  CHECK(g.offsets == std::vector<std::uint64_t>{0, 3, 7, 9, 9});
  CHECK(g.targets == std::vector<std::uint32_t>{1, 1, 2, 0, 0, 1, 2, 0, 1});
  CHECK(g.weights == std::vector<int>{7, 3, 1, 7, 3, 4, 5, 1, 5});
}

TEST_CASE("empty graphs and isolated vertices", "[csr]") {
  EdgeList<float> none;
  const Csr<float> empty = build_csr(none);
  CHECK(empty.vertex_count == 0);
  CHECK(empty.offsets == std::vector<std::uint64_t>{0});
  none.vertex_count = 3;
  const Csr<float> isolated = build_csr(none, {false, ParallelEdges::kMergeMin, SelfLoops::kDrop});
  CHECK(isolated.offsets == std::vector<std::uint64_t>{0, 0, 0, 0});
  CHECK(isolated.edge_count() == 0);
  CHECK(!isolated.weighted());
}

TEST_CASE("bad edge lists are input errors", "[csr]") {
  EdgeList<int> list = small_list();
  list.add(4, 0, 1);
  CHECK_THROWS_AS(build_csr(list), InputError);
  EdgeList<int> weights = small_list();
  weights.weights.pop_back();
  CHECK_THROWS_AS(build_csr(weights), InputError);
}

TEST_CASE("random edge lists match the reference builder for every option", "[csr]") {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const auto n = static_cast<std::uint32_t>(1 + seed * 37 % 300);
    const bool weighted = seed % 3 != 0;
    const EdgeList<std::int64_t> list =
        test::messy_edges<std::int64_t>(n, n * (seed % 5) + seed, seed, weighted);
    for (const BuildOptions& options : test::all_build_options()) {
      const Csr<std::int64_t> got = build_csr(list, options);
      const Csr<std::int64_t> want = test::reference_build(list, options);
      CHECK(got.offsets == want.offsets);
      CHECK(got.targets == want.targets);
      CHECK(got.weights == want.weights);
    }
  }
}

TEST_CASE("CSR helpers: unit weights, weight conversion, edge source", "[csr]") {
  EdgeList<int> list = small_list();
  list.weights.clear();
  const Csr<int> g = with_unit_weights(build_csr(list));
  CHECK(g.weights == std::vector<int>(5, 1));
  const Csr<double> d = convert_weights<double>(build_csr(small_list()));
  CHECK(d.weights == std::vector<double>{7, 3, 1, 4, 5});
  CHECK(edge_source(g, 0) == 0);
  CHECK(edge_source(g, 2) == 0);
  CHECK(edge_source(g, 3) == 1);
  CHECK(edge_source(g, 4) == 2);
}
