// parsers/image/image_io.hpp — internal helpers of the image readers and writers: whole-file
// reads, size checks, and the per-format decoders that read_image() dispatches to.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "parsers/image/image.hpp"

namespace arcwave::image_detail {

/// The bytes of a file; throws InputError when it cannot be opened or read.
std::vector<std::uint8_t> read_file_bytes(const std::string& path);
/// Writes bytes to a file; throws InputError when it cannot be created or written.
void write_file_bytes(const std::string& path, std::span<const std::uint8_t> bytes);

/// Throws InputError (naming `name`) when the size is empty or beyond the limits of image.hpp.
void check_size(const std::string& name, std::uint64_t width, std::uint64_t height);

bool looks_like_png(std::span<const std::uint8_t> bytes);
bool looks_like_pgm(std::span<const std::uint8_t> bytes);
GrayImage decode_pgm(const std::string& name, std::span<const std::uint8_t> bytes);

/// Binary samples as they lie in a file's bytes (a P5 PGM after its header, or a raw file), so
/// that a reader can use them in place (parsers/grid packs height maps from them directly).
struct SampleLayout {
  int width = 0;
  int height = 0;
  int max_value = 255;
  int sample_bytes = 1;     // 1 or 2
  bool big_endian = false;  // PGM: big-endian; raw: little-endian
  std::size_t offset = 0;   // of the first sample
};
/// Sample `index` (row-major).
inline std::uint32_t sample_at(const std::uint8_t* bytes, const SampleLayout& l,
                               std::uint64_t index) {
  const std::uint8_t* p = bytes + l.offset + index * static_cast<std::uint64_t>(l.sample_bytes);
  if (l.sample_bytes == 1) return p[0];
  return l.big_endian ? (std::uint32_t{p[0]} << 8 | p[1]) : (std::uint32_t{p[1]} << 8 | p[0]);
}
/// A P5 PGM's layout, with decode_pgm's header and truncation errors; nullopt for P2 (text).
std::optional<SampleLayout> pgm_binary_layout(const std::string& name,
                                              std::span<const std::uint8_t> bytes);
/// read_raw's checks of its options (sample size, image size), before the file is opened.
void check_raw_options(const std::string& name, int width, int height, int bytes_per_sample);
/// A raw file's layout, with read_raw's size errors.
SampleLayout raw_layout(const std::string& name, std::uint64_t file_size, int width, int height,
                        int bytes_per_sample);
/// Throws decode_pgm's error for a sample above the maximum value.
[[noreturn]] void sample_above_maximum(const std::string& name, const SampleLayout& layout,
                                       std::uint64_t index, std::uint32_t value);
GrayImage decode_png(const std::string& name, std::span<const std::uint8_t> bytes);

}  // namespace arcwave::image_detail
