// PNG reading (any colour type and depth, converted to 8- or 16-bit grey) and writing (8-bit RGB,
// 8/16-bit grey) through libpng. libpng reports errors by longjmp, so every libpng call runs
// inside a small function that owns the setjmp and keeps only trivially destructible locals;
// the C++ side (buffers, exceptions) stays outside those frames.
#include <png.h>

#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <string>

#include "arcwave/error.hpp"
#include "parsers/image/image_io.hpp"

namespace arcwave {

namespace {

struct PngError {
  char message[256] = "unknown libpng error";
};

void on_png_error(png_structp png, png_const_charp message) {
  auto* error = static_cast<PngError*>(png_get_error_ptr(png));
  std::snprintf(error->message, sizeof error->message, "%s", message);
  png_longjmp(png, 1);
}

void on_png_warning(png_structp, png_const_charp) {}

struct MemoryReader {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;
  std::size_t pos = 0;
};

void read_from_memory(png_structp png, png_bytep out, png_size_t length) {
  auto* reader = static_cast<MemoryReader*>(png_get_io_ptr(png));
  if (reader->size - reader->pos < length) png_error(png, "unexpected end of the PNG data");
  std::memcpy(out, reader->data + reader->pos, length);
  reader->pos += length;
}

struct PngReadGuard {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~PngReadGuard() { png_destroy_read_struct(&png, info != nullptr ? &info : nullptr, nullptr); }
};

struct PngHeader {
  png_uint_32 width = 0;
  png_uint_32 height = 0;
  int bit_depth = 0;
  int channels = 0;
  std::size_t row_bytes = 0;
};

/// Reads the header and sets the transforms to grey (8 or 16 bit). False on a libpng error.
bool read_png_header(png_structp png, png_infop info, PngHeader* header) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_read_info(png, info);
  const int color_type = png_get_color_type(png, info);
  const int depth = png_get_bit_depth(png, info);
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if ((color_type & PNG_COLOR_MASK_ALPHA) != 0) png_set_strip_alpha(png);
  if (color_type == PNG_COLOR_TYPE_PALETTE || (color_type & PNG_COLOR_MASK_COLOR) != 0)
    png_set_rgb_to_gray_fixed(png, 1, -1, -1);  // 1: convert silently; -1: default weights
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  header->width = png_get_image_width(png, info);
  header->height = png_get_image_height(png, info);
  header->bit_depth = png_get_bit_depth(png, info);
  header->channels = png_get_channels(png, info);
  header->row_bytes = png_get_rowbytes(png, info);
  return true;
}

bool read_png_rows(png_structp png, png_bytepp rows) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_read_image(png, rows);
  png_read_end(png, nullptr);
  return true;
}

struct MemoryWriter {
  std::vector<std::uint8_t>* bytes = nullptr;
};

void write_to_memory(png_structp png, png_bytep data, png_size_t length) {
  auto* writer = static_cast<MemoryWriter*>(png_get_io_ptr(png));
  try {
    writer->bytes->insert(writer->bytes->end(), data, data + length);
  } catch (...) {
    png_error(png, "out of memory while encoding the PNG");
  }
}

void flush_memory(png_structp) {}

struct PngWriteGuard {
  png_structp png = nullptr;
  png_infop info = nullptr;
  ~PngWriteGuard() { png_destroy_write_struct(&png, info != nullptr ? &info : nullptr); }
};

bool write_png_rows(png_structp png, png_infop info, png_uint_32 width, png_uint_32 height,
                    int bit_depth, int color_type, png_bytepp rows) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_IHDR(png, info, width, height, bit_depth, color_type, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, 3);  // drawings of 10^8 pixels: speed over the last percent
  png_write_info(png, info);
  png_write_image(png, rows);
  png_write_end(png, nullptr);
  return true;
}

/// Encodes rows (each `row_bytes` long, contiguous in `pixels`) and writes the file.
void encode_png(const std::string& path, int width, int height, int bit_depth, int color_type,
                std::size_t row_bytes, std::uint8_t* pixels) {
  PngError error;
  PngWriteGuard guard;
  guard.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error, on_png_error, on_png_warning);
  if (guard.png == nullptr) throw ResourceError("cannot create a libpng writer");
  guard.info = png_create_info_struct(guard.png);
  if (guard.info == nullptr) throw ResourceError("cannot create a libpng info structure");
  std::vector<std::uint8_t> bytes;
  MemoryWriter writer{&bytes};
  png_set_write_fn(guard.png, &writer, write_to_memory, flush_memory);
  std::vector<png_bytep> rows(static_cast<std::size_t>(height));
  for (std::size_t y = 0; y < rows.size(); ++y) rows[y] = pixels + y * row_bytes;
  if (!write_png_rows(guard.png, guard.info, static_cast<png_uint_32>(width),
                      static_cast<png_uint_32>(height), bit_depth, color_type, rows.data()))
    throw InputError(SourcePosition{path, 0, 0}, std::string("PNG encoding: ") + error.message);
  image_detail::write_file_bytes(path, bytes);
}

}  // namespace

