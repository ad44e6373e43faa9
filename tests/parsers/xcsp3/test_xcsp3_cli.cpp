// `arcwave info` (the real binary, ARCWAVE_BINARY_DIR/cli/arcwave) on XCSP3 files: exit code 0
// and the counts on a good file, 2 with FILE:LINE:COL on malformed ones, 3 on unsupported ones.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

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
  SECTION("malformed files: exit code 2 and the position") {
    const struct {
      const char* file;
      const char* where;  // ":LINE:COL: message" after the path
    } cases[] = {
        {"unknown_reference.xml", ":6:25: unknown variable 'y'"},
        {"value_outside_domain.xml", ":8:18: value 7 is not in the domain of x[1]"},
        {"tuple_arity.xml", ":8:23: tuple has more than 2 values (the scope has 2)"},
        {"reversed_range.xml", ":3:22: reversed range '9..4' (empty)"},
        {"duplicate_id.xml", ":5:5: duplicate id 'x' (first declared at 3:5)"},
        {"table_value_out_of_range.xml", ":9:12: table value out of the 32-bit range"},
    };
    for (const auto& c : cases) {
      const std::filesystem::path file = xcsp3_file("malformed", c.file);
      const Run r = run_info(file);
      INFO(r.output);
      CHECK(r.exit_code == 2);
      CHECK(r.output.find(file.string() + c.where) != std::string::npos);
    }
    for (const char* file : {"truncated.xml", "binary_garbage.xml", "deep_xml_nesting.xml",
                             "deep_expression_nesting.xml", "bad_expression.xml"}) {
      const Run r = run_info(xcsp3_file("malformed", file));
      INFO(file << ": " << r.output);
      CHECK(r.exit_code == 2);
      CHECK(r.output.find(xcsp3_file("malformed", file).string() + ":") != std::string::npos);
    }
  }
  SECTION("unsupported features: exit code 3 naming the element and the position") {
    const struct {
      const char* file;
      const char* what;
      const char* where;
    } cases[] = {
        {"unsupported_constraint.xml", "unsupported: constraint <count> at ", ":7:5"},
        {"unsupported_symbolic.xml", "unsupported: variables of type \"symbolic\" at ", ":3:5"},
        {"unsupported_in_group.xml", "unsupported: <ordered> as a constraint template at ", ":7:7"},
    };
    for (const auto& c : cases) {
      const std::filesystem::path file = xcsp3_file("malformed", c.file);
      const Run r = run_info(file);
      INFO(r.output);
      CHECK(r.exit_code == 3);
      CHECK(r.output.find(std::string(c.what) + file.string() + c.where) != std::string::npos);
    }
  }
}
