// parsers/image: PGM P2/P5 and PNG (8/16-bit grey, RGB) round trips, raw little-endian samples,
// and bad files that must raise InputError with a position instead of crashing.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "arcwave/error.hpp"
#include "parsers/image/image.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

std::filesystem::path temp_file(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "arcwave-test-image";
  std::filesystem::create_directories(dir);
  return dir / name;
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

std::vector<std::uint8_t> file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

GrayImage random_image(int w, int h, int max_value, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pick(0, max_value);
  GrayImage image{w, h, max_value, {}};
  for (int i = 0; i < w * h; ++i) image.pixels.push_back(static_cast<std::uint16_t>(pick(rng)));
  return image;
}

}  // namespace

TEST_CASE("P2 text PGM with comments", "[image]") {
  const auto path = temp_file("p2.pgm");
  write_text(path, "P2\n# a comment\n3 2 # width height\n1000\n0 1 2\n# inside\n999 1000 7\n");
  const GrayImage image = read_image(path.string());
  CHECK(image.width == 3);
  CHECK(image.height == 2);
  CHECK(image.max_value == 1000);
  CHECK(image.pixels == std::vector<std::uint16_t>{0, 1, 2, 999, 1000, 7});
  CHECK(image.at(2, 1) == 7);
}

TEST_CASE("P5 binary PGM round trips at 8 and 16 bits", "[image]") {
  for (const int max_value : {255, 200, 4095, 65535}) {
    const GrayImage image = random_image(17, 5, max_value, static_cast<unsigned>(max_value));
    const auto path = temp_file("p5-" + std::to_string(max_value) + ".pgm");
    write_pgm(path.string(), image);
    const GrayImage back = read_image(path.string());
    CHECK(back.width == 17);
    CHECK(back.height == 5);
    CHECK(back.max_value == max_value);
    CHECK(back.pixels == image.pixels);
  }
}

TEST_CASE("16-bit P5 samples are big-endian", "[image]") {
  const auto path = temp_file("p5-endian.pgm");
  std::vector<std::uint8_t> bytes{'P', '5', '\n', '2', ' ', '1', '\n',
                                  '6', '5', '5',  '3', '5', '\n'};
  bytes.insert(bytes.end(), {0x01, 0x02, 0xFF, 0x00});
  write_bytes(path, bytes);
  const GrayImage image = read_pgm(path.string());
  CHECK(image.pixels == std::vector<std::uint16_t>{0x0102, 0xFF00});
}

TEST_CASE("grey PNG round trips at 8 and 16 bits", "[image]") {
  for (const int max_value : {255, 65535}) {
    const GrayImage image = random_image(31, 9, max_value, 5U + static_cast<unsigned>(max_value));
    const auto path = temp_file("grey-" + std::to_string(max_value) + ".png");
    write_png_gray(path.string(), image);
    const GrayImage back = read_image(path.string());
    CHECK(back.width == 31);
    CHECK(back.height == 9);
    CHECK(back.max_value == max_value);
    CHECK(back.pixels == image.pixels);
  }
}

TEST_CASE("RGB PNG is converted to grey", "[image]") {
  // Grey colours (r = g = b) keep their value: libpng's weights sum to one. Pure red, green and
  // blue get the Rec. 709 luminance weights (0.2126, 0.7152, 0.0722) of 255.
  const std::vector<std::uint8_t> rgb{10, 10,  10, 200, 200, 200, 255, 0,   0,
                                      0,  255, 0,  0,   0,   255, 255, 255, 255};
  const auto path = temp_file("rgb.png");
  write_png_rgb(path.string(), 3, 2, rgb);
  const GrayImage image = read_png(path.string());
  REQUIRE(image.pixels.size() == 6);
  CHECK(image.max_value == 255);
  CHECK(image.pixels[0] == 10);
  CHECK(image.pixels[1] == 200);
  CHECK(std::abs(image.pixels[2] - 54) <= 1);
  CHECK(std::abs(image.pixels[3] - 182) <= 1);
  CHECK(std::abs(image.pixels[4] - 18) <= 1);
  CHECK(image.pixels[5] == 255);
}

