// End-to-end: `arcwave apsp` on generated .gr files — csv and bin output against the CPU
// Johnson, --sources, --path, unreachable vertices, a negative cycle (exit 1, no output file),
// bad input (exit 2 with FILE:LINE:COL), and the GPU backend ([gpu]).
#include <sys/wait.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "graph/sssp/johnson_cpu.hpp"
#include "parsers/graph/write_graph.hpp"
#include "tests/graph/sssp/fixtures.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/gpu.hpp"

using namespace arcwave;
using namespace arcwave::sssp;
namespace fs = std::filesystem;
using arcwave::test::slurp;

namespace {

fs::path scratch(const std::string& name) {
  return test::scratch_dir("arcwave_apsp_cli") / name;
}

/// Runs arcwave with `args`; returns the exit code, stdout and stderr in the out-parameters.
int run(const std::string& args, std::string* out = nullptr, std::string* err = nullptr,
        const std::string& env = {}) {
  const test::CliRun r = test::run_arcwave(args, test::scratch_dir("arcwave_apsp_cli"), env);
  if (out != nullptr) *out = r.out;
  if (err != nullptr) *err = r.err;
  return r.exit_code;
}

fs::path write_gr(const EdgeList<std::int64_t>& list, const std::string& name) {
  const fs::path p = scratch(name);
  std::ofstream out(p);
  write_dimacs(out, list);
  return p;
}

/// Parses the csv the command writes: rows of distances (INT64_MAX for "inf").
std::vector<std::int64_t> parse_csv(const std::string& text, std::uint32_t n) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);  // header
  std::vector<std::int64_t> values;
  while (std::getline(in, line)) {
    std::istringstream cells(line);
    std::string cell;
    std::getline(cells, cell, ',');  // source
    for (std::uint32_t v = 0; v < n && std::getline(cells, cell, ','); ++v)
      values.push_back(cell == "inf" ? infinity<std::int64_t>() : std::stoll(cell));
  }
  return values;
}

std::vector<std::int64_t> expected(const EdgeList<std::int64_t>& list,
                                   const std::vector<std::uint32_t>& sources) {
  const Csr<std::int64_t> g = build_csr(list);
  DistanceMatrix<std::int64_t> m{g.vertex_count, {}};
  REQUIRE(!johnson_cpu(g, std::span<const std::uint32_t>(sources), m.sink(sources.size()))
               .has_negative_cycle());
  return m.rows;
}

EdgeList<std::int64_t> sample_graph() {
  gen::RandomGraphParams<std::int64_t> p{120, 2.0, 0, 40, 15, 77};
  EdgeList<std::int64_t> list = gen::random_graph(p);
  list.vertex_count = 125;  // vertices 120..124 have no edges: unreachable
  return list;
}

}  // namespace

TEST_CASE("arcwave apsp writes csv equal to the CPU Johnson", "[cli][apsp]") {
  const EdgeList<std::int64_t> list = sample_graph();
  const fs::path gr = write_gr(list, "sample.gr");
  const fs::path csv = scratch("sample.csv");
  fs::remove(csv);
  std::string err;
  REQUIRE(run("apsp " + gr.string() + " --backend cpu --out " + csv.string(), nullptr, &err) == 0);
  CHECK(parse_csv(slurp(csv), 125) == expected(list, all_vertices(125)));
  CHECK(slurp(csv).find(",inf") != std::string::npos);
  CHECK(err.find("kept in memory") != std::string::npos);
}

TEST_CASE("arcwave apsp streams blocks to the file when the distances do not fit", "[cli][apsp]") {
  const EdgeList<std::int64_t> list = sample_graph();
  const fs::path gr = write_gr(list, "sample.gr");
  const fs::path csv = scratch("streamed.csv");
  std::string err;
  // 1000 bytes of "free memory": the 125 x 125 distances go to the file as they come.
  REQUIRE(run("apsp " + gr.string() + " --backend cpu --threads 2 --out " + csv.string(), nullptr,
              &err, "ARCWAVE_APSP_HOST_MEMORY=1000 ") == 0);
  CHECK(err.find("streamed to") != std::string::npos);
  CHECK(parse_csv(slurp(csv), 125) == expected(list, all_vertices(125)));
  CHECK(run("apsp " + gr.string() + " --backend cpu", nullptr, &err,
            "ARCWAVE_APSP_HOST_MEMORY=1000 ") == 4);  // no --out: cannot stream
}

