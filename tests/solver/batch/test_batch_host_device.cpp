// The batched search end to end on the host reference device (ARCWAVE_BATCH_HOST_DEVICE, what CI
// runs without a GPU): `solve --backend gpu` and `auto` from the CLI, and Solver::solve() from
// the C++ API, against the CPU engine's answers — counts, first solutions, optima — on bundled
// and shared files and on generated models.
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include "arcwave/solver.hpp"
#include "instances/csp/generators.hpp"
#include "solver/api/solve_batched.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/paths.hpp"

namespace arcwave {

namespace {

namespace fs = std::filesystem;

// The switch for the length of one test: N host devices, no CPU probe before the device.
class HostDevices {
 public:
  explicit HostDevices(int n) {
    setenv("ARCWAVE_BATCH_HOST_DEVICE", std::to_string(n).c_str(), 1);
    setenv("ARCWAVE_BATCH_PROBE", "0", 1);
  }
  ~HostDevices() {
    unsetenv("ARCWAVE_BATCH_HOST_DEVICE");
    unsetenv("ARCWAVE_BATCH_PROBE");
  }
  HostDevices(const HostDevices&) = delete;
  HostDevices& operator=(const HostDevices&) = delete;
};

const char* const kHostPrefix = "ARCWAVE_BATCH_HOST_DEVICE=1 ARCWAVE_BATCH_PROBE=0";

bool ran_batched(const std::string& backend) {
  return backend.find("host reference device") != std::string::npos;
}

std::string backend_line(const test::CliRun& r) {
  const auto lines = r.lines("c backend: ");
  return lines.size() == 1 ? lines[0] : std::string();
}

SolveResult solve_with(const Model& m, SolverBackend backend, bool all) {
  SolverOptions o;
  o.backend = backend;
  o.all_solutions = all;
  o.batch_probe_seconds = 0;
  Solver solver(m, o);
  return solver.solve();
}

}  // namespace

TEST_CASE("host device: the switch is read from the environment", "[batch][host-device]") {
  CHECK(batch_host_devices() == 0);
  {
    const HostDevices on(3);
    CHECK(batch_host_devices() == 3);
    CHECK(batch_device_available());
  }
  setenv("ARCWAVE_BATCH_HOST_DEVICE", "two", 1);
  CHECK_THROWS(batch_host_devices());
  unsetenv("ARCWAVE_BATCH_HOST_DEVICE");
}

TEST_CASE("host device: the C++ API runs the batched search without a GPU",
          "[batch][host-device]") {
  for (int devices : {1, 2}) {
    const HostDevices on(devices);
    INFO(devices << " host devices");
    const SolveResult q = solve_with(gen::queens(8), SolverBackend::kGpu, true);
    CHECK(ran_batched(q.backend));
    CHECK(q.complete);
    CHECK(q.solutions == 92);
    for (int i = 0; i < 6; ++i) {
      Model m = gen::rb({.n = 9,
                         .d = 5,
                         .e = 14,
                         .tightness = 0.3,
                         .seed = static_cast<std::uint64_t>(4400 + i),
                         .forced = true});
      Objective obj;
      obj.variable = i;
      obj.minimize = i % 2 == 0;
      if (i >= 3) {  // a linear sum
        obj.kind = Objective::Kind::kSum;
        obj.scope = {i, i + 1, i + 2};
        obj.coeffs = {3, -2, 1};
      }
      m.set_objective(obj);
      const SolveResult cpu = solve_with(m, SolverBackend::kCpu, false);
      const SolveResult dev = solve_with(m, SolverBackend::kGpu, false);
      INFO("network " << i << ": " << dev.backend);
      CHECK(ran_batched(dev.backend));
      REQUIRE(cpu.status == SolveStatus::kOptimum);
      CHECK(dev.status == SolveStatus::kOptimum);
      REQUIRE(dev.best.has_value());
      CHECK(dev.best->objective == cpu.best->objective);
    }
  }
}

TEST_CASE("host device: auto chooses the batched search and says why", "[batch][host-device]") {
  const HostDevices on(1);
  // No cliques of != and not dense enough for the GPU engine: the batched search.
  const Model m = gen::rb({.n = 20, .d = 6, .e = 40, .tightness = 0.35, .seed = 4500});
  const SolveResult r = solve_with(m, SolverBackend::kAuto, true);
  INFO(r.backend);
  CHECK(r.backend.starts_with("gpu (auto: "));
  CHECK(ran_batched(r.backend));
  CHECK(r.solutions == solve_with(m, SolverBackend::kCpu, true).solutions);
}

TEST_CASE("host device: solve --backend gpu and auto on bundled files",
          "[batch][host-device][cli]") {
  if (!fs::exists(test::arcwave_binary())) ARCWAVE_SKIP("no arcwave binary");
  const fs::path dir = test::instances_dir() / "xcsp3";
  const fs::path scratch = test::scratch_dir("arcwave_batch_host_device");
  struct Case {
    const char* file;
    const char* args;
    const char* status;
    const char* count;  // the `c solutions` line with -a, or nullptr
  };
  const Case cases[] = {
      {"queens-8.xml", "-a --backend gpu", "s SATISFIABLE", "c solutions 92"},
      {"queens-8-ext.xml", "-a --backend gpu", "s SATISFIABLE", "c solutions 92"},
      {"frb30-15-1.xml", "--backend gpu", "s SATISFIABLE", nullptr},
      {"rb-12-6-30-0.5-1.xml", "-a --backend gpu", nullptr, nullptr},
      {"frb30-15-1.xml", "", "s SATISFIABLE", nullptr},
      {"rand-3-12-4-20-0.6-6.xml", "-a", nullptr, nullptr},
  };
  for (const Case& c : cases) {
    const fs::path file = dir / c.file;
    INFO(c.file << " " << c.args);
    const test::CliRun dev = test::run_arcwave(fmt::format("solve {} '{}'", c.args, file.string()),
                                               scratch, kHostPrefix);
    INFO(dev.out << dev.err);
    CHECK(dev.exit_code <= 1);
    CHECK(ran_batched(backend_line(dev)));
    if (std::string(c.args).empty()) CHECK(backend_line(dev).starts_with("c backend: gpu (auto: "));
    const test::CliRun cpu = test::run_arcwave(
        fmt::format("solve {} --backend cpu -p 1 '{}'",
                    std::string(c.args).starts_with("-a") ? "-a" : "", file.string()),
        scratch);
    CHECK(dev.status() == cpu.status());
    if (c.status != nullptr) CHECK(dev.status() == c.status);
    if (c.count != nullptr) CHECK(dev.lines(c.count).size() == 1);
    CHECK(dev.lines("c solutions ") == cpu.lines("c solutions "));
  }
}

// Every shared one-constraint file: counts (-a) and optima through the batched search where it
// takes the model, and a `c backend:` line that names the constraint where it does not.
TEST_CASE("host device: the shared xcsp3-constraints files through the batched search",
          "[batch][host-device][cli][shared]") {
  if (!fs::exists(test::arcwave_binary())) ARCWAVE_SKIP("no arcwave binary");
  const fs::path shared = test::shared_instances_dir();
  if (shared.empty() || !fs::exists(shared / "xcsp3-constraints" / "expected"))
    ARCWAVE_SKIP("no shared xcsp3-constraints files");
  const fs::path dir = shared / "xcsp3-constraints";
  const fs::path scratch = test::scratch_dir("arcwave_batch_host_device");
  int batched = 0;
  int refused = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".xml") continue;
    const std::string stem = e.path().stem().string();
    const fs::path sols = dir / "expected" / (stem + ".sols");
    const fs::path opt = dir / "expected" / (stem + ".opt");
    const bool all = fs::exists(sols);
    if (!all && !fs::exists(opt)) continue;
    const test::CliRun r = test::run_arcwave(
        fmt::format("solve {}--backend gpu -t 60 '{}'", all ? "-a " : "", e.path().string()),
        scratch, kHostPrefix);
    const std::string backend = backend_line(r);
    INFO(stem << ": " << backend << "\n" << r.err);
    if (!ran_batched(backend)) {
      // --backend gpu then tries the device-resident engine, which a build without CUDA lacks;
      // auto answers on the CPU and says which constraint the batched search could not take.
      ++refused;
      const test::CliRun a =
          test::run_arcwave(fmt::format("solve {}-t 60 '{}'", all ? "-a " : "", e.path().string()),
                            scratch, kHostPrefix);
      INFO(backend_line(a));
      CHECK(a.exit_code == 0);
      CHECK(backend_line(a).find("the batched GPU search refused the model: ") !=
            std::string::npos);
      continue;
    }
    CHECK(r.exit_code == 0);
    ++batched;
    if (all) {
      const std::string text = test::slurp(sols);
      auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
      if (stem == "circuit") lines = 5;  // ACE's 2 cycles and the 3 with a loop
      CHECK(r.status() == "s SATISFIABLE");
      CHECK(r.lines("c solutions " + std::to_string(lines)).size() == 1);
    } else {
      const std::string best = test::slurp(opt);
      CHECK(r.status() == "s OPTIMUM FOUND");
      const auto bounds = r.lines("o ");
      REQUIRE(!bounds.empty());
      CHECK(bounds.back() == "o " + best.substr(0, best.find_first_of("\r\n")));
    }
  }
  WARN(fmt::format("batched search on {} shared one-constraint files, {} refused", batched,
                   refused));
  CHECK(batched >= 4);
}

