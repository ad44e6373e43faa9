// File access, size checks and format dispatch for parsers/image/image.hpp.
#include <fstream>
#include <iterator>

#include "arcwave/error.hpp"
#include "parsers/image/image_io.hpp"

namespace arcwave {

namespace image_detail {

std::vector<std::uint8_t> read_file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(SourcePosition{path, 0, 0}, "cannot open the file");
  std::vector<std::uint8_t> bytes;
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  if (size > 0) {
    bytes.resize(static_cast<std::size_t>(size));
    in.seekg(0, std::ios::beg);
    in.read(reinterpret_cast<char*>(bytes.data()), size);
  } else {
    // Not seekable (a pipe): read to the end.
    in.clear();
    in.seekg(0, std::ios::beg);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  if (in.bad()) throw InputError(SourcePosition{path, 0, 0}, "read error");
  return bytes;
}

void write_file_bytes(const std::string& path, std::span<const std::uint8_t> bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw InputError(SourcePosition{path, 0, 0}, "cannot create the file");
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw InputError(SourcePosition{path, 0, 0}, "write error");
}

void check_size(const std::string& name, std::uint64_t width, std::uint64_t height) {
  if (width == 0 || height == 0)
    throw InputError(SourcePosition{name, 0, 0}, "the image is empty (" + std::to_string(width) +
                                                     "x" + std::to_string(height) + ")");
  if (width > kMaxImageSide || height > kMaxImageSide || width * height > kMaxImagePixels)
    throw InputError(SourcePosition{name, 0, 0},
                     "the image is too large (" + std::to_string(width) + "x" +
                         std::to_string(height) + "; at most " + std::to_string(kMaxImageSide) +
                         " per side and " + std::to_string(kMaxImagePixels) + " pixels)");
}

bool looks_like_png(std::span<const std::uint8_t> bytes) {
  static constexpr std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (bytes.size() < 8) return false;
  for (int i = 0; i < 8; ++i)
    if (bytes[i] != kSignature[i]) return false;
  return true;
}

bool looks_like_pgm(std::span<const std::uint8_t> bytes) {
  return bytes.size() >= 2 && bytes[0] == 'P' && (bytes[1] == '2' || bytes[1] == '5');
}

}  // namespace image_detail

GrayImage decode_image(const std::string& name, std::span<const std::uint8_t> bytes) {
  if (image_detail::looks_like_png(bytes)) return image_detail::decode_png(name, bytes);
  if (image_detail::looks_like_pgm(bytes)) return image_detail::decode_pgm(name, bytes);
  throw InputError(SourcePosition{name, 1, 1},
                   "not a PGM (P2/P5) or PNG image (raw samples need their size given)");
}

GrayImage read_image(const std::string& path) {
  const std::vector<std::uint8_t> bytes = image_detail::read_file_bytes(path);
  return decode_image(path, bytes);
}

GrayImage read_pgm(const std::string& path) {
  const std::vector<std::uint8_t> bytes = image_detail::read_file_bytes(path);
  return image_detail::decode_pgm(path, bytes);
}

GrayImage read_png(const std::string& path) {
  const std::vector<std::uint8_t> bytes = image_detail::read_file_bytes(path);
  return image_detail::decode_png(path, bytes);
}

namespace image_detail {

void check_raw_options(const std::string& path, int width, int height, int bytes_per_sample) {
  if (bytes_per_sample != 1 && bytes_per_sample != 2)
    throw InputError(SourcePosition{path, 0, 0},
                     "raw samples must be 1 or 2 bytes, not " + std::to_string(bytes_per_sample));
  if (width < 0 || height < 0)
    throw InputError(SourcePosition{path, 0, 0}, "negative raw image size");
  check_size(path, static_cast<std::uint64_t>(width), static_cast<std::uint64_t>(height));
}

SampleLayout raw_layout(const std::string& path, std::uint64_t file_size, int width, int height,
                        int bytes_per_sample) {
  check_raw_options(path, width, height, bytes_per_sample);
  const std::uint64_t expected = static_cast<std::uint64_t>(width) *
                                 static_cast<std::uint64_t>(height) *
                                 static_cast<std::uint64_t>(bytes_per_sample);
  if (file_size != expected)
    throw InputError(SourcePosition{path, 0, 0},
                     "a raw " + std::to_string(width) + "x" + std::to_string(height) +
                         " image of " + std::to_string(bytes_per_sample) + "-byte samples has " +
                         std::to_string(expected) + " bytes, the file has " +
                         std::to_string(file_size));
  SampleLayout layout;
  layout.width = width;
  layout.height = height;
  layout.max_value = bytes_per_sample == 1 ? 255 : 65535;
  layout.sample_bytes = bytes_per_sample;
  layout.big_endian = false;
  return layout;
}

}  // namespace image_detail

GrayImage read_raw(const std::string& path, int width, int height, int bytes_per_sample) {
  image_detail::check_raw_options(path, width, height, bytes_per_sample);
  const std::vector<std::uint8_t> bytes = image_detail::read_file_bytes(path);
  const image_detail::SampleLayout layout =
      image_detail::raw_layout(path, bytes.size(), width, height, bytes_per_sample);
  GrayImage image;
  image.width = width;
  image.height = height;
  image.max_value = layout.max_value;
  const std::uint64_t count =
      static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height);
  image.pixels.resize(count);
  for (std::uint64_t i = 0; i < count; ++i)
    image.pixels[i] = static_cast<std::uint16_t>(image_detail::sample_at(bytes.data(), layout, i));
  return image;
}

}  // namespace arcwave
