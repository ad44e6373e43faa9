// End-to-end: `arcwave ac FILE --propagator P --dump-domains` prints the same domains for every
// propagator (the arc-consistent closure is unique), one `name: values` line per variable in
// file order, the deletions and the init / propagate times; a wipe-out exits with 1. The N-E
// propagators (ac4gpu, ac4gpu+) print the same closure.
#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "instances/csp/generators.hpp"
#include "instances/csp/writers/xcsp_writer.hpp"
#include "tests/solver/cli/cli_run.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

namespace {

// The dumped lines (those that are not `c` lines).
std::vector<std::string> dumped(const test::CliRun& r) {
  std::vector<std::string> out;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("c ", 0) != 0) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("ac: every propagator dumps the same closure", "[cli][ac]") {
  std::vector<std::string> files = {
      test::bundled("xcsp3/queens-8-ext.xml"), test::bundled("xcsp21/frb30-15-1.xml"),
      test::bundled("xcsp3/rand-3-12-4-20-0.6-6.xml"), test::bundled("xcsp3/qwh-7-0.5-2-ne.xml")};
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const std::string path = (test::scratch_dir() / fmt::format("rb-{}.xml", seed)).string();
    gen::write_xcsp_file(gen::rb({.n = 30,
                                  .d = 12,
                                  .e = 90,
                                  .tightness = 0.4 + 0.05 * static_cast<double>(seed),
                                  .seed = seed}),
                         seed % 2 == 0 ? gen::XcspDialect::kXcsp21 : gen::XcspDialect::kXcsp3,
                         path);
    files.push_back(path);
  }
  int reduced = 0;
  for (const std::string& file : files) {
    CAPTURE(file);
    const Solver solver = Solver::load(file);
    const Model& m = solver.model();
    const test::CliRun ac4 = test::run_cli("ac --dump-domains --propagator ac4 " + file);
    INFO(ac4.out << ac4.err);
    REQUIRE((ac4.exit_code == 0 || ac4.exit_code == 1));
    const std::vector<std::string> lines = dumped(ac4);
    REQUIRE(lines.size() == m.variable_count());
    for (std::size_t x = 0; x < lines.size(); ++x)
      REQUIRE(lines[x].rfind(m.variables()[x].name + ":", 0) == 0);
    CHECK(ac4.lines("c time parse ").size() == 1);
    CHECK(ac4.lines("c time parse ")[0].find("init") != std::string::npos);
    CHECK(ac4.lines("c removed ").size() == 1);
    if (ac4.lines("c removed 0 ").empty()) ++reduced;
    for (const char* p : {"ac3bit", "ct"}) {
      const test::CliRun r =
          test::run_cli(fmt::format("ac --dump-domains --propagator {} {}", p, file));
      CAPTURE(p);
      CHECK(r.exit_code == ac4.exit_code);
      CHECK(dumped(r) == lines);
      // The same deletions (propagation counts differ between algorithms).
      const std::string removed = ac4.lines("c removed ")[0];
      CHECK(r.lines("c removed ")[0].substr(0, removed.find(',')) ==
            removed.substr(0, removed.find(',')));
    }
    // The N-E propagators (AC4GPU, AC4GPU+): on the CPU cores through OpenMP, and with auto
    // (the device where one is usable); n-ary networks too (generalised arc consistency).
    for (const char* p : {"ac4gpu --backend cpu", "ac4gpu+ --backend cpu", "ac4gpu+"}) {
      const test::CliRun r =
          test::run_cli(fmt::format("ac --dump-domains --propagator {} {}", p, file));
      CAPTURE(p);
      INFO(r.out << r.err);
      CHECK(r.exit_code == ac4.exit_code);
      CHECK(dumped(r) == lines);
      CHECK(r.lines("c N-E model: ").size() == 1);
      // Every phase on the time line: where the time goes.
      REQUIRE(r.lines("c time parse ").size() == 1);
      for (const char* phase : {"gpu-context wait", "model", "upload", "build", "propagate"})
        CHECK(r.lines("c time parse ")[0].find(phase) != std::string::npos);
      if (ac4.exit_code == 0) {
        const std::string removed = ac4.lines("c removed ")[0];
        CHECK(r.lines("c removed ")[0].substr(0, removed.find(',')) ==
              removed.substr(0, removed.find(',')));
      }
    }
  }
  CHECK(reduced >= 3);
  // The frontier variant takes binary networks only: refused, naming the constraint.
  const test::CliRun frontier = test::run_cli("ac --propagator ac4gpu+frontier --backend gpu " +
                                              test::bundled("xcsp3/rand-3-12-4-20-0.6-6.xml"));
  CHECK(frontier.exit_code == 3);
  CHECK(frontier.err.find("constraint #0 has arity 3") != std::string::npos);
}

TEST_CASE("ac: a wipe-out exits with 1 and empties every domain", "[cli][ac]") {
  // x < y and y < x: arc consistency alone empties both domains.
  Model m;
  const int x = m.add_variable("x", {0, 1, 2});
  const int y = m.add_variable("y", {0, 1, 2});
  const auto less = std::make_shared<const Expr>(
      std::vector<ExprInstr>{{ExprOp::kSlot, 0, 0}, {ExprOp::kSlot, 0, 1}, {ExprOp::kLt, 2, 0}});
  m.add_constraint(IntensionConstraint{{x, y}, less});
  m.add_constraint(IntensionConstraint{{y, x}, less});
  const std::string file = (test::scratch_dir() / "cycle.xml").string();
  gen::write_xcsp_file(m, gen::XcspDialect::kXcsp3, file);
  for (const char* p : {"ac4", "ac3bit", "ct", "ac4gpu --backend cpu", "ac4gpu+ --backend cpu"}) {
    CAPTURE(p);
    const test::CliRun r =
        test::run_cli(fmt::format("ac --dump-domains --propagator {} {}", p, file));
    INFO(r.out << r.err);
    CHECK(r.exit_code == 1);
    CHECK(r.lines("c result wipe-out").size() == 1);
    CHECK(dumped(r) == std::vector<std::string>{"x:", "y:"});
  }
  CHECK(test::run_cli("ac --propagator ac9 " + file).exit_code == 2);
}

}  // namespace arcwave
