// parsers/grid: height maps packed into planes straight from the file (binary PGM and raw,
// memory-mapped, rows on all cores) or from the decoded image (text PGM, PNG) give the planes of
// the byte-per-cell grid that grid_from_heights() builds from the image reader's pixels, and
// fail with the image reader's messages.
#include <filesystem>
#include <fstream>

#include "arcwave/error.hpp"
#include "graph/grid/grid_planes.hpp"
#include "instances/maps/map_generators.hpp"
#include "parsers/grid/grid_files.hpp"
#include "parsers/image/image.hpp"
#include "tests/support/catch.hpp"

using namespace arcwave;

namespace {

std::string temp_file(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "arcwave-test-image-planes";
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

/// The text PGM of an image.
std::string p2_text(const GrayImage& image) {
  std::string text = "P2\n# test\n" + std::to_string(image.width) + " " +
                     std::to_string(image.height) + "\n" + std::to_string(image.max_value) + "\n";
  for (const std::uint16_t v : image.pixels) text += std::to_string(v) + "\n";
  return text;
}

/// Raw little-endian samples.
std::string raw_bytes(const GrayImage& image, int bytes) {
  std::string out;
  for (const std::uint16_t v : image.pixels) {
    out += static_cast<char>(v & 0xFF);
    if (bytes == 2) out += static_cast<char>(v >> 8);
  }
  return out;
}

void check_planes(const std::string& path, const HeightMapOptions& options,
                  const GrayImage& pixels) {
  const LoadedPlanes got = load_grid_planes(path, options);
  const grid::GridPlanes expected = grid::planes_of(
      grid::grid_from_heights(pixels.width, pixels.height, pixels.pixels, *options.threshold));
  INFO(path << " " << pixels.width << "x" << pixels.height);
  CHECK(got.planes.right == expected.right);
  CHECK(got.planes.down == expected.down);
  CHECK(got.planes.blocked == expected.blocked);
  CHECK(got.format == load_grid(path, options).format);
}

template <typename F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("height maps to planes: PGM, PNG and raw, 8 and 16 bit", "[grid-files][image-planes]") {
  std::uint64_t seed = 3;
  for (const auto& [width, height] :
       std::vector<std::pair<int, int>>{{1, 1}, {33, 7}, {100, 64}, {700, 450}}) {
    const gen::HeightMap h = gen::random_heightmap(width, height, 0.3, seed++);
    GrayImage wide{width, height, 65535, h.heights};
    GrayImage narrow{width, height, 255, h.heights};
    for (std::uint16_t& v : narrow.pixels) v = static_cast<std::uint16_t>(v >> 8);
    HeightMapOptions options;
    for (const GrayImage* image : {&narrow, &wide}) {
      options.threshold =
          image == &wide ? h.threshold : std::max<std::uint32_t>(1, h.threshold >> 8);
      const std::string bits = image == &wide ? "16" : "8";
      write_pgm(temp_file("h" + bits + ".pgm"), *image);
      check_planes(temp_file("h" + bits + ".pgm"), options, *image);
      write_png_gray(temp_file("h" + bits + ".png"), *image);
      check_planes(temp_file("h" + bits + ".png"), options, *image);
      write_bytes(temp_file("h" + bits + "-text.pgm"), p2_text(*image));
      check_planes(temp_file("h" + bits + "-text.pgm"), options, *image);
      HeightMapOptions raw = options;
      raw.raw_width = width;
      raw.raw_height = height;
      raw.raw_bytes = image == &wide ? 2 : 1;
      write_bytes(temp_file("h" + bits + ".raw"), raw_bytes(*image, raw.raw_bytes));
      check_planes(temp_file("h" + bits + ".raw"), raw, *image);
    }
  }
}

TEST_CASE("height maps to planes: the image reader's errors", "[grid-files][image-planes]") {
  HeightMapOptions options;
  options.threshold = 10;
  // Samples above the maximum value in rows 300 and 420 of a 600 x 500 P5: the first is named.
  std::string p5 = "P5\n600 500\n200\n";
  std::string samples(600 * 500, static_cast<char>(100));
  samples[420 * 600 + 5] = static_cast<char>(250);
  samples[300 * 600 + 599] = static_cast<char>(201);
  const std::string bad = temp_file("bad.pgm");
  write_bytes(bad, p5 + samples);
  const std::string expected = message_of([&] { (void)read_image(bad); });
  CHECK(expected.find("pixel 180599") != std::string::npos);
  CHECK(message_of([&] { (void)load_grid_planes(bad, options); }) == expected);
  // Truncated samples.
  write_bytes(bad, p5 + samples.substr(0, 1000));
  CHECK(message_of([&] { (void)load_grid_planes(bad, options); }) ==
        message_of([&] { (void)read_image(bad); }));
  // A raw file of the wrong size, and bad raw options before the file is opened.
  HeightMapOptions raw = options;
  raw.raw_width = 599;
  raw.raw_height = 500;
  write_bytes(bad, samples);
  CHECK(message_of([&] { (void)load_grid_planes(bad, raw); }) ==
        message_of([&] { (void)read_raw(bad, 599, 500, 1); }));
  raw.raw_bytes = 3;
  CHECK(message_of([&] { (void)load_grid_planes(temp_file("missing.raw"), raw); }) ==
        message_of([&] { (void)read_raw(temp_file("missing.raw"), 599, 500, 3); }));
}