// auto with a host device runs the device and the CPU workers at once (solve_hybrid): on every
// shared real file the CPU alone settles within a second, the same answer (status, optimum),
// objective lines that strictly improve, and a backend line that says both ran.
TEST_CASE("host device: hybrid auto answers the shared real files as the CPU does",
          "[batch][host-device][cli][shared][hybrid]") {
  if (!fs::exists(test::arcwave_binary())) ARCWAVE_SKIP("no arcwave binary");
  const fs::path shared = test::shared_instances_dir();
  if (shared.empty() || !fs::exists(shared / "xcsp3-real")) ARCWAVE_SKIP("no shared real files");
  const fs::path scratch = test::scratch_dir("arcwave_batch_hybrid");
  const auto settled = [](const test::CliRun& r) {
    const std::string s = r.status();
    return s == "s OPTIMUM FOUND" || s == "s UNSATISFIABLE" ||
           (s == "s SATISFIABLE" && r.lines("o ").empty());
  };
  int compared = 0;
  int hybrid = 0;
  for (const auto& e : fs::recursive_directory_iterator(shared / "xcsp3-real")) {
    if (!e.path().string().ends_with(".xml.lzma")) continue;
    const std::string file = e.path().string();
    const test::CliRun cpu =
        test::run_arcwave(fmt::format("solve --backend cpu -p 1 -t 1 '{}'", file), scratch);
    if (cpu.exit_code != 0 || !settled(cpu)) continue;
    const test::CliRun both = test::run_arcwave(fmt::format("solve -t 60 '{}'", file), scratch,
                                                "ARCWAVE_BATCH_HOST_DEVICE=1");
    INFO(file << "\n" << backend_line(both) << "\n" << both.err);
    ++compared;
    CHECK(both.exit_code == 0);
    CHECK(both.status() == cpu.status());
    const auto bounds = both.lines("o ");
    CHECK(bounds.empty() == cpu.lines("o ").empty());
    if (!bounds.empty()) CHECK(bounds.back() == cpu.lines("o ").back());
    std::vector<long long> values;
    for (const std::string& b : bounds) values.push_back(std::stoll(b.substr(2)));
    for (std::size_t k = 2; k < values.size(); ++k)  // one direction throughout, never equal
      CHECK((values[k] - values[k - 1]) * (values[1] - values[0]) > 0);
    if (values.size() >= 2) CHECK(values[1] != values[0]);
    if (backend_line(both).find(" beside ") != std::string::npos) ++hybrid;
  }
  WARN(fmt::format("{} shared real files settled by the CPU within 1 s compared; {} ran hybrid",
                   compared, hybrid));
  CHECK(compared >= 10);
  CHECK(hybrid >= 3);
}

