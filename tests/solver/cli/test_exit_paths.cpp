// End-to-end exit paths (issue 28): every command ends at once with the documented code on bad
// and unsupported input whatever the backend; SIGINT / SIGTERM end `solve` within a second with
// the answer so far (while it reads, while it searches) and the other commands at once with
// 128 + the signal, leaving no unfinished output file; `-t` is honoured within a second; a second
// signal ends the process at once. On a GPU machine the same cases run with the context being
// made in the background (bench/device/exits.sh repeats them many times at random moments).
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "instances/csp/generators.hpp"
#include "instances/csp/writers/xcsp_writer.hpp"
#include "tests/solver/cli/cli_run.hpp"
#include "tests/solver/cli/instantiation.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/process.hpp"

namespace arcwave {

namespace {

using std::chrono::milliseconds;

std::string write_text(const std::string& name, const std::string& text) {
  const std::string path = (test::scratch_dir() / name).string();
  std::ofstream(path) << text;
  return path;
}

std::string write_model(const Model& m, const std::string& name) {
  const std::string path = (test::scratch_dir() / name).string();
  gen::write_xcsp_file(m, gen::XcspDialect::kXcsp3, path);
  return path;
}

// The start of a well-formed XCSP3 instance: a reader that gets only this waits for more.
constexpr const char* kOpenInstance =
    "<instance format=\"XCSP3\" type=\"CSP\">\n  <variables>\n    <var id=\"x\"> 0..9 </var>\n";

// Seconds from the start to the end of `arcwave args` (run to its end; killed after 20 s).
struct Timed {
  test::CliRun run;
  double seconds = 0;
};
Timed run_timed(const std::vector<std::string>& args) {
  test::ArcwaveProcess p(args, test::scratch_dir());
  p.close_stdin();
  const bool ended = p.wait(milliseconds(20000));
  Timed t{p.output(), p.seconds_alive()};
  if (!ended) t.run.exit_code = -2;
  return t;
}

}  // namespace

TEST_CASE("bad and unsupported files end every command at once, whatever the backend",
          "[cli][exit]") {
  const std::string malformed = write_text("malformed.xml", std::string(kOpenInstance) + "  <var");
  const std::string unsupported =
      write_text("unsupported.xml",
                 "<instance format=\"XCSP3\" type=\"WCSP\">\n<variables><var id=\"x\"> 0 1 </var>"
                 "</variables>\n</instance>\n");
  const std::string bad_map = write_text("bad.map", "type octile\nheight 2\nwidth 3\nmap\n..\n");
  const std::string bad_graph = write_text("bad.gr", "p sp 3 2\na 1 2 x\n");
  struct Case {
    std::vector<std::string> args;
    int code;
  };
  std::vector<Case> cases;
  for (const char* backend : {"auto", "gpu", "cpu"}) {
    cases.push_back({{"solve", "--backend", backend, malformed}, 2});
    cases.push_back({{"solve", "--backend", backend, unsupported}, 3});
    cases.push_back({{"solve", "--backend", backend, "-t", "5", malformed}, 2});
    cases.push_back({{"ac", "--backend", backend, "--propagator", "ac4gpu+", malformed}, 2});
    cases.push_back({{"grid", bad_map, "--backend", backend, "--from", "0,0", "--to", "1,1"}, 2});
    cases.push_back({{"apsp", bad_graph, "--backend", backend}, 2});
  }
  cases.push_back({{"info", malformed}, 2});
  cases.push_back({{"info", unsupported}, 3});
  for (const Case& c : cases) {
    CAPTURE(c.args);
    const Timed t = run_timed(c.args);
    INFO(t.run.out << t.run.err);
    CHECK(t.run.exit_code == c.code);
    CHECK(t.seconds < 2.0);
    CHECK(t.run.err.find("arcwave: ") != std::string::npos);
  }
}

TEST_CASE("a stop while solve reads answers UNKNOWN within a second", "[cli][exit]") {
  for (const int sig : {SIGINT, SIGTERM}) {
    CAPTURE(sig);
    test::ArcwaveProcess p({"solve", "-"}, test::scratch_dir());
    p.write_stdin(kOpenInstance);  // the reader now waits for the rest of the file
    std::this_thread::sleep_for(milliseconds(300));
    p.signal(sig);
    REQUIRE(p.wait(milliseconds(5000)));
    const test::CliRun r = p.output();
    INFO(r.out << r.err);
    CHECK(p.seconds_to_end() < 1.0);
    CHECK(r.exit_code == 0);
    CHECK(r.status() == "s UNKNOWN");
  }
}

TEST_CASE("a time limit ends solve while it reads", "[cli][exit]") {
  test::ArcwaveProcess p({"solve", "-t", "0.4", "-"}, test::scratch_dir());
  p.write_stdin(kOpenInstance);
  REQUIRE(p.wait(milliseconds(5000)));
  const test::CliRun r = p.output();
  INFO(r.out << r.err);
  CHECK(p.seconds_alive() < 1.4);
  CHECK(r.exit_code == 0);
  CHECK(r.status() == "s UNKNOWN");
}

TEST_CASE("a second signal ends the process at once", "[cli][exit]") {
  test::ArcwaveProcess p({"solve", "-"}, test::scratch_dir());
  p.write_stdin(kOpenInstance);
  std::this_thread::sleep_for(milliseconds(300));
  p.signal(SIGTERM);
  std::this_thread::sleep_for(milliseconds(50));
  p.signal(SIGTERM);
  REQUIRE(p.wait(milliseconds(5000)));
  CHECK(p.seconds_to_end() < 0.3);
  CHECK(p.exit_code() == 128 + SIGTERM);
}

TEST_CASE("SIGINT and SIGTERM during the search give the answer so far within a second",
          "[cli][exit]") {
  // All solutions of 28-queens cannot be counted in seconds.
  const std::string file =
      write_model(gen::queens(28, gen::QueensEncoding::kAllDifferent), "exit-queens-28.xml");
  for (const char* threads : {"1", "0"})
    for (const int sig : {SIGINT, SIGTERM}) {
      CAPTURE(threads, sig);
      test::ArcwaveProcess p({"solve", "-a", "-p", threads, file}, test::scratch_dir());
      p.close_stdin();
      // Into the search first (a loaded machine may take longer than the search's start), then
      // long enough for 28-queens' first solutions.
      REQUIRE(p.wait_for_output("c search", milliseconds(30000)));
      std::this_thread::sleep_for(milliseconds(300));
      p.signal(sig);
      REQUIRE(p.wait(milliseconds(5000)));
      const test::CliRun r = p.output();
      INFO(r.out << r.err);
      CHECK(p.seconds_to_end() < 1.0);
      CHECK(r.exit_code == 0);
      CHECK(r.status() == "s SATISFIABLE");
      CHECK(r.lines("c solutions ").size() == 1);
      test::require_valid_solution(file, r);
    }
  const Timed t = run_timed({"solve", "-a", "-t", "0.5", file});
  INFO(t.run.out << t.run.err);
  CHECK(t.seconds < 1.5);
  CHECK(t.run.status() == "s SATISFIABLE");
}

TEST_CASE("other commands end at once on a signal and leave no unfinished output", "[cli][exit]") {
  // info and ac reading a file that never ends.
  for (const char* command : {"info", "ac"}) {
    CAPTURE(command);
    test::ArcwaveProcess p({command, "-"}, test::scratch_dir());
    p.write_stdin(kOpenInstance);
    std::this_thread::sleep_for(milliseconds(300));
    p.signal(SIGINT);
    REQUIRE(p.wait(milliseconds(5000)));
    INFO(p.output().err);
    CHECK(p.seconds_to_end() < 0.5);
    CHECK(p.exit_code() == 128 + SIGINT);
    CHECK(p.output().err.find("stopped by SIGINT") != std::string::npos);
  }
  // All-pairs distances of a 400 x 400 grid graph (160,000 rows of 160,000 values) into a file:
  // stopped long before the end, neither the file nor its .part stays.
  std::string graph = "p sp 160000 638400\n";
  const auto id = [](int r, int c) { return r * 400 + c + 1; };
  for (int r = 0; r < 400; ++r)
    for (int c = 0; c < 400; ++c) {
      if (c + 1 < 400)
        graph +=
            fmt::format("a {} {} 1\na {} {} 1\n", id(r, c), id(r, c + 1), id(r, c + 1), id(r, c));
      if (r + 1 < 400)
        graph +=
            fmt::format("a {} {} 1\na {} {} 1\n", id(r, c), id(r + 1, c), id(r + 1, c), id(r, c));
    }
  const std::string gr = write_text("grid-400.gr", graph);
  const std::string out = (test::scratch_dir() / "apsp-400.bin").string();
  std::filesystem::remove(out);
  test::ArcwaveProcess p({"apsp", gr, "--backend", "cpu", "--format", "bin", "--out", out},
                         test::scratch_dir());
  p.close_stdin();
  std::this_thread::sleep_for(milliseconds(1500));
  p.signal(SIGTERM);
  REQUIRE(p.wait(milliseconds(5000)));
  INFO(p.output().err);
  CHECK(p.seconds_to_end() < 0.5);
  CHECK(p.exit_code() == 128 + SIGTERM);
  CHECK_FALSE(std::filesystem::exists(out));
  CHECK_FALSE(std::filesystem::exists(out + ".part"));
}

TEST_CASE("large domains: solve answers, what needs every value exits 3 naming it", "[cli][exit]") {
  const std::string header =
      "<instance format=\"XCSP3\" type=\"COP\"><variables><array id=\"x\" size=\"[3]\"> "
      "0..2147483647 </array></variables><constraints>";
  const std::string solvable = write_text(
      "large.xml", header +
                       "<sum><list> x[] </list><coeffs> 1 1 -1 </coeffs><condition> (eq,0) "
                       "</condition></sum><intension> ge(x[0],100000000) </intension>"
                       "</constraints><objectives><maximize> x[1] </maximize></objectives>"
                       "</instance>");
  const Timed solved = run_timed({"solve", "-p", "1", solvable});
  INFO(solved.run.out << solved.run.err);
  CHECK(solved.run.exit_code == 0);
  CHECK(solved.run.out.find("s OPTIMUM FOUND") != std::string::npos);
  CHECK(solved.run.out.find("<values> 100000000 2047483647 2147483647 </values>") !=
        std::string::npos);
  const std::string refused = write_text(
      "large-alldiff.xml", header + "<allDifferent> x[] </allDifferent></constraints></instance>");
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"solve", refused}, {"ac", solvable}}) {
    CAPTURE(args);
    const Timed t = run_timed(args);
    INFO(t.run.out << t.run.err);
    CHECK(t.run.exit_code == 3);
    CHECK(t.seconds < 2.0);
  }
  CHECK(run_timed({"solve", refused}).run.err.find("allDifferent") != std::string::npos);
}

}  // namespace arcwave

