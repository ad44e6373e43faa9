// `arcwave info` (the real binary, ARCWAVE_BINARY_DIR/cli/arcwave) on XCSP3 files: exit code 0
// and the counts on a good file, 2 with FILE:LINE:COL on every malformed file, 3 with the element
// and FILE:LINE:COL on every unsupported one (malformed_cases.hpp lists them).
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/parsers/xcsp3/malformed_cases.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

namespace {

struct Run {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

std::filesystem::path binary() {
  const char* dir = std::getenv("ARCWAVE_BINARY_DIR");
  return std::filesystem::path(dir != nullptr ? dir : ".") / "cli" / "arcwave";
}

Run run_info(const std::filesystem::path& file) {
  const std::string command = "'" + binary().string() + "' info '" + file.string() + "' 2>&1";
  Run r;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    r.output.append(buffer.data(), n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::filesystem::path xcsp3_file(const std::string& folder, const std::string& name) {
  return arcwave::test::source_dir() / "tests" / "parsers" / "xcsp3" / folder / name;
}

}  // namespace

TEST_CASE("arcwave info on XCSP3 files: counts, exit codes and messages", "[xcsp3][cli]") {
  if (!std::filesystem::exists(binary())) {
    WARN("no arcwave binary at " << binary() << " (set ARCWAVE_BINARY_DIR)");
    return;
  }
  SECTION("a good file") {
    const Run r = run_info(xcsp3_file("data", "groups_blocks.xml"));
    CHECK(r.exit_code == 0);
    CHECK(r.output.find("format       XCSP3 (CSP)") != std::string::npos);
    CHECK(r.output.find("variables    8") != std::string::npos);
    CHECK(r.output.find("constraints  14") != std::string::npos);
    CHECK(r.output.find("tuples       4") != std::string::npos);
  }
  SECTION("every malformed or unsupported file: its exit code and its exact message") {
    std::size_t bad_input = 0, unsupported = 0;
    for (const arcwave::test::MalformedCase& c : arcwave::test::kMalformedCases) {
      const std::filesystem::path file = arcwave::test::malformed_dir() / c.file;
      const Run r = run_info(file);
      INFO(c.file << ": " << r.output);
      CHECK(r.exit_code == c.exit_code);
      CHECK(r.output.find(c.expected(file.string())) != std::string::npos);
      bad_input += c.exit_code == 2 ? 1 : 0;
      unsupported += c.exit_code == 3 ? 1 : 0;
    }
    CHECK(bad_input >= 15);
    CHECK(unsupported >= 1);
  }
}
