// Errors of the XCSP readers on several threads are those of the sequential reading (type,
// FILE:LINE:COL and message): on every malformed test file, on documents with errors placed in
// a deferred table before or after other errors of the stream, and on randomly damaged copies
// of valid documents (the first error in document order wins).
#include <algorithm>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "instances/csp/generators.hpp"
#include "instances/csp/writers/xcsp_writer.hpp"
#include "tests/parsers/xcsp_parallel/parallel_reading.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/compress.hpp"
#include "tests/support/paths.hpp"

using namespace arcwave;
using arcwave::test::Outcome;

namespace {

void check_same_outcome(const std::string& name, const std::string& bytes) {
  const Outcome expected = test::read_outcome(name, bytes, test::kSequential);
  for (const XcspReadOptions& options : test::parallel_options()) {
    INFO(test::describe(options));
    const Outcome got = test::read_outcome(name, bytes, options);
    CHECK(got.error == expected.error);
    CHECK(got.instance.has_value() == expected.instance.has_value());
  }
}

std::string message_of(const std::string& bytes, const XcspReadOptions& options) {
  const Outcome o = test::read_outcome("doc.xml", bytes, options);
  return o.error.substr(o.error.find(": ") + 2);
}

// Large tables (a few parts each with split 64) around the pieces a test puts in.
std::string table(int tuples, int first) {
  std::string s;
  for (int t = 0; t < tuples; ++t)
    s += "(" + std::to_string((first + t) % 10) + "," + std::to_string(t % 7) + ")";
  return s;
}

}  // namespace

TEST_CASE("malformed files: the sequential error under threads and tiny parts",
          "[xcsp][parallel][malformed]") {
  std::size_t files = 0;
  for (const char* folder : {"xcsp3", "xcsp21"}) {
    const auto dir = test::source_dir() / "tests" / "parsers" / folder / "malformed";
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() != ".xml") continue;
      INFO(entry.path().string());
      const std::string path = entry.path().string();
      const Outcome expected = test::read_outcome_file(path, test::kSequential);
      CHECK(!expected.error.empty());
      for (const XcspReadOptions& options : test::parallel_options()) {
        INFO(test::describe(options));
        CHECK(test::read_outcome_file(path, options).error == expected.error);
      }
      ++files;
    }
  }
  CHECK(files >= 100);
}

TEST_CASE("a deferred table's error comes before later errors of the stream",
          "[xcsp][parallel][malformed]") {
  const std::string head =
      "<instance format=\"XCSP3\" type=\"CSP\">\n<variables>\n<array id=\"x\" size=\"[4]\"> 0..9 "
      "</array>\n</variables>\n<constraints>\n";
  const XcspReadOptions parallel{.threads = 4, .defer_bytes = 0, .split_bytes = 64};
  // Line 6: a good table, line 7: a bad value in the middle of a large table, line 8: an unknown
  // variable, then the document ends without closing its elements.
  const std::string line7 = "<extension><list> x[1] x[2] </list><conflicts>";
  const std::string bad_table = head + "<extension><list> x[0] x[1] </list><supports>" +
                                table(300, 0) + "</supports></extension>\n" + line7 +
                                table(200, 3) + "(4,x)" + table(200, 5) +
                                "</conflicts></extension>\n<extension><list> x[1] y </list>";
  // The 'x' is the 4th character of "(4,x)", after 200 tuples of 5 characters.
  const std::string want = "doc.xml:7:" + std::to_string(line7.size() + 200 * 5 + 4) +
                           ": expected an integer or '*' in a tuple";
  CHECK(message_of(bad_table, test::kSequential) == want);
  CHECK(message_of(bad_table, parallel) == want);

  // The stream's error (line 6) comes before the table's (line 7).
  const std::string bad_list =
      head + "<extension><list> x[0] z </list><supports>" + table(300, 0) +
      "</supports></extension>\n<extension><list> x[1] x[2] </list><conflicts>" + table(200, 3) +
      "(4,x)</conflicts></extension>\n</constraints></instance>\n";
  CHECK(message_of(bad_list, test::kSequential) == "doc.xml:6:24: unknown variable 'z'");
  CHECK(message_of(bad_list, parallel) == "doc.xml:6:24: unknown variable 'z'");
}

TEST_CASE("randomly damaged documents: the sequential outcome", "[xcsp][parallel][fuzz]") {
  std::vector<std::string> documents;
  const Model rb = gen::rb({.n = 10, .d = 12, .e = 12, .tightness = 0.5, .seed = 5});
  for (const auto dialect : {gen::XcspDialect::kXcsp3, gen::XcspDialect::kXcsp21}) {
    std::ostringstream out;
    gen::write_xcsp(rb, dialect, out);
    documents.push_back(out.str());
  }
  static const std::string kReplacements = "x(),|*-9 <>\n0";
  std::mt19937 rng(11);
  for (const std::string& original : documents) {
    for (int round = 0; round < 150; ++round) {
      std::string doc = original;
      const int damages = 1 + static_cast<int>(rng() % 3);
      for (int k = 0; k < damages; ++k) {
        const std::size_t at = rng() % doc.size();
        switch (rng() % 4) {
          case 0:
            doc[at] = kReplacements[rng() % kReplacements.size()];
            break;
          case 1:
            doc.erase(at, 1);
            break;
          case 2:
            doc.insert(at, "99999999999");
            break;
          default:
            doc.insert(at, doc.substr(rng() % doc.size(), 1 + rng() % 40));
            break;
        }
      }
      INFO("round " << round);
      check_same_outcome("damaged.xml", doc);
    }
  }
}

TEST_CASE("damaged compressed documents: the sequential outcome", "[xcsp][parallel][fuzz]") {
  const Model rb = gen::rb({.n = 20, .d = 30, .e = 40, .tightness = 0.5, .seed = 9});
  std::ostringstream out;
  gen::write_xcsp(rb, gen::XcspDialect::kXcsp3, out);
  const std::string text = out.str();
  std::mt19937 rng(23);
  for (const std::string& packed :
       {test::xz(text, false), test::xz(text, true), test::bz2(text), test::gz(text)}) {
    check_same_outcome("packed.xml", packed);
    for (int round = 0; round < 12; ++round) {
      std::string damaged = packed;
      if (round % 2 == 0) {
        damaged.resize(16 + rng() % (packed.size() - 16));  // cut short
      } else {
        damaged[16 + rng() % (packed.size() - 16)] ^= static_cast<char>(1 + rng() % 255);
      }
      INFO("round " << round);
      check_same_outcome("packed.xml", damaged);
    }
  }
}
