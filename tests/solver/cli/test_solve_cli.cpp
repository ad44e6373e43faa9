// End-to-end: `arcwave solve` prints the competition format (`s`, `v` with the file's
// declarations, `o` bounds, `c` statistics), every `v` line satisfies the instance, exit codes
// (0, 1 unsatisfiable, 2 bad input), -a counts, -t and SIGINT stop with the answer so far,
// --seed makes runs repeatable, and --backend says which engine ran.
#include <fstream>

#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "core/gpu_runtime.hpp"
#include "instances/csp/generators.hpp"
#include "instances/csp/writers/xcsp_writer.hpp"
#include "tests/solver/cli/cli_run.hpp"
#include "tests/solver/cli/instantiation.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/process.hpp"

namespace arcwave {

namespace {

std::string write_model(const Model& m, const std::string& name) {
  const std::string path = (test::scratch_dir() / name).string();
  gen::write_xcsp_file(m, gen::XcspDialect::kXcsp3, path);
  return path;
}

}  // namespace

TEST_CASE("solve prints the competition format for satisfiable instances", "[cli][solve]") {
  for (const char* name : {"xcsp3/queens-8.xml", "xcsp21/queens-8.xml", "xcsp3/latin-5.xml",
                           "xcsp3/frb30-15-1.xml", "xcsp21/langford-3-9.xml"}) {
    CAPTURE(name);
    const std::string file = test::bundled(name);
    const test::CliRun r = test::run_cli("solve " + file);
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    REQUIRE(r.status() == "s SATISFIABLE");
    test::require_valid_solution(file, r);
    CHECK(r.lines("c backend: ").size() == 1);
    CHECK(r.lines("c nodes per second ").size() == 1);
    CHECK(r.lines("c time parse ").size() == 1);
    // Every line is a comment, status or value line.
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);)
      CHECK(std::string("csvo").find(line[0]) != std::string::npos);
  }
}

TEST_CASE("arrays are listed as declared", "[cli][solve]") {
  const std::string file = test::bundled("xcsp3/queens-8.xml");
  const test::CliRun r = test::run_cli("solve " + file);
  const auto v = r.lines("v ");
  REQUIRE(v.size() == 1);
  const Solver solver = Solver::load(file);
  REQUIRE_FALSE(solver.model().arrays().empty());
  CHECK(v[0].find("<list> " + solver.model().arrays()[0].name + "[] </list>") != std::string::npos);
}

TEST_CASE("unsatisfiable instances exit with 1 and print no values", "[cli][solve]") {
  for (const char* name :
       {"xcsp3/composed-25-1-25-1.xml", "xcsp21/rb-12-6-30-0.5-1.xml", "xcsp3/langford-2-5.xml"}) {
    CAPTURE(name);
    const test::CliRun r = test::run_cli("solve " + test::bundled(name));
    REQUIRE(r.exit_code == 1);
    CHECK(r.status() == "s UNSATISFIABLE");
    CHECK(r.lines("v ").empty());
  }
}

TEST_CASE("-a counts every solution", "[cli][solve]") {
  const test::CliRun r = test::run_cli("solve -a " + test::bundled("xcsp3/queens-8.xml"));
  REQUIRE(r.exit_code == 0);
  CHECK(r.status() == "s SATISFIABLE");
  CHECK(r.lines("c solutions 92").size() == 1);
  const test::CliRun l = test::run_cli("solve --all " + test::bundled("xcsp21/langford-2-7.xml"));
  CHECK(l.lines("c solutions 52").size() == 1);
}

