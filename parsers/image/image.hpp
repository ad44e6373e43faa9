// parsers/image/image.hpp — grey images in and RGB PNGs out: the height maps of the Lee wave,
// the edge images of the polyline DP, and the drawings the CLI writes.
//
// Reading: PGM (P2 text, P5 binary; 8 or 16 bit), PNG (1..16-bit grey, palette, RGB, with or
// without alpha; colour is converted to grey by libpng with its default Rec. 709 weights and
// alpha is dropped), and raw little-endian samples of a known size. Pixels keep their file
// values (16-bit stays 16-bit): `max_value` says the scale. Bad files throw InputError naming
// the file (and line:column for PGM headers and text); nothing here crashes on bad bytes.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace arcwave {

/// A grey image, row-major from the top-left pixel: pixels[y * width + x].
struct GrayImage {
  int width = 0;
  int height = 0;
  int max_value = 255;  // 1..65535: the largest value a pixel may have (255 for 8-bit files)
  std::vector<std::uint16_t> pixels;

  [[nodiscard]] std::uint16_t at(int x, int y) const {
    return pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                  static_cast<std::size_t>(x)];
  }
};

/// The largest width or height accepted, and the largest pixel count (the grid engine indexes
/// cells with 32-bit integers).
inline constexpr int kMaxImageSide = 1 << 20;
inline constexpr std::uint64_t kMaxImagePixels = 0xFFFFFFFEULL;

/// Reads a PGM (P2/P5) or PNG file, recognised by its first bytes (not its name).
GrayImage read_image(const std::string& path);
GrayImage read_pgm(const std::string& path);
GrayImage read_png(const std::string& path);
/// Raw samples without a header: width * height samples of 1 or 2 bytes (little-endian), rows
/// from the top. The file size must match exactly. max_value is 255 or 65535.
GrayImage read_raw(const std::string& path, int width, int height, int bytes_per_sample);

/// Parses PGM or PNG bytes already in memory; `name` is used in messages.
GrayImage decode_image(const std::string& name, std::span<const std::uint8_t> bytes);

/// Writes 8-bit RGB (rgb.size() == 3 * width * height, row-major) as a PNG.
void write_png_rgb(const std::string& path, int width, int height,
                   std::span<const std::uint8_t> rgb);
/// Writes a grey PNG: 8-bit when max_value <= 255, else 16-bit (values kept as they are).
void write_png_gray(const std::string& path, const GrayImage& image);
/// Writes a binary PGM (P5), 8- or 16-bit by max_value.
void write_pgm(const std::string& path, const GrayImage& image);

}  // namespace arcwave
