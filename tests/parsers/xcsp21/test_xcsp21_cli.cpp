// The real `arcwave info` binary on malformed XCSP 2.1 files: exit code 2 and the
// FILE:LINE:COL message on standard error, nothing on standard output.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/support/catch.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/paths.hpp"

namespace {

arcwave::test::CliRun run_info(const std::string& file) {
  REQUIRE(std::getenv("ARCWAVE_BINARY_DIR") != nullptr);
  REQUIRE(std::filesystem::exists(arcwave::test::arcwave_binary()));
  return arcwave::test::run_arcwave(
      "info '" + file + "'",
      arcwave::test::scratch_dir("arcwave_xcsp21_cli_" + std::to_string(::getpid())));
}

std::string malformed(const std::string& name) {
  return (arcwave::test::source_dir() / "tests" / "parsers" / "xcsp21" / "malformed" / name)
      .string();
}

}  // namespace

TEST_CASE("arcwave info exits with 2 and FILE:LINE:COL on malformed XCSP 2.1", "[xcsp21][cli]") {
  const struct {
    const char* file;
    const char* message;
  } cases[] = {
      {"wrong_nbtuples.xml", ":11:1: relation 'R' declares nbTuples=\"4\" but lists 3 tuples"},
      {"tuple_too_long.xml", ":11:72: tuple 2 has more values than the relation's arity 2"},
      {"unknown_relation.xml",
       ":14:1: constraint 'C' references 'R9', which is neither a "
       "relation nor a predicate declared before it"},
      {"deep_expression.xml", ":13:2073: expression nested deeper than 512 levels"},
  };
  for (const auto& c : cases) {
    const std::string file = malformed(c.file);
    INFO(file);
    const auto r = run_info(file);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "arcwave: " + file + c.message + "\n");
  }
}

TEST_CASE("arcwave info reads a valid XCSP 2.1 instance", "[xcsp21][cli]") {
  const std::string file = (arcwave::test::source_dir() / "tests" / "parsers" / "xcsp21" / "data" /
                            "queens4_supports.xml")
                               .string();
  const auto r = run_info(file);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("XCSP 2.1") != std::string::npos);
  CHECK(r.out.find("variables    4") != std::string::npos);
  CHECK(r.out.find("tuples       24") != std::string::npos);
}