TEST_CASE("arcwave apsp --sources and --format bin", "[cli][apsp]") {
  const EdgeList<std::int64_t> list = sample_graph();
  const fs::path gr = write_gr(list, "sample.gr");
  const fs::path bin = scratch("sample.bin");
  REQUIRE(run("apsp " + gr.string() + " --backend cpu --sources 2,10-12,125 --format bin --out " +
              bin.string()) == 0);
  const std::string data = slurp(bin);
  REQUIRE(data.size() == 8 + 8 + 16 + 8 + 5 * 4 + 5 * 125 * 8);
  CHECK(data.substr(0, 8) == "ARCWAPSP");
  std::vector<std::int64_t> rows(5 * 125);
  std::memcpy(rows.data(), data.data() + 8 + 8 + 16 + 8 + 5 * 4, rows.size() * 8);
  CHECK(rows == expected(list, {1, 9, 10, 11, 124}));  // 1-based ids in the file
}

TEST_CASE("arcwave apsp --path prints a shortest path", "[cli][apsp]") {
  EdgeList<std::int64_t> list;
  list.vertex_count = 4;
  list.add(0, 1, 5);
  list.add(1, 2, -3);
  list.add(0, 2, 4);
  list.add(2, 3, 1);
  const fs::path gr = write_gr(list, "path.gr");
  std::string out;
  CHECK(run("apsp " + gr.string() + " --backend cpu --path 1 4", &out) == 0);
  CHECK(out == "path 1 4: distance 3: 1 2 3 4\n");
  CHECK(run("apsp " + gr.string() + " --backend cpu --path 4 1", &out) == 1);
  CHECK(out == "no path from 4 to 1\n");
}

TEST_CASE("arcwave apsp reports a negative cycle with exit code 1 and no file", "[cli][apsp]") {
  EdgeList<std::int64_t> list;
  list.vertex_count = 3;
  list.add(0, 1, 1);
  list.add(1, 2, -4);
  list.add(2, 1, 2);
  const fs::path gr = write_gr(list, "cycle.gr");
  const fs::path csv = scratch("cycle.csv");
  fs::remove(csv);
  std::string out;
  CHECK(run("apsp " + gr.string() + " --backend cpu --out " + csv.string(), &out) == 1);
  CHECK(out == "negative cycle: 2 3 2\n");
  CHECK(!fs::exists(csv));
  CHECK(!fs::exists(csv.string() + ".part"));
}

TEST_CASE("arcwave apsp rejects bad input with exit code 2 and a position", "[cli][apsp]") {
  const fs::path bad = scratch("bad.gr");
  {
    std::ofstream out(bad);
    out << "p sp 3 1\na 1 4 2\n";
  }
  std::string err;
  CHECK(run("apsp " + bad.string(), nullptr, &err) == 2);
  CHECK(err.find("bad.gr:2:5") != std::string::npos);
  const fs::path gr = write_gr(sample_graph(), "sample.gr");
  CHECK(run("apsp " + gr.string() + " --sources 0", nullptr, &err) == 2);   // ids are 1-based
  CHECK(run("apsp " + gr.string() + " --format bin", nullptr, &err) == 2);  // bin needs --out
  CHECK(run("apsp " + gr.string() + " --method fastest", nullptr, &err) == 2);
}

TEST_CASE("arcwave apsp on the GPU writes what the CPU writes", "[gpu][cli][apsp]") {
  ARCWAVE_REQUIRE_GPU();
  const EdgeList<std::int64_t> list = sample_graph();
  const fs::path gr = write_gr(list, "sample.gr");
  for (const std::string method : {"auto", "batched", "near-far", "frontier", "dijkstra-outer"}) {
    const fs::path csv = scratch("gpu.csv");
    REQUIRE(run("apsp " + gr.string() + " --backend gpu --method " + method + " --out " +
                csv.string()) == 0);
    CHECK(parse_csv(slurp(csv), 125) == expected(list, all_vertices(125)));
  }
  // The automatic choice says what it picked: the batched SSSP for a small graph, near-far per
  // source for one source on a graph of 40,000 vertices.
  std::string err;
  const fs::path few = scratch("gpu-few.csv");
  REQUIRE(run("apsp " + gr.string() + " --backend gpu --sources 3,50-52 --out " + few.string(),
              nullptr, &err) == 0);
  CHECK(err.find("GPU method batched (auto)") != std::string::npos);
  CHECK(parse_csv(slurp(few), 125) == expected(list, {2, 49, 50, 51}));
  const EdgeList<std::int64_t> grid = gen::grid_graph<std::int64_t>({200, 200, 1, 100, 79});
  const fs::path grid_gr = write_gr(grid, "grid.gr");
  const fs::path one = scratch("gpu-one.csv");
  REQUIRE(run("apsp " + grid_gr.string() + " --backend gpu --sources 20101 --out " + one.string(),
              nullptr, &err) == 0);
  CHECK(err.find("GPU method near-far (auto)") != std::string::npos);
  CHECK(parse_csv(slurp(one), 40000) == expected(grid, {20100}));
}
