// Transparent decompression: every container round-trips and is detected by content.
#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>

#include <random>
#include <string>

#include "arcwave/error.hpp"
#include "parsers/input/byte_source.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

std::string sample_text() {
  std::mt19937 rng(3);
  std::string s = "<instance format=\"XCSP3\">\n";
  for (int i = 0; i < 20000; ++i)
    s += "(" + std::to_string(rng() % 100) + "," + std::to_string(rng() % 100) + ")";
  return s + "\n</instance>\n";
}

std::string xz(const std::string& in, bool alone) {
  lzma_stream strm = LZMA_STREAM_INIT;
  if (alone) {
    lzma_options_lzma opt;
    lzma_lzma_preset(&opt, 6);
    REQUIRE(lzma_alone_encoder(&strm, &opt) == LZMA_OK);
  } else {
    REQUIRE(lzma_easy_encoder(&strm, 6, LZMA_CHECK_CRC64) == LZMA_OK);
  }
  std::string out(in.size() + 1024, '\0');
  strm.next_in = reinterpret_cast<const uint8_t*>(in.data());
  strm.avail_in = in.size();
  strm.next_out = reinterpret_cast<uint8_t*>(out.data());
  strm.avail_out = out.size();
  REQUIRE(lzma_code(&strm, LZMA_FINISH) == LZMA_STREAM_END);
  out.resize(out.size() - strm.avail_out);
  lzma_end(&strm);
  return out;
}

std::string bz2(const std::string& in) {
  std::string out(in.size() + 1024, '\0');
  auto len = static_cast<unsigned>(out.size());
  REQUIRE(BZ2_bzBuffToBuffCompress(out.data(), &len, const_cast<char*>(in.data()),
                                   static_cast<unsigned>(in.size()), 9, 0, 0) == BZ_OK);
  out.resize(len);
  return out;
}

std::string gz(const std::string& in) {
  z_stream strm{};
  REQUIRE(deflateInit2(&strm, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(in.size() + 1024, '\0');
  strm.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  strm.avail_in = static_cast<uInt>(in.size());
  strm.next_out = reinterpret_cast<Bytef*>(out.data());
  strm.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&strm, Z_FINISH) == Z_STREAM_END);
  out.resize(out.size() - strm.avail_out);
  deflateEnd(&strm);
  return out;
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
