// `arcwave info` (the real binary, ARCWAVE_BINARY_DIR/cli/arcwave) on XCSP3 files: exit code 0
// and the counts on a good file, 2 with FILE:LINE:COL on every malformed file, 3 with the element
// and FILE:LINE:COL on every unsupported one (malformed_cases.hpp lists them), and exit code 0
// on every shared xcsp3-real and xcsp3-constraints instance.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/parsers/xcsp3/malformed_cases.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/paths.hpp"

namespace {

struct Run {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

std::filesystem::path binary() {
  return arcwave::test::arcwave_binary();
}

Run run_info(const std::filesystem::path& file) {
  const arcwave::test::CliRun r = arcwave::test::run_arcwave(
      "info '" + file.string() + "'", arcwave::test::scratch_dir("arcwave_xcsp3_cli"));
  return Run{r.exit_code, r.out + r.err};
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

TEST_CASE("arcwave info reads every shared xcsp3-real and xcsp3-constraints file",
          "[xcsp3][cli][shared]") {
  const std::filesystem::path shared = arcwave::test::shared_instances_dir();
  if (!std::filesystem::exists(binary()) || shared.empty()) return;
  std::vector<std::filesystem::path> files;
  for (const char* folder : {"xcsp3-real", "xcsp3-constraints"}) {
    if (!std::filesystem::exists(shared / folder)) continue;
    for (const auto& e : std::filesystem::recursive_directory_iterator(shared / folder)) {
      const std::string name = e.path().filename().string();
      if (e.is_regular_file() && (name.ends_with(".xml") || name.ends_with(".xml.lzma")))
        files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) return;
  CHECK(files.size() >= 66 + 38);
  for (const std::filesystem::path& f : files) {
    const Run r = run_info(f);
    INFO(f.string() << ": " << r.output);
    CHECK(r.exit_code == 0);
    CHECK(r.output.find("constraints  ") != std::string::npos);
  }
  // Expressions in a list: SameQueensKnights counts its auxiliary variables apart.
  const std::filesystem::path sqk =
      shared / "xcsp3-real" / "2024" / "SameQueensKnights-b-15_c24.xml.lzma";
  if (std::filesystem::exists(sqk)) {
    const Run r = run_info(sqk);
    CHECK(r.output.find("variables    1127\nauxiliary    450\n") != std::string::npos);
  }
}

TEST_CASE("arcwave solve on the shared xcsp3-constraints files: counts and optima",
          "[xcsp3][cli][shared][solve]") {
  const std::filesystem::path shared = arcwave::test::shared_instances_dir();
  if (!std::filesystem::exists(binary()) || shared.empty()) return;
  const std::filesystem::path dir = shared / "xcsp3-constraints";
  if (!std::filesystem::exists(dir / "expected")) return;
  const std::filesystem::path scratch = arcwave::test::scratch_dir("arcwave_xcsp3_cli");
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() != ".xml") continue;
    const std::string stem = e.path().stem().string();
    const std::filesystem::path sols = dir / "expected" / (stem + ".sols");
    const std::filesystem::path opt = dir / "expected" / (stem + ".opt");
    INFO(e.path().string());
    ++files;
    if (std::filesystem::exists(sols)) {
      const std::string text = arcwave::test::slurp(sols);
      std::size_t lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
      if (stem == "circuit")
        lines = 5;  // ACE's 2 cycles and the 3 with a loop (see the solve test)
      const arcwave::test::CliRun r =
          arcwave::test::run_arcwave("solve -a '" + e.path().string() + "'", scratch);
      CHECK(r.exit_code == 0);
      CHECK(r.lines("c solutions " + std::to_string(lines)).size() == 1);
      CHECK(r.status() == "s SATISFIABLE");
    } else if (std::filesystem::exists(opt)) {
      const std::string best = arcwave::test::slurp(opt);
      const arcwave::test::CliRun r =
          arcwave::test::run_arcwave("solve '" + e.path().string() + "'", scratch);
      CHECK(r.exit_code == 0);
      CHECK(r.status() == "s OPTIMUM FOUND");
      const std::vector<std::string> bounds = r.lines("o ");
      REQUIRE(!bounds.empty());
      CHECK(bounds.back() == "o " + best.substr(0, best.find_first_of("\r\n")));
    }
  }
  CHECK(files == 38);
}