TEST_CASE("optimisation prints each improving bound and the optimum", "[cli][solve][optimise]") {
  // allDifferent over 0..3 minimising 3 x0 + x1 + 2 x2 + 5 x3: the optimum pairs the largest
  // coefficient with the smallest value, 5*0 + 3*1 + 2*2 + 1*3 = 10.
  Model m;
  const int x = m.add_array("x", {4});
  std::vector<int> vars;
  for (int i = 0; i < 4; ++i) {
    vars.push_back(m.add_variable(fmt::format("x[{}]", i), {0, 1, 2, 3}, false));
    m.set_array_cell(x, static_cast<std::size_t>(i), vars.back());
  }
  m.add_constraint(AllDifferentConstraint{vars, {}});
  Objective obj;
  obj.minimize = true;
  obj.kind = Objective::Kind::kSum;
  obj.scope = vars;
  obj.coeffs = {3, 1, 2, 5};
  m.set_objective(obj);
  const std::string file = write_model(m, "cop.xml");
  for (const char* options : {"", "-p 1", "-p 3", "-p 3 --portfolio"}) {
    CAPTURE(options);
    const test::CliRun r = test::run_cli(fmt::format("solve {} {}", options, file));
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    REQUIRE(r.status() == "s OPTIMUM FOUND");
    const auto bounds = r.lines("o ");
    REQUIRE_FALSE(bounds.empty());
    for (std::size_t i = 1; i < bounds.size(); ++i)
      CHECK(std::stoll(bounds[i].substr(2)) < std::stoll(bounds[i - 1].substr(2)));
    CHECK(bounds.back() == "o 10");
    test::require_valid_solution(file, r);
  }
}

TEST_CASE("-t and SIGINT stop the search and print the answer so far", "[cli][solve]") {
  // All solutions of 28-queens cannot be counted in seconds: the search is stopped.
  const std::string file =
      write_model(gen::queens(28, gen::QueensEncoding::kAllDifferent), "queens-28.xml");
  const test::CliRun t = test::run_cli("solve -a -t 0.5 " + file);
  INFO(t.out << t.err);
  REQUIRE(t.exit_code == 0);
  CHECK(t.status() == "s SATISFIABLE");
  CHECK(t.lines("c interrupted").size() == 1);
  test::require_valid_solution(file, t);

  // The signals once the search runs (however slowly a loaded machine started the process).
  for (const int sig : {SIGINT, SIGTERM}) {
    CAPTURE(sig);
    test::ArcwaveProcess p({"solve", "-a", file}, test::scratch_dir());
    p.close_stdin();
    REQUIRE(p.wait_for_output("c search", std::chrono::milliseconds(30000)));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    p.signal(sig);
    REQUIRE(p.wait(std::chrono::milliseconds(10000)));
    const test::CliRun s = p.output();
    INFO(s.out << s.err);
    CHECK(s.status() == "s SATISFIABLE");
    CHECK(s.lines("c interrupted").size() == 1);
    test::require_valid_solution(file, s);
  }
}

TEST_CASE("--seed makes random value ordering repeatable", "[cli][solve]") {
  const std::string file = test::bundled("xcsp3/qwh-10-0.42-1.xml");
  // One worker: parallel runs (the default uses every core) end on whichever worker is first.
  const std::string args = "solve -p 1 --val-heuristic random --seed 7 " + file;
  const test::CliRun a = test::run_cli(args);
  const test::CliRun b = test::run_cli(args);
  REQUIRE(a.status() == "s SATISFIABLE");
  CHECK(a.lines("v ") == b.lines("v "));
  // The counters, not the speed, are the same.
  CHECK(a.lines("c nodes ")[0] == b.lines("c nodes ")[0]);
  CHECK(a.lines("c propagations ") == b.lines("c propagations "));
  test::require_valid_solution(file, a);
  for (const char* options : {"--var-heuristic domddeg", "--restarts geometric", "--restarts none",
                              "--propagator ac4", "--propagator ct"}) {
    CAPTURE(options);
    const test::CliRun r = test::run_cli(fmt::format("solve {} {}", options, file));
    CHECK(r.status() == "s SATISFIABLE");
    test::require_valid_solution(file, r);
  }
}

