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
#include "tests/graph/sssp/apsp_checks.hpp"
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
  CHECK(err.find("written while computing") != std::string::npos);
}

TEST_CASE("arcwave apsp writes the file block by block", "[cli][apsp]") {
  const EdgeList<std::int64_t> list = sample_graph();
  const fs::path gr = write_gr(list, "sample.gr");
  const fs::path csv = scratch("blocks.csv");
  // Blocks of 10 sources: 13 blocks go through the writer thread while the next are computed.
  REQUIRE(run("apsp " + gr.string() + " --backend cpu --threads 2 --batch 10 --out " +
              csv.string()) == 0);
  CHECK(parse_csv(slurp(csv), 125) == expected(list, all_vertices(125)));
  // Standard output gets the same rows.
  std::string out;
  REQUIRE(run("apsp " + gr.string() + " --backend cpu --batch 7", &out) == 0);
  CHECK(parse_csv(out, 125) == expected(list, all_vertices(125)));
}

TEST_CASE("arcwave apsp --sources and --format bin", "[cli][apsp]") {
  const EdgeList<std::int64_t> list = sample_graph();
  const fs::path gr = write_gr(list, "sample.gr");
  const fs::path bin = scratch("sample.bin");
  const std::vector<std::int64_t> want = expected(list, {1, 9, 10, 11, 124});  // 1-based ids
  // Version 2 header: magic, version, value type, n, sources, base, 0, the source ids.
  const auto header = [](const std::string& data, std::uint32_t type) {
    std::uint32_t words[2];
    std::uint64_t sizes[2];
    std::memcpy(words, data.data() + 8, 8);
    std::memcpy(sizes, data.data() + 16, 16);
    return data.substr(0, 8) == "ARCWAPSP" && words[0] == 2 && words[1] == type &&
           sizes[0] == 125 && sizes[1] == 5;
  };
  // auto: integer distances that fit go out as int32 (INT32_MAX for out of reach).
  REQUIRE(run("apsp " + gr.string() + " --backend cpu --sources 2,10-12,125 --format bin --out " +
              bin.string()) == 0);
  std::string data = slurp(bin);
  REQUIRE(data.size() == 8 + 8 + 16 + 8 + 5 * 4 + 5 * 125 * 4);
  CHECK(header(data, 3));
  std::vector<std::int32_t> narrow(5 * 125);
  std::memcpy(narrow.data(), data.data() + 8 + 8 + 16 + 8 + 5 * 4, narrow.size() * 4);
  for (std::size_t i = 0; i < want.size(); ++i)
    CHECK(narrow[i] == narrow_distance<std::int32_t>(want[i]));
  REQUIRE(run("apsp " + gr.string() +
              " --backend cpu --sources 2,10-12,125 --format bin --values 64 --out " +
              bin.string()) == 0);
  data = slurp(bin);
  REQUIRE(data.size() == 8 + 8 + 16 + 8 + 5 * 4 + 5 * 125 * 8);
  CHECK(header(data, 1));
  std::vector<std::int64_t> rows(5 * 125);
  std::memcpy(rows.data(), data.data() + 8 + 8 + 16 + 8 + 5 * 4, rows.size() * 8);
  CHECK(rows == want);
}

