// PGM (Netpbm grey map) reading, P2 (text) and P5 (binary, 8- or 16-bit big-endian), and P5
// writing. Header and text errors name file:line:column.
#include <algorithm>
#include <string>

#include "arcwave/error.hpp"
#include "parsers/image/image_io.hpp"

namespace arcwave::image_detail {

namespace {

/// A cursor over the bytes that tracks line and column for messages.
class PgmCursor {
 public:
  PgmCursor(const std::string& name, std::span<const std::uint8_t> bytes)
      : name_(name), bytes_(bytes) {}

  [[nodiscard]] bool at_end() const { return pos_ >= bytes_.size(); }
  [[nodiscard]] std::size_t offset() const { return pos_; }
  [[nodiscard]] std::uint8_t peek() const { return bytes_[pos_]; }
  void advance() {
    if (bytes_[pos_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    ++pos_;
  }
  static bool is_space(std::uint8_t c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
  }
  /// Skips white space and '#' comments (which run to the end of their line).
  void skip_space_and_comments() {
    while (!at_end()) {
      if (is_space(peek())) {
        advance();
      } else if (peek() == '#') {
        while (!at_end() && peek() != '\n') advance();
      } else {
        break;
      }
    }
  }
  /// Reads an unsigned decimal number no larger than `limit`.
  std::uint64_t read_number(const char* what, std::uint64_t limit) {
    skip_space_and_comments();
    const std::uint64_t line = line_;
    const std::uint64_t column = column_;
    if (at_end()) fail_at(line, column, std::string("expected ") + what + ", found the end");
    if (peek() < '0' || peek() > '9')
      fail_at(line, column,
              std::string("expected ") + what + ", found '" + static_cast<char>(peek()) + "'");
    std::uint64_t value = 0;
    while (!at_end() && peek() >= '0' && peek() <= '9') {
      value = value * 10 + static_cast<std::uint64_t>(peek() - '0');
      if (value > limit)
        fail_at(line, column, std::string(what) + " larger than " + std::to_string(limit));
      advance();
    }
    if (!at_end() && !is_space(peek()) && peek() != '#')
      fail(std::string("unexpected '") + static_cast<char>(peek()) + "' after " + what);
    return value;
  }
  [[noreturn]] void fail(const std::string& message) const { fail_at(line_, column_, message); }
  [[noreturn]] void fail_at(std::uint64_t line, std::uint64_t column,
                            const std::string& message) const {
    throw InputError(SourcePosition{name_, line, column}, message);
  }

 private:
  const std::string& name_;
  std::span<const std::uint8_t> bytes_;
  std::size_t pos_ = 0;
  std::uint64_t line_ = 1;
  std::uint64_t column_ = 1;
};

}  // namespace

namespace {

struct PgmHeader {
  bool binary = false;
  std::uint64_t width = 0;
  std::uint64_t height = 0;
  std::uint64_t max_value = 0;
};

/// The magic number, size and maximum value; the cursor stops after the maximum value.
PgmHeader read_header(const std::string& name, std::span<const std::uint8_t> bytes,
                      PgmCursor& cur) {
  if (!looks_like_pgm(bytes)) cur.fail("not a PGM file (expected 'P2' or 'P5')");
  PgmHeader h;
  h.binary = bytes[1] == '5';
  cur.advance();
  cur.advance();
  if (!cur.at_end() && !PgmCursor::is_space(cur.peek()) && cur.peek() != '#')
    cur.fail("expected white space after the PGM magic number");
  h.width = cur.read_number("the width", kMaxImageSide);
  h.height = cur.read_number("the height", kMaxImageSide);
  check_size(name, h.width, h.height);
  h.max_value = cur.read_number("the maximum value", 65535);
  if (h.max_value == 0) cur.fail("the maximum value must be at least 1");
  return h;
}

/// The P5 samples after the header (exactly one white-space byte separates them).
SampleLayout binary_layout(const std::string& name, std::span<const std::uint8_t> bytes,
                           const PgmHeader& h, PgmCursor& cur) {
  if (cur.at_end()) cur.fail("the pixel data is missing");
  cur.advance();
  SampleLayout layout;
  layout.width = static_cast<int>(h.width);
  layout.height = static_cast<int>(h.height);
  layout.max_value = static_cast<int>(h.max_value);
  layout.sample_bytes = h.max_value < 256 ? 1 : 2;
  layout.big_endian = true;
  layout.offset = cur.offset();
  const std::uint64_t needed = h.width * h.height * static_cast<std::uint64_t>(layout.sample_bytes);
  if (bytes.size() - layout.offset < needed)
    throw InputError(SourcePosition{name, 0, 0}, "truncated PGM: " + std::to_string(needed) +
                                                     " bytes of pixel data expected, " +
                                                     std::to_string(bytes.size() - layout.offset) +
                                                     " found");
  return layout;
}

}  // namespace

std::optional<SampleLayout> pgm_binary_layout(const std::string& name,
                                              std::span<const std::uint8_t> bytes) {
  PgmCursor cur(name, bytes);
  const PgmHeader h = read_header(name, bytes, cur);
  if (!h.binary) return std::nullopt;
  return binary_layout(name, bytes, h, cur);
}

void sample_above_maximum(const std::string& name, const SampleLayout& layout, std::uint64_t index,
                          std::uint32_t value) {
  throw InputError(
      SourcePosition{name, 0, 0},
      "pixel " + std::to_string(index) + " (byte offset " +
          std::to_string(layout.offset + index * static_cast<std::uint64_t>(layout.sample_bytes)) +
          ") is " + std::to_string(value) + ", above the maximum value " +
          std::to_string(layout.max_value));
}

GrayImage decode_pgm(const std::string& name, std::span<const std::uint8_t> bytes) {
  PgmCursor cur(name, bytes);
  const PgmHeader h = read_header(name, bytes, cur);
  GrayImage image;
  image.width = static_cast<int>(h.width);
  image.height = static_cast<int>(h.height);
  image.max_value = static_cast<int>(h.max_value);
  const std::uint64_t count = h.width * h.height;
  image.pixels.resize(count);

  if (!h.binary) {
    for (std::uint64_t i = 0; i < count; ++i)
      image.pixels[i] = static_cast<std::uint16_t>(cur.read_number("a pixel value", h.max_value));
    return image;
  }
  const SampleLayout layout = binary_layout(name, bytes, h, cur);
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint32_t v = sample_at(bytes.data(), layout, i);
    if (v > h.max_value) sample_above_maximum(name, layout, i, v);
    image.pixels[i] = static_cast<std::uint16_t>(v);
  }
  return image;
}

}  // namespace arcwave::image_detail

namespace arcwave {

void write_pgm(const std::string& path, const GrayImage& image) {
  if (image.width <= 0 || image.height <= 0 ||
      image.pixels.size() !=
          static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height))
    throw InputError(SourcePosition{path, 0, 0}, "the image size does not match its pixel count");
  image_detail::check_size(path, static_cast<std::uint64_t>(std::max(image.width, 0)),
                           static_cast<std::uint64_t>(std::max(image.height, 0)));
  if (image.max_value < 1 || image.max_value > 65535)
    throw InputError(SourcePosition{path, 0, 0}, "maximum value out of 1..65535");
  const std::string header = "P5\n" + std::to_string(image.width) + " " +
                             std::to_string(image.height) + "\n" + std::to_string(image.max_value) +
                             "\n";
  const bool wide = image.max_value > 255;
  std::vector<std::uint8_t> bytes(header.begin(), header.end());
  bytes.reserve(header.size() + image.pixels.size() * (wide ? 2 : 1));
  for (const std::uint16_t v : image.pixels) {
    if (wide) bytes.push_back(static_cast<std::uint8_t>(v >> 8));
    bytes.push_back(static_cast<std::uint8_t>(v & 0xFF));
  }
  image_detail::write_file_bytes(path, bytes);
}

}  // namespace arcwave
