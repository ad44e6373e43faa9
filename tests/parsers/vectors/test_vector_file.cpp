// Vector files: text and packed formats, round trips, compression, and every kind of bad
// input with its FILE:LINE:COL (text) or byte offset (packed).
#include <zlib.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "arcwave/error.hpp"
#include "parsers/input/byte_source.hpp"
#include "parsers/vectors/vector_file.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

BitVectors read_bytes(const std::string& bytes) {
  const auto source = memory_input("mem.txt", bytes);
  return read_vectors(*source);
}

/// Parses `text` expecting an InputError at line:column whose message contains `what`.
void expect_error(const std::string& text, std::uint64_t line, std::uint64_t column,
                  const std::string& what) {
  INFO("input: " << text);
  try {
    parse_vectors_text(text, "v.txt");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.where().file == "v.txt");
    CHECK(e.where().line == line);
    CHECK(e.where().column == column);
    CHECK_THAT(e.message(), Catch::Matchers::Contains(what));
  }
}

void expect_packed_error(const std::string& bytes, const std::string& what) {
  try {
    read_bytes(bytes);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.where().file == "mem.txt");
    CHECK_THAT(e.message(), Catch::Matchers::Contains(what));
  }
}

BitVectors sample(std::uint64_t n, std::uint32_t bits, std::uint64_t seed) {
  BitVectors v(n, bits);
  std::uint64_t x = seed;
  for (std::uint64_t i = 0; i < n; ++i)
    for (std::uint32_t k = 0; k < bits; ++k) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      v.set(i, k, (x >> 61 & 1U) != 0);
    }
  return v;
}

std::string packed_bytes(const BitVectors& v) {
  std::ostringstream out;
  write_vectors_packed(out, v);
  return out.str();
}