TEST_CASE("arcwave apsp --paths and --max-distance", "[cli][apsp]") {
  const EdgeList<std::int64_t> list = sample_graph();
  const Csr<std::int64_t> g = build_csr(list);
  const fs::path gr = write_gr(list, "sample.gr");
  const std::size_t head = 8 + 8 + 16 + 8 + 125 * 4;
  // Rows and predecessors of one run (predecessors back to 0-based ids).
  const auto read = [&](const std::string& extra) {
    const fs::path bin = scratch("cut.bin");
    const fs::path pred = scratch("cut.pred");
    REQUIRE(run("apsp " + gr.string() + " --backend cpu --format bin --out " + bin.string() +
                " --paths " + pred.string() + extra) == 0);
    const std::string d = slurp(bin);
    const std::string p = slurp(pred);
    REQUIRE(d.size() == head + 125 * 125 * 4);
    REQUIRE(p.size() == head + 125 * 125 * 4);
    std::uint32_t type = 0;
    std::memcpy(&type, p.data() + 12, 4);
    CHECK(type == 5);
    std::pair<std::vector<std::int32_t>, std::vector<std::uint32_t>> r;
    r.first.resize(125 * 125);
    r.second.resize(125 * 125);
    std::memcpy(r.first.data(), d.data() + head, r.first.size() * 4);
    std::memcpy(r.second.data(), p.data() + head, r.second.size() * 4);
    for (std::uint32_t& x : r.second)
      if (x != kNoPredecessor) --x;  // the file numbers vertices from 1
    return r;
  };
  const std::vector<std::int64_t> full = expected(list, all_vertices(125));
  const auto [rows, preds] = read("");
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < full.size(); ++i)
    wrong += rows[i] == narrow_distance<std::int32_t>(full[i]) ? 0 : 1;
  CHECK(wrong == 0);
  CHECK(test::check_predecessors(g, all_vertices(125), rows, preds) == "");
  // The cut: distances above 60 out of reach, their predecessors gone, the others kept (the
  // graph has negative edges, so a kept vertex's predecessor may lie beyond the cut).
  const auto [near, near_preds] = read(" --max-distance 60");
  std::size_t cut = 0;
  wrong = 0;
  for (std::size_t i = 0; i < full.size(); ++i) {
    const bool beyond = full[i] != infinity<std::int64_t>() && full[i] > 60;
    cut += beyond ? 1 : 0;
    wrong += near[i] == (beyond ? INT32_MAX : rows[i]) ? 0 : 1;
    wrong += near_preds[i] == (beyond ? kNoPredecessor : preds[i]) ? 0 : 1;
  }
  CHECK(cut > 0);
  CHECK(wrong == 0);
  // csv: "-" where there is no predecessor.
  const fs::path csv = scratch("pred.csv");
  REQUIRE(run("apsp " + gr.string() + " --backend cpu --sources 1 --out " +
              scratch("d.csv").string() + " --paths " + csv.string()) == 0);
  const std::string text = slurp(csv);
  CHECK(text.rfind("source,1,2,", 0) == 0);
  CHECK(text.find("\n1,-,") != std::string::npos);
}

TEST_CASE("arcwave apsp on a shared road graph with predecessors", "[cli][apsp][real]") {
  const Csr<std::int64_t> g = test::shared_graph("uk.mtx");
  if (g.vertex_count == 0) ARCWAVE_SKIP("no shared graphs");
  const std::string file = (test::shared_data_dir("graphs") / "uk.mtx").string();
  const fs::path bin = scratch("uk.bin");
  const fs::path pred = scratch("uk.pred");
  REQUIRE(run("apsp " + file + " --backend cpu --sources 1-100 --format bin --out " + bin.string() +
              " --paths " + pred.string()) == 0);
  const std::size_t n = g.vertex_count;
  const std::size_t head = 8 + 8 + 16 + 8 + 100 * 4;
  const std::string d = slurp(bin);
  const std::string p = slurp(pred);
  REQUIRE(d.size() == head + 100 * n * 4);
  std::vector<std::int32_t> rows(100 * n);
  std::vector<std::uint32_t> preds(100 * n);
  std::memcpy(rows.data(), d.data() + head, rows.size() * 4);
  std::memcpy(preds.data(), p.data() + head, preds.size() * 4);
  for (std::uint32_t& x : preds)
    if (x != kNoPredecessor) --x;
  std::vector<std::uint32_t> sources(100);
  for (std::uint32_t i = 0; i < 100; ++i) sources[i] = i;
  DistanceMatrix<std::int64_t> m{g.vertex_count, {}};
  johnson_cpu(g, std::span<const std::uint32_t>(sources), m.sink(100));
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < rows.size(); ++i)
    wrong += rows[i] == narrow_distance<std::int32_t>(m.rows[i]) ? 0 : 1;
  CHECK(wrong == 0);
  CHECK(test::check_predecessors(g, sources, rows, preds) == "");
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
  for (const std::string method :
       {"auto", "cta", "batched", "near-far", "frontier", "dijkstra-outer"}) {
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
  CHECK(err.find("GPU method batched (auto: hop depth") != std::string::npos);
  CHECK(parse_csv(slurp(few), 125) == expected(list, {2, 49, 50, 51}));
  const EdgeList<std::int64_t> grid = gen::grid_graph<std::int64_t>({200, 200, 1, 100, 79});
  const fs::path grid_gr = write_gr(grid, "grid.gr");
  const fs::path one = scratch("gpu-one.csv");
  REQUIRE(run("apsp " + grid_gr.string() + " --backend gpu --sources 20101 --out " + one.string(),
              nullptr, &err) == 0);
  CHECK(err.find("GPU method near-far (auto:") != std::string::npos);
  CHECK(parse_csv(slurp(one), 40000) == expected(grid, {20100}));
}

