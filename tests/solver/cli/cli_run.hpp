// tests/solver/cli/cli_run.hpp — running the `arcwave` binary of the build under test and
// reading its output, for the end-to-end tests of `solve` and `ac`.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

#include "tests/support/cli.hpp"
#include "tests/support/paths.hpp"

namespace arcwave::test {

inline std::filesystem::path scratch_dir() {
  return scratch_dir("arcwave_solve_cli_" + std::to_string(::getpid()));
}

/// Runs `prefix arcwave args` through the shell (prefix: for example "timeout -s INT 1").
inline CliRun run_cli(const std::string& args, const std::string& prefix = {}) {
  return run_arcwave(args, scratch_dir(), prefix);
}

inline std::string bundled(const std::string& name) {
  return (instances_dir() / name).string();
}

}  // namespace arcwave::test
