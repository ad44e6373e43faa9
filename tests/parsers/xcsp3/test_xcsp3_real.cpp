// The shared xcsp3-real instances (66 competition files, ../shared/instances/xcsp3-real/*/,
// skipped quietly when absent): every one is read, its declared variables are those an
// independent scan of the text counts (<var> elements and array cells, arrays without per-cell
// domains), every other variable is auxiliary, a COP has an objective and a CSP none.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "arcwave/model.hpp"
#include "parsers/input/byte_source.hpp"
#include "parsers/xcsp/xcsp_reader.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/paths.hpp"

using namespace arcwave;

namespace {

std::vector<std::filesystem::path> real_files() {
  std::vector<std::filesystem::path> files;
  const std::filesystem::path shared = test::shared_instances_dir();
  if (shared.empty() || !std::filesystem::exists(shared / "xcsp3-real")) return files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(shared / "xcsp3-real"))
    if (e.is_regular_file() && e.path().string().ends_with(".xml.lzma")) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

struct Scan {
  std::size_t cells = 0;          // <var> elements and array cells
  bool per_cell_domains = false;  // some array gives domains cell by cell (cells may lack one)
  bool cop = false;
};

// Counts from the raw text, sharing no code with the reader.
Scan scan(const std::string& text) {
  Scan s;
  s.cop = text.find("type=\"COP\"") != std::string::npos;
  for (std::size_t at = text.find("<var "); at != std::string::npos;
       at = text.find("<var ", at + 1))
    ++s.cells;
  for (std::size_t at = text.find("<array "); at != std::string::npos;
       at = text.find("<array ", at + 1)) {
    const std::size_t end = text.find('>', at);
    const std::string tag = text.substr(at, end - at);
    const std::size_t size = tag.find("size=\"");
    std::size_t cells = 1;
    for (std::size_t b = tag.find('[', size); b != std::string::npos && b < tag.find('"', size + 6);
         b = tag.find('[', b + 1))
      cells *= std::stoul(tag.substr(b + 1));
    s.cells += cells;
  }
  s.per_cell_domains = text.find("<domain for=") != std::string::npos;
  return s;
}

std::size_t declared_variables(const Model& m) {
  std::size_t n = 0;
  for (const Declaration& d : m.declarations()) {
    if (!d.is_array) {
      ++n;
      continue;
    }
    for (int c : m.arrays()[static_cast<std::size_t>(d.index)].cells) n += c >= 0 ? 1 : 0;
  }
  return n;
}

}  // namespace

TEST_CASE("every shared xcsp3-real instance is read with sensible counts", "[xcsp3][shared]") {
  const std::vector<std::filesystem::path> files = real_files();
  if (files.empty()) return;  // no shared instances on this machine
  CHECK(files.size() >= 66);
  std::size_t with_auxiliaries = 0;
  for (const std::filesystem::path& path : files) {
    INFO(path.string());
    const std::unique_ptr<ByteSource> source = open_input(path.string());
    const Scan expected = scan(read_all(*source));
    XcspInstance inst;
    REQUIRE_NOTHROW(inst = read_xcsp(path.string()));
    const Model& m = inst.model;
    const std::size_t declared = declared_variables(m);
    if (expected.per_cell_domains) {
      CHECK(declared <= expected.cells);
      CHECK(declared > 0);
    } else {
      CHECK(declared == expected.cells);
    }
    CHECK(m.variable_count() >= declared);
    with_auxiliaries += m.variable_count() > declared ? 1 : 0;
    CHECK(!m.constraints().empty());
    CHECK(inst.type == (expected.cop ? "COP" : "CSP"));
    CHECK(m.objective().has_value() == expected.cop);
    // Every domain is non-empty, sorted and distinct.
    std::size_t bad_domains = 0;
    for (const Variable& v : m.variables())
      bad_domains += v.domain.empty() ||
                     std::adjacent_find(v.domain.begin(), v.domain.end(),
                                        [](Value a, Value b) { return a >= b; }) != v.domain.end();
    CHECK(bad_domains == 0);
  }
  // Expressions in lists and objectives over lists bring auxiliary variables to several files.
  CHECK(with_auxiliaries >= 10);
}
