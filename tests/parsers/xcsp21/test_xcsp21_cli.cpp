// The real `arcwave info` binary on malformed XCSP 2.1 files: exit code 2 and the
// FILE:LINE:COL message on standard error, nothing on standard output.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

namespace {

struct Run {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Run run_info(const std::string& file) {
  const char* bin_dir = std::getenv("ARCWAVE_BINARY_DIR");
  REQUIRE(bin_dir != nullptr);
  const std::filesystem::path binary = std::filesystem::path(bin_dir) / "cli" / "arcwave";
  REQUIRE(std::filesystem::exists(binary));
  const std::filesystem::path tmp = std::filesystem::temp_directory_path();
  const std::string tag = std::to_string(::getpid());
  const std::filesystem::path out = tmp / ("arcwave_xcsp21_cli_" + tag + ".out");
  const std::filesystem::path err = tmp / ("arcwave_xcsp21_cli_" + tag + ".err");
  const std::string command = "'" + binary.string() + "' info '" + file + "' >'" + out.string() +
                              "' 2>'" + err.string() + "'";
  const int status = std::system(command.c_str());
  Run r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
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
    const Run r = run_info(file);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "arcwave: " + file + c.message + "\n");
  }
}

TEST_CASE("arcwave info reads a valid XCSP 2.1 instance", "[xcsp21][cli]") {
  const std::string file = (arcwave::test::source_dir() / "tests" / "parsers" / "xcsp21" / "data" /
                            "queens4_supports.xml")
                               .string();
  const Run r = run_info(file);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("XCSP 2.1") != std::string::npos);
  CHECK(r.out.find("variables    4") != std::string::npos);
  CHECK(r.out.find("tuples       24") != std::string::npos);
}
