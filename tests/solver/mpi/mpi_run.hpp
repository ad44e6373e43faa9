// tests/solver/mpi/mpi_run.hpp — running `mpirun --oversubscribe -np K arcwave ...` from the
// end-to-end MPI tests, under `timeout`, and the instance files they write.
#pragma once

#include <string>

#include <fmt/format.h>

#include "instances/csp/writers/xcsp_writer.hpp"
#include "tests/solver/cli/cli_run.hpp"
#include "tests/support/catch.hpp"

namespace arcwave::test {

inline constexpr int kMpiLimit = 120;  // seconds any one mpirun may take before it is a hang

// Root is allowed (CI runs as root); single-copy transfers between processes are off, since
// containers often forbid the ptrace they need (large messages would then fail).
inline std::string mpi_launcher(int ranks, const std::string& env = {}) {
  return fmt::format(
      "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "
      "OMPI_MCA_btl_vader_single_copy_mechanism=none {} timeout {} '{}' --oversubscribe -np {}",
      env, kMpiLimit, ARCWAVE_MPIEXEC, ranks);
}

inline CliRun mpirun(const std::string& args, int ranks = 3, const std::string& env = {}) {
  CliRun r = run_cli(args, mpi_launcher(ranks, env));
  REQUIRE(r.exit_code != 124);  // timeout: a hang
  return r;
}

inline std::string write_model(const Model& m, const std::string& name) {
  const std::string path = (scratch_dir() / name).string();
  gen::write_xcsp_file(m, gen::XcspDialect::kXcsp3, path);
  return path;
}

/// The `c solutions` line, or "" unless there is exactly one.
inline std::string solutions_line(const CliRun& r) {
  const auto l = r.lines("c solutions ");
  return l.size() == 1 ? l[0] : std::string();
}

}  // namespace arcwave::test