namespace arcwave {

// auto with a device beside the CPU workers (solver/api/solve_hybrid.hpp), the device being the
// host reference (what CI has): a signal and -t still end solve within a second.
TEST_CASE("hybrid auto: a signal and -t end the device and the CPU search within a second",
          "[cli][exit][host-device]") {
  // Minimising a weighted sum over 60 variables of 15 values: nothing proves it in seconds.
  Model m = gen::rb({.n = 60, .d = 15, .e = 400, .tightness = 0.25, .seed = 77, .forced = true});
  Objective obj;
  obj.kind = Objective::Kind::kSum;
  for (int x = 0; x < 60; ++x) {
    obj.scope.push_back(x);
    obj.coeffs.push_back(1 + (x * 7) % 11);
  }
  m.set_objective(obj);
  const std::string file = write_model(m, "exit-hybrid-rb.xml");
  setenv("ARCWAVE_BATCH_HOST_DEVICE", "1", 1);
  for (const int sig : {SIGINT, SIGTERM}) {
    CAPTURE(sig);
    test::ArcwaveProcess p({"solve", file}, test::scratch_dir());
    p.close_stdin();
    std::this_thread::sleep_for(milliseconds(900));
    p.signal(sig);
    REQUIRE(p.wait(milliseconds(5000)));
    const test::CliRun r = p.output();
    INFO(r.out << r.err);
    CHECK(p.seconds_to_end() < 1.0);
    CHECK(r.exit_code == 0);
    CHECK(r.lines("c backend: gpu (auto: ").size() == 1);
    CHECK(r.status() == "s SATISFIABLE");
    test::require_valid_solution(file, r);
  }
  const Timed t = run_timed({"solve", "-t", "0.5", file});
  unsetenv("ARCWAVE_BATCH_HOST_DEVICE");
  INFO(t.run.out << t.run.err);
  CHECK(t.seconds < 1.5);
  CHECK(t.run.status() == "s SATISFIABLE");
}

}  // namespace arcwave
