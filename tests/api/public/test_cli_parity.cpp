// One front door: `arcwave solve`, `apsp` and `cellgraph` give the answers the C++ API gives on
// the shared files (the CLI is a client of the API; this checks that nothing between them
// changes an answer). Python's tests (python/tests/test_parity.py) check the module against
// the same CLI. Shared files missing: the cases skip with a message.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "arcwave/cellgraph.hpp"
#include "arcwave/paths.hpp"
#include "arcwave/solver.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/paths.hpp"

namespace fs = std::filesystem;

namespace {

fs::path scratch() {
  return arcwave::test::scratch_dir("arcwave_cli_parity");
}

arcwave::test::CliRun cli(const std::string& args) {
  return arcwave::test::run_arcwave(args, scratch());
}

/// The files of a shared folder with the given extension, sorted; empty when there is none.
std::vector<fs::path> shared_files(const fs::path& dir, const std::string& extension) {
  std::vector<fs::path> out;
  if (dir.empty() || !fs::exists(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == extension) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

/// The value of the `c solutions N` line, or -1.
long long cli_count(const arcwave::test::CliRun& r) {
  for (const std::string& line : r.lines("c solutions ")) return std::stoll(line.substr(12));
  return -1;
}

}  // namespace

TEST_CASE("solve: status, count and optimum of the CLI equal the C++ API's", "[api][parity]") {
  const fs::path dir = arcwave::test::shared_instances_dir();
  const std::vector<fs::path> files =
      dir.empty() ? std::vector<fs::path>{} : shared_files(dir / "xcsp3-constraints", ".xml");
  if (files.empty()) {
    WARN("no shared instances (xcsp3-constraints): skipped");
    return;
  }
  for (const fs::path& file : files) {
    INFO(file.string());
    arcwave::Solver solver = arcwave::Solver::load(file.string());
    const bool optimise = solver.model().objective().has_value();
    // Every solution counted (satisfaction), or the optimum (optimisation); one worker.
    const auto r =
        cli("solve '" + file.string() + "' -p 1 --backend cpu" + (optimise ? "" : " -a"));
    solver.options().all_solutions = !optimise;
    solver.options().backend = arcwave::Backend::kCpu;
    const arcwave::SolveResult api = solver.solve();
    CHECK(r.status() == "s " + std::string(arcwave::to_string(api.status)));
    if (!optimise) CHECK(cli_count(r) == static_cast<long long>(api.solutions));
    if (optimise && api.best) {
      const auto bounds = r.lines("o ");
      REQUIRE(!bounds.empty());
      CHECK(bounds.back() == "o " + std::to_string(*api.best->objective));
    }
  }
}

TEST_CASE("apsp: the CLI's rows equal the C++ API's on the shared graphs", "[api][parity]") {
  const fs::path dir = arcwave::test::shared_data_dir("graphs");
  std::vector<fs::path> files;
  for (const char* name : {"delaunay_n12.mtx", "uspowergrid.edges"})
    if (!dir.empty() && fs::exists(dir / name)) files.push_back(dir / name);
  if (files.empty()) {
    WARN("no shared graphs: skipped");
    return;
  }
  for (const fs::path& file : files) {
    INFO(file.string());
    const arcwave::AnyGraph any = arcwave::load_graph(file.string());
    const auto* g = std::get_if<arcwave::IntGraph>(&any);
    REQUIRE(g != nullptr);
    const std::uint32_t base = g->index_base();
    const std::vector<std::uint32_t> sources{0, 1, 7, g->vertex_count() - 1};
    std::string list;
    for (const std::uint32_t s : sources)
      list += (list.empty() ? "" : ",") + std::to_string(s + base);
    const fs::path csv = scratch() / "rows.csv";
    REQUIRE(cli("apsp '" + file.string() + "' --backend cpu --sources " + list + " --out '" +
                csv.string() + "'")
                .exit_code == 0);
    std::vector<std::int64_t> rows(sources.size() * g->vertex_count());
    REQUIRE(arcwave::apsp(*g, sources, std::span(rows)).negative_cycle.empty());
    std::string expected = "source";
    for (std::uint32_t v = 0; v < g->vertex_count(); ++v)
      expected += "," + std::to_string(v + base);
    expected += '\n';
    for (std::size_t i = 0; i < sources.size(); ++i) {
      expected += std::to_string(sources[i] + base);
      for (std::uint32_t v = 0; v < g->vertex_count(); ++v) {
        const std::int64_t d = rows[i * g->vertex_count() + v];
        expected += d == arcwave::unreachable<std::int64_t>() ? ",inf" : "," + std::to_string(d);
      }
      expected += '\n';
    }
    CHECK(arcwave::test::slurp(csv) == expected);
  }
}

TEST_CASE("cellgraph: the CLI's edge list equals the C++ API's", "[api][parity]") {
  for (const char* name : {"plane-12.txt", "rotations-20.txt", "quadrics-16.vec"}) {
    const fs::path file = arcwave::test::instances_dir() / "cells" / name;
    INFO(file.string());
    const fs::path out = scratch() / "edges.txt";
    REQUIRE(cli("cellgraph '" + file.string() + "' --backend cpu --out '" + out.string() + "'")
                .exit_code == 0);
    const arcwave::CellGraph g = arcwave::CellGraph::load(file.string());
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    std::istringstream in(arcwave::test::slurp(out));
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream fields(line);
      std::uint32_t u = 0, v = 0;
      fields >> u >> v;
      edges.emplace_back(u, v);
    }
    CHECK(edges == g.edges());
  }
}