std::string gzip(const std::string& data) {
  z_stream z{};
  REQUIRE(deflateInit2(&z, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&z, data.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

}  // namespace

TEST_CASE("text vectors: bits, comments, blank lines, spaces, CRLF", "[vectors]") {
  const BitVectors v =
      parse_vectors_text("# scene\n\n0110\r\n  1000  \n\t0001\t\r\n# end\n1111", "v.txt");
  REQUIRE(v.count == 4);
  REQUIRE(v.bits == 4);
  REQUIRE(v.words == 1);
  CHECK(v.data == std::vector<std::uint64_t>{0b0110, 0b0001, 0b1000, 0b1111});
  CHECK(v.to_string(0) == "0110");
  CHECK(v.to_string(2) == "0001");
}

TEST_CASE("text vectors: long vectors over several words", "[vectors]") {
  for (const std::uint32_t bits : {1U, 63U, 64U, 65U, 130U, 1000U}) {
    const BitVectors v = sample(9, bits, bits);
    std::ostringstream out;
    write_vectors_text(out, v, "a comment\nof two lines");
    CHECK(out.str().rfind("# a comment\n# of two lines\n", 0) == 0);
    CHECK(parse_vectors_text(out.str(), "v.txt") == v);
    CHECK(read_bytes(out.str()) == v);
  }
}

TEST_CASE("text vectors: bad characters and ragged lengths name line and column", "[vectors]") {
  expect_error("0101\n01a1\n", 2, 3, "expected '0' or '1', found 'a'");
  expect_error("0101\n011\n", 2, 4,
               "vector has 3 bits, expected 4 (the length of the first one, line 1)");
  expect_error("# c\n0101\n01011\n", 3, 5, "vector longer than the first one (4 bits, line 2)");
  expect_error("01 10\n", 1, 4, "unexpected '1' after the vector");
  expect_error("0101\n0102\n", 2, 4, "found '2'");
  expect_error("0101\n  x\n", 2, 3, "expected '0' or '1' (or '#' for a comment), found 'x'");
  expect_error(
      "0101\n01\xff"
      "1\n",
      2, 3, "byte 0xFF");
  expect_error("0101\n0101,\n", 2, 5, "found ','");
  expect_error("", 1, 1, "no vectors");
  expect_error("# only\n\n   \n", 4, 1, "no vectors");
  expect_error("0101\n011", 2, 4, "vector has 3 bits");  // no final newline
}

TEST_CASE("packed vectors: round trip, header layout", "[vectors]") {
  for (const std::uint32_t bits : {1U, 64U, 65U, 200U}) {
    const BitVectors v = sample(33, bits, 7 + bits);
    const std::string bytes = packed_bytes(v);
    REQUIRE(bytes.size() == 24 + 33 * v.words * 8);
    CHECK(bytes.substr(0, 8) == "AWPACKV1");
    std::uint32_t l = 0;
    std::uint64_t n = 0;
    std::memcpy(&l, bytes.data() + 8, 4);
    std::memcpy(&n, bytes.data() + 16, 8);
    CHECK(l == bits);
    CHECK(n == 33);
    CHECK(read_bytes(bytes) == v);
    CHECK(read_bytes(gzip(bytes)) == v);
  }
  // Larger than the reader's chunk, so words straddle chunk boundaries.
  const BitVectors big = sample(20000, 130, 3);
  CHECK(read_bytes(packed_bytes(big)) == big);
}

TEST_CASE("packed vectors: bad files", "[vectors]") {
  const BitVectors v = sample(4, 70, 1);
  const std::string good = packed_bytes(v);
  expect_packed_error(good.substr(0, 20), "ends inside the 24-byte header");
  expect_packed_error(good.substr(0, good.size() - 3),
                      "ends after 56 of the 64 payload bytes (in vector 3)");
  expect_packed_error(good + "x", "extra bytes after the 4 vectors (byte offset 88)");
  std::string padding = good;
  padding[24 + 3 * 16 + 8 + 7] = '\x80';  // vector 3, last word, bit 63 (beyond ℓ = 70)
  expect_packed_error(padding, "vector 3 has padding bits beyond bit 70 set (byte offset 80)");
  std::string flags = good;
  flags[12] = 1;
  expect_packed_error(flags, "flags (bytes 12-15) are 1");
  std::string zero_bits = good;
  std::memset(zero_bits.data() + 8, 0, 4);
  expect_packed_error(zero_bits, "ℓ (bytes 8-11) is 0");
  std::string zero_n = good.substr(0, 24);
  std::memset(zero_n.data() + 16, 0, 8);
  expect_packed_error(zero_n, "n (bytes 16-23) is 0");
  std::string huge = good;
  const std::uint64_t lots = std::uint64_t{1} << 40;
  std::memcpy(huge.data() + 16, &lots, 8);
  expect_packed_error(huge, "payload bytes");
}

TEST_CASE("vector files on disk, written atomically", "[vectors]") {
  const auto dir = std::filesystem::temp_directory_path() / "arcwave-test-vectors";
  std::filesystem::create_directories(dir);
  const BitVectors v = sample(50, 99, 5);
  for (const VectorFormat f : {VectorFormat::kText, VectorFormat::kPacked}) {
    const std::string path = (dir / (f == VectorFormat::kText ? "v.txt" : "v.vec")).string();
    write_vectors_file(path, v, f, "test");
    CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
    CHECK(read_vectors(path) == v);
  }
  CHECK_THROWS_AS(read_vectors((dir / "missing.txt").string()), InputError);
  std::filesystem::remove_all(dir);
}

TEST_CASE("vectors given on the command line", "[vectors]") {
  CHECK(parse_vector_argument("0110", 4, "--from") == std::vector<std::uint64_t>{0b0110});
  const std::string wide = std::string(64, '0') + "1";
  CHECK(parse_vector_argument(wide, 65, "--to") == std::vector<std::uint64_t>{0, 1});
  try {
    parse_vector_argument("01x0", 4, "--from");
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.what() == std::string("--from:1:3: expected '0' or '1', found 'x'"));
  }
  CHECK_THROWS_AS(parse_vector_argument("011", 4, "--to"), InputError);
  CHECK_THROWS_AS(parse_vector_argument("01100", 4, "--to"), InputError);
}
