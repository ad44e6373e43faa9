// Graph readers: DIMACS .gr, Matrix Market and edge lists, good files and every kind of bad
// line (each error must name FILE:LINE:COL exactly).
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "graph/csr/build_cpu.hpp"
#include "parsers/graph/read_graph.hpp"
#include "parsers/graph/write_graph.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

/// The position an InputError names, as "line:column".
template <typename Read>
std::string error_at(Read read) {
  try {
    read();
  } catch (const InputError& e) {
    return std::to_string(e.where().line) + ":" + std::to_string(e.where().column);
  }
  return "no error";
}

std::string dimacs_error(const std::string& text) {
  return error_at([&] { read_dimacs(text, "t.gr"); });
}
std::string mtx_error(const std::string& text) {
  return error_at([&] { read_matrix_market(text, "t.mtx"); });
}
std::string edges_error(const std::string& text) {
  return error_at([&] { read_edge_list(text, "t.txt"); });
}

}  // namespace

TEST_CASE("DIMACS .gr: arcs, comments, 1-based vertices, integer weights", "[parsers][graph]") {
  const GraphFile f =
      read_dimacs("c a comment\np sp 3 4\na 1 2 7\n\na 2 3 -2\nc more\na 3 1 0\na 1 1 5\n", "t.gr");
  CHECK(f.vertex_count == 3);
  CHECK(f.directed);
  CHECK(f.index_base == 1);
  CHECK(f.sources == std::vector<std::uint32_t>{0, 1, 2, 0});
  CHECK(f.targets == std::vector<std::uint32_t>{1, 2, 0, 0});
  CHECK(f.weight_kind == WeightKind::kInteger);
  CHECK(f.integer_weights == std::vector<std::int64_t>{7, -2, 0, 5});
  const GraphFile real = read_dimacs("p sp 2 2\na 1 2 3\na 2 1 0.5\n", "r.gr");
  CHECK(real.weight_kind == WeightKind::kReal);
  CHECK(real.real_weights == std::vector<double>{3.0, 0.5});
}

TEST_CASE("DIMACS .gr errors name line and column", "[parsers][graph]") {
  CHECK(dimacs_error("a 1 2 3\n") == "1:1");                               // arc before p
  CHECK(dimacs_error("p sp 2 1\na 1 3 4\n") == "2:5");                     // vertex out of range
  CHECK(dimacs_error("p sp 2 1\na 0 1 4\n") == "2:3");                     // vertices are 1-based
  CHECK(dimacs_error("p sp 2 1\na 1 x 4\n") == "2:5");                     // not a number
  CHECK(dimacs_error("p sp 2 1\na 1 2\n") == "2:6");                       // missing weight
  CHECK(dimacs_error("p sp 2 1\na 1 2 4 9\n") == "2:9");                   // trailing token
  CHECK(dimacs_error("p sp 2 1\na 1 2 99999999999999999999\n") == "2:7");  // weight overflow
  CHECK(dimacs_error("p sp 2 1\na 1 2 nan\n") == "2:7");
  CHECK(dimacs_error("p max 2 1\n") == "1:3");
  CHECK(dimacs_error("p sp 2 2\na 1 2 4\n") == "1:1");  // arc count mismatch
  CHECK(dimacs_error("c only comments\n") == "2:1");    // no p line
  CHECK(dimacs_error("p sp 2 0\np sp 2 0\n") == "2:1");
  CHECK(dimacs_error("p sp 2 1\nx 1 2 3\n") == "2:1");
  CHECK(dimacs_error("p sp 5000000000 0\n") == "1:6");
  CHECK_THROWS_WITH(read_dimacs("p sp 2 1\na 1 3 4\n", "t.gr"),
                    Catch::Contains("t.gr:2:5") && Catch::Contains("outside 1..2"));
}

TEST_CASE("Matrix Market: real general, integer symmetric, pattern", "[parsers][graph]") {
  const GraphFile real = read_matrix_market(
      "%%MatrixMarket matrix coordinate real general\n% comment\n3 3 3\n1 2 1.5\n2 3 -2\n3 1 4e0\n",
      "a.mtx");
  CHECK(real.vertex_count == 3);
  CHECK(real.directed);
  CHECK(real.weight_kind == WeightKind::kReal);
  CHECK(real.real_weights == std::vector<double>{1.5, -2.0, 4.0});
  CHECK(real.sources == std::vector<std::uint32_t>{0, 1, 2});
  const GraphFile sym = read_matrix_market(
      "%%MatrixMarket matrix coordinate integer symmetric\n2 2 2\n2 1 5\n2 2 1\n", "s.mtx");
  CHECK(!sym.directed);
  CHECK(sym.weight_kind == WeightKind::kInteger);
  CHECK(sym.integer_weights == std::vector<std::int64_t>{5, 1});
  const Csr<std::int64_t> g = build_csr(to_edge_list<std::int64_t>(sym), {sym.directed});
  CHECK(g.offsets == std::vector<std::uint64_t>{0, 1, 3});
  CHECK(g.targets == std::vector<std::uint32_t>{1, 0, 1});
  const GraphFile pattern = read_matrix_market(
      "%%MatrixMarket MATRIX Coordinate Pattern General\n\n4 4 2\n1 4\n4 1\n", "p.mtx");
  CHECK(pattern.weight_kind == WeightKind::kNone);
  CHECK(pattern.targets == std::vector<std::uint32_t>{3, 0});
}