namespace image_detail {

GrayImage decode_png(const std::string& name, std::span<const std::uint8_t> bytes) {
  if (!looks_like_png(bytes))
    throw InputError(SourcePosition{name, 0, 0}, "not a PNG file (bad signature)");
  PngError error;
  PngReadGuard guard;
  guard.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &error, on_png_error, on_png_warning);
  if (guard.png == nullptr) throw ResourceError("cannot create a libpng reader");
  guard.info = png_create_info_struct(guard.png);
  if (guard.info == nullptr) throw ResourceError("cannot create a libpng info structure");
  // Refuse absurd sizes before libpng allocates anything for them.
  png_set_user_limits(guard.png, kMaxImageSide, kMaxImageSide);
  MemoryReader reader{bytes.data(), bytes.size(), 0};
  png_set_read_fn(guard.png, &reader, read_from_memory);

  PngHeader header;
  if (!read_png_header(guard.png, guard.info, &header))
    throw InputError(SourcePosition{name, 0, 0}, std::string("bad PNG: ") + error.message);
  check_size(name, header.width, header.height);
  if (header.channels != 1 || (header.bit_depth != 8 && header.bit_depth != 16))
    throw InputError(SourcePosition{name, 0, 0}, "PNG could not be converted to 8/16-bit grey");

  std::vector<std::uint8_t> raw(header.row_bytes * header.height);
  std::vector<png_bytep> rows(header.height);
  for (std::size_t y = 0; y < rows.size(); ++y) rows[y] = raw.data() + y * header.row_bytes;
  if (!read_png_rows(guard.png, rows.data()))
    throw InputError(SourcePosition{name, 0, 0}, std::string("bad PNG: ") + error.message);

  GrayImage image;
  image.width = static_cast<int>(header.width);
  image.height = static_cast<int>(header.height);
  image.max_value = header.bit_depth == 16 ? 65535 : 255;
  const std::size_t count = static_cast<std::size_t>(header.width) * header.height;
  image.pixels.resize(count);
  for (std::size_t y = 0; y < header.height; ++y) {
    const std::uint8_t* row = rows[y];
    std::uint16_t* out = image.pixels.data() + y * header.width;
    for (std::size_t x = 0; x < header.width; ++x)
      out[x] = header.bit_depth == 16
                   ? static_cast<std::uint16_t>((row[2 * x] << 8) | row[2 * x + 1])  // big-endian
                   : row[x];
  }
  return image;
}

}  // namespace image_detail

void write_png_rgb(const std::string& path, int width, int height,
                   std::span<const std::uint8_t> rgb) {
  if (width <= 0 || height <= 0 ||
      rgb.size() != 3 * static_cast<std::size_t>(width) * static_cast<std::size_t>(height))
    throw InputError(SourcePosition{path, 0, 0},
                     "RGB buffer of " + std::to_string(rgb.size()) + " bytes does not match " +
                         std::to_string(width) + "x" + std::to_string(height));
  image_detail::check_size(path, static_cast<std::uint64_t>(width),
                           static_cast<std::uint64_t>(height));
  std::vector<std::uint8_t> pixels(rgb.begin(), rgb.end());  // libpng wants non-const rows
  encode_png(path, width, height, 8, PNG_COLOR_TYPE_RGB, 3 * static_cast<std::size_t>(width),
             pixels.data());
}

void write_png_gray(const std::string& path, const GrayImage& image) {
  if (image.width <= 0 || image.height <= 0 ||
      image.pixels.size() !=
          static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height))
    throw InputError(SourcePosition{path, 0, 0}, "the image size does not match its pixel count");
  image_detail::check_size(path, static_cast<std::uint64_t>(image.width),
                           static_cast<std::uint64_t>(image.height));
  const bool wide = image.max_value > 255;
  const std::size_t row_bytes = static_cast<std::size_t>(image.width) * (wide ? 2 : 1);
  std::vector<std::uint8_t> pixels(row_bytes * static_cast<std::size_t>(image.height));
  for (std::size_t i = 0; i < image.pixels.size(); ++i) {
    if (image.pixels[i] > image.max_value)
      throw InputError(SourcePosition{path, 0, 0}, "pixel " + std::to_string(i) +
                                                       " is above the maximum value " +
                                                       std::to_string(image.max_value));
    if (wide) {
      pixels[2 * i] = static_cast<std::uint8_t>(image.pixels[i] >> 8);
      pixels[2 * i + 1] = static_cast<std::uint8_t>(image.pixels[i] & 0xFF);
    } else {
      pixels[i] = static_cast<std::uint8_t>(image.pixels[i]);
    }
  }
  encode_png(path, image.width, image.height, wide ? 16 : 8, PNG_COLOR_TYPE_GRAY, row_bytes,
             pixels.data());
}

}  // namespace arcwave