// The C++ API: optima of random COPs through hybrid auto equal the CPU's.
TEST_CASE("host device: hybrid auto optima equal the CPU's", "[batch][host-device][hybrid]") {
  setenv("ARCWAVE_BATCH_HOST_DEVICE", "1", 1);
  for (int i = 0; i < 10; ++i) {
    Model m = gen::rb({.n = 14,
                       .d = 8,
                       .e = 30,
                       .tightness = 0.3,
                       .seed = static_cast<std::uint64_t>(4700 + i),
                       .forced = i % 2 == 0});
    Objective obj;
    obj.kind = Objective::Kind::kSum;
    for (int x = 0; x < 14; ++x) {
      obj.scope.push_back(x);
      obj.coeffs.push_back(1 + (x * 5 + i) % 7);
    }
    obj.minimize = i % 3 != 0;
    m.set_objective(obj);
    const SolveResult cpu = solve_with(m, SolverBackend::kCpu, false);
    const SolveResult both = solve_with(m, SolverBackend::kAuto, false);
    INFO("network " << i << ": " << both.backend);
    CHECK(both.backend.find(" beside ") != std::string::npos);
    CHECK(both.status == cpu.status);
    CHECK(both.complete);
    if (cpu.best) {
      REQUIRE(both.best.has_value());
      CHECK(both.best->objective == cpu.best->objective);
      CHECK(m.check(both.best->values));
    }
  }
  unsetenv("ARCWAVE_BATCH_HOST_DEVICE");
}

// A count stopped after the CPU probe found solutions and before the device found any (the
// stop comes from the probe's first solution): the answer is the probe's solution, SATISFIABLE,
// and a count of at least one, not UNKNOWN with none.
TEST_CASE("host device: a count stopped before the device's first solution keeps the probe's",
          "[batch][host-device]") {
  setenv("ARCWAVE_BATCH_HOST_DEVICE", "1", 1);
  const Model m = gen::queens(12);
  SolverOptions o;
  o.backend = SolverBackend::kGpu;
  o.all_solutions = true;
  o.batch_probe_seconds = 5;
  Solver solver(m, o);
  std::atomic<bool> stop{false};
  solver.set_stop_flag(&stop);
  solver.on_solution([&stop](const Solution&) { stop.store(true); });
  const SolveResult r = solver.solve();
  unsetenv("ARCWAVE_BATCH_HOST_DEVICE");
  INFO(r.backend);
  CHECK_FALSE(r.complete);
  CHECK(r.status == SolveStatus::kSatisfiable);
  CHECK(r.solutions >= 1);
  CHECK(r.solutions < 14200);  // queens-12 has 14,200: the count was stopped
  REQUIRE(r.best.has_value());
  CHECK(m.check(r.best->values));
}

}  // namespace arcwave
