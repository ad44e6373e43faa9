// Every CPU-runnable cell graph algorithm (CPU versions, and the GPU code through Thrust's
// OpenMP system) against the brute-force reference: exact vertices, edges and order.
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "graph/cellgraph/cell_graph.hpp"
#include "tests/graph/cellgraph/reference.hpp"
#include "tests/graph/cellgraph/variants.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;
using namespace arcwave::cellgraph;

namespace {

void check_all_variants(const std::vector<std::string>& vectors, std::uint32_t bits) {
  const BitVectors input = test::to_bit_vectors(vectors, bits);
  const test::ReferenceGraph ref = test::reference_cell_graph(vectors);
  for (const test::Variant& variant : test::cpu_variants()) {
    INFO(variant.name << ", n = " << vectors.size() << ", bits = " << bits);
    PhaseTimes times;
    const CellGraph g = variant.build(input, variant.options, &times);
    test::check_against_reference(g, ref);
    CHECK(times.compute_ms() >= 0);
  }
}

}  // namespace

TEST_CASE("cell graph: random walks, all lengths, with and without duplicates", "[cellgraph]") {
  const std::uint32_t lengths[] = {1,  2,  3,  7,   8,   9,   31,  32,  33,
                                   63, 64, 65, 100, 127, 128, 129, 200, 257};
  std::uint64_t seed = 1;
  for (const std::uint32_t bits : lengths) {
    for (const std::size_t n :
         {std::size_t{1}, std::size_t{2}, std::size_t{37}, std::size_t{300}}) {
      for (const double duplicates : {0.0, 0.3}) {
        check_all_variants(test::random_walk_vectors(n, bits, duplicates, seed++), bits);
      }
    }
  }
}

TEST_CASE("cell graph: whole hypercubes", "[cellgraph]") {
  // Every vector of ℓ bits, in a scrambled order, some twice: each vertex has ℓ neighbours.
  for (const std::uint32_t bits : {1U, 4U, 9U}) {
    std::vector<std::string> vectors;
    const std::uint32_t total = 1U << bits;
    for (std::uint32_t i = 0; i < total; ++i) {
      const std::uint32_t x = (i * 2654435761U) % total;  // odd multiplier: a permutation
      const std::uint32_t value = x ^ (x >> 1);           // Gray code: another one
      std::string s(bits, '0');
      for (std::uint32_t k = 0; k < bits; ++k) s[k] = (value >> k & 1U) != 0 ? '1' : '0';
      vectors.push_back(s);
      if (i % 3 == 0) vectors.push_back(s);
    }
    const test::ReferenceGraph ref = test::reference_cell_graph(vectors);
    for (const auto& row : ref.adjacency) CHECK(row.size() == bits);
    check_all_variants(vectors, bits);
  }
}

TEST_CASE("cell graph: all-equal inputs give one vertex and no edge", "[cellgraph]") {
  for (const std::uint32_t bits : {1U, 64U, 130U}) {
    const std::vector<std::string> once = test::random_walk_vectors(1, bits, 0, 99);
    const std::vector<std::string> vectors(257, once[0]);
    check_all_variants(vectors, bits);
    const CellGraph g = build_cell_graph(test::to_bit_vectors(vectors, bits));
    CHECK(g.graph.vertex_count == 1);
    CHECK(g.graph.edge_count() == 0);
  }
}

TEST_CASE("cell graph: two-vector inputs", "[cellgraph]") {
  check_all_variants({"0", "1"}, 1);
  check_all_variants({"1", "1", "0", "0", "1"}, 1);
  check_all_variants({"0110", "0111"}, 4);
  check_all_variants({"0110", "1001"}, 4);
}

TEST_CASE("cell graph: the public entry point checks its input", "[cellgraph]") {
  BitVectors zero_bits;
  zero_bits.count = 0;
  CHECK_THROWS_AS(build_cell_graph(zero_bits), InputError);
  const BitVectors empty(0, 10);
  const CellGraph g = build_cell_graph(empty);
  CHECK(g.graph.vertex_count == 0);
  CHECK(g.graph.offsets.size() == 1);
  CHECK(g.cells.bits == 10);
  Options bad;
  bad.fingerprint_bits = 0;
  CHECK_THROWS_AS(build_cell_graph(BitVectors(3, 5), bad), InputError);
  CHECK(parse_algorithm("tree") == Algorithm::kTree);
  CHECK(parse_algorithm("heuristic") == Algorithm::kHeuristic);
  CHECK(parse_algorithm("fingerprint") == Algorithm::kFingerprint);
  CHECK_THROWS_AS(parse_algorithm("fast"), InputError);
}

TEST_CASE("cell graph: every algorithm through build_cell_graph on the CPU", "[cellgraph]") {
  const std::vector<std::string> vectors = test::random_walk_vectors(500, 90, 0.2, 7);
  const test::ReferenceGraph ref = test::reference_cell_graph(vectors);
  for (const Algorithm a : {Algorithm::kFingerprint, Algorithm::kTree, Algorithm::kHeuristic}) {
    Options options;
    options.algorithm = a;
    options.device = Device::kCpu;
    INFO(to_string(a));
    test::check_against_reference(build_cell_graph(test::to_bit_vectors(vectors, 90), options),
                                  ref);
  }
}

TEST_CASE("cell graph: crossed bit of neighbours", "[cellgraph]") {
  const std::vector<std::string> vectors = {"00000", "00100", "10100", "00000"};
  const CellGraph g = build_cell_graph(test::to_bit_vectors(vectors, 5));
  REQUIRE(g.graph.vertex_count == 3);
  CHECK(crossed_bit(g.cells, 0, 1) == 2);
  CHECK(crossed_bit(g.cells, 2, 1) == 0);
  CHECK_THROWS_AS(crossed_bit(g.cells, 1, 1), InputError);
}

TEST_CASE("cell graph: wide vectors far apart in a large set", "[cellgraph]") {
  // A larger set (many buckets, filter on by size for the fingerprint method).
  const std::vector<std::string> vectors = test::random_walk_vectors(4000, 70, 0.1, 2024);
  check_all_variants(vectors, 70);
}
