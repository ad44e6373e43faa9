// Malformed and unsupported XCSP3 files (tests/parsers/xcsp3/malformed/, listed with their
// expected errors in malformed_cases.hpp): each one raises InputError (exit code 2) or
// Unsupported (3) with its exact FILE:LINE:COL message, and never crashes or hangs.
#include <filesystem>
#include <set>
#include <string>

#include "arcwave/error.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "tests/parsers/xcsp3/malformed_cases.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

struct Outcome {
  int exit_code = 0;
  bool input_error = false;
  std::string message;
};

Outcome read_malformed(const std::string& path) {
  try {
    (void)read_xcsp(path);
  } catch (const InputError& e) {
    return {e.exit_code(), true, e.what()};
  } catch (const Error& e) {
    return {e.exit_code(), false, e.what()};
  }
  return {0, false, ""};
}

}  // namespace

TEST_CASE("malformed XCSP3 files give their exact FILE:LINE:COL message", "[xcsp3][malformed]") {
  std::size_t bad_input = 0;
  for (const test::MalformedCase& c : test::kMalformedCases) {
    const std::string path = (test::malformed_dir() / c.file).string();
    const Outcome o = read_malformed(path);
    INFO(c.file << ": " << o.message);
    CHECK(o.exit_code == c.exit_code);
    CHECK(o.input_error == (c.exit_code == 2));
    const std::string expected = c.expected(path);
    if (std::string(c.message).ends_with("XML error: ")) {
      CHECK(o.message.starts_with(expected));  // libxml2's own wording follows
    } else {
      CHECK(o.message == expected);
    }
    bad_input += c.exit_code == 2 ? 1 : 0;
  }
  CHECK(bad_input >= 15);

  // Every file of the folder is listed, once.
  std::set<std::string> listed;
  for (const test::MalformedCase& c : test::kMalformedCases) listed.insert(c.file);
  CHECK(listed.size() == test::kMalformedCases.size());
  std::set<std::string> present;
  for (const auto& e : std::filesystem::directory_iterator(test::malformed_dir()))
    if (e.is_regular_file()) present.insert(e.path().filename().string());
  CHECK(present == listed);
}

TEST_CASE("InputError carries the position as a SourcePosition", "[xcsp3][malformed]") {
  const std::string path = (test::malformed_dir() / "value_outside_domain.xml").string();
  try {
    (void)read_xcsp(path);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.where().file == path);
    CHECK(e.where().line == 8);
    CHECK(e.where().column == 18);
    CHECK(e.message() == "value 7 is not in the domain of x[1]");
  }
}
