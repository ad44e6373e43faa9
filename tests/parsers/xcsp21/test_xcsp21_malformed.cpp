// Every file of malformed/ must fail with an InputError whose message is exactly the one
// malformed/expected.txt gives for it (after the file name):
//   NAME.xml | LINE:COL: message          the whole message
//   NAME.xml |~ LINE:COL: message-start   its beginning (libxml2's own wording follows)
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "tests/parsers/xcsp21/xcsp21_test_support.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

struct Expectation {
  std::string text;
  bool prefix_only = false;
};

std::map<std::string, Expectation> read_expectations(const std::filesystem::path& file) {
  std::map<std::string, Expectation> out;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t bar = line.find(" |");
    REQUIRE(bar != std::string::npos);
    Expectation e;
    std::size_t rest = bar + 2;
    if (rest < line.size() && line[rest] == '~') {
      e.prefix_only = true;
      ++rest;
    }
    e.text = line.substr(rest + 1);
    out.emplace(line.substr(0, bar), e);
  }
  return out;
}

}  // namespace

TEST_CASE("malformed XCSP 2.1 files give FILE:LINE:COL messages", "[xcsp21][errors]") {
  const std::filesystem::path dir = test::xcsp21_dir() / "malformed";
  const std::map<std::string, Expectation> expected = read_expectations(dir / "expected.txt");
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".xml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  CHECK(files.size() >= 15);
  CHECK(files.size() == expected.size());
  for (const std::filesystem::path& file : files) {
    const std::string path = file.string();
    INFO(path);
    const auto it = expected.find(file.filename().string());
    REQUIRE(it != expected.end());
    try {
      (void)test::read_xcsp21_file(path);
      FAIL_CHECK("no error");
    } catch (const InputError& e) {
      CHECK(e.exit_code() == 2);
      const std::string full = path + ":" + it->second.text;
      if (it->second.prefix_only)
        CHECK(std::string(e.what()).substr(0, full.size()) == full);
      else
        CHECK(std::string(e.what()) == full);
    }
  }
}

TEST_CASE("deeply nested elements are an error, not a stack overflow", "[xcsp21][errors]") {
  constexpr int kDepth = 300000;
  std::string doc = "<instance><domains><domain name=\"D\">0..1\n";
  for (int i = 0; i < kDepth; ++i) doc += "<a>";
  for (int i = 0; i < kDepth; ++i) doc += "</a>";
  doc += "</domain></domains></instance>";
  try {
    (void)test::read_xcsp_text(doc);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "mem.xml:2:1: unexpected element <a> in <domain>");
  }
  // Inside <presentation> any content is a description, and is ignored.
  std::string described = "<instance><presentation>";
  for (int i = 0; i < kDepth; ++i) described += "<p>";
  for (int i = 0; i < kDepth; ++i) described += "</p>";
  described +=
      "</presentation><domains><domain name=\"D\">0</domain></domains>"
      "<variables><variable name=\"X\" domain=\"D\"/></variables></instance>";
  CHECK(test::read_xcsp_text(described).model.variable_count() == 1);
}