TEST_CASE("Matrix Market errors and unsupported kinds", "[parsers][graph]") {
  const std::string head = "%%MatrixMarket matrix coordinate integer general\n";
  CHECK(mtx_error("%%MatrixMarkt matrix coordinate real general\n1 1 0\n") == "1:1");
  CHECK(mtx_error(head + "2 3 0\n") == "2:3");                // not square
  CHECK(mtx_error(head + "2 2 1\n1 3 4\n") == "3:3");         // index out of range
  CHECK(mtx_error(head + "2 2 1\n1 2 4.5\n") == "3:5");       // integer field, real value
  CHECK(mtx_error(head + "2 2 1\n1 2 4\n2 1 3\n") == "4:1");  // more entries than announced
  CHECK(mtx_error(head + "2 2 2\n1 2 4\n") == "2:1");         // fewer entries
  CHECK(mtx_error(head + "2 2 1\n1 2\n") == "3:4");           // missing value
  CHECK(mtx_error(head) == "2:1");                            // no size line
  CHECK(mtx_error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 4 5\n") == "3:7");
  CHECK(mtx_error("%%MatrixMarket matrix coordinate foo general\n") == "1:34");
  CHECK_THROWS_AS(read_matrix_market("%%MatrixMarket matrix array real general\n2 2\n", "x"),
                  Unsupported);
  CHECK_THROWS_AS(read_matrix_market("%%MatrixMarket matrix coordinate complex general\n", "x"),
                  Unsupported);
  CHECK_THROWS_AS(read_matrix_market("%%MatrixMarket matrix coordinate real skew-symmetric\n", "x"),
                  Unsupported);
}

TEST_CASE("edge lists: two or three columns, comments, real weights", "[parsers][graph]") {
  const GraphFile plain = read_edge_list("# header\n0 1\n  1 2\n\n% another\n5 0\n", "e.txt");
  CHECK(plain.vertex_count == 6);
  CHECK(plain.index_base == 0);
  CHECK(plain.weight_kind == WeightKind::kNone);
  CHECK(plain.sources == std::vector<std::uint32_t>{0, 1, 5});
  const GraphFile weighted = read_edge_list("0 1 3\n1 0 -2.25\n", "w.txt");
  CHECK(weighted.weight_kind == WeightKind::kReal);
  CHECK(weighted.real_weights == std::vector<double>{3.0, -2.25});
  CHECK(read_edge_list("", "empty.txt").vertex_count == 0);
  CHECK(edges_error("0 1 3\n1 2\n") == "2:4");  // missing weight
  CHECK(edges_error("0 1\n1 2 3\n") == "2:5");  // unexpected weight
  CHECK(edges_error("0 -1\n") == "1:3");
  CHECK(edges_error("0 1 2 3\n") == "1:7");
  CHECK(edges_error("0\n") == "1:2");
}

TEST_CASE("read_graph guesses the format from the name and writes round-trip", "[parsers][graph]") {
  CHECK(guess_graph_format("roads.gr") == GraphFormat::kDimacs);
  CHECK(guess_graph_format("m.mtx.gz") == GraphFormat::kMatrixMarket);
  CHECK(guess_graph_format("edges.txt") == GraphFormat::kEdgeList);
  CHECK(parse_graph_format("mtx") == GraphFormat::kMatrixMarket);
  CHECK_THROWS_AS(parse_graph_format("xml"), InputError);
  EdgeList<std::int64_t> list;
  list.vertex_count = 3;
  list.add(0, 2, 9);
  list.add(2, 1, -4);
  const auto path = std::filesystem::temp_directory_path() / "arcwave_test_roundtrip.gr";
  {
    std::ofstream out(path);
    write_dimacs(out, list, "round trip");
  }
  const GraphFile f = read_graph(path.string());
  std::filesystem::remove(path);
  CHECK(f.format == GraphFormat::kDimacs);
  CHECK(f.sources == list.sources);
  CHECK(f.targets == list.targets);
  CHECK(f.integer_weights == list.weights);
  CHECK_THROWS_AS(read_graph("/nonexistent/graph.gr"), InputError);
}
