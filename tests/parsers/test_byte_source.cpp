// Transparent decompression: every container round-trips and is detected by content.
#include <random>
#include <string>

#include "arcwave/error.hpp"
#include "parsers/input/byte_source.hpp"
#include "tests/support/catch.hpp"
#include "tests/support/compress.hpp"

using namespace arcwave;
using arcwave::test::bz2;
using arcwave::test::gz;
using arcwave::test::xz;

namespace {

std::string sample_text() {
  std::mt19937 rng(3);
  std::string s = "<instance format=\"XCSP3\">\n";
  for (int i = 0; i < 20000; ++i)
    s += "(" + std::to_string(rng() % 100) + "," + std::to_string(rng() % 100) + ")";
  return s + "\n</instance>\n";
}

std::string read_back(const std::string& bytes, Compression expected) {
  auto src = memory_input("mem", bytes);
  CHECK(src->compression() == expected);
  return read_all(*src);
}

}  // namespace

TEST_CASE("each compression is detected by content and round-trips", "[input]") {
  const std::string text = sample_text();
  CHECK(read_back(text, Compression::kNone) == text);
  CHECK(read_back(xz(text, false), Compression::kXz) == text);
  CHECK(read_back(xz(text, true), Compression::kLzma) == text);
  CHECK(read_back(bz2(text), Compression::kBzip2) == text);
  CHECK(read_back(gz(text), Compression::kGzip) == text);
  CHECK(read_back("", Compression::kNone).empty());
  CHECK(read_back("<a/>", Compression::kNone) == "<a/>");
}

TEST_CASE("truncated or corrupt compressed data is an InputError", "[input]") {
  const std::string text = sample_text();
  for (const std::string& packed : {xz(text, false), xz(text, true), bz2(text), gz(text)}) {
    const std::string cut = packed.substr(0, packed.size() / 2);
    auto src = memory_input("cut.bin", cut);
    CHECK_THROWS_AS(read_all(*src), InputError);
    std::string flipped = packed;
    for (std::size_t i = 20; i < flipped.size(); i += 97)
      flipped[i] = static_cast<char>(flipped[i] ^ 0x5A);
    auto bad = memory_input("bad.bin", flipped);
    CHECK_THROWS_AS(read_all(*bad), InputError);
  }
}

TEST_CASE("a missing file names itself", "[input]") {
  try {
    open_input("/nonexistent/arcwave/file.xml");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("/nonexistent/arcwave/file.xml") == 0);
  }
}
