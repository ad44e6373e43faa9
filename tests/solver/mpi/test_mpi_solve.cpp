// End-to-end: `mpirun --oversubscribe -np 3 arcwave solve FILE -p N` against the sequential
// search (`-p 1` without mpirun): the same counts, UNSATISFIABLE kept, the same optimum, valid
// `v` lines printed once, -t ending every rank with the answer so far; and failures ending the
// job with a clear error, not a hang: a rank killed, a rank that stops answering (rank 1 or rank
// 0), a truncated message, ranks that read different files. Every run is under `timeout`.
#include <fmt/format.h>

#include "instances/csp/generators.hpp"
#include "tests/propagation/cpu/engine_domains.hpp"
#include "tests/solver/cli/instantiation.hpp"
#include "tests/solver/mpi/mpi_run.hpp"
#include "tests/support/catch.hpp"

namespace arcwave {

using test::mpirun;
using test::solutions_line;
using test::write_model;

TEST_CASE("solution counts under mpirun equal the sequential ones", "[mpi][counts]") {
  struct Case {
    std::string file;
    std::string expected;
  };
  std::vector<Case> cases = {
      {test::bundled("xcsp3/queens-10-alldiff.xml"), "c solutions 724"},
      {test::bundled("xcsp3/langford-2-7.xml"), "c solutions 52"},
      {write_model(gen::queens(12), "queens-12.xml"), "c solutions 14200"},
  };
  // Random networks: the sequential count is the reference.
  int added = 0;
  for (std::uint64_t seed = 1; seed <= 200 && added < 3; ++seed) {
    const Model m = test::small_network(seed);
    if (test::brute_force_count(m) < 20) continue;
    const std::string file = write_model(m, fmt::format("net-{}.xml", seed));
    const test::CliRun seq = test::run_cli("solve -a -p 1 " + file);
    REQUIRE(seq.exit_code == 0);
    cases.push_back({file, solutions_line(seq)});
    ++added;
  }
  for (const Case& c : cases) {
    for (const char* p : {"1", "2"}) {
      INFO(c.file << " -p " << p);
      const test::CliRun r = mpirun(fmt::format("solve -a -p {} {}", p, c.file));
      INFO(r.out << r.err);
      REQUIRE(r.exit_code == 0);
      CHECK(solutions_line(r) == c.expected);
      CHECK(r.status() == "s SATISFIABLE");
      CHECK(r.lines("c parallel: ").size() == 1);
      test::require_valid_solution(c.file, r);
    }
  }
}

TEST_CASE("unsatisfiable and satisfiable instances keep their answers under mpirun", "[mpi]") {
  for (const char* name :
       {"xcsp3/langford-2-5.xml", "xcsp3/composed-25-1-2-1.xml", "xcsp3/rb-12-6-30-0.5-1.xml"}) {
    INFO(name);
    const test::CliRun r = mpirun(fmt::format("solve -p 2 {}", test::bundled(name)));
    INFO(r.out << r.err);
    // Exit code 0 on every rank: a non-zero one would make mpirun abort the job and say so.
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("non-zero") == std::string::npos);
    CHECK(r.status() == "s UNSATISFIABLE");
    CHECK(r.lines("v ").empty());
  }
  for (const char* name : {"xcsp3/frb30-15-1.xml", "xcsp3/qwh-10-0.42-1.xml"}) {
    INFO(name);
    const std::string file = test::bundled(name);
    const test::CliRun r = mpirun(fmt::format("solve -p 2 {}", file));
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.status() == "s SATISFIABLE");
    test::require_valid_solution(file, r);  // one v line: printed by rank 0 only
  }
}

TEST_CASE("optima under mpirun equal the sequential ones", "[mpi][optimise]") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 300 && checked < 3; ++seed) {
    Model m = test::small_network(seed);
    if (test::brute_force_count(m) < 5) continue;
    Objective obj;
    obj.minimize = seed % 2 == 0;
    obj.kind = Objective::Kind::kSum;
    for (int x = 0; x < static_cast<int>(m.variable_count()); ++x) {
      obj.scope.push_back(x);
      obj.coeffs.push_back(static_cast<Value>((x * 7 + static_cast<int>(seed)) % 5) - 2);
    }
    m.set_objective(obj);
    const std::string file = write_model(m, fmt::format("cop-{}.xml", seed));
    const test::CliRun seq = test::run_cli("solve -p 1 " + file);
    REQUIRE(seq.status() == "s OPTIMUM FOUND");
    const test::CliRun r = mpirun("solve -p 2 " + file);
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.status() == "s OPTIMUM FOUND");
    const auto bounds = r.lines("o ");
    REQUIRE_FALSE(bounds.empty());
    CHECK(bounds.back() == seq.lines("o ").back());
    for (std::size_t i = 1; i < bounds.size(); ++i) {
      const Value a = std::stoll(bounds[i - 1].substr(2));
      const Value b = std::stoll(bounds[i].substr(2));
      CHECK((obj.minimize ? b < a : b > a));
    }
    test::require_valid_solution(file, r);
    ++checked;
  }
  CHECK(checked == 3);
}

TEST_CASE("-t stops every rank with the answer so far", "[mpi]") {
  const std::string file =
      write_model(gen::queens(28, gen::QueensEncoding::kAllDifferent), "queens-28.xml");
  const test::CliRun r = mpirun("solve -a -p 1 -t 1 " + file);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.status() == "s SATISFIABLE");
  CHECK(r.lines("c interrupted").size() == 1);
  CHECK(solutions_line(r).find("(incomplete)") != std::string::npos);
  test::require_valid_solution(file, r);
}

TEST_CASE("a killed, silent or garbling rank ends the job with an error", "[mpi][failure]") {
  // Long enough that the failure happens during the search.
  const std::string file =
      write_model(gen::queens(28, gen::QueensEncoding::kAllDifferent), "queens-28.xml");
  struct Fault {
    const char* spec;
    const char* message;  // in stderr ("" when mpirun reports the death itself)
  };
  for (const Fault f : {Fault{"kill:1", ""}, Fault{"hang:1", "rank 1 sent nothing"},
                        Fault{"hang:0", "rank 0 sent nothing"},
                        Fault{"truncate:1", "malformed STATUS message from rank 1"},
                        Fault{"truncate:0", "unexpected STATUS message from rank 0"}}) {
    INFO(f.spec);
    const test::CliRun r = mpirun("solve -a -p 1 --mpi-timeout 5 " + file, 3,
                                  fmt::format("ARCWAVE_MPI_FAULT={}", f.spec));
    INFO(r.out << r.err);
    CHECK(r.exit_code != 0);
    CHECK(r.status().empty());
    CHECK(r.err.find(f.message) != std::string::npos);
    if (std::string(f.spec).rfind("kill", 0) != 0) CHECK(r.exit_code == 6);
  }
}

TEST_CASE("ranks that read different models stop with an error", "[mpi][failure]") {
  const std::string a = test::bundled("xcsp3/queens-8.xml");
  const std::string b = test::bundled("xcsp3/queens-10-alldiff.xml");
  const test::CliRun r = test::run_cli(
      "solve -p 1 " + b, fmt::format("{} '{}' solve -p 1 {} : -np 2", test::mpi_launcher(1),
                                     test::arcwave_binary().string(), a));
  INFO(r.out << r.err);
  CHECK(r.exit_code == 6);
  CHECK(r.err.find("read a different model") != std::string::npos);
  CHECK(r.status().empty());
}

}  // namespace arcwave
