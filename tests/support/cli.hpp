// tests/support/cli.hpp — end-to-end tests run the `arcwave` binary of the build under test
// (ARCWAVE_BINARY_DIR, set by ctest) through the shell and read back its exit code and output.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace arcwave::test {

inline std::filesystem::path arcwave_binary() {
  const char* dir = std::getenv("ARCWAVE_BINARY_DIR");
  return std::filesystem::path(dir != nullptr ? dir : ".") / "cli" / "arcwave";
}

/// A folder of the temporary directory (created) for one test binary's files.
inline std::filesystem::path scratch_dir(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / name;
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
  /// The lines of stdout that start with `prefix`.
  [[nodiscard]] std::vector<std::string> lines(const std::string& prefix) const {
    std::vector<std::string> found;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);)
      if (line.rfind(prefix, 0) == 0) found.push_back(line);
    return found;
  }
  /// The single `s` line, or "" when there is none.
  [[nodiscard]] std::string status() const {
    const auto s = lines("s ");
    return s.size() == 1 ? s[0] : std::string();
  }
};

/// Runs `prefix arcwave args` through the shell (prefix: for example "timeout -s INT 1" or
/// "VAR=value"), with stdout and stderr captured in files of `dir`. `args` goes to the shell as
/// it is (quote paths that may hold spaces).
inline CliRun run_arcwave(const std::string& args, const std::filesystem::path& dir,
                          const std::string& prefix = {}) {
  const std::filesystem::path o = dir / "stdout.txt";
  const std::filesystem::path e = dir / "stderr.txt";
  const std::string cmd = prefix + (prefix.empty() ? "" : " ") + "'" + arcwave_binary().string() +
                          "' " + args + " > '" + o.string() + "' 2> '" + e.string() + "'";
  const int status = std::system(cmd.c_str());
  CliRun r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(o);
  r.err = slurp(e);
  return r;
}

}  // namespace arcwave::test
