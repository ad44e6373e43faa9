// XCSP3 reader on every shared binary-network instance (../shared/instances/xcsp3-binary, skipped
// quietly when the folder is absent): each file parses, and its counts equal those of an
// independent scan of the decompressed text, walked tag by tag (variables from <var>/<array size>,
// constraints from the elements outside templates plus one per <args> and per slide window, tuples
// from the table texts).
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "arcwave/model.hpp"
#include "parsers/input/byte_source.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

using namespace arcwave;

namespace {

struct ScanCounts {
  std::size_t variables = 0;
  std::size_t constraints = 0;
  std::uint64_t tuples = 0;
};

// The value of attribute `key` in a start tag's text, or "".
std::string attribute(const std::string& tag, const std::string& key) {
  const std::size_t at = tag.find(" " + key + "=\"");
  if (at == std::string::npos) return {};
  const std::size_t from = at + key.size() + 3;
  return tag.substr(from, tag.find('"', from) - from);
}

// Counts from the raw text by walking its tags, sharing no code with the reader. The shared
// instances use 1-D arrays, groups of one template, and slides over one `x[]` list of q = 2.
ScanCounts scan(const std::string& text) {
  ScanCounts c;
  std::map<std::string, std::size_t> array_size;
  int in_template = 0;  // inside <group> or <slide>, a constraint is a template
  bool circular = false;
  for (std::size_t lt = text.find('<'); lt != std::string::npos; lt = text.find('<', lt + 1)) {
    const std::size_t gt = text.find('>', lt);
    const std::string tag = text.substr(lt, gt - lt + 1);
    const bool closing = tag.size() > 1 && tag[1] == '/';
    std::size_t name_end = 1 + (closing ? 1 : 0);
    while (name_end < tag.size() && std::isalpha(static_cast<unsigned char>(tag[name_end])))
      ++name_end;
    const std::string name = tag.substr(1 + (closing ? 1 : 0), name_end - 1 - (closing ? 1 : 0));
    const std::size_t body_end = text.find('<', gt);
    const std::string body = text.substr(gt + 1, body_end - gt - 1);
    if (closing) {
      if (name == "group" || name == "slide") --in_template;
      continue;
    }
    if (name == "var") {
      ++c.variables;
    } else if (name == "array") {
      const std::string size = attribute(tag, "size");  // "[n]"
      const std::size_t n = std::stoul(size.substr(1, size.size() - 2));
      array_size[attribute(tag, "id")] = n;
      c.variables += n;
    } else if (name == "group" || name == "slide") {
      ++in_template;
      circular = attribute(tag, "circular") == "true";
    } else if ((name == "extension" || name == "intension") && in_template == 0) {
      ++c.constraints;
    } else if (name == "args") {
      ++c.constraints;
    } else if (name == "list" && !attribute(tag, "collect").empty()) {
      // <list collect="2"> x[] </list> in a slide: n windows when circular, n - 1 otherwise.
      const std::size_t first = body.find_first_not_of(' ');
      const std::size_t n = array_size.at(body.substr(first, body.find('[') - first));
      c.constraints += circular ? n : n - 1;
    } else if (name == "supports" || name == "conflicts") {
      c.tuples += static_cast<std::uint64_t>(std::count(body.begin(), body.end(), '('));
    }
  }
  return c;
}

}  // namespace

TEST_CASE("every shared binary XCSP3 instance parses with the counts of an independent scan",
          "[xcsp3][shared]") {
  const std::filesystem::path shared = test::shared_instances_dir();
  if (shared.empty() || !std::filesystem::exists(shared / "xcsp3-binary"))
    return;  // no shared instances on this machine
  const std::filesystem::path dir = shared / "xcsp3-binary";
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (e.is_regular_file() && name.find(".xml") != std::string::npos) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  REQUIRE(!files.empty());
  std::size_t xcsp3_files = 0;
  for (const std::filesystem::path& path : files) {
    INFO(path.string());
    const std::unique_ptr<ByteSource> source = open_input(path.string());
    const std::string text = read_all(*source);
    if (text.find("format=\"XCSP3\"") == std::string::npos) continue;
    ++xcsp3_files;
    const XcspInstance inst = read_xcsp(path.string());
    const Model& m = inst.model;
    const ScanCounts expected = scan(text);
    CHECK(inst.format == XcspFormat::kXcsp3);
    CHECK(m.variable_count() == expected.variables);
    CHECK(m.constraints().size() == expected.constraints);
    CHECK(inst.tuples == expected.tuples);
    // Binary networks: every constraint involves one or two distinct variables.
    std::size_t bad_arity = 0;
    for (const Constraint& c : m.constraints()) {
      const std::size_t arity = constraint_scope(c).size();
      bad_arity += arity == 1 || arity == 2 ? 0 : 1;
    }
    CHECK(bad_arity == 0);
  }
  CHECK(xcsp3_files > 0);
}