TEST_CASE("raw little-endian samples", "[image]") {
  const auto path = temp_file("raw16.bin");
  write_bytes(path, {0x34, 0x12, 0xFF, 0xFF, 0x00, 0x01});
  const GrayImage wide = read_raw(path.string(), 3, 1, 2);
  CHECK(wide.max_value == 65535);
  CHECK(wide.pixels == std::vector<std::uint16_t>{0x1234, 0xFFFF, 0x0100});
  const GrayImage narrow = read_raw(path.string(), 2, 3, 1);
  CHECK(narrow.max_value == 255);
  CHECK(narrow.pixels == std::vector<std::uint16_t>{0x34, 0x12, 0xFF, 0xFF, 0x00, 0x01});
  CHECK_THROWS_AS(read_raw(path.string(), 2, 2, 1), InputError);  // 4 bytes expected, 6 there
  CHECK_THROWS_AS(read_raw(path.string(), 3, 1, 3), InputError);
  CHECK_THROWS_AS(read_raw(path.string(), 0, 1, 1), InputError);
}

TEST_CASE("bad PGM headers and pixels name line and column", "[image]") {
  const auto path = temp_file("bad.pgm");
  write_text(path, "P2\n2 2\n255\n1 2\n3 256\n");
  try {
    (void)read_image(path.string());
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.where().line == 5);
    CHECK(e.where().column == 3);
  }
  write_text(path, "P2\n2 x\n255\n");
  try {
    (void)read_image(path.string());
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.where().line == 2);
    CHECK(e.where().column == 3);
  }
  write_text(path, "P2\n2 2\n255\n1 2 3\n");  // one pixel missing
  CHECK_THROWS_AS(read_image(path.string()), InputError);
  write_text(path, "P5\n4 4\n255\nabc");  // truncated binary data
  CHECK_THROWS_AS(read_image(path.string()), InputError);
  write_text(path, "P5\n0 4\n255\n");
  CHECK_THROWS_AS(read_image(path.string()), InputError);
  write_text(path, "P2\n99999999 2\n255\n");
  CHECK_THROWS_AS(read_image(path.string()), InputError);
  write_text(path, "P2\n2 2\n0\n");
  CHECK_THROWS_AS(read_image(path.string()), InputError);
  write_text(path, "GIF89a");
  CHECK_THROWS_AS(read_image(path.string()), InputError);
  write_text(path, "");
  CHECK_THROWS_AS(read_image(path.string()), InputError);
  CHECK_THROWS_AS(read_image(temp_file("does-not-exist.pgm").string()), InputError);
}

TEST_CASE("corrupt and truncated PNGs raise InputError", "[image]") {
  const GrayImage image = random_image(40, 40, 255, 3);
  const auto good = temp_file("good.png");
  write_png_gray(good.string(), image);
  const std::vector<std::uint8_t> bytes = file_bytes(good);
  const auto bad = temp_file("bad.png");
  for (std::size_t cut : {8UL, 20UL, 40UL, bytes.size() / 2, bytes.size() - 13}) {
    write_bytes(bad,
                std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<long>(cut)));
    CHECK_THROWS_AS(read_image(bad.string()), InputError);
  }
  // A flipped byte inside the image data breaks the chunk's CRC: an InputError, not a crash.
  const std::string tag = "IDAT";
  const auto idat = std::search(bytes.begin(), bytes.end(), tag.begin(), tag.end());
  REQUIRE(idat != bytes.end());
  const auto data_start = static_cast<std::size_t>(idat - bytes.begin()) + 4;
  const std::size_t data_length = (std::size_t{bytes[data_start - 8]} << 24) |
                                  (std::size_t{bytes[data_start - 7]} << 16) |
                                  (std::size_t{bytes[data_start - 6]} << 8) | bytes[data_start - 5];
  REQUIRE(data_length > 0);
  std::mt19937 rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<std::uint8_t> flipped = bytes;
    const std::size_t at = data_start + rng() % data_length;
    flipped[at] = static_cast<std::uint8_t>(flipped[at] ^ (1U + rng() % 255U));
    write_bytes(bad, flipped);
    CHECK_THROWS_AS(read_image(bad.string()), InputError);
  }
}

TEST_CASE("writers reject buffers that do not match the size", "[image]") {
  const auto path = temp_file("mismatch.png");
  CHECK_THROWS_AS(write_png_rgb(path.string(), 2, 2, std::vector<std::uint8_t>(11)), InputError);
  GrayImage image{2, 2, 255, {1, 2, 3}};
  CHECK_THROWS_AS(write_png_gray(path.string(), image), InputError);
  image.pixels.push_back(300);
  CHECK_THROWS_AS(write_png_gray(path.string(), image), InputError);
}