TEST_CASE("arcwave apsp on the GPU: the per-CTA method, paths and cuts", "[gpu][cli][apsp]") {
  ARCWAVE_REQUIRE_GPU();
  // A deep graph (a 120 x 120 grid: BFS depth about 240): auto takes the per-CTA method.
  const EdgeList<std::int64_t> grid = gen::grid_graph<std::int64_t>({120, 120, 1, 9, 5});
  const Csr<std::int64_t> g = build_csr(grid);
  const fs::path gr = write_gr(grid, "grid120.gr");
  const fs::path bin = scratch("grid120.bin");
  const fs::path pred = scratch("grid120.pred");
  std::string err;
  // 64-bit rows (as computed): the choice is then by depth (32-bit rows always take cta).
  REQUIRE(run("apsp " + gr.string() + " --backend gpu --sources 1-300 --format bin --values 64 " +
                  "--out " + bin.string(),
              nullptr, &err) == 0);
  CHECK(err.find("GPU method cta (auto: hop depth") != std::string::npos);
  REQUIRE(run("apsp " + gr.string() + " --backend gpu --sources 1-300 --format bin --out " +
                  bin.string() + " --paths " + pred.string() + " --max-distance 400",
              nullptr, &err) == 0);
  const std::size_t n = g.vertex_count;
  const std::size_t head = 8 + 8 + 16 + 8 + 300 * 4;
  const std::string d = slurp(bin);
  const std::string p = slurp(pred);
  REQUIRE(d.size() == head + 300 * n * 4);
  REQUIRE(p.size() == head + 300 * n * 4);
  std::vector<std::int32_t> rows(300 * n);
  std::vector<std::uint32_t> preds(300 * n);
  std::memcpy(rows.data(), d.data() + head, rows.size() * 4);
  std::memcpy(preds.data(), p.data() + head, preds.size() * 4);
  for (std::uint32_t& x : preds)
    if (x != kNoPredecessor) --x;
  std::vector<std::uint32_t> sources(300);
  for (std::uint32_t i = 0; i < 300; ++i) sources[i] = i;
  const std::vector<std::int64_t> full = expected(grid, sources);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::int64_t want = full[i] > 400 ? infinity<std::int64_t>() : full[i];
    wrong += rows[i] == narrow_distance<std::int32_t>(want) ? 0 : 1;
  }
  CHECK(wrong == 0);
  CHECK(test::check_predecessors(g, sources, rows, preds) == "");
  // Other GPU methods cannot cut or give predecessors.
  CHECK(run("apsp " + gr.string() + " --backend gpu --method batched --max-distance 5 --out " +
                bin.string(),
            nullptr, &err) == 2);
}

TEST_CASE("arcwave apsp --gpus: a bad list is bad input", "[cli][apsp][gpus]") {
  const fs::path gr = write_gr(sample_graph(), "sample.gr");
  std::string err;
  CHECK(run("apsp " + gr.string() + " --backend cpu --gpus 0,x", nullptr, &err) == 2);
  CHECK(err.find("--gpus") != std::string::npos);
  CHECK(run("apsp " + gr.string() + " --backend cpu --gpus 0 --sources 1", nullptr, &err) == 0);
}

// `--gpus 0,0`: two workers on one GPU take every path two GPUs take (batches from a shared
// counter, rows put back in source order): the files must equal one device's, byte for byte.
TEST_CASE("arcwave apsp --gpus 0,0 writes what one device writes", "[gpu][cli][apsp][gpus]") {
  ARCWAVE_REQUIRE_GPU();
  const EdgeList<std::int64_t> grid = gen::grid_graph<std::int64_t>({90, 90, 1, 9, 5});
  const fs::path gr = write_gr(grid, "grid90.gr");
  for (const std::string method : {"cta", "batched"}) {
    const std::string extra = method == "cta" ? " --max-distance 300" : " --values 64";
    std::string one_file[2];
    for (const std::string gpus : {"0", "0,0"}) {
      const fs::path bin = scratch("gpus-" + method + ".bin");
      const fs::path pred = scratch("gpus-" + method + ".pred");
      std::string err;
      const std::string paths = method == "cta" ? " --paths " + pred.string() : "";
      REQUIRE(run("apsp " + gr.string() + " --backend gpu --method " + method + " --gpus " + gpus +
                      " --batch 64 --format bin --out " + bin.string() + paths + extra,
                  nullptr, &err) == 0);
      if (gpus == "0,0") {
        CHECK(err.find("source batches over 2 devices (0,0)") != std::string::npos);
        CHECK(slurp(bin) == one_file[0]);
        if (method == "cta") CHECK(slurp(pred) == one_file[1]);
      } else {
        one_file[0] = slurp(bin);
        one_file[1] = method == "cta" ? slurp(pred) : "";
      }
    }
  }
}