TEST_CASE("--backend says which engine ran", "[cli][solve]") {
  const std::string file = test::bundled("xcsp3/queens-8.xml");
  const test::CliRun cpu = test::run_cli("solve --backend cpu " + file);
  CHECK(cpu.lines("c backend: cpu").size() == 1);
  CHECK(cpu.status() == "s SATISFIABLE");
  // auto on an n-ary table model without cliques of !=: the batched GPU search where a GPU is
  // usable, the CPU otherwise (the GPU engine takes binary networks only).
  const std::string nary_file = test::bundled("xcsp3/rand-3-12-4-20-0.6-6.xml");
  const test::CliRun nary = test::run_cli("solve --backend auto " + nary_file);
  CHECK(nary.status() == "s SATISFIABLE");
  test::require_valid_solution(nary_file, nary);
  const auto line = nary.lines(gpu_available() ? "c backend: gpu (auto: no cliques of !="
                                               : "c backend: cpu (auto: ");
  CHECK(line.size() == 1);
  // gpu: solves where a GPU engine runs, else resources (4) or unsupported (3), never a wrong
  // answer.
  const test::CliRun gpu = test::run_cli("solve --backend gpu " + file);
  INFO(gpu.out << gpu.err);
  if (gpu.exit_code == 0) {
    CHECK(gpu.lines("c backend: gpu").size() == 1);
    test::require_valid_solution(file, gpu);
  } else {
    CHECK((gpu.exit_code == 4 || gpu.exit_code == 3));
    CHECK(gpu.lines("v ").empty());
  }
}

TEST_CASE("-p and --portfolio give the sequential answers", "[cli][solve][parallel]") {
  for (const char* p : {"1", "2", "4", "7"}) {
    CAPTURE(p);
    const test::CliRun r =
        test::run_cli(fmt::format("solve -a -p {} {}", p, test::bundled("xcsp3/queens-8.xml")));
    REQUIRE(r.exit_code == 0);
    CHECK(r.lines("c solutions 92").size() == 1);
    CHECK(r.lines("c parallel: ").size() == (std::string(p) == "1" ? 0U : 1U));
    const test::CliRun u = test::run_cli(
        fmt::format("solve --threads {} {}", p, test::bundled("xcsp3/langford-2-5.xml")));
    CHECK(u.exit_code == 1);
    CHECK(u.status() == "s UNSATISFIABLE");
  }
  for (const char* options :
       {"-p 3", "-p 3 --portfolio", "-p 2 --parallel eps --subproblems-per-worker 1"}) {
    CAPTURE(options);
    const std::string file = test::bundled("xcsp3/frb30-15-1.xml");
    const test::CliRun r = test::run_cli(fmt::format("solve {} {}", options, file));
    REQUIRE(r.exit_code == 0);
    CHECK(r.status() == "s SATISFIABLE");
    test::require_valid_solution(file, r);
  }
  const std::string good = test::bundled("xcsp3/queens-4.xml");
  CHECK(test::run_cli("solve -a -p 2 --portfolio " + good).exit_code == 2);
  CHECK(test::run_cli("solve -p -1 " + good).exit_code == 2);
  CHECK(test::run_cli("solve --subproblems-per-worker 0 " + good).exit_code == 2);
}

TEST_CASE("bad input and bad options exit with 2", "[cli][solve]") {
  const std::string bad = (test::scratch_dir() / "bad.xml").string();
  {
    std::ofstream out(bad);
    out << "<instance format=\"XCSP3\" type=\"CSP\">\n<variables>\n<var id=\"x\"> 0..3 "
           "</var>\n</variables>\n<constraints>\n<intension> eq(x, </intension>\n"
           "</constraints>\n</instance>\n";
  }
  const test::CliRun r = test::run_cli("solve " + bad);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find(bad + ":") != std::string::npos);
  CHECK(r.lines("v ").empty());
  const std::string good = test::bundled("xcsp3/queens-4.xml");
  CHECK(test::run_cli("solve --restarts sometimes " + good).exit_code == 2);
  CHECK(test::run_cli("solve --var-heuristic dom " + good).exit_code == 2);
  CHECK(test::run_cli("solve --propagator ac7 " + good).exit_code == 2);
  CHECK(test::run_cli("solve --backend tpu " + good).exit_code == 2);
  CHECK(test::run_cli("solve " + (test::scratch_dir() / "missing.xml").string()).exit_code == 2);
}

}  // namespace arcwave
